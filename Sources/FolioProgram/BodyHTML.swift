import FolioCore
import FolioModel

/// What differs between the HTML of one output and another's: where links and images
/// point, and what stands in a video's slot. Everything else is rendered the same way.
public protocol BodyHTMLStyle {
    /// The `href` of a link, ready for the attribute (escaped with ``BodyHTML/escapeAddress(_:)``
    /// where it holds author text).
    func href(_ target: LinkTarget) -> String
    /// The `src` of an image, ready for the attribute.
    func src(_ source: ImageSource) -> String
    /// HTML shown instead of an image from another website, or nil to show the image.
    func remoteImage(url: String, alt: String, title: String) -> String?
    /// The HTML in the slot of video `index`.
    func video(_ index: Int) -> String
    /// The `id` a heading gets, from the one the compiler gave it.
    func headingID(_ id: String) -> String
    /// The size in pixels an image is given (`width` and `height`), when known.
    func size(_ source: ImageSource) -> (width: Int, height: Int)?
}

extension BodyHTMLStyle {
    /// Headings keep the ids the compiler gave them.
    public func headingID(_ id: String) -> String { id }
    /// No sizes: cmark's HTML exactly.
    public func size(_ source: ImageSource) -> (width: Int, height: Int)? { nil }
}

/// Renders a ``Body`` to HTML, byte for byte as cmark's HTML renderer would render the
/// same document; a test holds it to that over the CommonMark specification's examples.
///
/// Written in Swift rather than by handing an edited tree back to cmark, so that the
/// compiler decides links, videos and images once, in ``Body``, and each output renders
/// them its own way without changing or searching a shared tree or text.
public enum BodyHTML {
    /// The HTML of `body` in `style`: the body's HTML as the compiler wrote it, with
    /// each slot filled the way `style` writes it.
    public static func render(_ body: Body, style: some BodyHTMLStyle) -> String {
        String(decoding: renderBytes(body, style: style), as: UTF8.self)
    }

    /// ``render(_:style:)`` as UTF-8, for a page built as bytes: every chapter's page
    /// takes its body this way, without making it a `String` and back.
    public static func renderBytes(_ body: Body, style: some BodyHTMLStyle) -> [UInt8] {
        renderBytes(body, style: style) { _ in }
    }

