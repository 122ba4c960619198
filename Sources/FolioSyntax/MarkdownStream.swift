import CCmark
import FolioCore
import FolioSystem

/// A CommonMark document as cmark parsed it, read where cmark keeps it, one node at a time
/// in document order: for a reader that turns it straight into something else (a chapter's
/// `Body`) rather than into ``MarkdownNode`` values first. Copying each tree into values
/// and walking those showed in a large build (docs/development.md, "Measured choices").
///
/// Nothing changes cmark's tree, and the tree is freed with the stream: a ``Node`` is a
/// place in it, read through the stream that gave it, and only while that stream lives.
///
/// Nodes nested deeper than ``MarkdownDocument/maxNesting`` are left out, with all
/// they hold, as ``MarkdownDocument`` leaves them out (it reads its tree through a
/// stream): ``tooDeep`` tells where the first of them starts.
public struct MarkdownStream: ~Copyable {
    /// What kind of node a ``Node`` is; the cases of ``MarkdownNode/Kind`` without their
    /// values, which a stream reads only when asked.
    public enum NodeType: Sendable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, inlineHTML, emphasis, strong, link, image
    }

    /// A node of the stream's tree, and its depth: the document is at depth 0, its blocks
    /// at depth 1.
    public struct Node {
        fileprivate let pointer: OpaquePointer
        public let depth: Int
        public let type: NodeType
    }

    /// One step of the walk: a container entered or left, or a leaf (text, code, a break,
    /// a code block, raw HTML), which has no children to enter.
    public enum Event {
        case enter(Node)
        case exit(Node)
        case leaf(Node)
    }

    private let root: OpaquePointer?
    private let iterator: OpaquePointer?
    private let path: String
    private let lineOffset: Int
    private var columns: SourceFile.ScalarColumns
    /// Containers entered and not yet left, the document included.
    private var depth = 0
    /// Containers entered below the limit and not yet left.
    private var skipped = 0
    /// Where the first node left out for its depth starts.
    public private(set) var tooDeep: SourceLocation?

    /// Parses `text`, which starts at line `lineOffset + 1` of `source`, with or without
    /// typographic punctuation (see ``MarkdownDocument/parse(_:source:lineOffset:smartPunctuation:)``).
    public init(_ text: Substring, source: SourceFile, lineOffset: Int, smartPunctuation: Bool = true) {
        let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE | (smartPunctuation ? CMARK_OPT_SMART : 0)
        var text = text
        // cmark reads a given number of bytes: no terminating NUL is needed.
        let parsed: OpaquePointer? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return "".withCString { cmark_parse_document($0, 0, options) } }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parse_document($0, bytes.count, options) }
        }
        root = parsed
        iterator = parsed.flatMap { cmark_iter_new($0) }
        path = source.path
        self.lineOffset = lineOffset
        columns = SourceFile.ScalarColumns(source)
    }

    deinit {
        if let iterator { cmark_iter_free(iterator) }
        if let root { cmark_node_free(root) }
    }

    /// The next step of the walk, or nil at the end of the document.
    public mutating func next() -> Event? {
        guard let iterator else { return nil }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let pointer = cmark_iter_get_node(iterator) else { continue }
            let type = Self.type(of: pointer)
            let isContainer = Self.isContainer(type)
            if event == CMARK_EVENT_EXIT {
                if skipped > 0 {
                    skipped -= 1
                    continue
                }
                depth -= 1
                return .exit(Node(pointer: pointer, depth: depth, type: type))
            }
            // `depth` containers are open: this node is at that depth.
            if skipped > 0 || depth > MarkdownDocument.maxNesting {
                if isContainer { skipped += 1 }
                if tooDeep == nil { tooDeep = location(of: Node(pointer: pointer, depth: depth, type: type)) }
                continue
            }
            let node = Node(pointer: pointer, depth: depth, type: type)
            guard isContainer else { return .leaf(node) }
            depth += 1
            return .enter(node)
        }
        return nil
    }

    /// Where `node` starts in the source file (1-based line; column in Unicode scalars).
    public mutating func location(of node: Node) -> SourceLocation {
        let line = Int(cmark_node_get_start_line(node.pointer)) + lineOffset
        return SourceLocation(file: path, line: line, column: columns.column(ofByte: Int(cmark_node_get_start_column(node.pointer)), onLine: line))
    }

    // MARK: Reading a node

    /// The first child of `node`, unless it is too deep to be read.
    public func firstChild(of node: Node) -> Node? {
        guard node.depth < MarkdownDocument.maxNesting, let child = cmark_node_first_child(node.pointer) else { return nil }
        return Node(pointer: child, depth: node.depth + 1, type: Self.type(of: child))
    }

    /// The node after `node` in its parent.
    public func nextSibling(of node: Node) -> Node? {
        cmark_node_next(node.pointer).map { Node(pointer: $0, depth: node.depth, type: Self.type(of: $0)) }
    }

    /// The text of a text, code, code block or raw HTML node, as UTF-8 bytes, for the
    /// length of `body`.
    public func withLiteral<Result>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let literal = cmark_node_get_literal(node.pointer) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return literal.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(literal))) }
    }

    /// The text of a text, code, code block or raw HTML node.
    public func literal(of node: Node) -> String { string(cmark_node_get_literal(node.pointer)) }
    /// A code block's info string (empty for an indented block).
    public func fenceInfo(of node: Node) -> String { string(cmark_node_get_fence_info(node.pointer)) }
    /// A link's destination or an image's source.
    public func url(of node: Node) -> String { string(cmark_node_get_url(node.pointer)) }
    /// A link's or an image's title.
    public func title(of node: Node) -> String { string(cmark_node_get_title(node.pointer)) }
    public func headingLevel(of node: Node) -> Int { Int(cmark_node_get_heading_level(node.pointer)) }
    /// A list's numbering and spacing.
    public func list(of node: Node) -> (ordered: Bool, start: Int, tight: Bool) {
        (
            cmark_node_get_list_type(node.pointer) == CMARK_ORDERED_LIST, Int(cmark_node_get_list_start(node.pointer)),
            cmark_node_get_list_tight(node.pointer) != 0
        )
    }

    /// The text of what `node` holds, without markup: text and code, a space for each line
    /// break, and with `includingHTML` raw inline HTML as written. Without it this is
    /// ``MarkdownNode/plainText``; with it, what cmark writes as an image's `alt`.
    public func text(of node: Node, includingHTML: Bool = false) -> String {
        var out: [UInt8] = []
        appendText(of: node, includingHTML: includingHTML, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func appendText(of node: Node, includingHTML: Bool, to out: inout [UInt8]) {
        var child = firstChild(of: node)
        while let current = child {
            switch current.type {
            case .text, .code: withLiteral(of: current) { out.append(contentsOf: $0) }
            case .inlineHTML where includingHTML: withLiteral(of: current) { out.append(contentsOf: $0) }
            case .softBreak, .lineBreak: out.append(UInt8(ascii: " "))
            default: break
            }
            appendText(of: current, includingHTML: includingHTML, to: &out)
            child = nextSibling(of: current)
        }
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    static func isContainer(_ type: NodeType) -> Bool {
        switch type {
        case .document, .blockQuote, .list, .item, .paragraph, .heading, .emphasis, .strong, .link, .image: return true
        default: return false
        }
    }

    private static func type(of node: OpaquePointer) -> NodeType {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .inlineHTML
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default:
            // Custom nodes are never produced by parsing.
            return .paragraph
        }
    }
}
