import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation

/// Keeps the raw HTML of a program that allows it (`allow_html: true`) to what is safe
/// in any web view, with or without a Content-Security-Policy: an allow-list of
/// elements and attributes, the way well-kept sanitisers (DOMPurify, Bleach, GitHub's)
/// work, over Gumbo, a parser that follows the HTML standard, so that tags are read
/// exactly as a browser would read them.
///
/// No package of the toolchain sanitises HTML, so the rules are written here; they are
/// short on purpose, and the list is the documentation (docs/format.md, "HTML in chapters").
///
/// Raw HTML and Markdown interleave (`<div class="note">`, a Markdown paragraph, then
/// `</div>`), so HTML is not cleaned piece by piece: the whole body is rendered with
/// each link, image and video Folio resolved standing as a marked slot, parsed once as
/// a browser would, and rebuilt from the parsed tree, with the slots put back. The
/// marks carry a random key made for each body, so author HTML cannot forge one.
enum HTMLSanitizer {
    /// Elements kept, with the attributes kept on each (besides ``globalAttributes``).
    static let elements: [String: Set<String>] = [
        "p": [], "div": [], "span": [], "br": [], "hr": [], "blockquote": [], "pre": [], "code": ["class"],
        "ul": [], "ol": ["start", "reversed", "type"], "li": ["value"], "dl": [], "dt": [], "dd": [],
        "table": [], "thead": [], "tbody": [], "tfoot": [], "tr": [], "th": ["colspan", "rowspan", "scope"], "td": ["colspan", "rowspan"],
        "caption": [], "figure": [], "figcaption": [], "details": ["open"], "summary": [],
        "em": [], "strong": [], "b": [], "i": [], "u": [], "s": [], "del": [], "ins": [], "mark": [], "small": [], "sub": [], "sup": [],
        "abbr": [], "cite": [], "q": [], "kbd": [], "samp": [], "var": [], "time": ["datetime"], "ruby": [], "rt": [], "rp": [],
        "wbr": [], "bdi": [], "bdo": [],
    ]

    /// Attributes kept on every kept element.
    static let globalAttributes: Set<String> = ["title", "lang", "dir"]

    /// Elements left out together with everything inside them: what they hold is code,
    /// a page of its own, or a form control, never text meant for the page.
    static let removedWithContent: Set<String> = [
        "script", "style", "template", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "noembed", "noframes",
        "textarea", "select", "option", "optgroup", "title", "xmp", "plaintext", "head", "base", "meta", "link", "param", "source",
        "track", "audio", "video", "canvas", "input", "button", "math", "svg",
    ]

    /// Whether an attribute's value may stay: numbers where numbers are meant, a
    /// code block's language class and nothing else.
    static func keeps(_ attribute: HTMLFragment.Attribute, on element: String) -> Bool {
        switch attribute.name {
        case "colspan", "rowspan", "start", "value", "width", "height":
            return !attribute.value.isEmpty && attribute.value.count <= 6 && attribute.value.allSatisfy(\.isASCII) && Int(attribute.value) != nil
        case "class":
            return element == "code" && attribute.value.hasPrefix("language-")
                && attribute.value.dropFirst(9).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_+#.".contains($0)) }
        case "dir": return ["ltr", "rtl", "auto"].contains(attribute.value.lowercased())
        case "type": return ["1", "a", "A", "i", "I"].contains(attribute.value)
        default: return true
        }
    }

    /// Deepest nesting of raw HTML elements a body may have. Parsing HTML by the
    /// standard costs time in proportion to the depth for each tag (the parser looks
    /// through the open elements), so a file of nothing but `<div>` would take minutes;
    /// with the depth bounded, parsing stays linear in the file's size.
    static let maxDepth = 256

