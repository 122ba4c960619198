/// Writes strings as YAML scalars that read back as exactly the same text.
///
/// A string is written plain only when nothing about it could be misread: it starts
/// with a letter, has no `: ` or ` #`, no line break or control character, does not end
/// in `:`, and is not a word YAML could take for something else (`yes`, `null`, ...).
/// Everything else is double-quoted, the one YAML style in which every character can
/// be escaped.
public enum YAMLQuoting {
    /// Words some YAML readers take for booleans or null when plain.
    private static let reserved: Set<String> = ["y", "n", "yes", "no", "true", "false", "on", "off", "null", "nan", "inf"]

    /// `text` as a scalar for a block mapping value or list item.
    public static func scalar(_ text: String) -> String {
        canBePlain(text) ? text : doubleQuoted(text)
    }

    /// Whether `text` reads back unchanged when written without quotes.
    static func canBePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, !reserved.contains(text.lowercased()) else { return false }
        if text.hasSuffix(":") || text.contains(": ") || text.contains(" #") || text.hasSuffix(" ") { return false }
        return text.unicodeScalars.allSatisfy { !needsEscape($0) && $0 != "\t" }
    }

    /// `text` in double quotes, escaped.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out +=
                        scalar.value <= 0xFF
                        ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Characters that YAML does not allow as they are, or that editors and readers
    /// treat as line breaks: controls, DEL, C1 controls, the BOM, line and paragraph
    /// separators.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xFEFF, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
