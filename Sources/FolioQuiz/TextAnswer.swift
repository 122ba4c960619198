import FolioCore
import Foundation

/// How typed answers are compared: ignoring case, spacing, punctuation and accents, so
/// that "Who I am!" matches "who i am", "cafe" matches "café" and "lodz" matches "Łódź".
///
/// The rule is made of standard Unicode operations, so that the web engine and any app
/// can apply exactly the same one (docs/commands.md, "Grading"):
///
/// 1. NFKD (compatibility decomposition): full-width forms, ligatures and superscripts
///    become their plain forms.
/// 2. Full case mapping to upper case, then to lower case, without a locale: ß is ss,
///    ı and İ are i.
/// 3. NFKD again, since case mapping can make precomposed letters.
/// 4. Nonspacing (Mn) and enclosing (Me) marks are dropped: the accents.
/// 5. ``plainSpellings`` replace the Latin letters that have no decomposition
///    (ł ø æ œ đ ð þ ħ ŧ), the ß that ẞ leaves, and final sigma.
/// 6. Letters (L*), numbers (N*) and spacing marks (Mc) make words; a White_Space
///    character ends a word; anything else is dropped without ending a word, so
///    "don't" is "dont".
/// 7. The words are joined by one space.
///
/// A response matches when its normalized form is not empty and equals, code point by
/// code point, the normalized form of an accepted answer.
public enum TextAnswer {
    /// `text` folded by the rules above: what a typed answer and an accepted answer are
    /// compared as.
    public static func normalized(_ text: String) -> String {
        asciiNormalized(text) ?? latin1Normalized(text) ?? unicodeNormalized(text)
    }

