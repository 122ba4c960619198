/// Diagnostics for the browser: the page `folio serve` shows while the content has
/// errors. The same parts as the text form (place, message, code, the line with a
/// caret, notes, help), escaped for HTML.
extension DiagnosticRenderer {
    /// A list of every diagnostic: the errors first, since they are what keeps the site
    /// from being shown, then the warnings, each group in file order.
    /// With `explanationLink`, each code links to its explanation there.
    public func html(_ list: DiagnosticList, sources: SourceStore, explanationLink: ((DiagnosticCode) -> String)? = nil) -> String {
        var out = "<ol class=\"problems\">\n"
        let sorted = list.sorted
        let errorsFirst = sorted.filter { $0.severity == .error } + sorted.filter { $0.severity != .error }
        for d in errorsFirst {
            out += "<li class=\"problem \(d.severity.rawValue)\">\n"
            out += "<p class=\"where\"><span class=\"severity\">\(d.severity == .error ? "Error" : "Warning")</span> in <code>"
            out += HTMLText.escape("\(displayPath(d.location.file)):\(d.location.line):\(d.location.column)") + "</code></p>\n"
            out += "<p class=\"message\">\(Self.withCode(d.message)) \(codeLabel(d.code, explanationLink))</p>\n"
            out += snippet(d.location, sources: sources)
            for note in d.notes {
                out +=
                    "<p class=\"note\">Note: <code>\(HTMLText.escape("\(displayPath(note.location.file)):\(note.location.line):\(note.location.column)"))</code> "
                out += Self.withCode(note.message) + "</p>\n" + snippet(note.location, sources: sources)
            }
            if let help = d.help { out += "<p class=\"help\"><strong>How to fix it:</strong> \(Self.withCode(help))</p>\n" }
            out += "</li>\n"
        }
        return out + "</ol>\n"
    }

    private func codeLabel(_ code: DiagnosticCode, _ link: ((DiagnosticCode) -> String)?) -> String {
        guard let link else { return "<span class=\"code\">[\(code.rawValue)]</span>" }
        return "<a class=\"code\" href=\"\(HTMLText.escape(link(code)))\" title=\"What this means, with an example\">[\(code.rawValue)]</a>"
    }

    private func snippet(_ location: SourceLocation, sources: SourceStore) -> String {
        guard let line = sources.line(location.line, of: location.file) else { return "" }
        let number = String(location.line)
        let excerpt = SourceExcerpt(line: line, column: location.column)
        let shown = excerpt.text.replacingOccurrences(of: "\t", with: "→")
        let text = "\(number) | \(shown)\n\(String(repeating: " ", count: number.count)) | \(String(repeating: " ", count: excerpt.caretOffset))^"
        // A long line scrolls sideways; `tabindex` lets a keyboard reach and scroll it.
        return "<pre class=\"source\" tabindex=\"0\"><code>\(HTMLText.escape(text))</code></pre>\n"
    }

    /// Escaped text in which the messages' `field names` and `values` are set as code,
    /// as the backticks would look odd on a web page. An unpaired backtick stays as it is.
    public static func withCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 2 else { return HTMLText.escape(text) }
        var out = ""
        for (index, part) in parts.enumerated() {
            let inside = index % 2 == 1
            if inside && index == parts.count - 1 {
                out += "`" + HTMLText.escape(String(part))
            } else {
                out += inside ? "<code>\(HTMLText.escape(String(part)))</code>" : HTMLText.escape(String(part))
            }
        }
        return out
    }

}
