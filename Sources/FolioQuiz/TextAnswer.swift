import Foundation

/// How typed answers are compared: ignoring case, spacing, punctuation and accents, so
/// that "Who I am!" matches "who i am" and "cafe" matches "café".
public enum TextAnswer {
    public static func normalized(_ text: String) -> String {
        if let ascii = asciiNormalized(text) { return ascii }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var words: [String] = []
        var current = ""
        for scalar in folded.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if CharacterSet.whitespacesAndNewlines.contains(scalar) {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
            // Punctuation is dropped without splitting a word: "don't" is "dont".
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// The same for plain ASCII text without Foundation, which is most answers; nil
    /// for anything else.
    static func asciiNormalized(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pendingSpace, !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingSpace, !out.isEmpty { out.append(0x20) }
                pendingSpace = false
                out.append(byte + 32)
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                pendingSpace = true
            default:
                break  // punctuation is dropped without splitting a word
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `response` matches one of the accepted answers, already normalized.
    public static func matches(_ response: String, normalizedAccept: [String]) -> Bool {
        let given = normalized(response)
        return !given.isEmpty && normalizedAccept.contains(given)
    }

    public static func matches(_ response: String, accept: [String]) -> Bool {
        let given = normalized(response)
        return !given.isEmpty && accept.contains { normalized($0) == given }
    }
}
