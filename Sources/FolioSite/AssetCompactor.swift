/// Makes the site's scripts and stylesheet smaller without changing what they do: it
/// drops comments that stand on lines of their own, indentation and blank lines, and
/// nothing else. Every page's CSS and JavaScript must stay under 64 KB, and the files
/// are written to be read, with comments that say why.
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
        return out.joined(separator: "\n") + "\n"
    }
}
