import CCmark
import FolioCore

/// A CommonMark document, parsed by cmark and copied into Swift values.
///
/// cmark's tree is walked once, read-only, and freed before ``parse(_:source:lineOffset:)``
/// returns: nothing keeps a cmark pointer, and nothing changes cmark's tree, so no node
/// can be used after the tree it belonged to changed. Everything later (resolving
/// links, placing videos, rendering HTML) works on ``MarkdownNode`` values.
public struct MarkdownDocument: Sendable {
    /// The document node; its children are the top-level blocks.
    public var root: MarkdownNode
    /// The file the Markdown came from, for locations.
    public var path: String
    /// Where containers nested deeper than ``maxNesting`` start; their contents are
    /// left out of ``root``.
    public var tooDeep: SourceLocation?

    /// Deepest nesting of blocks and inlines kept. Real chapters need a handful of
    /// levels; the bound keeps every later walk over the tree shallow, whatever the input.
    public static let maxNesting = 64

    /// Parses `text`, which starts at line `lineOffset + 1` of `source`.
    ///
    /// With `smartPunctuation`, as chapters and the welcome page are read, the text gets
    /// the typographic punctuation quiz text already has (``InlineMarkdown``): straight
    /// quotes and apostrophes become curly ones, `--` an en dash, `---` an em dash and
    /// `...` an ellipsis. Code spans and code blocks keep what was typed. Without it the
    /// text is as typed, as the CommonMark specification's examples expect.
    public static func parse(_ text: String, source: SourceFile, lineOffset: Int, smartPunctuation: Bool = true) -> MarkdownDocument {
        parse(text[...], source: source, lineOffset: lineOffset, smartPunctuation: smartPunctuation)
    }

    /// The same for part of a text, such as a chapter's body within its file, read where
    /// it is.
    public static func parse(_ text: Substring, source: SourceFile, lineOffset: Int, smartPunctuation: Bool = true) -> MarkdownDocument {
        let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE | (smartPunctuation ? CMARK_OPT_SMART : 0)
        var document = MarkdownDocument(root: MarkdownNode(.document, line: 1 + lineOffset, column: 1), path: source.path)
        var text = text
        // cmark reads a given number of bytes: no terminating NUL is needed.
        let parsed: OpaquePointer? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return "".withCString { cmark_parse_document($0, 0, options) } }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parse_document($0, bytes.count, options) }
        }
        guard let cmarkRoot = parsed else { return document }
        defer { cmark_node_free(cmarkRoot) }
        var columns = SourceFile.ScalarColumns(source)
        // Built with an explicit stack rather than recursion: cmark accepts any depth.
        var stack: [MarkdownNode] = []
        var skippedDepth = 0
        guard let iterator = cmark_iter_new(cmarkRoot) else { return document }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let isContainer = Self.isContainer(cmark_node_get_type(node))
            if event == CMARK_EVENT_EXIT {
                if skippedDepth > 0 {
                    skippedDepth -= 1
                    continue
                }
                let finished = stack.removeLast()
                if stack.isEmpty {
                    document.root = consume finished
                } else {
                    stack[stack.count - 1].children.append(consume finished)
                }
                continue
            }
            if skippedDepth > 0 || stack.count > maxNesting {
                if isContainer { skippedDepth += 1 }
                if document.tooDeep == nil {
                    let line = Int(cmark_node_get_start_line(node)) + lineOffset
                    document.tooDeep = SourceLocation(
                        file: source.path, line: line, column: columns.column(ofByte: Int(cmark_node_get_start_column(node)), onLine: line))
                }
                continue
            }
            let line = Int(cmark_node_get_start_line(node)) + lineOffset
            let column = columns.column(ofByte: Int(cmark_node_get_start_column(node)), onLine: line)
            var value = MarkdownNode(Self.kind(of: node), line: line, column: column)
            if isContainer {
                // Sized once: growing each list of children as it fills was most of the
                // allocation in reading a large program's chapters.
                value.children.reserveCapacity(Self.childCount(of: node))
                stack.append(consume value)
            } else if !stack.isEmpty {
                stack[stack.count - 1].children.append(consume value)
            }
        }
        return document
    }

    /// The location of `node` in the source file.
    public func location(of node: MarkdownNode) -> SourceLocation {
        SourceLocation(file: path, line: node.line, column: node.column)
    }

    private static func childCount(of node: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        return count
    }

    private static func isContainer(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING,
            CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
            return true
        default:
            return false
        }
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST, start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock(info: string(cmark_node_get_fence_info(node)), code: string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .inlineHTML(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE: return .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            // Custom nodes are never produced by parsing.
            return .paragraph
        }
    }
}

/// One node of a ``MarkdownDocument``: what it is, its children, and where it starts
/// (1-based line; 1-based column in Unicode scalars).
public struct MarkdownNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        /// A fenced or indented code block; `info` is empty for an indented one.
        case codeBlock(info: String, code: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case inlineHTML(String)
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(source: String, title: String)
    }

    public var kind: Kind
    public var children: [MarkdownNode] = []
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, children: [MarkdownNode] = [], line: Int, column: Int) {
        self.kind = kind
        self.children = children
        self.line = line
        self.column = column
    }

    /// The node's text without markup: text and code, a space for each line break.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out, paragraphSeparator: nil)
        return out
    }

    /// The text without markup, with `paragraphSeparator` after each paragraph,
    /// heading and list item, for search indexes and terminals.
    public func plainText(paragraphSeparator: String) -> String {
        var out = ""
        appendPlainText(to: &out, paragraphSeparator: paragraphSeparator)
        return out
    }

    private func appendPlainText(to out: inout String, paragraphSeparator: String?) {
        switch kind {
        case .text(let text), .code(let text): out += text
        case .softBreak, .lineBreak: out += " "
        default: break
        }
        for child in children { child.appendPlainText(to: &out, paragraphSeparator: paragraphSeparator) }
        if let paragraphSeparator {
            switch kind {
            case .paragraph, .heading, .item: out += paragraphSeparator
            default: break
            }
        }
    }
}
