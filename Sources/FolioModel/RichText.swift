/// Text an author wrote in Markdown, carried both as written and as safe HTML, so that
/// a terminal can show the words and a page can show the formatting.
public struct RichText: Codable, Sendable, Hashable {
    public var markdown: String
    public var html: String

    public init(markdown: String, html: String) {
        self.markdown = markdown
        self.html = html
    }
}
