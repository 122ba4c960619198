import Foundation

/// How typed answers are compared: ignoring case, spacing, punctuation and accents, so
/// that "Who I am!" matches "who i am" and "cafe" matches "café".
public enum TextAnswer {
    public static func normalized(_ text: String) -> String {
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

    public static func matches(_ response: String, accept: [String]) -> Bool {
        let given = normalized(response)
        return !given.isEmpty && accept.contains { normalized($0) == given }
    }
}
