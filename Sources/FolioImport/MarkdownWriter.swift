/// Writes Markdown that shows text exactly as written: every character Markdown would
/// read as markup is escaped, and line breaks are hard breaks.
///
/// Spaces, line breaks and the openers of emphasis and links wait until text follows,
/// so that `<b> bold </b>` becomes `**bold**` (Markdown ignores `** bold **`) and
/// nothing dangles at the end.
struct MarkdownWriter {
    private(set) var output = String.UnicodeScalarView()
    private var line = LineState.start
    private var pendingSpace = false
    private var pendingBreak = false
    private var pendingOpeners = ""

    /// Where the current line is, for the characters that are markup only at its start
    /// (`# heading`, `- item`, `1. item`, `> quote`).
    private enum LineState { case start, digits, rest }

    /// Characters that are markup anywhere in a line.
    private static let alwaysEscaped = Set("\\`*_[]<".unicodeScalars)

    /// One character of text; `next` is the character after it, which decides whether
    /// a `&` could start an entity, or `#`, `-`, `1.` at the start of a line a heading
    /// or a list (`#hashtag` and `-4` are neither, and stay as written).
    mutating func text(_ scalar: Unicode.Scalar, next: Unicode.Scalar?) {
        flush()
        var escape = Self.alwaysEscaped.contains(scalar)
        if scalar == "&", let next, next.properties.isAlphabetic || next == "#" { escape = true }
        let endsWord = next == nil || next == " " || next == "\t" || next == "\n"
        switch line {
        case .start:
            switch scalar {
            case ">": escape = true
            case "#", "+", "-", "=": escape = endsWord || next == scalar
            case "~": escape = next == "~"
            default: break
            }
            line = scalar == " " || scalar == "\t" ? .start : ("0"..."9").contains(scalar) ? .digits : .rest
        case .digits:
            if scalar == "." || scalar == ")" { escape = endsWord }
            line = ("0"..."9").contains(scalar) ? .digits : .rest
        case .rest:
            break
        }
        if escape { output.append("\\") }
        output.append(scalar)
    }

    /// Markdown written as is (the blank of a missing-word question).
    mutating func raw(_ markdown: String) {
        flush()
        output.append(contentsOf: markdown.unicodeScalars)
        line = .rest
    }

    /// A space, written only if text follows; runs of spaces become one.
    mutating func space() {
        if let last = output.last, last != " ", !pendingBreak { pendingSpace = true }
    }

    /// A hard line break, written only if text follows.
    mutating func lineBreak() {
        if !output.isEmpty || !pendingOpeners.isEmpty {
            pendingBreak = true
            pendingSpace = false
        }
    }

    /// Opens emphasis (`*`, `**`) or a link (`[`) before the next text.
    mutating func open(_ opener: String) {
        flushSpacing()
        pendingOpeners += opener
    }

    /// Closes what ``open(_:)`` opened with `opener`, writing `closer`; an opener that
    /// no text followed is dropped instead, and nothing is written.
    mutating func close(_ opener: String, with closer: String) {
        if pendingOpeners.hasSuffix(opener) {
            pendingOpeners.removeLast(opener.count)
            return
        }
        output.append(contentsOf: closer.unicodeScalars)
        line = .rest
    }

    private mutating func flushSpacing() {
        if pendingBreak {
            // A backslash at the end of a line is CommonMark's hard line break.
            output.append(contentsOf: "\\\n".unicodeScalars)
            line = .start
        } else if pendingSpace {
            output.append(" ")
        }
        pendingBreak = false
        pendingSpace = false
    }

    private mutating func flush() {
        flushSpacing()
        if !pendingOpeners.isEmpty {
            output.append(contentsOf: pendingOpeners.unicodeScalars)
            pendingOpeners = ""
            line = .rest
        }
    }

    /// The Markdown written.
    var markdown: String { String(output) }
}
