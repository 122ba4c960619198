import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax

/// Converts a Markdown document to a ``Body`` straight from cmark's tree, as it is read
/// (``MarkdownStream``): the same body, videos, headings, plain text and diagnostics as
/// ``BodyWalk``, ``HeadingIDs`` and ``BodyHTML`` make from ``MarkdownNode``s, without
/// making those nodes or ``BodyNode``s. Every chapter is converted this way; what making
/// and walking the two trees costs is in docs/development.md (Twins). A test holds the
/// two ways to the same result over the CommonMark specification's examples, random
/// documents and the sample.
///
/// Raw HTML that the program allows is sanitised, and the sanitiser works on nodes: a
/// body that keeps some, or has a passage in another language (``LangSpan``), is
/// converted by ``BodyWalk`` instead (``read(_:)`` says so).
struct DirectBodyWalk<Decider: BodyDecider> {
    let decider: Decider
    var builder = Body.Builder()
    var diagnostics = DiagnosticList()
    var videos: [Video] = []
    var headings: [Heading] = []
    /// The text without markup, as ``BodyWalk/plainText``.
    var plainText: [UInt8] = []
    private var headingIDs = HeadingIDs.Assigner()
    /// The text of the heading being read, for its id (``HeadingIDs/text(_:)``).
    private var headingText: [UInt8]?
    /// Images entered and not yet left: their descriptions are checked, not written.
    private var describing = 0
    /// What each container entered and not yet left needs when it is left.
    private var open: [Open] = []
    /// The paragraph being read, and whether its text may show a writing habit, as
    /// ``WrittenParagraph/mayHoldAHabit`` would say: worked out as the text arrives, without
    /// copying it. Only a paragraph that may (few do) is read again, for its text, when it
    /// ends.
    private var paragraph: MarkdownStream.Node?
    private var paragraphMayHoldAHabit = false
    /// Whether the paragraph's next text starts one of its lines.
    private var atLineStart = false

    private enum Open {
        case document, blockQuote, item, emphasis, strong, link
        case list(BodyList)
        case paragraph(tight: Bool, content: ParagraphContent)
        /// `slot` holds the id, decided when the heading's text is read.
        case heading(level: Int, slot: Int?, location: SourceLocation)
        /// `plainTextBefore` is where the plain text goes back to when the image is a
        /// video: a video's title is not part of the text.
        case image(plainTextBefore: Int?)
    }

    /// A paragraph that holds nothing but an image is written once the image is decided:
    /// a video takes the paragraph's place.
    private enum ParagraphContent { case written, awaitingImage, replacedByVideo }

    init(decider: Decider) { self.decider = decider }

    /// Reads the whole stream; false, having stopped, when the body keeps raw HTML.
    mutating func read(_ stream: inout MarkdownStream) -> Bool {
        while let event = stream.next() {
            switch event {
            case .enter(let node): enter(node, &stream)
            case .exit: exit(&stream)
            case .leaf(let node): guard leaf(node, &stream) else { return false }
            }
        }
        return true
    }

    /// Ends the plain text's line after a block, as ``BodyWalk/endLine()``.
    private mutating func endLine() {
        if let last = plainText.last, last != UInt8(ascii: "\n") { plainText.append(UInt8(ascii: "\n")) }
    }

    private var isInTightItem: Bool {
        guard open.count >= 2, case .item = open[open.count - 1], case .list(let list) = open[open.count - 2] else { return false }
        return list.tight
    }

    private mutating func enter(_ node: MarkdownStream.Node, _ stream: inout MarkdownStream) {
        switch node.type {
        case .blockQuote:
            builder.openBlockQuote()
            open.append(.blockQuote)
        case .list:
            let read = stream.list(of: node)
            let list = BodyList(ordered: read.ordered, start: read.start, tight: read.tight)
            builder.openList(list)
            open.append(.list(list))
        case .item:
            builder.openItem()
            open.append(.item)
        case .paragraph:
            let tight = isInTightItem
            let first = stream.firstChild(of: node)
            let only = first.flatMap { stream.nextSibling(of: $0) == nil ? $0 : nil }
            if let only, only.type == .text {
                decider.wordParagraph(stream.literal(of: only), at: stream.location(of: node), diagnostics: &diagnostics)
            }
            paragraph = node
            paragraphMayHoldAHabit = false
            atLineStart = true
            if only?.type == .image {
                open.append(.paragraph(tight: tight, content: .awaitingImage))
            } else {
                builder.openParagraph(tight: tight)
                open.append(.paragraph(tight: tight, content: .written))
            }
        case .heading:
            let level = stream.headingLevel(of: node)
            // The id is the heading's text made an id, known once the heading is read; its
            // slot is made now, where it stands.
            open.append(.heading(level: level, slot: builder.openHeading(level: level, id: "section"), location: stream.location(of: node)))
            headingText = []
        case .emphasis:
            if describing == 0 { builder.openEmphasis() }
            open.append(.emphasis)
        case .strong:
            if describing == 0 { builder.openStrong() }
            open.append(.strong)
        case .link:
            let title = stream.title(of: node)
            let target = decider.link(reference(node, .link, title: title, &stream), diagnostics: &diagnostics)
            if describing == 0 { builder.openLink(target, title: title) }
            open.append(.link)
        case .image:
            image(node, &stream)
        default:
            // The document itself: the other nodes entered are named above.
            open.append(.document)
        }
    }

