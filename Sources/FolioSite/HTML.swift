import FolioCore
import Foundation

/// Text placed in HTML by the site: escaped as FolioCore's ``HTMLText`` escapes it.
enum HTML {
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// JSON placed in a `<script type="application/json">` block: `<`, `>` and `&` are
    /// written as `\u` escapes, so that no text of an author can end the block early.
    static func scriptJSON(_ json: String) -> String {
        // Byte-wise rather than per scalar: every quiz and the search index pass through
        // here, and appending scalar by scalar cost a tenth of a large build's time.
        let input = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(input.count + 64)
        var index = 0
        while index < input.count {
            let byte = input[index]
            index += 1
            switch byte {
            case UInt8(ascii: "<"): out += Array(#"\u003c"#.utf8)
            case UInt8(ascii: ">"): out += Array(#"\u003e"#.utf8)
            case UInt8(ascii: "&"): out += Array(#"\u0026"#.utf8)
            case 0xE2 where index + 1 < input.count && input[index] == 0x80 && input[index + 1] == 0xA8:
                out += Array(#"\u2028"#.utf8)  // LINE SEPARATOR, E2 80 A8
                index += 2
            case 0xE2 where index + 1 < input.count && input[index] == 0x80 && input[index + 1] == 0xA9:
                out += Array(#"\u2029"#.utf8)  // PARAGRAPH SEPARATOR, E2 80 A9
                index += 2
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
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
