/// A body's slots written as text, to wait on a shelf after the body's runs
/// (``Body/shelved(on:)``), and read back.
///
/// Each slot is its place in the runs, then a letter for its kind, then its values:
/// a number as decimal digits and `;`, a text as its length in UTF-8 bytes, `:` and the
/// text. Texts are valid UTF-8 and the rest is ASCII, so the whole is a string. Reading
/// checks every length and letter and gives nil for anything else: a shelf that fails
/// gives back an empty text, and a body must then fail the build, not the process.
enum BodySlotText {
    static func write(_ slots: [Body.Slot], to out: inout [UInt8]) {
        for slot in slots {
            number(slot.offset, &out)
            switch slot.segment {
            case .html(let html): letter("h", &out); text(html, &out)
            case .href(let target):
                letter("l", &out)
                switch target {
                case .chapter(let id, let suffix): letter("c", &out); text(id, &out); text(suffix, &out)
                case .welcome(let suffix): letter("w", &out); text(suffix, &out)
                case .billOfRights(let suffix): letter("b", &out); text(suffix, &out)
                case .media(let path, let suffix): letter("m", &out); text(path, &out); text(suffix, &out)
                case .asWritten(let address): letter("a", &out); text(address, &out)
                }
            case .image(let source, let alt, let title):
                letter("i", &out)
                switch source {
                case .media(let path, let suffix): letter("m", &out); text(path, &out); text(suffix, &out)
                case .remote(let address): letter("r", &out); text(address, &out)
                case .asWritten(let address): letter("a", &out); text(address, &out)
                }
                text(alt, &out)
                text(title, &out)
            case .video(let index): letter("v", &out); number(index, &out)
            case .headingID(let id): letter("d", &out); text(id, &out)
            }
        }
    }

    /// The slots `bytes` holds, or nil if they are not slots as ``write(_:to:)`` writes them.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [Body.Slot]? {
        var reader = Reader(bytes: bytes)
        var slots: [Body.Slot] = []
        while !reader.atEnd {
            guard let offset = reader.number(), let segment = reader.segment() else { return nil }
            slots.append(Body.Slot(offset: offset, segment: segment))
        }
        return slots
    }

    private static func letter(_ letter: Unicode.Scalar, _ out: inout [UInt8]) { out.append(UInt8(ascii: letter)) }

    private static func number(_ value: Int, _ out: inout [UInt8]) {
        out += String(value).utf8
        out.append(UInt8(ascii: ";"))
    }

    private static func text(_ value: String, _ out: inout [UInt8]) {
        out += String(value.utf8.count).utf8
        out.append(UInt8(ascii: ":"))
        out += value.utf8
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position >= bytes.count }

        mutating func letter() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        /// Decimal digits ended by `end`; nil past 18 digits or without them.
        mutating func digits(endingWith end: UInt8) -> Int? {
            var value = 0
            var count = 0
            while position < bytes.count, bytes[position] != end {
                let digit = Int(bytes[position]) - 0x30
                guard digit >= 0, digit <= 9, count < 18 else { return nil }
                value = value * 10 + digit
                count += 1
                position += 1
            }
            guard count > 0, position < bytes.count else { return nil }
            position += 1
            return value
        }

        mutating func number() -> Int? { digits(endingWith: UInt8(ascii: ";")) }

        mutating func text() -> String? {
            guard let count = digits(endingWith: UInt8(ascii: ":")), count <= bytes.count - position else { return nil }
            defer { position += count }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
        }

        mutating func segment() -> BodySegment? {
            switch letter() {
            case UInt8(ascii: "h"): return text().map { .html($0) }
            case UInt8(ascii: "l"): return linkTarget().map { .href($0) }
            case UInt8(ascii: "i"):
                guard let source = imageSource(), let alt = text(), let title = text() else { return nil }
                return .image(source, alt: alt, title: title)
            case UInt8(ascii: "v"): return number().map { .video($0) }
            case UInt8(ascii: "d"): return text().map { .headingID($0) }
            default: return nil
            }
        }

        mutating func linkTarget() -> LinkTarget? {
            switch letter() {
            case UInt8(ascii: "c"):
                guard let id = text(), let suffix = text() else { return nil }
                return .chapter(id: id, suffix: suffix)
            case UInt8(ascii: "w"): return text().map { .welcome(suffix: $0) }
            case UInt8(ascii: "b"): return text().map { .billOfRights(suffix: $0) }
            case UInt8(ascii: "m"): return pathAndSuffix().map { .media(path: $0.path, suffix: $0.suffix) }
            case UInt8(ascii: "a"): return text().map { .asWritten($0) }
            default: return nil
            }
        }

        /// A file of the media and what follows its path (`#x`), for a link or a picture.
        mutating func pathAndSuffix() -> (path: String, suffix: String)? {
            guard let path = text(), let suffix = text() else { return nil }
            return (path, suffix)
        }

        mutating func imageSource() -> ImageSource? {
            switch letter() {
            case UInt8(ascii: "m"): return pathAndSuffix().map { .media(path: $0.path, suffix: $0.suffix) }
            case UInt8(ascii: "r"): return text().map { .remote($0) }
            case UInt8(ascii: "a"): return text().map { .asWritten($0) }
            default: return nil
            }
        }
    }
}