    /// An image: a picture, or a video that takes a slot (alone in its paragraph, the
    /// paragraph's place). Its description is read next, as text, checked but not written.
    private mutating func image(_ node: MarkdownStream.Node, _ stream: inout MarkdownStream) {
        var alone = false
        if case .paragraph(let tight, .awaitingImage) = open.last {
            alone = true
            open[open.count - 1] = .paragraph(tight: tight, content: .written)
        }
        let title = stream.title(of: node)
        let decision = decider.image(reference(node, .image, title: title, aloneInParagraph: alone, &stream), diagnostics: &diagnostics)
        describing += 1
        switch decision {
        case .video(let video):
            open.append(.image(plainTextBefore: plainText.count))
            // A video in an image's description is checked, but shows nowhere.
            guard describing == 1 else { return }
            videos.append(video)
            if alone {
                open[open.count - 2] = .paragraph(tight: false, content: .replacedByVideo)
                builder.blockVideo(videos.count - 1)
            } else {
                builder.inlineVideo(videos.count - 1)
            }
        case .picture(let source):
            open.append(.image(plainTextBefore: nil))
            guard describing == 1 else { return }
            if alone, case .paragraph(let tight, _) = open[open.count - 2] { builder.openParagraph(tight: tight) }
            let alt = stream.text(of: node, includingHTML: true)
            headingText?.append(contentsOf: alt.utf8)
            builder.image(source, alt: alt, title: title)
        }
    }

    private mutating func exit(_ stream: inout MarkdownStream) {
        switch open.removeLast() {
        case .document: break
        case .blockQuote: builder.closeBlockQuote()
        case .list(let list): builder.closeList(list)
        case .item:
            builder.closeItem()
            endLine()
        case .paragraph(let tight, let content):
            if paragraphMayHoldAHabit, let node = paragraph {
                var written = WrittenParagraph(location: stream.location(of: node))
                write(node, into: &written, &stream)
                decider.paragraph(written, diagnostics: &diagnostics)
            }
            paragraph = nil
            guard content != .replacedByVideo else { return }
            endLine()
            builder.closeParagraph(tight: tight)
        case .heading(let level, let slot, let location):
            let text = String(decoding: headingText ?? [], as: UTF8.self)
            headingText = nil
            decider.heading(level: level, text: text, at: location, diagnostics: &diagnostics)
            let id = headingIDs.id(for: text)
            if let slot { builder.setHeadingID(id, at: slot) }
            headings.append(Heading(level: level, text: text, id: id))
            endLine()
            builder.closeHeading(level: level)
        case .emphasis: if describing == 0 { builder.closeEmphasis() }
        case .strong: if describing == 0 { builder.closeStrong() }
        case .link: if describing == 0 { builder.closeLink() }
        case .image(let plainTextBefore):
            describing -= 1
            if let plainTextBefore { plainText.removeSubrange(plainTextBefore...) }
        }
    }

    /// Text, breaks, code, code blocks and raw HTML; false for raw HTML the program keeps.
    private mutating func leaf(_ node: MarkdownStream.Node, _ stream: inout MarkdownStream) -> Bool {
        switch node.type {
        case .text, .code:
            stream.withLiteral(of: node) { text in
                plainText.append(contentsOf: text)
                if paragraph != nil, !paragraphMayHoldAHabit {
                    if node.type == .text {
                        paragraphMayHoldAHabit = WrittenParagraph.mayHoldAHabit(text, atLineStart: &atLineStart)
                    } else {
                        atLineStart = false
                    }
                }
                guard describing == 0 else { return }
                headingText?.append(contentsOf: text)
                if node.type == .text { builder.text(text) } else { builder.code(text) }
            }
        case .softBreak, .lineBreak:
            plainText.append(UInt8(ascii: " "))
            atLineStart = true
            guard describing == 0 else { return true }
            headingText?.append(UInt8(ascii: " "))
            if node.type == .softBreak { builder.softBreak() } else { builder.lineBreak() }
        case .codeBlock:
            builder.codeBlock(info: stream.fenceInfo(of: node), code: stream.literal(of: node))
        case .thematicBreak:
            builder.thematicBreak()
        case .htmlBlock, .inlineHTML:
            let html = stream.literal(of: node)
            // A note for staff leaves nothing on the page, not even a comment.
            if decider.isNote(html) { return true }
            atLineStart = false
            // A passage in another language is paired and sanitised on nodes; a `</span>`
            // before any `<span lang>` closes none, and is raw HTML as any other.
            if node.type == .inlineHTML, !decider.keepsAllHTML, case .open = LangSpan.tag(html) { return false }
            guard !decider.rawHTML(html, at: stream.location(of: node), diagnostics: &diagnostics) else { return false }
            if describing == 0 { builder.omittedHTML(block: node.type == .htmlBlock) }
        default:
            break
        }
        return true
    }

    /// The text of a paragraph as ``WrittenParagraph`` keeps it, read from cmark's tree.
    private func write(_ node: MarkdownStream.Node, into written: inout WrittenParagraph, _ stream: inout MarkdownStream) {
        var child = stream.firstChild(of: node)
        while let current = child {
            switch current.type {
            case .text: stream.withLiteral(of: current) { written.bytes.append(contentsOf: $0) }
            case .softBreak, .lineBreak: written.bytes.append(UInt8(ascii: "\n"))
            case .code: written.bytes.append(WrittenParagraph.code)
            case .inlineHTML: if !decider.isNote(stream.literal(of: current)) { written.bytes.append(WrittenParagraph.code) }
            default: write(current, into: &written, &stream)
            }
            child = stream.nextSibling(of: current)
        }
    }

    private func reference(
        _ node: MarkdownStream.Node, _ kind: MarkdownReference.Kind, title: String, aloneInParagraph: Bool = false,
        _ stream: inout MarkdownStream
    ) -> MarkdownReference {
        MarkdownReference(
            kind: kind, url: stream.url(of: node), title: title, text: stream.text(of: node), location: stream.location(of: node),
            isAloneInParagraph: aloneInParagraph)
    }
}
