import FolioCore

/// Turns GIFT text into the Markdown Folio's quiz fields hold, so that a learner sees
/// what Moodle would have shown:
///
/// - `[markdown]` is kept as written.
/// - `[plain]` is escaped wherever Markdown would read markup, and its line breaks are
///   kept as line breaks.
/// - `[html]` has its simple tags turned into Markdown (``HTMLToMarkdown``).
/// - `[moodle]`, the default, is plain text in which HTML tags are allowed: read as
///   `[plain]`, or like `[html]` with its line breaks kept when it holds a tag.
public enum MarkdownText {
    /// What a missing-word question shows where its answer block stood, as Moodle does.
    public static let blank = "_____"

    /// The Markdown for `text`; `blank` is where a missing-word question's blank goes,
    /// as an index into the Unicode scalars of `text.value`.
    public static func markdown(_ text: GIFTText, blank: Int? = nil, diagnostics: inout DiagnosticList) -> String {
        switch text.format {
        case .markdown:
            guard let blank else { return text.value }
            var scalars = Array(text.value.unicodeScalars)
            scalars.insert(contentsOf: Self.blank.unicodeScalars, at: min(blank, scalars.count))
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        case .html:
            return HTMLToMarkdown.convert(text, blank: blank, newlinesAreBreaks: false, diagnostics: &diagnostics)
        case .moodle where containsTag(text.value):
            return HTMLToMarkdown.convert(text, blank: blank, newlinesAreBreaks: true, diagnostics: &diagnostics)
        case .moodle, .plain:
            return plain(text.value, blank: blank)
        }
    }

    /// Plain text as Markdown that shows it unchanged.
    static func plain(_ value: String, blank: Int? = nil) -> String {
        let scalars = Array(value.unicodeScalars)
        var writer = MarkdownWriter()
        for (index, scalar) in scalars.enumerated() {
            if index == blank { writer.raw(Self.blank) }
            if scalar == "\n" {
                writer.lineBreak()
            } else {
                writer.text(scalar, next: index + 1 < scalars.count ? scalars[index + 1] : nil)
            }
        }
        if let blank, blank >= scalars.count { writer.raw(Self.blank) }
        return writer.markdown
    }

    /// Whether `text` holds something that looks like an HTML tag: `<` then a letter,
    /// `/` or `!`. A lone `<` as in `2 < 3` does not count.
    static func containsTag(_ text: String) -> Bool {
        var previousIsOpen = false
        for scalar in text.unicodeScalars {
            if previousIsOpen, scalar == "/" || scalar == "!" || (scalar.isASCII && scalar.properties.isAlphabetic) { return true }
            previousIsOpen = scalar == "<"
        }
        return false
    }
}
