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
        var lines = text.linesByNewline
        func isFence(_ line: Substring, closing: Bool) -> Bool {
            let word = line.withoutTrailingSpacesAndTabs
            return word == "---" || (closing && word == "...")
        }
        guard let first = lines.first, isFence(first, closing: false) else {
            return .success(FrontMatter(yaml: nil, yamlLineOffset: 0, body: text[...], bodyLineOffset: 0))
        }
        lines.removeFirst()
        guard let end = lines.firstIndex(where: { isFence($0, closing: true) }) else {
            return .failure(.unclosed)
        }
        let yaml = lines[..<end].joined(separator: "\n")
        // The lines after the fence, joined by their line ends, are the rest of the text.
        let body = end + 1 < lines.count ? text[lines[end + 1].startIndex...] : text[text.endIndex...]
        return .success(FrontMatter(yaml: yaml, yamlLineOffset: 1, body: body, bodyLineOffset: end + 2))
    }
}
