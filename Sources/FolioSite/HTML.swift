import FolioCore
import Foundation

/// Escaping for text placed in HTML.
enum HTML {
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// JSON placed in a `<script type="application/json">` block: `<`, `>` and `&` are
    /// written as `\u` escapes, so that no text of an author can end the block early.
    static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A name made of lower-case letters, digits and hyphens, for keys and ids.
    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased().unicodeScalars {
            if (character >= "a" && character <= "z") || (character >= "0" && character <= "9") {
                out.unicodeScalars.append(character)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "program" : out
    }

    /// Percent-encodes a value for a URL query.
    static func queryValue(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(UnicodeScalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-_.~".contains(c)) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
