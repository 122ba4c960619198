/// Characters that are not text: the C0 controls but tab and line feed, DEL, and the C1
/// controls. None can be seen in an editor, and sent to a terminal some clear the
/// screen, set the window's title or hide a link (`ESC`, `CSI`, `OSC`). Folio refuses
/// them in content, where they are written, and never prints one raw.
public enum ControlCharacter {
    /// Whether `scalar` is one of them.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || value == 0x7F || (0x80...0x9F).contains(value)
    }

    /// Whether the UTF-8 text `bytes` may hold a control character: a byte below 0x20
    /// but tab and line feed, 0x7F, or 0xC2 followed by 0x80 to 0x9F (U+0080 to U+009F).
    /// Most text holds none, and is looked through eight bytes at a time. 0xC2 also
    /// starts `¿` and `¡`, which open most questions in Spanish: the byte after it is
    /// looked at, so that such a text is not read character by character.
    package static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            index = ByteScan.next(
                in: bytes, from: index, marks: { ByteScan.below(0x20, in: $0) | ByteScan.byte(0x7F, in: $0) | ByteScan.byte(0xC2, in: $0) })
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case 0x09, 0x0A: break
            case 0xC2 where index + 1 < bytes.count && !(0x80...0x9F).contains(bytes[index + 1]): break
            default: return true
            }
            index += 1
        }
    }

    /// Each control character of `text` and where it is (1-based line and column).
    public static func find(in text: String) -> [(character: Unicode.Scalar, line: Int, column: Int)] {
        // Most text has none: a pass over the bytes in memory finds that without decoding
        // (every file and every YAML value passes here, so not through the generic
        // iterator of `utf8`, which reads one byte at a time through its index).
        var bytes = text
        guard bytes.withUTF8(mayHold) else { return [] }
        var found: [(Unicode.Scalar, Int, Int)] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if isControl(scalar) { found.append((scalar, line, column)) }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return found
    }

    /// `ESC (U+001B)`: a control character named as an author can look it up.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL", 0x9B: "CSI", 0x9D: "OSC",
        ]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return names[scalar.value].map { "\($0) (\(code))" } ?? "the control character \(code)"
    }

    /// The problem of a control character at `location`.
    public static func diagnostic(_ scalar: Unicode.Scalar, at location: SourceLocation, escape: String? = nil) -> Diagnostic {
        Diagnostic(
            .textControlCharacter, at: location,
            "this text holds \(name(scalar))\(escape.map { ", written `\($0)`" } ?? ""), an invisible character that is not text",
            help: escape == nil
                ? "delete it (it is invisible in most editors: delete the character before and after it and type them again)"
                : "remove `\(escape!)` from the text; a learner's screen would show it as garbage, or it could change the terminal")
    }

    /// How YAML's double-quoted text writes `scalar` as an escape: `\e`, `\x9B`.
    public static func yamlEscape(_ scalar: Unicode.Scalar) -> String {
        let short: [UInt32: String] = [0x00: "\\0", 0x07: "\\a", 0x08: "\\b", 0x0B: "\\v", 0x0C: "\\f", 0x0D: "\\r", 0x1B: "\\e"]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return short[scalar.value] ?? "\\x" + (hex.count < 2 ? "0" : "") + hex
    }

    /// `text` with each control character shown as a visible sign (`␛` for ESC), for
    /// terminals: author text must never reach one raw.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isControl(scalar) {
                out.append(scalar)
            } else if scalar.value < 0x20 {
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                out.append("\u{2421}")
            } else {
                out.append("\u{FFFD}")
            }
        }
        return String(out)
    }
}

extension DiagnosticCode {
    public static let textControlCharacter = DiagnosticCode("text-control-character", .error, .files)
}
