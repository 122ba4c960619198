import FolioCore

/// Splits a Markdown file (with `\n` line ends; the loader normalises `\r\n`) into its YAML front matter and its body, keeping line numbers.
public struct FrontMatter: Sendable {
    /// The YAML between the `---` lines, or nil when the file has no front matter.
    public var yaml: String?
    /// How many lines come before the YAML (the opening `---`), for locations.
    public var yamlLineOffset: Int
    /// The Markdown after the closing `---`: part of the text split, not a copy of it,
    /// so a program's chapters are not held twice.
    public var body: Substring
    /// How many lines come before the body.
    public var bodyLineOffset: Int

    /// Why a file's front matter could not be split.
    public enum Problem: Error, Sendable {
        /// The opening `---` at line 1 has no closing line.
        case unclosed
    }

    /// Splits `text`. A front matter opens with `---` on the first line and closes with
    /// the next line that is `---` or `...`.
    public static func split(_ text: String) -> Result<FrontMatter, Problem> {
        // Line by line from the top, only as far as the closing line: a chapter's body is
        // most of its text, and nothing here needs its lines.
        func isFence(_ line: Substring, closing: Bool) -> Bool {
            let word = line.withoutTrailingSpacesAndTabs
            return word == "---" || (closing && word == "...")
        }
        func lineEnd(from start: String.Index) -> String.Index {
            text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        }
        let firstEnd = lineEnd(from: text.startIndex)
        guard isFence(text[text.startIndex..<firstEnd], closing: false) else {
            return .success(FrontMatter(yaml: nil, yamlLineOffset: 0, body: text[...], bodyLineOffset: 0))
        }
        guard firstEnd != text.endIndex else { return .failure(.unclosed) }
        let yamlStart = text.utf8.index(after: firstEnd)
        var lineStart = yamlStart
        var yamlLines = 0
        while true {
            let end = lineEnd(from: lineStart)
            if isFence(text[lineStart..<end], closing: true) {
                // The lines between the fences, without the line end before the closing one.
                let yaml = yamlLines == 0 ? "" : String(text[yamlStart..<text.utf8.index(before: lineStart)])
                let body = end == text.endIndex ? text[text.endIndex...] : text[text.utf8.index(after: end)...]
                return .success(FrontMatter(yaml: yaml, yamlLineOffset: 1, body: body, bodyLineOffset: yamlLines + 2))
            }
            guard end != text.endIndex else { return .failure(.unclosed) }
            lineStart = text.utf8.index(after: end)
            yamlLines += 1
        }
    }
}
