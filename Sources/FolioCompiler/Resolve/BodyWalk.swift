import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax

/// What the conversion of Markdown to a ``Body`` asks: where links and images point,
/// and whether raw HTML is kept. Each answer may add diagnostics.
protocol BodyDecider {
    func link(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> LinkTarget
    func image(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> ImageDecision
    /// Whether raw HTML is kept (to be sanitised) rather than left out.
    func rawHTML(_ html: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool
    /// Told of each paragraph that is a single run of text.
    func wordParagraph(_ text: String, at location: SourceLocation, diagnostics: inout DiagnosticList)
    /// Whether raw HTML is a note for staff, which leaves nothing on the page (not even
    /// the comment that marks HTML left out).
    func isNote(_ html: String) -> Bool
    /// Whether all raw HTML is kept (to be sanitised): otherwise only the passages in
    /// another language (``LangSpan``) are.
    var keepsAllHTML: Bool { get }
    /// Told of each paragraph's text as written, when it may show a writing habit
    /// (``WrittenParagraph/mayHoldAHabit``).
    func paragraph(_ paragraph: WrittenParagraph, diagnostics: inout DiagnosticList)
    /// Told of each heading, once its text is read.
    func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList)
}

extension BodyDecider {
    var keepsAllHTML: Bool { false }
}

/// What an image becomes.
enum ImageDecision {
    case video(Video)
    case picture(ImageSource)
}

/// A link or image in a Markdown document, as the resolver sees it.
struct MarkdownReference {
    enum Kind { case link, image }
    var kind: Kind
    var url: String
    var title: String
    /// The link text, or an image's alt text, without markup.
    var text: String
    var location: SourceLocation
    /// True when the reference is the only thing in its paragraph (a video on its own line).
    var isAloneInParagraph: Bool
}

/// One pass over a Markdown document that converts its nodes to a ``Body``, collecting
/// videos, headings, the plain text and the diagnostics. What links, images and raw HTML
/// become is asked of a ``BodyDecider``.
struct BodyWalk<Decider: BodyDecider> {
    let decider: Decider
    let document: MarkdownDocument
    var diagnostics = DiagnosticList()
    var videos: [Video] = []
    /// The text without markup; video titles are not part of it.
    var plainText = ""
    /// Whether raw HTML was kept, to be sanitised once the whole body is converted.
    var keptRawHTML = false
    /// How deep the raw HTML so far leaves the open elements, at most (see
    /// ``HTMLSanitizer/nesting(of:from:)``), and whether it went too deep to parse.
    var rawHTMLDepth = 0
    var rawHTMLTooDeep = false

    init(decider: Decider, document: MarkdownDocument) {
        self.decider = decider
        self.document = document
    }

    /// Ends the plain text's line after a block: one line per paragraph, heading and
    /// list item, and no blank lines (a list item's paragraph ends it already).
    mutating func endLine() {
        if !plainText.isEmpty, plainText.utf8.last != UInt8(ascii: "\n") { plainText += "\n" }
    }

    mutating func blocks(_ nodes: [MarkdownNode]) -> [BodyNode] {
        // One array per list of children, appended to: an array per node, joined, made the
        // allocator a large part of a build's time (docs/development.md, "Measured choices").
        var out: [BodyNode] = []
        out.reserveCapacity(nodes.count)
        var langSpans: [Int: LangSpan.Status] = [:]
        if !decider.keepsAllHTML, nodes.contains(where: { if case .inlineHTML = $0.kind { true } else { false } }) {
            langSpans = LangSpan.statuses(nodes.map { if case .inlineHTML(let html) = $0.kind { html } else { nil } })
        }
        for (index, node) in nodes.enumerated() {
            if let status = langSpans[index], case .inlineHTML(let html) = node.kind {
                langSpan(status, html: html, at: node, into: &out)
            } else {
                convert(node, into: &out)
            }
        }
        return out
    }

    mutating func convert(_ node: MarkdownNode, into out: inout [BodyNode]) {
        switch node.kind {
        case .document, .item: for child in node.children { convert(child, into: &out) }
        case .blockQuote: out.append(.blockQuote(blocks(node.children)))
        case .list(let ordered, let start, let tight):
            let items = node.children.map { item -> [BodyNode] in
                let converted = blocks(item.children)
                endLine()
                return converted
            }
            out.append(.list(BodyList(ordered: ordered, start: start, tight: tight), items: items))
        case .codeBlock(let info, let code): out.append(.codeBlock(info: info, code: code))
        // A note for staff leaves nothing on the page, not even a comment.
        case .htmlBlock(let html): if !decider.isNote(html) { out.append(rawHTML(html, at: node, block: true)) }
        case .paragraph:
            // Told once the paragraph's own parts are decided, video or not, as the direct
            // walk tells it when the paragraph ends.
            var written = WrittenParagraph(location: document.location(of: node))
            write(node.children, into: &written)
            defer { if written.mayHoldAHabit { decider.paragraph(written, diagnostics: &diagnostics) } }
            var children: [BodyNode]
            if node.children.count == 1, case .image = node.children[0].kind {
                // A video alone in its paragraph takes the paragraph's place.
                let image = image(node.children[0], aloneInParagraph: true)
                if case .video = image {
                    out.append(image)
                    return
                }
                children = [image]
            } else {
                children = blocks(node.children)
            }
            if node.children.count == 1, case .text(let text) = node.children[0].kind {
                decider.wordParagraph(text, at: document.location(of: node), diagnostics: &diagnostics)
            }
            endLine()
            out.append(.paragraph(children))
        case .heading(let level):
            let children = blocks(node.children)
            decider.heading(level: level, text: HeadingIDs.text(children), at: document.location(of: node), diagnostics: &diagnostics)
            endLine()
            // Ids are given once the whole body is decided: see `HeadingIDs`.
            out.append(.heading(level: level, id: "", children))
        case .thematicBreak: out.append(.thematicBreak)
        case .text(let text):
            plainText += text
            out.append(.text(text))
        case .softBreak:
            plainText += " "
            out.append(.softBreak)
        case .lineBreak:
            plainText += " "
            out.append(.lineBreak)
        case .code(let code):
            plainText += code
            out.append(.code(code))
        case .inlineHTML(let html): if !decider.isNote(html) { out.append(rawHTML(html, at: node, block: false)) }
        case .emphasis: out.append(.emphasis(blocks(node.children)))
        case .strong: out.append(.strong(blocks(node.children)))
        case .link(let destination, let title):
            let target = decider.link(reference(node, .link, url: destination, title: title), diagnostics: &diagnostics)
            out.append(.link(target, title: title, blocks(node.children)))
        case .image: out.append(image(node, aloneInParagraph: false))
        }
    }

    /// An image: a picture, or a video that takes a slot.
    mutating func image(_ node: MarkdownNode, aloneInParagraph: Bool) -> BodyNode {
        guard case .image(let source, let title) = node.kind else { return .text("") }
        let decision = decider.image(
            reference(node, .image, url: source, title: title, aloneInParagraph: aloneInParagraph), diagnostics: &diagnostics)
        // Links and images in the description are checked, but not shown as such: the
        // description becomes the `alt` text, or the video's title.
        var description = BodyWalk(decider: decider, document: document)
        _ = description.blocks(node.children)
        diagnostics.append(contentsOf: description.diagnostics.all)
        switch decision {
        case .video(let video):
            videos.append(video)
            return aloneInParagraph ? .video(videos.count - 1) : .inlineVideo(videos.count - 1)
        case .picture(let imageSource):
            plainText += description.plainText
            return .image(imageSource, alt: Self.altText(node.children), title: title)
        }
    }

    /// An image's description as cmark writes it in `alt`: the text, code and raw
    /// HTML of its children, a space for each line break.
    static func altText(_ nodes: [MarkdownNode]) -> String {
        var out = ""
        for node in nodes {
            switch node.kind {
            case .text(let text), .code(let text), .inlineHTML(let text): out += text
            case .softBreak, .lineBreak: out += " "
            default: break
            }
            out += altText(node.children)
        }
        return out
    }

    func reference(
        _ node: MarkdownNode, _ kind: MarkdownReference.Kind, url: String, title: String, aloneInParagraph: Bool = false
    ) -> MarkdownReference {
        MarkdownReference(
            kind: kind, url: url, title: title, text: node.plainText, location: document.location(of: node),
            isAloneInParagraph: aloneInParagraph)
    }

    /// A paragraph's text as ``WrittenParagraph`` keeps it.
    func write(_ nodes: [MarkdownNode], into written: inout WrittenParagraph) {
        for node in nodes {
            switch node.kind {
            case .text(let text): written.bytes.append(contentsOf: text.utf8)
            case .softBreak, .lineBreak: written.bytes.append(UInt8(ascii: "\n"))
            case .code: written.bytes.append(WrittenParagraph.code)
            case .inlineHTML(let html): if !decider.isNote(html) { written.bytes.append(WrittenParagraph.code) }
            default: write(node.children, into: &written)
            }
        }
    }

    /// A tag of a passage in another language: kept, to be sanitised as other raw HTML
    /// is, or left out.
    mutating func langSpan(_ status: LangSpan.Status, html: String, at node: MarkdownNode, into out: inout [BodyNode]) {
        guard case .kept(let tag) = status else {
            diagnostics.langSpan(status, html: html, at: document.location(of: node))
            out.append(.omittedInlineHTML)
            return
        }
        keptRawHTML = true
        checkRawHTML(tag, at: document.location(of: node))
        out.append(.rawInlineHTML(tag))
    }

    mutating func rawHTML(_ html: String, at node: MarkdownNode, block: Bool) -> BodyNode {
        if decider.rawHTML(html, at: document.location(of: node), diagnostics: &diagnostics) {
            keptRawHTML = true
            checkRawHTML(html, at: document.location(of: node))
            return block ? .rawHTML(html) : .rawInlineHTML(html)
        }
        return block ? .omittedHTML : .omittedInlineHTML
    }
}
