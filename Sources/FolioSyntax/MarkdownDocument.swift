import CCmark
import FolioCore
import Foundation

/// A CommonMark document parsed by cmark, the only code that touches libcmark.
///
/// The compiler inspects links, images and raw HTML through Swift values
/// (``MarkdownReference``, ``MarkdownRawHTML``) and asks for changes through
/// ``MarkdownReference/Action``; no cmark pointer leaves this file.
public final class MarkdownDocument {
    private let root: OpaquePointer
    private let source: SourceFile
    private let lineOffset: Int

    /// Parses `text`, which starts at line `lineOffset + 1` of `source`.
    public init(_ text: String, source: SourceFile, lineOffset: Int) {
        self.source = source
        self.lineOffset = lineOffset
        let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE
        root = text.withCString { cmark_parse_document($0, strlen($0), options) }
    }

    deinit { cmark_node_free(root) }

    /// Visits every link and image in document order, and applies what `decide` returns.
    public func rewriteReferences(_ decide: (MarkdownReference) -> MarkdownReference.Action) {
        var targets: [(OpaquePointer, MarkdownReference)] = []
        forEachNode { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { return }
            let parent = cmark_node_parent(node)
            let alone =
                parent.map { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH && cmark_node_first_child($0) == node && cmark_node_next(node) == nil } ?? false
            let reference = MarkdownReference(
                kind: type == CMARK_NODE_IMAGE ? .image : .link,
                url: string(cmark_node_get_url(node)),
                title: string(cmark_node_get_title(node)),
                text: plainText(of: node),
                location: location(of: node),
                isAloneInParagraph: alone)
            targets.append((node, reference))
        }
        for (node, reference) in targets {
            switch decide(reference) {
            case .keep:
                break
            case .setURL(let url):
                _ = url.withCString { cmark_node_set_url(node, $0) }
            case .replaceWithHTML(let html):
                if reference.isAloneInParagraph, let paragraph = cmark_node_parent(node) {
                    replace(paragraph, withHTML: html, type: CMARK_NODE_HTML_BLOCK)
                } else {
                    replace(node, withHTML: html, type: CMARK_NODE_HTML_INLINE)
                }
            }
        }
    }

    /// Raw HTML written by the author, block or inline.
    public var rawHTML: [MarkdownRawHTML] {
        var found: [MarkdownRawHTML] = []
        forEachNode { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE else { return }
            found.append(MarkdownRawHTML(html: string(cmark_node_get_literal(node)), location: location(of: node)))
        }
        return found
    }

    /// Replaces every raw HTML node with a comment, so the author's HTML is not passed
    /// through. Must run before any HTML of Folio's own is inserted.
    public func removeRawHTML() {
        var nodes: [(OpaquePointer, cmark_node_type)] = []
        forEachNode { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { nodes.append((node, type)) }
        }
        for (node, type) in nodes { replace(node, withHTML: "<!-- raw HTML omitted -->", type: type) }
    }

    /// Paragraphs that are nothing but one word of plain text, such as a web address
    /// pasted on a line of its own (which Markdown shows as text, not as a link): the
    /// author may have meant a video player.
    public var addressParagraphs: [(address: String, location: SourceLocation)] {
        var found: [(String, SourceLocation)] = []
        forEachNode { node in
            guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
                cmark_node_get_type(child) == CMARK_NODE_TEXT
            else { return }
            let address = string(cmark_node_get_literal(child)).trimmingCharacters(in: .whitespaces)
            guard !address.isEmpty, !address.contains(" ") else { return }
            found.append((address, location(of: node)))
        }
        return found
    }

    /// The headings of the document, for a table of contents and search.
    public var headings: [(level: Int, text: String)] {
        var found: [(Int, String)] = []
        forEachNode { node in
            if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                found.append((Int(cmark_node_get_heading_level(node)), plainText(of: node)))
            }
        }
        return found
    }

    /// The document's text without markup, for search indexes and terminals.
    public var plainText: String { plainText(of: root, separator: "\n") }

    /// HTML for the document. Raw HTML still in the tree is emitted as it is, so callers
    /// that do not allow it call ``removeRawHTML()`` first; link schemes are checked by
    /// the caller through ``rewriteReferences(_:)``.
    public func renderHTML() -> String {
        guard let html = cmark_render_html(root, CMARK_OPT_UNSAFE) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    // MARK: - cmark edge

    private func forEachNode(_ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
        }
    }

    private func replace(_ node: OpaquePointer, withHTML html: String, type: cmark_node_type) {
        guard let replacement = cmark_node_new(type) else { return }
        _ = html.withCString { cmark_node_set_literal(replacement, $0) }
        cmark_node_replace(node, replacement)
        cmark_node_free(node)
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private func plainText(of node: OpaquePointer, separator: String = "") -> String {
        var parts: [String] = []
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                parts.append(string(cmark_node_get_literal(current)))
            } else if event == CMARK_EVENT_ENTER, type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                parts.append(" ")
            } else if event == CMARK_EVENT_EXIT, !separator.isEmpty,
                type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_ITEM
            {
                parts.append(separator)
            }
        }
        return parts.joined()
    }

    /// cmark counts columns in bytes; Folio's locations count Unicode scalars.
    private func location(of node: OpaquePointer) -> SourceLocation {
        let line = Int(cmark_node_get_start_line(node)) + lineOffset
        let byteColumn = Int(cmark_node_get_start_column(node))
        var column = byteColumn
        if let text = source.line(line) {
            let prefix = text.utf8.prefix(max(0, byteColumn - 1))
            column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
        }
        return SourceLocation(file: source.path, line: line, column: column)
    }
}