    /// An upper bound of how deep `html` leaves the open elements, starting at `depth`,
    /// and the deepest it gets: each `<name` opens one (unless it is a void element or
    /// ends in `/>`), each `</name` closes one. Comments and attribute values can only
    /// make it count more, never less, so it is a safe bound to check before parsing.
    /// Elements named in `uncounted` add nothing: for elements whose end tag HTML lets
    /// an author leave out (`p`, `li`), which the next one closes, so that each adds at
    /// most one level beside the elements counted.
    static func nesting(of html: String, from depth: Int, uncounted: Set<String> = []) -> (depth: Int, deepest: Int) {
        var depth = depth
        var deepest = depth
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count else {
                i += 1
                continue
            }
            let closing = bytes[i + 1] == UInt8(ascii: "/")
            var j = i + (closing ? 2 : 1)
            let nameStart = j
            while j < bytes.count, isNameByte(bytes[j]) { j += 1 }
            guard j > nameStart, isLetter(bytes[nameStart]) else {
                i += 1
                continue
            }
            if closing {
                if uncounted.isEmpty || !uncounted.contains(String(decoding: bytes[nameStart..<j], as: UTF8.self).lowercased()) {
                    depth = max(0, depth - 1)
                }
            } else {
                let name = String(decoding: bytes[nameStart..<j], as: UTF8.self).lowercased()
                var k = j
                while k < bytes.count, bytes[k] != UInt8(ascii: ">"), bytes[k] != UInt8(ascii: "<") { k += 1 }
                let selfClosing = k < bytes.count && k > j && bytes[k] == UInt8(ascii: ">") && bytes[k - 1] == UInt8(ascii: "/")
                if !voidNames.contains(name) && !selfClosing && !uncounted.contains(name) {
                    depth += 1
                    deepest = max(deepest, depth)
                }
            }
            i = j
        }
        return (depth, deepest)
    }

    private static let voidNames: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    /// What was left out of one piece of HTML, for the author's warning.
    struct Removals {
        var elements: [String] = []
        var attributes: [String] = []
        var cutTooDeep = false

        mutating func element(_ name: String) { if !elements.contains(name) { elements.append(name) } }
        mutating func attribute(_ name: String) { if !attributes.contains(name) { attributes.append(name) } }
        var isEmpty: Bool { elements.isEmpty && attributes.isEmpty && !cutTooDeep }

        /// `the <script> element and the onclick attribute`
        var description: String {
            var parts: [String] = []
            if !elements.isEmpty {
                parts.append("the " + Self.list(elements.map { "`<\($0)>`" }) + (elements.count == 1 ? " element" : " elements"))
            }
            if !attributes.isEmpty {
                parts.append("the " + Self.list(attributes.map { "`\($0)`" }) + (attributes.count == 1 ? " attribute" : " attributes"))
            }
            if cutTooDeep { parts.append("elements nested more than \(HTMLFragment.maxNesting) deep") }
            return Self.list(parts)
        }

        static func list(_ items: [String]) -> String {
            items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}

extension BodyWalk {
    /// Raw HTML the program allows, looked at on its own: what the sanitiser will leave
    /// out is reported here, where the author wrote it, and its links and images are
    /// checked as Markdown's are.
    mutating func checkRawHTML(_ html: String, at location: SourceLocation) {
        guard !rawHTMLTooDeep else { return }
        let nesting = HTMLSanitizer.nesting(of: html, from: rawHTMLDepth)
        rawHTMLDepth = nesting.depth
        if nesting.deepest > HTMLSanitizer.maxDepth {
            rawHTMLTooDeep = true
            diagnostics.error(
                .markdownNestingLimit, at: location,
                "the HTML here opens more than \(HTMLSanitizer.maxDepth) elements inside each other",
                help: "close each element you open (`<div>` ... `</div>`); a page never needs this much nesting")
            return
        }
        var removals = HTMLSanitizer.Removals()
        let parsed = HTMLFragment.parse(html)
        removals.cutTooDeep = parsed.cutTooDeep
        var rebuild = HTMLRebuild(slots: nil, location: location)
        _ = rebuild.nodes(parsed.nodes, walk: &self, removals: &removals, report: true)
        guard !removals.isEmpty else { return }
        diagnostics.warning(
            .htmlRemoved, at: location,
            "\(removals.description) \(removals.elements.count + removals.attributes.count == 1 && !removals.cutTooDeep ? "is" : "are") left out of this HTML",
            help: "HTML in chapters may use text elements (`<p>`, `<div>`, `<span>`, `<table>`, `<details>` ...) with `title`, `lang` and `dir`; "
                + "links and pictures are written in Markdown or as `<a href>` and `<img src alt>`. `folio explain html-removed` lists them all")
    }

    /// The blocks with their raw HTML sanitised into elements, the Markdown around it
    /// kept as it was resolved.
    mutating func sanitize(_ blocks: [BodyNode]) -> [BodyNode] {
        // Too deep to parse in reasonable time; the error stops the build anyway.
        guard !rawHTMLTooDeep else { return [] }
        let slots = SlotStyle()
        slots.collectBlockVideos(blocks)
        let html = BodyHTML.render(Body(blocks: blocks), style: slots)
        let parsed = HTMLFragment.parse(html)
        var removals = HTMLSanitizer.Removals()
        var rebuild = HTMLRebuild(slots: slots, location: document.location(of: document.root))
        // Problems were reported piece by piece (`checkRawHTML`); this pass is quiet.
        return rebuild.nodes(parsed.nodes, walk: &self, removals: &removals, report: false)
    }
}

/// Stands each of Folio's links, images and videos in the HTML as a slot that the
/// parsed tree gives back.
final class SlotStyle: BodyHTMLStyle {
    /// A key no author can guess, so that no HTML an author writes can pass for a slot.
    let key = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 36) }.joined()
    private(set) var links: [LinkTarget] = []
    private(set) var images: [ImageSource] = []
    private var blockVideos: Set<Int> = []

    var prefix: String { "folio-slot:" + key + ":" }
    var videoElement: String { "folio-video-" + key }

    func href(_ target: LinkTarget) -> String {
        links.append(target)
        return prefix + String(links.count - 1)
    }

    func src(_ source: ImageSource) -> String {
        images.append(source)
        return prefix + String(images.count - 1)
    }

    func remoteImage(url: String, alt: String, title: String) -> String? { nil }

    func video(_ index: Int) -> String { "<\(videoElement) data-video=\"\(index)\"></\(videoElement)>" }

    func isBlockVideo(_ index: Int) -> Bool { blockVideos.contains(index) }

    /// Notes which videos stand alone in their paragraph, which the HTML does not say.
    func collectBlockVideos(_ nodes: [BodyNode]) {
        for node in nodes {
            switch node {
            case .video(let index): blockVideos.insert(index)
            case .blockQuote(let children): collectBlockVideos(children)
            case .list(_, let items): items.forEach(collectBlockVideos)
            default: break
            }
        }
    }

    /// The index in a slot address, when `address` is one.
    func slot(_ address: String) -> Int? {
        guard address.hasPrefix(prefix) else { return nil }
        return Int(address.dropFirst(prefix.count))
    }
}

