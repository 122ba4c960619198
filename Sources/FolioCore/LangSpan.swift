/// The one piece of HTML an author may write anywhere without `allow_html`: a passage in
/// another language, `<span lang="es">Hola</span>`, so that screen readers speak it in
/// that language. Only `span` with the single attribute `lang`, and its `</span>` among
/// the same siblings (so the page never holds an element left open), is kept.
public enum LangSpan {
    /// What a piece of raw HTML is to a passage in another language.
    public enum Tag: Sendable, Hashable {
        /// `<span lang="…">`, with the value as written.
        case open(String)
        case close
    }

    /// What becomes of a piece of raw HTML that is a ``Tag``.
    public enum Status: Sendable, Hashable {
        /// Kept, written as `html` (the tag made plain: `<span lang="es">`, `</span>`).
        case kept(html: String)
        /// An opening tag whose value is not a language tag: left out, with its `</span>`.
        case invalid(value: String)
        /// An opening tag with no `</span>` after it among its siblings: left out.
        case unclosed
        /// The `</span>` of an opening tag left out: left out too, without a word.
        case closesOmitted
    }

    /// Longest language tag taken: longer ones are not ones a reader's device knows.
    public static let maxLength = 35

    /// `html` as a ``Tag``, when it is one: `<span lang="es">` (any quotes or none, any
    /// case) or `</span>`.
    public static func tag(_ html: String) -> Tag? {
        let bytes = Array(html.utf8)
        var index = 0
        func skipSpaces() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
        func word(_ expected: String) -> Bool {
            let expected = Array(expected.utf8)
            guard index + expected.count <= bytes.count,
                zip(bytes[index..<index + expected.count], expected).allSatisfy({ ($0 | 0x20) == $1 })
            else { return false }
            index += expected.count
            return true
        }
        guard word("<") else { return nil }
        if word("/span") {
            skipSpaces()
            return word(">") && index == bytes.count ? .close : nil
        }
        guard word("span"), index < bytes.count, isSpace(bytes[index]) else { return nil }
        skipSpaces()
        guard word("lang") else { return nil }
        skipSpaces()
        guard word("=") else { return nil }
        skipSpaces()
        guard index < bytes.count else { return nil }
        let value: [UInt8]
        if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            guard let end = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            value = Array(bytes[(index + 1)..<end])
            index = end + 1
        } else {
            let start = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            value = Array(bytes[start..<index])
        }
        skipSpaces()
        guard word(">"), index == bytes.count else { return nil }
        return .open(String(decoding: value, as: UTF8.self))
    }

    /// Whether `value` is shaped as a BCP 47 language tag: subtags of one to eight
    /// letters or digits joined by hyphens, the first of letters (`es`, `es-MX`, `pt-BR`).
    public static func isLanguageTag(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= maxLength else { return false }
        let subtags = value.split(separator: "-", omittingEmptySubsequences: false)
        for (position, subtag) in subtags.enumerated() {
            guard (1...8).contains(subtag.utf8.count) else { return false }
            for byte in subtag.utf8 {
                let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
                let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                guard letter || (digit && position > 0) else { return false }
            }
        }
        return true
    }

    /// What becomes of each piece of raw HTML among one node's children, given in order
    /// (nil for a child that is not raw HTML), by the index of those that are ``Tag``s.
    /// An opening tag is paired with the first `</span>` after it not taken by one opened
    /// later; a `</span>` paired with none is not one of these, and is left to the rules
    /// of other raw HTML.
    public static func statuses(_ pieces: [String?]) -> [Int: Status] {
        var statuses: [Int: Status] = [:]
        var opened: [(index: Int, value: String)] = []
        for (index, piece) in pieces.enumerated() {
            guard let piece, let tag = tag(piece) else { continue }
            switch tag {
            case .open(let value):
                opened.append((index, value))
            case .close:
                guard let open = opened.popLast() else { continue }
                if isLanguageTag(open.value) {
                    statuses[open.index] = .kept(html: "<span lang=\"\(open.value)\">")
                    statuses[index] = .kept(html: "</span>")
                } else {
                    statuses[open.index] = .invalid(value: open.value)
                    statuses[index] = .closesOmitted
                }
            }
        }
        for open in opened {
            statuses[open.index] = isLanguageTag(open.value) ? .unclosed : .invalid(value: open.value)
        }
        return statuses
    }

    /// `text` without the tags of its passages in another language, whether paired or
    /// not, for the words of a search index: `<span lang="es">Hola</span>` is `Hola`.
    public static func removingTags(_ text: String) -> String {
        var probe = text
        guard probe.withUTF8({ $0.contains(UInt8(ascii: "<")) }) else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let piece = rest[open...close]
            out += rest[..<open]
            if tag(String(piece)) == nil { out += piece }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