/// A link or image in a Markdown document, as the compiler sees it.
public struct MarkdownReference: Sendable {
    public enum Kind: Sendable { case link, image }
    public var kind: Kind
    public var url: String
    public var title: String
    /// The link text, or an image's alt text, without markup.
    public var text: String
    public var location: SourceLocation
    /// True when the reference is the only thing in its paragraph (a video on its own line).
    public var isAloneInParagraph: Bool

    /// What to do with a reference.
    public enum Action: Sendable {
        case keep
        case setURL(String)
        /// Replace it with Folio's own HTML: the whole paragraph when it stands alone.
        case replaceWithHTML(String)
    }
}

/// A piece of raw HTML an author wrote in Markdown.
public struct MarkdownRawHTML: Sendable {
    public var html: String
    public var location: SourceLocation
}

/// Renders short inline Markdown (quiz prompts, choices, hints) to HTML.
public enum InlineMarkdown {
    /// HTML for one paragraph of Markdown, without the surrounding `<p>`. Raw HTML is
    /// never passed through here: quiz text has no reason for it.
    public static func html(_ text: String) -> String {
        // Most quiz text is plain words; it needs no parser, only escaping.
        if isPlain(text) { return text }
        return cmarkHTML(text)
    }

    /// `text` as styled runs of plain text, for a terminal: emphasis, strong, code and
    /// links keep their style; paragraphs are separated by a blank line, list items start
    /// with a bullet, and raw HTML is left out.
    public static func spans(_ text: String) -> [StyledSpan] {
        guard !isPlain(text) else { return [StyledSpan(text)] }
        let document = text.withCString { cmark_parse_document($0, strlen($0), CMARK_OPT_SMART) }
        guard let document else { return [StyledSpan(text)] }
        defer { cmark_node_free(document) }
        var spans: [StyledSpan] = []
        var style = StyledSpan.Style()
        var blocks = 0
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CODE_BLOCK, CMARK_NODE_THEMATIC_BREAK:
                if entering, !isInsideListItem(node) || cmark_node_previous(node) != nil {
                    if blocks > 0 { spans.append(StyledSpan("\n\n")) }
                    blocks += 1
                }
                if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
                    spans.append(StyledSpan(literal.hasSuffix("\n") ? String(literal.dropLast()) : literal, style: [.code]))
                }
            case CMARK_NODE_LIST:
                if entering {
                    if blocks > 0 { spans.append(StyledSpan(isInsideListItem(node) ? "\n" : "\n\n")) }
                    blocks += 1
                }
            case CMARK_NODE_ITEM:
                if entering {
                    if cmark_node_previous(node) != nil { spans.append(StyledSpan("\n")) }
                    spans.append(StyledSpan("• "))
                }
            case CMARK_NODE_TEXT: spans.append(StyledSpan(literal, style: style))
            case CMARK_NODE_CODE: spans.append(StyledSpan(literal, style: style.union(.code)))
            case CMARK_NODE_SOFTBREAK: spans.append(StyledSpan(" ", style: style))
            case CMARK_NODE_LINEBREAK: spans.append(StyledSpan("\n"))
            case CMARK_NODE_EMPH: if entering { style.insert(.emphasis) } else { style.remove(.emphasis) }
            case CMARK_NODE_STRONG: if entering { style.insert(.strong) } else { style.remove(.strong) }
            case CMARK_NODE_LINK: if entering { style.insert(.link) } else { style.remove(.link) }
            default: break
            }
        }
        return spans
    }

    private static func isInsideListItem(_ node: OpaquePointer) -> Bool {
        cmark_node_parent(node).map { cmark_node_get_type($0) == CMARK_NODE_ITEM } ?? false
    }

    /// What cmark makes of `text`, always through the parser.
    static func cmarkHTML(_ text: String) -> String {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART
        guard let rendered = text.withCString({ cmark_markdown_to_html($0, strlen($0), options) }) else { return "" }
        defer { free(rendered) }
        var html = String(cString: rendered)
        if html.hasSuffix("\n") { html.removeLast() }
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), html.components(separatedBy: "<p>").count == 2 {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    /// Whether `text` renders as itself: it starts with a letter and has no character
    /// that Markdown, HTML or smart punctuation would change.
    static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "\\"),
                UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "~"), UInt8(ascii: "|"),
                UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ":"), UInt8(ascii: "@"):
                return false
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: " "):
                // `..`, `--` (smart punctuation) and two spaces (a line break) change.
                if byte == previous { return false }
            default:
                break
            }
            previous = byte
        }
        return previous != UInt8(ascii: " ")
    }

    /// HTML for a block of Markdown (bill of rights intro, details), safe mode.
    public static func blockHTML(_ text: String) -> String {
        guard let rendered = text.withCString({ cmark_markdown_to_html($0, strlen($0), CMARK_OPT_DEFAULT | CMARK_OPT_SMART) }) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
