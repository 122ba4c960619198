/// The text of a chapter or of the welcome page, as the compiler decided it: every link
/// resolved to what it points at, every video in its slot, every image marked as the
/// program's own or another website's, every heading with its id, and any HTML the
/// program allows already sanitised. Outputs render it (``BodyHTML``) without searching
/// text for meaning.
///
/// It is kept as the HTML every output writes the same way, in runs, between typed slots
/// for what each writes its own way: a build renders every chapter once per output, and
/// filling slots costs no more than copying, where walking a tree of nodes for each
/// would cost several times the time and memory.
public struct Body: Sendable, Hashable {
    /// The runs of HTML and the slots, in order.
    public var segments: [BodySegment]
    /// The bytes of HTML in all runs, to size an output.
    public var size: Int

    /// The body of the tree `blocks`, in reading order.
    public init(blocks: [BodyNode]) {
        segments = BodyHTML.segments(blocks)
        size = segments.reduce(0) { total, segment in
            if case .html(let html) = segment { return total + html.utf8.count }
            return total + 64
        }
    }
}

/// A run of a ``Body``'s HTML, or a slot that each output fills its own way.
///
/// The slots with large values are `indirect`: a body is mostly runs of HTML, and an
/// array of segments is as wide as its widest case.
public enum BodySegment: Sendable, Hashable {
    /// HTML every output writes as it is.
    case html(String)
    /// The value of a link's `href`.
    indirect case href(LinkTarget)
    /// A picture, written whole: an `<img>` or, for a picture on another website, what
    /// an output shows instead.
    indirect case image(ImageSource, alt: String, title: String)
    /// The player of the page's video at this index.
    case video(Int)
    /// The value of a heading's `id`.
    case headingID(String)
}

/// One block or inline of a body, as the compiler decides it before writing it as a
/// ``Body``.
///
/// The Markdown structure is CommonMark's; what Folio adds (resolved links, videos,
/// images, sanitised elements) has its own cases.
///
/// Children are kept in arrays, so only the cases with wide values are `indirect`: a body
/// is mostly text, and boxing every node made the allocator a tenth of a large build.
public enum BodyNode: Sendable, Hashable {
    // Blocks
    case paragraph([BodyNode])
    /// A heading, with the id its page gives it (unique within the page).
    case heading(level: Int, id: String, [BodyNode])
    case blockQuote([BodyNode])
    /// A list; each item is its list of blocks.
    case list(BodyList, items: [[BodyNode]])
    /// A code block; `info` is the fence's info string (empty for an indented block).
    case codeBlock(info: String, code: String)
    case thematicBreak
    /// A video standing alone in its paragraph, by its index in the page's videos.
    case video(Int)
    /// Raw HTML the program does not allow, left out where it stood.
    case omittedHTML
    /// Raw HTML as the author wrote it. Only a body on its way through the compiler
    /// holds it: the compiler sanitises it into ``element(_:)`` nodes or leaves it out.
    case rawHTML(String)

    // Inlines
    case text(String)
    case softBreak
    case lineBreak
    case code(String)
    case emphasis([BodyNode])
    case strong([BodyNode])
    indirect case link(LinkTarget, title: String, [BodyNode])
    indirect case image(ImageSource, alt: String, title: String)
    /// A video inside a line of text, by its index in the page's videos.
    case inlineVideo(Int)
    /// Raw inline HTML the program does not allow, left out where it stood.
    case omittedInlineHTML
    /// Raw inline HTML as the author wrote it; as ``rawHTML(_:)``.
    case rawInlineHTML(String)

    /// An element of HTML the program allows (`allow_html: true`), with only the
    /// attributes the sanitiser kept.
    indirect case element(HTMLElement)
}

/// How a list is numbered and spaced.
public struct BodyList: Sendable, Hashable {
    public var ordered: Bool
    /// The first number of an ordered list.
    public var start: Int
    /// A tight list's items are not wrapped in paragraphs.
    public var tight: Bool
    public init(ordered: Bool, start: Int, tight: Bool) {
        self.ordered = ordered
        self.start = start
        self.tight = tight
    }
}

/// Where a link points, decided by the compiler.
public enum LinkTarget: Sendable, Hashable {
    /// A chapter of the program; `suffix` is the `#fragment` or `?query` written after it.
    case chapter(id: String, suffix: String)
    case welcome(suffix: String)
    case billOfRights(suffix: String)
    /// A file of the program's `media/` folder (`media/checklist.pdf`).
    case media(path: String, suffix: String)
    /// Kept as the author wrote it: a web address (`https:`, `mailto:`, `tel:`) or a
    /// place on the same page (`#top`).
    case asWritten(String)
}

/// Where an image comes from, decided by the compiler.
public enum ImageSource: Sendable, Hashable {
    /// A file of the program's `media/` folder.
    case media(path: String, suffix: String)
    /// A picture on another website (`http:` or `https:`). Outputs that care about the
    /// learner's privacy show a link instead of loading it.
    case remote(String)
    /// Kept as the author wrote it.
    case asWritten(String)
}

/// An HTML element kept by the sanitiser.
public struct HTMLElement: Sendable, Hashable {
    /// The lower-case element name, from the sanitiser's allow-list.
    public var name: String
    /// Name and value of each kept attribute, in source order.
    public var attributes: [HTMLAttribute]
    public var children: [BodyNode]

    public init(name: String, attributes: [HTMLAttribute], children: [BodyNode]) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// Elements that have no end tag.
    public static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "col"]
}

/// One attribute of an ``HTMLElement``; `value` is the text, not yet escaped.
public struct HTMLAttribute: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
