/// A source line as a message quotes it: whole when it is short, else the part around
/// the column, with `…` where it was cut. A message about a 20,000-character line
/// (a paragraph pasted without line breaks, a minified file) then stays readable, and
/// thousands of such messages do not each copy the whole line.
public struct SourceExcerpt: Sendable, Equatable {
    /// The text to show.
    public var text: String
    /// Where the column falls in ``text``, in Unicode scalars from 0.
    public var caretOffset: Int

    /// Lines up to this many characters are quoted whole.
    public static let wholeLineLimit = 120
    /// How many characters of a longer line are shown before the column, at most.
    public static let before = 60
    /// How many characters of a longer line are shown from the column on, at most.
    public static let after = 60

    /// The excerpt of `line` for a problem at the 1-based `column`.
    public init(line: String, column: Int) {
        let scalars = line.unicodeScalars
        let count = scalars.count
        let caret = min(max(column - 1, 0), count)
        guard count > Self.wholeLineLimit else {
            text = line
            caretOffset = caret
            return
        }
        let start = max(0, caret - Self.before)
        let end = min(count, caret + Self.after)
        var cut = String.UnicodeScalarView()
        if start > 0 { cut.append("…") }
        let from = scalars.index(scalars.startIndex, offsetBy: start)
        let to = scalars.index(from, offsetBy: end - start)
        cut.append(contentsOf: scalars[from..<to])
        if end < count { cut.append("…") }
        text = String(cut)
        caretOffset = caret - start + (start > 0 ? 1 : 0)
    }
}
