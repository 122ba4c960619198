/// Makes the site's scripts and stylesheets smaller without changing what they do: it
/// drops comments that stand on lines of their own, indentation and blank lines; in a
/// stylesheet it also drops every comment and the spaces and line breaks that mean
/// nothing (``squeezeCSS(_:)``). Every page's CSS and JavaScript must stay under 68 KB
/// (the interface's words, ``SiteWords``, apart),
/// and the files are written to be read, with comments that say why.
///
/// It relies on how Folio's own assets are written: no string or template literal spans
/// lines, and no line inside code starts with `//` or `/*` (checked by the tests, which
/// also run the compacted engine against the conformance vectors).
enum AssetCompactor {
    static func compact(_ text: String, name: String) -> String {
        guard name.hasSuffix(".js") || name.hasSuffix(".css") else { return text }
        var out: [Substring] = []
        var inBlockComment = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                inBlockComment = false
                line = line[end.upperBound...].drop { $0 == " " }
            } else if line.hasPrefix("/*") {
                if let end = line.range(of: "*/") {
                    line = line[end.upperBound...].drop { $0 == " " }
                } else {
                    inBlockComment = true
                    continue
                }
            }
            if name.hasSuffix(".js"), line.hasPrefix("//") { continue }
            if line.isEmpty { continue }
            out.append(line)
        }
        let joined = out.joined(separator: "\n")
        return (name.hasSuffix(".css") ? squeezeCSS(joined) : joined) + "\n"
    }

    /// A stylesheet without comments, without the spaces and line breaks around `{`,
    /// `}`, `;`, `,` and `>` or after `:`, and without the `;` that ends a block, none
    /// of which means anything there; other runs of spaces become one space. Strings are
    /// kept as written, and so is a space before `:` (`.quiz :focus` is not
    /// `.quiz:focus`) or around `+` and `-` (which `calc()` needs).
    static func squeezeCSS(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let tightAfter = Set("{};,>:".utf8)
        let tightBefore = Set("{};,>".utf8)
        let quotes = Set("\"'".utf8)
        let space = Set(" \t\n\r".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if space.contains(byte) {
                pendingSpace = true
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                index = end + 2
                pendingSpace = true
                continue
            }
            if pendingSpace, let last = out.last, !tightAfter.contains(last), !tightBefore.contains(byte) { out.append(UInt8(ascii: " ")) }
            pendingSpace = false
            if byte == UInt8(ascii: "}"), out.last == UInt8(ascii: ";") { out.removeLast() }
            if quotes.contains(byte) {
                // A string, with its escapes, as written.
                var end = index + 1
                while end < bytes.count, bytes[end] != byte {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                out.append(contentsOf: bytes[index..<min(end + 1, bytes.count)])
                index = end + 1
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                // An escaped character, a space among them, stays.
                out.append(contentsOf: bytes[index...index + 1])
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
