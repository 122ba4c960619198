/// Somewhere outside memory that a build keeps text in while no stage is reading it
/// (``ShelvedText``): the content files' text from loading to the stage that reads each,
/// and a chapter's HTML and plain text from compiling to writing it. Each is read one file
/// at a time, so a large program need not hold them all at once.
///
/// `folio build` shelves text in a scratch file beside its output; nothing else does.
package protocol TextShelf: AnyObject, Sendable {
    /// Puts `text` on the shelf, where ``take(at:count:)`` finds it; nil when it could not
    /// be put there, and the text is then kept in memory.
    func put(_ text: String) -> Int?
    /// Puts the text whose UTF-8 bytes are `bytes`, as ``put(_:)`` does.
    func put(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int?
    /// The text put at `offset`, of `count` bytes. Throws ``ShelfReadFailure`` when it
    /// cannot be read back; a shelf also remembers why, so that a build whose stages went on
    /// without the text fails before its output is replaced (``BuildDriver``), never
    /// writing a page without its text.
    func take(at offset: Int, count: Int) throws -> String
    /// Calls `body` with the UTF-8 bytes put at `offset`, of `count` bytes, for a reader of
    /// bytes that needs no `String`. Throws as ``take(at:count:)`` does.
    func withBytes<Result>(at offset: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws -> Result
}

extension TextShelf {
    /// The text of `bytes`, put as a string.
    package func put(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? { put(String(decoding: bytes, as: UTF8.self)) }

    /// The bytes of the text ``take(at:count:)`` gives.
    package func withBytes<Result>(at offset: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws -> Result {
        var text = try take(at: offset, count: count)
        return text.withUTF8(body)
    }
}

/// A text that a ``TextShelf`` could not give back.
package struct ShelfReadFailure: Error, CustomStringConvertible {
    /// Why, as the system or the shelf said it.
    package var description: String
    /// A failure described by `description`.
    package init(_ description: String) { self.description = description }
}

/// A text held in memory, or put on a ``TextShelf`` and read back whenever it is asked for
/// (``read()``, or ``text``).
///
/// Comparing and hashing never read the shelf: a value is a handle, not the disk. Two texts
/// in memory are equal when their texts are; two on a shelf when they are the same place of
/// the same shelf; one in memory and one on a shelf never, since telling would mean reading.
package struct ShelvedText: Sendable, Hashable {
    private enum Place: Sendable {
        case memory(String)
        case shelf(any TextShelf, offset: Int, count: Int)
    }

    private let place: Place

    /// `text`, kept in memory.
    package init(_ text: String) { place = .memory(text) }

    /// `text`, put on `shelf` when there is one and it takes it, else kept in memory.
    package init(_ text: String, on shelf: (any TextShelf)?) {
        if let shelf, !text.isEmpty, let offset = shelf.put(text) {
            place = .shelf(shelf, offset: offset, count: text.utf8.count)
        } else {
            place = .memory(text)
        }
    }

    /// The text whose UTF-8 bytes are `bytes` (made by this program from strings, so
    /// valid), put on `shelf` as they are when there is one and it takes them, else kept
    /// in memory: a body's HTML is made as bytes, and making a string of them to shelve
    /// checked them once more.
    package init(utf8 bytes: [UInt8], on shelf: (any TextShelf)?) {
        if let shelf, !bytes.isEmpty, let offset = bytes.withUnsafeBufferPointer({ shelf.put(utf8: $0) }) {
            place = .shelf(shelf, offset: offset, count: bytes.count)
        } else {
            place = .memory(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The text, read from the shelf if it is there; throws ``ShelfReadFailure`` when the
    /// shelf cannot give it back.
    package func read() throws -> String {
        switch place {
        case .memory(let text): return text
        case .shelf(let shelf, let offset, let count): return try shelf.take(at: offset, count: count)
        }
    }

    /// The text, for a stage that goes on when the shelf cannot give it back: it reads
    /// as empty then, and the shelf, which remembers the failure, fails the build before its
    /// output is replaced (``TextShelf/take(at:count:)``).
    package var text: String { (try? read()) ?? "" }

    /// Calls `body` with the text's UTF-8 bytes, read from the shelf if it is there: for a
    /// reader of bytes, which is spared making a `String` of them. A shelf that cannot give
    /// them back gives none, as ``text`` reads as empty.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch place {
        case .memory(var text):
            return text.withUTF8(body)
        case .shelf(let shelf, let offset, let count):
            if let result = try? shelf.withBytes(at: offset, count: count, body) { return result }
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// The start of the text: its first `maxBytes` bytes, cut back to where a character
    /// starts, read from the shelf if it is there; the whole text when it is in memory or
    /// no longer. A shelf that cannot give it back gives an empty start, as ``text`` does.
    package func head(_ maxBytes: Int) -> String {
        switch place {
        case .memory(let text):
            return text
        case .shelf(let shelf, let offset, let count):
            // One byte past the cut, to tell whether a character goes on across it.
            let start = try? shelf.withBytes(at: offset, count: min(count, maxBytes + 1)) { bytes -> String in
                var end = min(bytes.count, maxBytes)
                // Back over the bytes that continue a character (10xxxxxx) to where it starts.
                while end < bytes.count, end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
            }
            return start ?? ""
        }
    }

    /// The length of the text in UTF-8 bytes, without reading it.
    package var utf8Count: Int {
        switch place {
        case .memory(let text): return text.utf8.count
        case .shelf(_, _, let count): return count
        }
    }

    /// Whether the text is on a shelf rather than in memory.
    package var isShelved: Bool {
        if case .shelf = place { return true }
        return false
    }

    package static func == (a: ShelvedText, b: ShelvedText) -> Bool {
        switch (a.place, b.place) {
        case (.memory(let a), .memory(let b)): return a == b
        case (.shelf(let aShelf, let aOffset, let aCount), .shelf(let bShelf, let bOffset, let bCount)):
            return aShelf === bShelf && aOffset == bOffset && aCount == bCount
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch place {
        case .memory(let text): hasher.combine(text)
        case .shelf(let shelf, let offset, let count):
            hasher.combine(ObjectIdentifier(shelf))
            hasher.combine(offset)
            hasher.combine(count)
        }
    }
}
