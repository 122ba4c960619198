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
        var document = MarkdownDocument(root: MarkdownNode(.document, line: 1 + lineOffset, column: 1), path: source.path)
        var stream = MarkdownStream(text, source: source, lineOffset: lineOffset, smartPunctuation: smartPunctuation)
        // Built with an explicit stack rather than recursion: cmark accepts any depth.
        var stack: [MarkdownNode] = []
        while let event = stream.next() {
            switch event {
            case .enter(let node):
                let location = stream.location(of: node)
                var value = MarkdownNode(Self.kind(of: node, in: stream), line: location.line, column: location.column)
                // Sized once: growing each list of children as it fills was most of the
                // allocation in reading a large program's chapters.
                value.children.reserveCapacity(Self.childCount(of: node, in: stream))
                stack.append(consume value)
            case .leaf(let node):
                let location = stream.location(of: node)
                let value = MarkdownNode(Self.kind(of: node, in: stream), line: location.line, column: location.column)
                if !stack.isEmpty { stack[stack.count - 1].children.append(consume value) }
            case .exit:
                let finished = stack.removeLast()
                if stack.isEmpty {
                    document.root = consume finished
                } else {
                    stack[stack.count - 1].children.append(consume finished)
                }
            }
        }
        document.tooDeep = stream.tooDeep
        return document
    }

    /// The location of `node` in the source file.
    public func location(of node: MarkdownNode) -> SourceLocation {
        SourceLocation(file: path, line: node.line, column: node.column)
    }

    private static func childCount(of node: MarkdownStream.Node, in stream: borrowing MarkdownStream) -> Int {
        var count = 0
        var child = stream.firstChild(of: node)
        while let current = child {
            count += 1
            child = stream.nextSibling(of: current)
        }
        return count
    }

    private static func kind(of node: MarkdownStream.Node, in stream: borrowing MarkdownStream) -> MarkdownNode.Kind {
        switch node.type {
        case .document: return .document
        case .blockQuote: return .blockQuote
        case .list:
            let list = stream.list(of: node)
            return .list(ordered: list.ordered, start: list.start, tight: list.tight)
        case .item: return .item
        case .codeBlock: return .codeBlock(info: stream.fenceInfo(of: node), code: stream.literal(of: node))
        case .htmlBlock: return .htmlBlock(stream.literal(of: node))
        case .paragraph: return .paragraph
        case .heading: return .heading(level: stream.headingLevel(of: node))
        case .thematicBreak: return .thematicBreak
        case .text: return .text(stream.literal(of: node))
        case .softBreak: return .softBreak
        case .lineBreak: return .lineBreak
        case .code: return .code(stream.literal(of: node))
        case .inlineHTML: return .inlineHTML(stream.literal(of: node))
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .link: return .link(destination: stream.url(of: node), title: stream.title(of: node))
        case .image: return .image(source: stream.url(of: node), title: stream.title(of: node))
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
