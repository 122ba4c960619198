/// Text placed in HTML, escaped: one rule for the site's pages and for the problems and
/// explanation pages of `folio serve`.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        // Byte-wise, copying the runs between escapes whole, and the text itself when it
        // has nothing to escape (most titles and ids): every page escapes its titles, ids
        // and every quiz's attributes through here.
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "'")
        }
        guard text.utf8.contains(where: special) else { return text }
        var text = text
        return text.withUTF8 { input -> String in
            var out: [UInt8] = []
            out.reserveCapacity(input.count + 16)
            appendEscaped(input, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Appends the UTF-8 text `input` to `out`, escaped as ``escape(_:)`` escapes it: for
    /// markup built as bytes. Without `apostrophes`, an apostrophe is left as it is, as
    /// cmark's HTML leaves it.
    package static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], apostrophes: Bool = true) {
        // Without them, the ampersand, sought already, stands in the apostrophe's place.
        let apostrophe: UInt8 = apostrophes ? UInt8(ascii: "'") : UInt8(ascii: "&")
        var runStart = 0
        while true {
            let index = ByteScan.next(
                in: input, from: runStart,
                marks: {
                    ByteScan.byte(UInt8(ascii: "&"), in: $0) | ByteScan.byte(UInt8(ascii: "<"), in: $0) | ByteScan.byte(UInt8(ascii: ">"), in: $0)
                        | ByteScan.byte(UInt8(ascii: "\""), in: $0) | ByteScan.byte(apostrophe, in: $0)
                })
            guard index < input.count else { break }
            let replacement: StaticString
            switch input[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            default: replacement = "&#39;"
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
            out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart...]))
    }
}