/// Rebuilds body nodes from a parsed HTML tree by the sanitiser's rules.
private struct HTMLRebuild {
    /// The slots of a whole body, or nil for a piece of author HTML looked at alone.
    let slots: SlotStyle?
    /// Where the HTML was written, for what its links and images report.
    let location: SourceLocation

    mutating func nodes<Decider>(
        _ nodes: [HTMLFragment.Node], walk: inout BodyWalk<Decider>, removals: inout HTMLSanitizer.Removals, report: Bool
    ) -> [BodyNode] {
        nodes.flatMap { node(in: $0, walk: &walk, removals: &removals, report: report) }
    }

    mutating func node<Decider>(
        in node: HTMLFragment.Node, walk: inout BodyWalk<Decider>, removals: inout HTMLSanitizer.Removals, report: Bool
    ) -> [BodyNode] {
        let name: String
        let attributes: [HTMLFragment.Attribute]
        switch node.kind {
        case .text(let text): return [.text(text)]
        case .other: return []
        case .element(let elementName, let elementAttributes):
            name = elementName
            attributes = elementAttributes
        }
        func value(_ attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }
        func children(_ walk: inout BodyWalk<Decider>, _ removals: inout HTMLSanitizer.Removals) -> [BodyNode] {
            self.nodes(node.children, walk: &walk, removals: &removals, report: report)
        }
        if let slots {
            if name == "a", let k = value("href").flatMap(slots.slot), k < slots.links.count {
                return [.link(slots.links[k], title: value("title") ?? "", children(&walk, &removals))]
            }
            if name == "img", let k = value("src").flatMap(slots.slot), k < slots.images.count {
                return [.image(slots.images[k], alt: value("alt") ?? "", title: value("title") ?? "")]
            }
            if name == slots.videoElement, let k = value("data-video").flatMap({ Int($0) }) {
                return [slots.isBlockVideo(k) ? .video(k) : .inlineVideo(k)]
            }
        }
        if name.hasPrefix("svg:") || name.hasPrefix("math:") || HTMLSanitizer.removedWithContent.contains(name) {
            removals.element(name.split(separator: ":").first.map(String.init) ?? name)
            return []
        }
        if name == "a" {
            for attribute in attributes where attribute.name != "href" && !HTMLSanitizer.globalAttributes.contains(attribute.name) {
                removals.attribute(attribute.name)
            }
            guard let href = value("href") else { return children(&walk, &removals) }
            let reference = MarkdownReference(
                kind: .link, url: href, title: value("title") ?? "", text: "", location: location, isAloneInParagraph: false)
            var diagnostics = DiagnosticList()
            let target = walk.decider.link(reference, diagnostics: &diagnostics)
            if report { walk.diagnostics.append(contentsOf: diagnostics.all) }
            return [.link(target, title: value("title") ?? "", children(&walk, &removals))]
        }
        if name == "img" {
            for attribute in attributes where !["src", "alt", "title", "width", "height"].contains(attribute.name) { removals.attribute(attribute.name) }
            guard let src = value("src") else {
                removals.element("img")
                return []
            }
            let alt = value("alt") ?? ""
            let reference = MarkdownReference(kind: .image, url: src, title: value("title") ?? "", text: alt, location: location, isAloneInParagraph: false)
            var diagnostics = DiagnosticList()
            let decision = walk.decider.image(reference, diagnostics: &diagnostics)
            if report { walk.diagnostics.append(contentsOf: diagnostics.all) }
            switch decision {
            case .video(let video):
                // Only the pass over the whole body gives the video its slot.
                guard !report else { return [] }
                walk.videos.append(video)
                return [.inlineVideo(walk.videos.count - 1)]
            case .picture(let source):
                return [.image(source, alt: alt, title: value("title") ?? "")]
            }
        }
        if name.count == 2, name.hasPrefix("h"), let level = Int(name.dropFirst()), (1...6).contains(level) {
            for attribute in attributes where !HTMLSanitizer.globalAttributes.contains(attribute.name) { removals.attribute(attribute.name) }
            return [.heading(level: level, id: "", children(&walk, &removals))]
        }
        guard let allowed = HTMLSanitizer.elements[name] else {
            // An element not on the list is left out, but its text stays.
            removals.element(name)
            return children(&walk, &removals)
        }
        var kept: [HTMLAttribute] = []
        for attribute in attributes {
            if (allowed.contains(attribute.name) || HTMLSanitizer.globalAttributes.contains(attribute.name))
                && HTMLSanitizer.keeps(attribute, on: name)
            {
                kept.append(HTMLAttribute(name: attribute.name, value: attribute.value))
            } else {
                removals.attribute(attribute.name)
            }
        }
        return [.element(HTMLElement(name: name, attributes: kept, children: children(&walk, &removals)))]
    }
}

extension DiagnosticCode {
    public static let htmlRemoved = DiagnosticCode("html-removed", .warning, .markdown)
}
