import FolioCore
import FolioModel

/// The text of a chapter or of the welcome page, as the compiler decided it: every link
/// resolved to what it points at, every video in its slot, every image marked as the
/// program's own or another website's, every heading with its id, and any HTML the
/// program allows already sanitised. Outputs render it (``BodyHTML``) without searching
/// text for meaning.
///
/// It is kept as the HTML every output writes the same way, in runs, between typed slots
/// for what each writes its own way: a build renders every chapter once per output, and
/// filling slots costs no more than copying, where walking a tree of nodes for each would
/// cost more time and memory.
///
/// The runs are held one after another as one run of UTF-8 bytes, each slot with the
/// place in it where it stands: a chapter has dozens of slots, and a string for each run
/// between them cost a large program much of its memory in their headers and rounding.
/// They are bytes, not a string: they are written and read as bytes, and making a string
/// of them checked them again. A build may put them on a shelf until an output reads them
/// (``shelved(on:)``), the slots with them, written as text after the runs
/// (``BodySlotText``): a slot in memory is a box, a string and an array's room, and a
/// large program's slots were a large part of its memory (docs/development.md, "Measured
/// choices").
public struct Body: Sendable, Hashable {
    private enum Storage: Sendable {
        case memory(runs: [UInt8], slots: [Slot])
        /// The runs, then the slots as text; the first `runsCount` bytes are the runs.
        /// Whether a slot is a picture of the media is known without reading them.
        case shelf(ShelvedText, runsCount: Int, slotCount: Int, mediaPictures: Bool)
    }

    private let storage: Storage

    /// The slots, in order, each where it stands in ``runs``; read from the shelf if they
    /// are there.
    var slots: [Slot] {
        switch storage {
        case .memory(_, let slots): return slots
        case .shelf: return withRunsAndSlots { _, slots in slots }
        }
    }

    /// The bytes of HTML in all runs and about 64 for each slot, to size an output.
    public var size: Int {
        switch storage {
        case .memory(let runs, let slots): return runs.count + 64 * slots.count
        case .shelf(_, let runsCount, let slotCount, _): return runsCount + 64 * slotCount
        }
    }

    /// The HTML of every run, one after another, read from the shelf if it is there.
    var runs: String {
        switch storage {
        case .memory(let runs, _): return String(decoding: runs, as: UTF8.self)
        case .shelf: return withRunsAndSlots { runs, _ in String(decoding: runs, as: UTF8.self) }
        }
    }

    /// A slot of a body and the byte of the runs it stands before.
    struct Slot: Sendable, Hashable {
        var offset: Int
        var segment: BodySegment
    }

    /// The body of the tree `blocks`, in reading order.
    public init(blocks: [BodyNode]) {
        self = BodyHTML.body(blocks)
    }

    /// The body of `runs`, the UTF-8 of HTML this program wrote, with `slots`.
    init(runs: [UInt8], slots: [Slot]) {
        storage = .memory(runs: runs, slots: slots)
    }

    private init(storage: Storage) { self.storage = storage }

    /// The same body with its HTML and slots put on `shelf` (kept in memory when there is
    /// none, or it does not take them).
    package func shelved(on shelf: (any TextShelf)?) -> Body {
        guard let shelf, case .memory(let runs, let slots) = storage else { return self }
        var text = runs
        BodySlotText.write(slots, to: &text)
        let shelved = ShelvedText(utf8: text, on: shelf)
        guard shelved.isShelved else { return self }
        return Body(
            storage: .shelf(shelved, runsCount: runs.count, slotCount: slots.count, mediaPictures: Self.holdMediaPictures(slots)))
    }

    /// Whether a slot is a picture from the program's `media/` folder; known without
    /// reading a body from its shelf, which most bodies would be read for in vain.
    var holdsMediaPictures: Bool {
        switch storage {
        case .memory(_, let slots): return Self.holdMediaPictures(slots)
        case .shelf(_, _, _, let mediaPictures): return mediaPictures
        }
    }

    private static func holdMediaPictures(_ slots: [Slot]) -> Bool {
        slots.contains {
            if case .image(.media, _, _) = $0.segment { return true }
            return false
        }
    }

    /// Whether the body's HTML is on a shelf rather than in memory.
    public var isShelved: Bool {
        if case .shelf = storage { return true }
        return false
    }

