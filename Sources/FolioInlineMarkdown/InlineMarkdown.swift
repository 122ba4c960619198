import CCmark
import FolioCore
import Foundation

/// Renders short inline Markdown (quiz prompts, choices, hints) to HTML.
public enum InlineMarkdown {
    /// HTML for one paragraph of Markdown, without the surrounding `<p>`. Raw HTML is
    /// never passed through here, but for a passage in another language (``LangSpan``).
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
        let document = text.withCString { cmark_parse_document($0, text.utf8.count, CMARK_OPT_SMART) }
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

    /// What a text links to and the raw HTML it holds, in the order they are written.
    public enum Part: Sendable, Hashable {
        /// The address of a link, an autolink or a picture, as cmark reads it.
        case address(String)
        /// Raw HTML, inline or a block, as written, which is left out.
        case html(String)
        /// `<span lang="…">`, as written, with no `</span>` after it: left out.
        case langSpanUnclosed(String)
        /// `<span lang="…">`, as written, whose value is not a language tag: left out.
        case langTagInvalid(html: String, value: String)
    }

    /// The addresses and raw HTML of `text`, for the rules that hold quiz and deck text to
    /// a chapter's. Text without `[` or `<`, which is most of it, has neither and is not
    /// parsed.
    public static func parts(_ text: String) -> [Part] {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "<") }) else { return [] }
        let document = text.withCString { cmark_parse_document($0, text.utf8.count, CMARK_OPT_DEFAULT | CMARK_OPT_SMART) }
        guard let document else { return [] }
        defer { cmark_node_free(document) }
        var parts: [Part] = []
        var langSpans: [OpaquePointer: LangSpan.Status] = [:]
        for (node, status) in langSpanStatuses(document) { langSpans[node] = status }
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                parts.append(.address(cmark_node_get_url(node).map { String(cString: $0) } ?? ""))
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                let html = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                switch langSpans[node] {
                case nil: parts.append(.html(html))
                case .unclosed: parts.append(.langSpanUnclosed(html))
                case .invalid(let value): parts.append(.langTagInvalid(html: html, value: value))
                case .kept, .closesOmitted: break
                }
            default:
                break
            }
        }
        return parts
    }

    /// What becomes of each passage in another language in `document` (``LangSpan``):
    /// the tags are paired among each node's children.
    static func langSpanStatuses(_ document: OpaquePointer) -> [(node: OpaquePointer, status: LangSpan.Status)] {
        var found: [(node: OpaquePointer, status: LangSpan.Status)] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            var children: [OpaquePointer] = []
            var child = cmark_node_first_child(node)
            while let current = child {
                children.append(current)
                child = cmark_node_next(current)
            }
            guard children.contains(where: { cmark_node_get_type($0) == CMARK_NODE_HTML_INLINE }) else { continue }
            let pieces = children.map { child -> String? in
                guard cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE else { return nil }
                return cmark_node_get_literal(child).map { String(cString: $0) }
            }
            for (index, status) in LangSpan.statuses(pieces) { found.append((children[index], status)) }
        }
        return found
    }

    /// HTML for `text` as cmark renders it in safe mode, but for the passages in another
    /// language it keeps: their tags stand as custom nodes, which cmark writes as they are.
    static func render(_ text: String, options: Int32) -> String {
        guard let document = text.withCString({ cmark_parse_document($0, text.utf8.count, options) }) else { return "" }
        defer { cmark_node_free(document) }
        for (node, status) in langSpanStatuses(document) {
            guard case .kept(let html) = status, let custom = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(custom, html)
            cmark_node_set_on_exit(custom, "")
            cmark_node_insert_before(node, custom)
            cmark_node_free(node)
        }
        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Whether `text` may hold a passage in another language, looked for by bytes.
    private static func mayHoldLangSpan(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.indices.contains { bytes[$0] == UInt8(ascii: "<") && $0 + 5 <= bytes.count && (bytes[$0 + 1] | 0x20) == UInt8(ascii: "s") }
        }
    }

    private static func isInsideListItem(_ node: OpaquePointer) -> Bool {
        cmark_node_parent(node).map { cmark_node_get_type($0) == CMARK_NODE_ITEM } ?? false
    }

    /// What cmark makes of `text`, always through the parser: a text of one paragraph
    /// loses its `<p>`.
    static func cmarkHTML(_ text: String) -> String {
        var html = blockHTML(text)
        if html.hasSuffix("\n") { html.removeLast() }
        if html.hasPrefix("<p>"), html.hasSuffix("</p>"), !opensAnotherParagraph(&html) {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    /// Whether `html`, which starts with `<p>`, has another `<p>` after it.
    ///
    /// Looked for by bytes (``ByteScan/start(of:in:from:)``): the standard library's search
    /// of a collection in a collection is generic, not compiled for bytes, and showed in a
    /// large build (docs/development.md, "Measured choices").
    private static func opensAnotherParagraph(_ html: inout String) -> Bool {
        html.withUTF8 { bytes in paragraphStart.withUnsafeBufferPointer { ByteScan.start(of: $0, in: bytes, from: 3) != nil } }
    }

    private static let paragraphStart = Array("<p>".utf8)

    /// Whether `text` renders as itself: it starts with a letter and has no character
    /// that Markdown, HTML or smart punctuation would change.
    static func isPlain(_ text: String) -> Bool {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            // A letter first: ASCII's are known without asking Unicode's tables.
            guard let lead = bytes.first else { return false }
            if lead < 0x80 {
                guard (lead | 0x20) >= UInt8(ascii: "a") && (lead | 0x20) <= UInt8(ascii: "z") else { return false }
            } else {
                guard let first = text.unicodeScalars.first, first.properties.isAlphabetic else { return false }
            }
            return Self.plainBytes.withUnsafeBufferPointer { kinds in
                var previous: UInt8 = 0
                for byte in bytes {
                    switch kinds[Int(byte)] {
                    case Self.changes: return false
                    // `..`, `--` (smart punctuation) and two spaces (a line break) change.
                    case Self.changesTwice where byte == previous: return false
                    default: break
                    }
                    previous = byte
                }
                return previous != UInt8(ascii: " ")
            }
        }
    }

    /// What each byte is to ``isPlain(_:)``: one Markdown, HTML or smart punctuation
    /// would change (``changes``), one that changes when it comes twice running
    /// (``changesTwice``), or one that stays as it is. Looked up, where a `switch` of
    /// twenty cases was a second test for every byte of every quiz's text.
    private static let plainBytes: [UInt8] = (0...255).map { byte in
        if "*_`[]<>&!\\#'\"~|\n\r\t:@".utf8.contains(UInt8(byte)) { return changes }
        if ".- ".utf8.contains(UInt8(byte)) { return changesTwice }
        return 0
    }
    private static let changes: UInt8 = 1
    private static let changesTwice: UInt8 = 2

    /// HTML for a block of Markdown (bill of rights intro, details), safe mode.
    public static func blockHTML(_ text: String) -> String {
        if mayHoldLangSpan(text) { return render(text, options: CMARK_OPT_DEFAULT | CMARK_OPT_SMART) }
        guard let rendered = text.withCString({ cmark_markdown_to_html($0, text.utf8.count, CMARK_OPT_DEFAULT | CMARK_OPT_SMART) }) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
