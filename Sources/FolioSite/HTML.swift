import Foundation

/// Escaping for text placed in HTML.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
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
