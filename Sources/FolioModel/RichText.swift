/// Text an author wrote in Markdown, carried both as written and as safe HTML, so that
/// a terminal can show the words and a page can show the formatting.
public struct RichText: Codable, Sendable, Hashable {
    /// The text as the author wrote it, for a terminal or an editor.
    public var markdown: String
    /// The same text as HTML, sanitised: safe to put in a page as it is.
    public var html: String

    /// Text from its Markdown and the HTML the compiler made of it.
    public init(markdown: String, html: String) {
        self.markdown = markdown
        self.html = html
    }
}
