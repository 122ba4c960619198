import FolioCore

/// How a piece of GIFT text is to be read, from its `[format]` marker. Text without a
/// marker takes its question's format; a question without one is `moodle`.
public enum GIFTFormat: String, Sendable, Hashable, CaseIterable {
    /// Moodle's own "auto-format": plain text whose line breaks show, where HTML tags
    /// are allowed.
    case moodle
    /// HTML.
    case html
    /// Plain text, shown exactly as written.
    case plain
    /// Markdown.
    case markdown
}

/// A place in a GIFT file: 1-based line and column, columns counting Unicode scalars as
/// everywhere in Folio. Stored per character, so it is kept small.
public struct GIFTPosition: Sendable, Hashable {
    /// 1-based line.
    public var line: Int32
    /// 1-based column, in Unicode scalars.
    public var column: Int32

    /// A position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
    }

    /// This position in `file`, as diagnostics give places.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: Int(line), column: Int(column))
    }
}

/// A piece of GIFT text (a prompt, a choice, a feedback), with its escapes resolved and
/// the place of every character kept, so that a problem found inside the text later
/// (an HTML tag, a `*` wildcard) is reported where it was written.
public struct GIFTText: Sendable, Hashable {
    /// The text as Moodle would show it: `\{` is `{`, `\n` a line break; trimmed.
    public var value: String
    /// Its format: from its own marker, else inherited.
    public var format: GIFTFormat
    /// Whether the text started with its own `[format]` marker.
    public var formatStated: Bool
    /// The file the text is in, as messages show it.
    public var file: String
    /// Where each Unicode scalar of ``value`` was written.
    public var positions: [GIFTPosition]
    /// Where the text would be when it is empty: just after what came before it.
    var emptyPosition: GIFTPosition

    /// A text and the places of its scalars (`positions` has one entry per scalar).
    public init(
        value: String, format: GIFTFormat, formatStated: Bool = false, file: String, positions: [GIFTPosition],
        emptyPosition: GIFTPosition? = nil
    ) {
        self.value = value
        self.format = format
        self.formatStated = formatStated
        self.file = file
        self.positions = positions
        self.emptyPosition = emptyPosition ?? positions.first ?? GIFTPosition(line: 1, column: 1)
    }

    /// Whether there is no text at all.
    public var isEmpty: Bool { value.isEmpty }

    /// Where the text starts.
    public var location: SourceLocation { location(atScalar: 0) }

    /// Where the scalar at `index` of ``value`` was written (the text's start when out
    /// of range).
    public func location(atScalar index: Int) -> SourceLocation {
        let position = positions.indices.contains(index) ? positions[index] : positions.first ?? emptyPosition
        return position.location(in: file)
    }
}
