/// Somewhere outside memory that a build keeps text in while no stage is reading it
/// (``ShelvedText``): the content files' text from loading to the stage that reads each,
/// and a chapter's HTML and plain text from compiling to writing it. Each is read one file
/// at a time, so a large program need not hold them all at once.
///
/// `folio build` shelves text in a scratch file beside its output; nothing else does.
public protocol TextShelf: AnyObject, Sendable {
    /// Puts `text` on the shelf, where ``take(at:count:)`` finds it; nil when it could not
    /// be put there, and the text is then kept in memory.
    func put(_ text: String) -> Int?
    /// The text put at `offset`, of `count` bytes. A shelf that cannot read it back
    /// returns "" and remembers why: the build then fails before its output is replaced
    /// (``BuildDriver``), never writing a page without its text.
    func take(at offset: Int, count: Int) -> String
}

/// A text held in memory, or put on a ``TextShelf`` and read back whenever it is asked for.
/// Equal to another with the same text, wherever each is kept.
public struct ShelvedText: Sendable, Hashable {
    private enum Place: Sendable {
        case memory(String)
        case shelf(any TextShelf, offset: Int, count: Int)
    }

    private let place: Place

    /// `text`, kept in memory.
    public init(_ text: String) { place = .memory(text) }

    /// `text`, put on `shelf` when there is one and it takes it, else kept in memory.
    public init(_ text: String, on shelf: (any TextShelf)?) {
        if let shelf, !text.isEmpty, let offset = shelf.put(text) {
            place = .shelf(shelf, offset: offset, count: text.utf8.count)
        } else {
            place = .memory(text)
        }
    }

    /// The text, read from the shelf if it is there.
    public var text: String {
        switch place {
        case .memory(let text): return text
        case .shelf(let shelf, let offset, let count): return shelf.take(at: offset, count: count)
        }
    }

    /// The length of the text in UTF-8 bytes, without reading it.
    public var utf8Count: Int {
        switch place {
        case .memory(let text): return text.utf8.count
        case .shelf(_, _, let count): return count
        }
    }

    /// Whether the text is on a shelf rather than in memory.
    public var isShelved: Bool {
        if case .shelf = place { return true }
        return false
    }

    public static func == (a: ShelvedText, b: ShelvedText) -> Bool { a.utf8Count == b.utf8Count && a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