    /// ``renderBytes(_:style:)``, showing `see` each slot as it is filled.
    static func renderBytes(_ body: Body, style: some BodyHTMLStyle, seeing see: (BodySegment) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.size + 1024)
        body.forEachPart { part in
            if case .slot(let segment) = part { see(segment) }
            switch part {
            case .run(let bytes): out.append(contentsOf: bytes)
            case .slot(.html(let html)): append(html, to: &out)
            case .slot(.href(let target)): append(style.href(target), to: &out)
            case .slot(.headingID(let id)): appendEscaped(style.headingID(id), to: &out)
            case .slot(.video(let index)): append(style.video(index), to: &out)
            case .slot(.image(let source, let alt, let title)):
                if case .remote(let url) = source, let replacement = style.remoteImage(url: url, alt: alt, title: title) {
                    append(replacement, to: &out)
                    return
                }
                append("<img src=\"", to: &out)
                append(style.src(source), to: &out)
                append("\" alt=\"", to: &out)
                appendEscaped(alt, to: &out)
                if !title.isEmpty {
                    append("\" title=\"", to: &out)
                    appendEscaped(title, to: &out)
                }
                if let size = style.size(source) { append("\" width=\"\(size.width)\" height=\"\(size.height)", to: &out) }
                append("\" />", to: &out)
            }
        }
        return out
    }

    /// The body of `blocks`, written through a ``Body/Builder``.
    static func body(_ blocks: [BodyNode]) -> Body {
        var writer = Writer()
        writer.blocks(blocks, tight: false)
        return writer.builder.body
    }

    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// The bundle's HTML: links to chapters as `folio:chapter/<id>`, media as
    /// `media/<path>`, and each video as its placeholder element.
    public static func bundle(_ body: Body) -> String { render(body, style: BundleStyle()) }

    /// The bundle's way of writing links, images and videos.
    public struct BundleStyle: BodyHTMLStyle {
        let pictures: PictureSizes
        /// The bundle's style, writing each media picture's size from `pictures`.
        public init(pictures: PictureSizes = PictureSizes()) { self.pictures = pictures }
        /// The size of the picture at `source`, when it is one of the media and known.
        public func size(_ source: ImageSource) -> (width: Int, height: Int)? { pictures.size(source) }
        /// The address of a link: `folio:chapter/<id>` for a chapter, `folio:welcome`,
        /// `folio:bill-of-rights`, `media/...`, or the address as written.
        public func href(_ target: LinkTarget) -> String {
            switch target {
            case .chapter(let id, let suffix): return escapeAddress("folio:chapter/" + id + suffix)
            case .welcome(let suffix): return escapeAddress("folio:welcome" + suffix)
            case .billOfRights(let suffix): return escapeAddress("folio:bill-of-rights" + suffix)
            case .media(let path, let suffix): return escapeAddress(path + suffix)
            case .asWritten(let address): return escapeAddress(address)
            }
        }
        /// The address of a picture: `media/...` for a media file, the address as written
        /// for any other.
        public func src(_ source: ImageSource) -> String {
            switch source {
            case .media(let path, let suffix): return escapeAddress(path + suffix)
            case .remote(let address), .asWritten(let address): return escapeAddress(address)
            }
        }
        /// Nil: the bundle keeps another website's picture as an `<img>`, and an app
        /// decides whether to load it.
        public func remoteImage(url: String, alt: String, title: String) -> String? { nil }
        /// The placeholder element of video `index` (``Chapter/videoPlaceholder(_:)``).
        public func video(_ index: Int) -> String { Chapter.videoPlaceholder(index) }
    }

    /// Text for HTML content or an attribute: `&`, `<`, `>` and `"` escaped, as cmark does.
    public static func escapeText(_ text: String) -> String {
        var out: [UInt8] = []
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// An address for `href` or `src`, as cmark writes it: characters that are not
    /// allowed in an address are percent-encoded, `&` and `'` become entities.
    public static func escapeAddress(_ address: String) -> String {
        var bytes = address
        return bytes.withUTF8 { input in
            // Most addresses have nothing to escape, and every link of every page is
            // written here: those are given back as they are.
            guard let first = input.firstIndex(where: { !addressSafe[Int($0)] }) else { return address }
            var out: [UInt8] = []
            out.reserveCapacity(input.count + 16)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<first]))
            for byte in input[first...] {
                if addressSafe[Int(byte)] {
                    out.append(byte)
                } else if byte == UInt8(ascii: "&") {
                    out.append(contentsOf: "&amp;".utf8)
                } else if byte == UInt8(ascii: "'") {
                    out.append(contentsOf: "&#x27;".utf8)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The bytes cmark leaves as they are in an address (its `HREF_SAFE` table):
    /// ASCII letters and digits and `-_.+!*(),%#@?=;:/$`.
    private static let addressSafe: [Bool] = {
        var safe = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { safe[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { safe[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { safe[Int(byte)] = true }
        for byte in "-_.+!*(),%#@?=;:/$".utf8 { safe[Int(byte)] = true }
        return safe
    }()

    /// Appends `text` escaped as cmark escapes text (`&`, `<`, `>` and `"`), copying the
    /// runs between escapes whole: every word of every chapter passes here.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
    }

    /// ``appendEscaped(_:to:)`` for text given as UTF-8.
    static func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        HTMLText.appendEscaped(input, to: &out, apostrophes: false)
    }

    /// Writes a tree of nodes through a ``Body/Builder``.
    private struct Writer {
        var builder = Body.Builder()

        /// Blocks; `tight` for the blocks of an item of a tight list, whose paragraphs
        /// are not wrapped in `<p>`.
        mutating func blocks(_ nodes: [BodyNode], tight: Bool) {
            for node in nodes { self.node(node, tight: tight) }
        }

        mutating func inlines(_ nodes: [BodyNode]) {
            for node in nodes { self.node(node, tight: false) }
        }

        mutating func node(_ node: BodyNode, tight: Bool) {
            switch node {
            case .paragraph(let children):
                builder.openParagraph(tight: tight)
                inlines(children)
                builder.closeParagraph(tight: tight)
            case .heading(let level, let id, let children):
                builder.openHeading(level: level, id: id)
                inlines(children)
                builder.closeHeading(level: level)
            case .blockQuote(let children):
                builder.openBlockQuote()
                blocks(children, tight: false)
                builder.closeBlockQuote()
            case .list(let list, let items):
                builder.openList(list)
                for item in items {
                    builder.openItem()
                    blocks(item, tight: list.tight)
                    builder.closeItem()
                }
                builder.closeList(list)
            case .codeBlock(let info, let code): builder.codeBlock(info: info, code: code)
            case .thematicBreak: builder.thematicBreak()
            case .video(let index): builder.blockVideo(index)
            case .omittedHTML: builder.omittedHTML(block: true)
            case .rawHTML(let html): builder.rawHTML(html, block: true)
            case .rawInlineHTML(let html): builder.rawHTML(html, block: false)
            case .text(let text): builder.text(text)
            case .softBreak: builder.softBreak()
            case .lineBreak: builder.lineBreak()
            case .code(let code): builder.code(code)
            case .emphasis(let children):
                builder.openEmphasis()
                inlines(children)
                builder.closeEmphasis()
            case .strong(let children):
                builder.openStrong()
                inlines(children)
                builder.closeStrong()
            case .link(let target, let title, let children):
                builder.openLink(target, title: title)
                inlines(children)
                builder.closeLink()
            case .image(let source, let alt, let title): builder.image(source, alt: alt, title: title)
            case .inlineVideo(let index): builder.inlineVideo(index)
            case .omittedInlineHTML: builder.omittedHTML(block: false)
            case .element(let element):
                guard builder.openElement(element) else { return }
                blocks(element.children, tight: false)
                builder.closeElement(element)
            }
        }
    }
}