    /// Never reads a shelf (as ``ShelvedText``): two bodies in memory are equal when their
    /// HTML and slots are, two on a shelf when they are the same place of it, one of each
    /// never.
    public static func == (a: Body, b: Body) -> Bool {
        switch (a.storage, b.storage) {
        case (.memory, .memory):
            return a.size == b.size
                && a.withRunsAndSlots { aRuns, aSlots in b.withRunsAndSlots { bRuns, bSlots in aSlots == bSlots && aRuns.elementsEqual(bRuns) } }
        case (.shelf(let a, _, _, _), .shelf(let b, _, _, _)): return a == b
        default: return false
        }
    }

    /// Hashes the runs' bytes and the slots, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .memory:
            withRunsAndSlots { runs, slots in
                hasher.combine(bytes: UnsafeRawBufferPointer(runs))
                hasher.combine(slots)
            }
        case .shelf(let text, _, _, _): hasher.combine(text)
        }
    }

    /// Calls `body` with the bytes of the runs and the slots, read from the shelf once if
    /// they are there. A shelf that could not give them back gives none (no runs, no
    /// slots), and fails the build before anything written is used (``TextShelf``).
    private func withRunsAndSlots<Result>(_ body: (UnsafeBufferPointer<UInt8>, [Slot]) -> Result) -> Result {
        func memory(_ runs: [UInt8], _ slots: [Slot]) -> Result {
            runs.withUnsafeBufferPointer { body($0, slots) }
        }
        switch storage {
        case .memory(let runs, let slots):
            return memory(runs, slots)
        case .shelf(let shelved, let runsCount, _, _):
            return shelved.withUTF8 { bytes in
                guard bytes.count >= runsCount, let slots = BodySlotText.read(UnsafeBufferPointer(rebasing: bytes[runsCount...])) else {
                    return body(UnsafeBufferPointer(rebasing: bytes[0..<0]), [])
                }
                return body(UnsafeBufferPointer(rebasing: bytes[..<runsCount]), slots)
            }
        }
    }

    /// The runs of HTML and the slots, in order: each run between two slots as one
    /// `.html` segment, never an empty one. Made when asked for (a string for each run),
    /// so a renderer reads a body through ``BodyHTML/render(_:style:)`` instead. Set, the
    /// body takes the segments' HTML and slots, adjacent runs joined: bodies with the same
    /// HTML and slots are equal however their runs were split.
    public var segments: [BodySegment] {
        get {
            var segments: [BodySegment] = []
            forEachPart { part in
                switch part {
                case .run(let bytes): segments.append(.html(String(decoding: bytes, as: UTF8.self)))
                case .slot(let segment): segments.append(segment)
                }
            }
            return segments
        }
        set {
            var runs: [UInt8] = []
            var slots: [Slot] = []
            for segment in newValue {
                if case .html(let html) = segment {
                    runs += html.utf8
                } else {
                    slots.append(Slot(offset: runs.count, segment: segment))
                }
            }
            self = Body(runs: runs, slots: slots)
        }
    }

    /// A run of HTML's bytes, or a slot.
    enum Part {
        case run(UnsafeBufferPointer<UInt8>)
        case slot(BodySegment)
    }

    /// Hands each run (never an empty one) and each slot to `body`, in order.
    func forEachPart(_ body: (Part) -> Void) {
        withRunsAndSlots { bytes, slots in
            var start = 0
            for slot in slots {
                // Within the bytes read, should a slot's place be past them.
                let offset = min(max(slot.offset, start), bytes.count)
                if offset > start { body(.run(UnsafeBufferPointer(rebasing: bytes[start..<offset]))) }
                start = offset
                body(.slot(slot.segment))
            }
            if bytes.count > start { body(.run(UnsafeBufferPointer(rebasing: bytes[start...]))) }
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
/// is mostly text, and boxing every node made the allocator a large part of a build
/// (docs/development.md, "Measured choices").
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
    /// Whether the list is numbered (`<ol>`) rather than bulleted (`<ul>`).
    public var ordered: Bool
    /// The first number of an ordered list.
    public var start: Int
    /// A tight list's items are not wrapped in paragraphs.
    public var tight: Bool
    /// A list's numbering and spacing.
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

extension Body {
    /// The pictures the body shows, in order, each as its address: what a translation
    /// of the page must show too. Read from the slots alone: the runs of HTML between them
    /// are not made into strings.
    public var pictureList: [String] {
        slots.compactMap { slot in
            guard case .image(let source, _, _) = slot.segment else { return nil }
            switch source {
            case .media(let path, let suffix): return path + suffix
            case .remote(let address), .asWritten(let address): return address
            }
        }
    }
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
    /// The element's content, as body nodes.
    public var children: [BodyNode]

    /// An element with the attributes the sanitiser kept and its content.
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
    /// The attribute's lower-case name.
    public var name: String
    /// The attribute's value as text, escaped only when written.
    public var value: String
    /// An attribute from its name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
