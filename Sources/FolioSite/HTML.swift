import FolioCore
import Foundation

/// Text placed in HTML by the site: escaped as FolioCore's ``HTMLText`` escapes it.
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
