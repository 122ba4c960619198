import FolioCore
import FolioModel

extension Body {
    /// Writes a body construct by construct, in reading order: each construct's HTML byte
    /// for byte as cmark's HTML renderer writes it, and a slot for what each output writes
    /// its own way (links' addresses, pictures, videos, headings' ids).
    ///
    /// The one place where a construct's HTML is decided: a body's tree of ``BodyNode``s
    /// is written through it, and so is a chapter read straight from cmark's tree, which
    /// never becomes nodes.
    public struct Builder {
        private var out: [UInt8] = []
        private var slots: [Slot] = []

        /// An empty body, with room for a chapter of a few kilobytes.
        public init() { out.reserveCapacity(8 * 1024) }

        /// The body written so far.
        public var body: Body {
            // The slots copied to an array of their size: a program keeps every chapter's,
            // and grown by doubling they held much more room than slots
            // (docs/development.md, "Measured choices").
            // The runs copied to an array of their size too.
            Body(runs: out.withUnsafeBufferPointer { Array($0) }, slots: slots.withUnsafeBufferPointer { Array($0) })
        }

        private mutating func slot(_ segment: BodySegment) {
            slots.append(Slot(offset: out.count, segment: segment))
        }

        /// The last byte written: a slot's, as if written, when nothing came after it (a
        /// slot never ends with a line break: a video's HTML does not in any output).
        private var lastByte: UInt8? { slots.last?.offset == out.count ? UInt8(ascii: ">") : out.last }

        /// A line break unless the output is empty or already ends with one, as cmark's `cr`.
        private mutating func lineBreakIfNeeded() {
            if let last = lastByte, last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }

        private mutating func put(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        private mutating func put(_ text: String) { BodyHTML.append(text, to: &out) }

        // MARK: Blocks

        /// A paragraph; in an item of a tight list, its text alone.
        public mutating func openParagraph(tight: Bool) {
            guard !tight else { return }
            lineBreakIfNeeded()
            put("<p>")
        }

        /// Ends the paragraph ``openParagraph(tight:)`` began, with the same `tight`.
        public mutating func closeParagraph(tight: Bool) {
            if !tight { put("</p>\n") }
        }

        /// A heading with the id `id` in its slot; none when `id` is empty. Returns the
        /// slot, for an id decided once the heading's text is read (``setHeadingID(_:at:)``).
        @discardableResult
        public mutating func openHeading(level: Int, id: String) -> Int? {
            lineBreakIfNeeded()
            guard !id.isEmpty else {
                put("<h\(level)>")
                return nil
            }
            put("<h\(level) id=\"")
            slot(.headingID(id))
            put("\">")
            return slots.count - 1
        }

        /// Sets the id in the slot ``openHeading(level:id:)`` returned.
        public mutating func setHeadingID(_ id: String, at slot: Int) {
            slots[slot].segment = .headingID(id)
        }

        /// Ends the heading of `level` that ``openHeading(level:id:)`` began.
        public mutating func closeHeading(level: Int) { put("</h\(level)>\n") }

        /// A block quote, its blocks written until ``closeBlockQuote()``.
        public mutating func openBlockQuote() {
            lineBreakIfNeeded()
            put("<blockquote>\n")
        }

        /// Ends the block quote ``openBlockQuote()`` began.
        public mutating func closeBlockQuote() {
            lineBreakIfNeeded()
            put("</blockquote>\n")
        }

        /// A list, numbered or not as `list` says, its items written until ``closeList(_:)``.
        public mutating func openList(_ list: BodyList) {
            lineBreakIfNeeded()
            if !list.ordered {
                put("<ul>\n")
            } else if list.start == 1 {
                put("<ol>\n")
            } else {
                put("<ol start=\"\(list.start)\">\n")
            }
        }

        /// Ends the list ``openList(_:)`` began.
        public mutating func closeList(_ list: BodyList) { put(list.ordered ? "</ol>\n" : "</ul>\n") }

        /// An item of the open list, its content written until ``closeItem()``.
        public mutating func openItem() {
            lineBreakIfNeeded()
            put("<li>")
        }

        /// Ends the item ``openItem()`` began.
        public mutating func closeItem() { put("</li>\n") }

        /// A code block; `info` is the fence's info string, whose first word names the language.
        public mutating func codeBlock(info: String, code: String) {
            lineBreakIfNeeded()
            if info.isEmpty {
                put("<pre><code>")
            } else {
                let language = info.utf8.prefix { !Self.isSpace($0) }
                put("<pre><code class=\"language-")
                escaped(String(decoding: language, as: UTF8.self))
                put("\">")
            }
            escaped(code)
            put("</code></pre>\n")
        }

        /// A thematic break (`---` in Markdown).
        public mutating func thematicBreak() {
            lineBreakIfNeeded()
            put("<hr />\n")
        }

        /// The player of video `index`, standing alone where its paragraph stood.
        public mutating func blockVideo(_ index: Int) {
            lineBreakIfNeeded()
            slot(.video(index))
            lineBreakIfNeeded()
        }

        /// Raw HTML the program does not allow, left out where it stood.
        public mutating func omittedHTML(block: Bool) {
            if block { lineBreakIfNeeded() }
            put("<!-- raw HTML omitted -->")
            if block { lineBreakIfNeeded() }
        }

        /// Raw HTML as written.
        public mutating func rawHTML(_ html: String, block: Bool) {
            if block { lineBreakIfNeeded() }
            put(html)
            if block { lineBreakIfNeeded() }
        }

        // MARK: Inlines

        /// Text, escaped as HTML.
        public mutating func text(_ text: String) { escaped(text) }

        /// Text given as UTF-8, such as cmark's own.
        public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) { BodyHTML.appendEscaped(bytes, to: &out) }