    /// The same for text in ASCII and Latin-1 (`¿Quién soy?`): its Latin-1 spelled in
    /// ASCII as the full rule spells each character (``spellingLatin1(_:into:)``), then
    /// folded the ASCII way; nil for any other text.
    static func latin1Normalized(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var spelled: [UInt8] = []
            spelled.reserveCapacity(bytes.count)
            guard spellingLatin1(bytes, into: &spelled) else { return nil }
            var out: [UInt8] = []
            guard asciiNormalized(spelled, into: &out) else { return nil }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The Latin letters that keep their form through NFKD, case mapping and the removal
    /// of marks, spelled as a reader without them would: ł ø æ œ đ ð þ ħ ŧ. Also ß as ss:
    /// case mapping turns ß into ss but leaves one for ẞ, whose upper case is itself;
    /// and final sigma ς as σ, because lower-casing with the final sigma rule (as
    /// JavaScript, Python and Java do) turns a Σ that ends a word into ς.
    static let plainSpellings: [Unicode.Scalar: String] = [
        "\u{0142}": "l", "\u{00F8}": "o", "\u{00E6}": "ae", "\u{0153}": "oe", "\u{0111}": "d", "\u{00F0}": "d",
        "\u{00FE}": "th", "\u{0127}": "h", "\u{0167}": "t", "\u{00DF}": "ss", "\u{03C2}": "\u{03C3}",
    ]

    /// The full rule, for any text.
    package static func unicodeNormalized(_ text: String) -> String {
        let folded = text.decomposedStringWithCompatibilityMapping.uppercased().lowercased()
            .decomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
                .letterNumber, .otherNumber, .spacingMark:
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                if let plain = plainSpellings[scalar] {
                    out.append(contentsOf: plain.unicodeScalars)
                } else {
                    out.append(scalar)
                }
            case .nonspacingMark, .enclosingMark:
                break  // accents
            default:
                // Punctuation, symbols and format characters are dropped without
                // splitting a word: "don't" is "dont".
                if properties.isWhitespace { pendingSpace = true }
            }
        }
        return String(out)
    }

    /// The same for plain ASCII text without Foundation, which is most answers; nil
    /// for anything else. ASCII is its own NFKD; its White_Space characters are tab,
    /// line feed, vertical tab, form feed, carriage return and space.
    package static func asciiNormalized(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        guard asciiNormalized(text.utf8, into: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    /// The same from bytes into `out` (emptied first), for a caller that reuses one
    /// buffer for many answers; false, and `out` unfinished, for anything but ASCII.
    package static func asciiNormalized(_ text: some Sequence<UInt8>, into out: inout [UInt8]) -> Bool {
        if let done = text.withContiguousStorageIfAvailable({ asciiNormalized(bytes: $0, into: &out) }) { return done }
        return Array(text).withUnsafeBufferPointer { asciiNormalized(bytes: $0, into: &out) }
    }

    /// The rule on bytes in memory: the search index folds every chapter's words with it,
    /// and walking a generic sequence's iterator byte by byte (with a set lookup for each
    /// quotation mark) showed in a large build (docs/development.md, "Measured choices").
    ///
    /// The folded text is never longer than the text (a space is written only before a
    /// word, for at least one white space byte dropped), so it is written through a
    /// pointer into room made first, without an array's checks for each byte.
    private static func asciiNormalized(bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        let count = bytes.count
        out.append(contentsOf: repeatElement(0, count: count))
        let (isASCII, length) = out.withUnsafeMutableBufferPointer { folded -> (Bool, Int) in
            var length = 0
            var pendingSpace = false
            var index = 0
            while index < count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingSpace, length > 0 {
                        folded[length] = 0x20
                        length += 1
                    }
                    pendingSpace = false
                    folded[length] = byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0)
                    length += 1
                case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                    pendingSpace = true
                case 0xE2:
                    // Typographic punctuation, which chapters have since smart punctuation:
                    // ‘ ’ “ ” – — … are dropped by the full rule as ASCII punctuation is, so a
                    // text whose only other characters are these keeps the short way instead
                    // of decomposing and case-mapping the whole text.
                    guard index + 1 < count, bytes[index] == 0x80, isTypographicPunctuation(bytes[index + 1]) else { return (false, length) }
                    index += 2
                case 0x80...:
                    return (false, length)
                default:
                    break  // punctuation is dropped without splitting a word
                }
            }
            return (true, length)
        }
        out.removeSubrange(length...)
        return isASCII
    }

    /// Whether ``asciiNormalized(_:)`` folds `text`: ASCII, but for the typographic
    /// punctuation it drops. Looked for eight bytes at a time (``ByteScan``): the search
    /// index asks it of every chapter's text before folding it.
    package static func foldsAsASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            index = ByteScan.next(in: text, from: index, marks: ByteScan.nonASCII)
            guard index < text.count else { return true }
            guard text[index] == 0xE2, index + 2 < text.count, text[index + 1] == 0x80, isTypographicPunctuation(text[index + 2]) else { return false }
            index += 3
        }
    }

    /// How the full rule spells each character of Latin-1 beyond ASCII (U+0080 to U+00FF,
    /// the letters of Spanish, French, German and Portuguese) within a word: a letter
    /// without its accent (`é` as `e`, `ß` as `ss`, `Æ` as `ae`), a space for a no-break
    /// space, nothing for a sign (`¿`, `«`, `×`); nil for one spelled beyond ASCII (`µ`
    /// is `μ`). Taken from ``unicodeNormalized(_:)`` itself, each character between two
    /// digits, so that there is one rule: it decomposes, maps case and drops marks and
    /// signs a character at a time, so a text of ASCII and these characters folds as its
    /// spelling in ASCII does (a test folds every one both ways).
    static let latin1Spellings: [[UInt8]?] = (0x80...0xFF).map { value in
        let folded = Array(unicodeNormalized("0" + String(Unicode.Scalar(UInt8(value))) + "0").utf8)
        guard folded.count >= 2, folded.first == UInt8(ascii: "0"), folded.last == UInt8(ascii: "0") else { return nil }
        let spelling = Array(folded.dropFirst().dropLast())
        let isASCIIWord = spelling.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        return spelling == [0x20] || isASCIIWord ? spelling : nil
    }

    /// `text` with each character of Latin-1 spelled as ``latin1Spellings`` says, into
    /// `out` (emptied first): text that ``foldsAsASCII(_:)`` accepts and that folds as
    /// `text` does. False, and `out` unfinished, when `text` holds another character
    /// beyond ASCII (but the typographic punctuation folding drops).
    ///
    /// The search index folds every chapter's words: a Spanish chapter has letters with
    /// accents on most lines, and folding those pieces by the full rule made a second
    /// language's index several times slower than the first's (docs/development.md,
    /// "Measured guards").
    package static func spellingLatin1(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        var index = 0
        while true {
            let next = ByteScan.next(in: text, from: index, marks: ByteScan.nonASCII)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<next]))
            guard next < text.count else { return true }
            let lead = text[next]
            if lead == 0xC2 || lead == 0xC3, next + 1 < text.count, (0x80...0xBF).contains(text[next + 1]),
                let spelling = latin1Spellings[Int(lead & 0x1F) << 6 | Int(text[next + 1] & 0x3F) - 0x80]
            {
                out.append(contentsOf: spelling)
                index = next + 2
            } else if lead == 0xE2, next + 2 < text.count, text[next + 1] == 0x80, isTypographicPunctuation(text[next + 2]) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[next..<(next + 3)]))
                index = next + 3
            } else {
                return false
            }
        }
    }

    /// The last bytes of U+2013 U+2014 U+2018 U+2019 U+201C U+201D U+2026 in UTF-8 (after E2 80).
    private static func isTypographicPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x93, 0x94, 0x98, 0x99, 0x9C, 0x9D, 0xA6: return true
        default: return false
        }
    }

    /// Whether `response` matches one of the accepted answers, already normalized.
    public static func matches(_ response: String, normalizedAccept: [String]) -> Bool {
        let given = normalized(response)
        return !given.isEmpty && normalizedAccept.contains { same(given, $0) }
    }

    /// Whether `response` matches one of the accepted answers as the author wrote them;
    /// each is normalized first.
    public static func matches(_ response: String, accept: [String]) -> Bool {
        let given = normalized(response)
        return !given.isEmpty && accept.contains { same(given, normalized($0)) }
    }

    /// Code point equality. (String's `==` is canonical equivalence, which could join
    /// two forms that another language's engine keeps apart.)
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
