import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

/// Explanations for the browser: `folio serve` links each problem's code to the same
/// text `folio explain CODE` prints, so an author reading the problems page need not
/// switch to the terminal.
extension ExplanationRenderer {
    /// The body of a page for one code: summary, meaning, why it matters, the mistake
    /// and the fix.
    public func html(_ explanation: Explanation) -> String {
        let code = explanation.code
        let effect: String
        switch (code.area, code.defaultSeverity) {
        case (.gift, _): effect = "reported by <code>folio import</code>"
        case (_, .error): effect = "an error: the site is not built until it is fixed"
        case (_, .warning): effect = "a warning: the site is still built"
        }
        let summary = explanation.summary.prefix(1).uppercased() + explanation.summary.dropFirst()
        var out = "<h1>\(DiagnosticRenderer.withCode(summary))</h1>\n"
        out += "<p class=\"explained-code\"><code>\(HTMLText.escape(code.rawValue))</code> · "
        out += "\(HTMLText.escape(code.area.title)) · \(effect)</p>\n"
        out += section("What it means", explanation.meaning)
        out += section("Why it matters", explanation.why)
        if let mistake = explanation.mistake, let fix = explanation.fix {
            out += "<h2>The mistake</h2>\n" + example(mistake, gift: code.area == .gift)
            out += "<h2>The fix</h2>\n" + example(fix, gift: code.area == .gift)
        } else if let reason = explanation.noExample {
            out += section("Example", "There is none: \(reason)")
        }
        return out
    }

    private func section(_ heading: String, _ body: String) -> String {
        let paragraphs = body.components(separatedBy: "\n\n").map { "<p>\(DiagnosticRenderer.withCode($0))</p>" }
        return "<h2>\(heading)</h2>\n" + paragraphs.joined(separator: "\n") + "\n"
    }

    private func example(_ example: ContentExample, gift: Bool) -> String {
        var out = ""
        for removed in example.removed {
            out += "<p>The content folder has no <code>\(HTMLText.escape(removed))</code>.</p>\n"
        }
        for file in example.files {
            let path = "<code>\(HTMLText.escape(file.path))</code>"
            if let standsFor = file.standsFor {
                out += "<p>\(path): \(HTMLText.escape(standsFor)) (what is in it does not matter here)</p>\n"
                continue
            }
            var label = path
            if gift { label += ", given to <code>folio import</code>" }
            if file.encoding != .utf8 { label += ", saved as \(file.encoding.rawValue)" }
            var lines = file.text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            let digits = String(lines.count).count
            let numbered = lines.enumerated().map { index, line in
                let number = String(index + 1)
                return String(repeating: " ", count: digits - number.count) + number + " | " + line.replacingOccurrences(of: "\t", with: "→   ")
            }
            // A long line scrolls sideways; `tabindex` lets a keyboard reach and scroll it.
            out += "<p>\(label):</p>\n<pre class=\"source\" tabindex=\"0\"><code>\(HTMLText.escape(numbered.joined(separator: "\n")))</code></pre>\n"
        }
        return out
    }
}