        /// A line break in the source, which a browser shows as a space.
        public mutating func softBreak() { out.append(UInt8(ascii: "\n")) }
        /// A hard line break (`<br />`).
        public mutating func lineBreak() { put("<br />\n") }

        /// Inline code, escaped.
        public mutating func code(_ code: String) {
            var code = code
            code.withUTF8 { self.code($0) }
        }

        /// Inline code given as UTF-8, escaped.
        public mutating func code(_ bytes: UnsafeBufferPointer<UInt8>) {
            put("<code>")
            BodyHTML.appendEscaped(bytes, to: &out)
            put("</code>")
        }

        /// Begins emphasis (`<em>`).
        public mutating func openEmphasis() { put("<em>") }
        /// Ends emphasis.
        public mutating func closeEmphasis() { put("</em>") }
        /// Begins strong emphasis (`<strong>`).
        public mutating func openStrong() { put("<strong>") }
        /// Ends strong emphasis.
        public mutating func closeStrong() { put("</strong>") }

        /// A link to `target`, its text written until ``closeLink()``; `title` is the
        /// tooltip, none when empty.
        public mutating func openLink(_ target: LinkTarget, title: String) {
            put("<a href=\"")
            slot(.href(target))
            if !title.isEmpty {
                put("\" title=\"")
                escaped(title)
            }
            put("\">")
        }

        /// Ends the link ``openLink(_:title:)`` began.
        public mutating func closeLink() { put("</a>") }

        /// An image, in a slot: each output writes its address and size its own way.
        public mutating func image(_ source: ImageSource, alt: String, title: String) { slot(.image(source, alt: alt, title: title)) }

        /// The player of video `index`, inside a line of text.
        public mutating func inlineVideo(_ index: Int) { slot(.video(index)) }

        /// An element the sanitiser kept; returns whether it has content and an end tag.
        public mutating func openElement(_ element: HTMLElement) -> Bool {
            put("<" + element.name)
            for attribute in element.attributes {
                put(" " + attribute.name + "=\"")
                escaped(attribute.value)
                put("\"")
            }
            put(">")
            return !HTMLElement.voidElements.contains(element.name)
        }

        /// Ends the element ``openElement(_:)`` began, when it has an end tag.
        public mutating func closeElement(_ element: HTMLElement) { put("</" + element.name + ">") }

        private mutating func escaped(_ text: String) { BodyHTML.appendEscaped(text, to: &out) }

        /// cmark's `cmark_isspace`: space, tab, line feed, vertical tab, form feed, return.
        private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    }
}
