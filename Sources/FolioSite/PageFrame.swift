import FolioCore

/// A template rendered once, with a marker where each value that changes from page to
/// page goes, then filled page after page by copying bytes.
///
/// Written because rendering the layout and the chapter template through Mustache for
/// each chapter was slow (docs/development.md, Twins, has the figure): every page looked
/// its values up by name in dictionaries of `Any`, section by section, and copied the
/// whole page through the layout's `{{{content}}}`. The templates stay the one description of the
/// pages (``SiteTemplates``); a frame only remembers where their values fell. What is
/// the same on every page of a kind (the program's title, which sections show) is
/// rendered by Mustache into the frame itself, so a frame is made for each shape of
/// page: a chapter with or without a previous one, for instance.
///
/// Values are escaped as ``HTML/escape(_:)`` escapes, byte by byte, as the templates
/// escape them (``SiteHTML``).
struct PageFrame: Sendable {
    /// A value placed in the frame.
    enum Value {
        /// Text, escaped where it goes (a `{{value}}` of the template).
        case text(String)
        /// HTML Folio made, placed as it is (a `{{{value}}}`).
        case html(String)
        /// HTML already as UTF-8 bytes.
        case bytes([UInt8])
    }

    private enum Piece: Sendable {
        case fixed([UInt8])
        case slot(Int)
    }

    private let pieces: [Piece]
    private let slotCount: Int

    /// The frame of what `render` makes, given the marker of each of `slotCount` values
    /// (a frame need not show every one: a chapter without a next one has no place for
    /// its title); nil when the rendered text holds something like a marker that is not
    /// one, which a program's own text cannot (``ControlCharacter``): the page is then
    /// rendered the slow way.
    init?(slots slotCount: Int, render: (_ marker: (Int) -> String) -> String) {
        let text = render(Self.marker)
        var pieces: [Piece] = []
        var fixed: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x01 else {
                fixed.append(byte)
                index += 1
                continue
            }
            var number = 0
            var end = index + 1
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
                number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            guard end > index + 1, end < bytes.count, bytes[end] == 0x02, number < slotCount else { return nil }
            if !fixed.isEmpty { pieces.append(.fixed(fixed)) }
            fixed = []
            pieces.append(.slot(number))
            index = end + 1
        }
        if !fixed.isEmpty { pieces.append(.fixed(fixed)) }
        self.pieces = pieces
        self.slotCount = slotCount
    }

    /// The marker of slot `index`: control characters no escaping changes, and that
    /// content cannot hold (``ControlCharacter``).
    static func marker(_ index: Int) -> String { "\u{1}\(index)\u{2}" }

    /// Appends the page with `values` in their slots, in the order of the markers.
    func fill(_ values: [Value], into out: inout [UInt8]) {
        precondition(values.count == slotCount, "a frame filled with the wrong number of values")
        for piece in pieces {
            switch piece {
            case .fixed(let bytes): out.append(contentsOf: bytes)
            case .slot(let index):
                switch values[index] {
                case .text(var text): text.withUTF8 { HTMLText.appendEscaped($0, to: &out) }
                case .html(var html): html.withUTF8 { out.append(contentsOf: $0) }
                case .bytes(let bytes): out.append(contentsOf: bytes)
                }
            }
        }
    }

    /// The bytes of the fixed parts, to make room before filling.
    var fixedSize: Int {
        pieces.reduce(0) { total, piece in
            if case .fixed(let bytes) = piece { return total + bytes.count }
            return total
        }
    }
}
