/// Text laid out for a terminal: how many columns it takes, and how it wraps. The one
/// rule for everything Folio prints in lines of a given width (the quiz and deck runner,
/// `folio explain`, the progress table).
public enum TerminalText {
    /// A run of text to wrap, with the ANSI codes (`1;32`) to paint each of its words in.
    public struct Run: Sendable {
        public var text: String
        public var codes: String?
        public init(_ text: String, codes: String? = nil) {
            self.text = text
            self.codes = codes
        }
    }

    /// How a wrap treats what does not fit or must stay together.
    public struct Rules: Sendable {
        /// A word wider than a whole line is cut where the line ends (else it stays whole
        /// and overflows).
        public var cutLongWords = true
        /// A `code span` is one word, never split across lines.
        public var keepCodeSpans = false
        /// A line break in the text starts a new line (else it is a space).
        public var keepLineBreaks = true
        public init(cutLongWords: Bool = true, keepCodeSpans: Bool = false, keepLineBreaks: Bool = true) {
            self.cutLongWords = cutLongWords
            self.keepCodeSpans = keepCodeSpans
            self.keepLineBreaks = keepLineBreaks
        }
    }

    /// `runs` as lines of at most `width` columns, joined by newlines. The first line
    /// starts with `first` (a bullet, a number, an indent), the others with `indent`, so
    /// text hangs under its label. Runs of spaces collapse to one; no line ends with a
    /// space.
    public static func wrap(_ runs: [Run], width: Int, first: String = "", indent: String = "", rules: Rules = Rules()) -> String {
        var lines: [String] = []
        var line = first
        var column = displayWidth(first)
        var lineHasWords = false
        let indentWidth = displayWidth(indent)
        func newLine() {
            lines.append(line)
            line = indent
            column = indentWidth
            lineHasWords = false
        }
        for run in runs {
            let text = rules.keepLineBreaks ? run.text : String(run.text.map { $0 == "\n" ? " " : $0 })
            for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { newLine() }
                var pendingSpace = false
                for piece in pieces(of: paragraph, keepingCodeSpans: rules.keepCodeSpans) {
                    if piece == " " {
                        pendingSpace = lineHasWords
                        continue
                    }
                    var word = Substring(piece)
                    var wordWidth = displayWidth(word)
                    let space = pendingSpace ? 1 : 0
                    if lineHasWords, column + space + wordWidth > width {
                        newLine()
                    } else if pendingSpace {
                        line += " "
                        column += 1
                    }
                    pendingSpace = false
                    while rules.cutLongWords, column + wordWidth > width, wordWidth > 0, width - column > 0 {
                        let (head, rest) = split(word, columns: width - column)
                        if head.isEmpty { break }
                        line += paint(String(head), run.codes)
                        newLine()
                        word = rest
                        wordWidth = displayWidth(word)
                    }
                    line += paint(String(word), run.codes)
                    column += wordWidth
                    lineHasWords = true
                }
                if pendingSpace, lineHasWords {
                    line += " "
                    column += 1
                }
            }
        }
        lines.append(line)
        return lines.map { $0.hasSuffix(" ") ? String($0.reversed().drop { $0 == " " }.reversed()) : $0 }.joined(separator: "\n")
    }

    private static func paint(_ text: String, _ codes: String?) -> String {
        guard let codes, !text.isEmpty else { return text }
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }

    /// `text` cut to at most `width` columns, ending with `ellipsis` when cut.
    public static func truncated(_ text: String, to width: Int, ellipsis: String) -> String {
        guard displayWidth(text) > width else { return text }
        let room = max(0, width - displayWidth(ellipsis))
        var kept = ""
        var used = 0
        for character in text {
            let columns = displayWidth(character)
            if used + columns > room { break }
            kept.append(character)
            used += columns
        }
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// Words and single spaces: runs of spaces and tabs collapse to one space. With
    /// `keepingCodeSpans`, spaces between backticks do not break a word.
    static func pieces(of text: Substring, keepingCodeSpans: Bool = false) -> [String] {
        var pieces: [String] = []
        var word = ""
        var inCode = false
        for character in text {
            if keepingCodeSpans, character == "`" { inCode.toggle() }
            if !inCode, character == " " || character == "\t" {
                if !word.isEmpty { pieces.append(word) }
                word = ""
                if pieces.last != " " { pieces.append(" ") }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { pieces.append(word) }
        return pieces
    }

    /// The first characters of `word` that fit in `columns`, and the rest.
    static func split(_ word: Substring, columns: Int) -> (Substring, Substring) {
        var used = 0
        var end = word.startIndex
        for index in word.indices {
            let width = displayWidth(word[index])
            if used + width > columns { break }
            used += width
            end = word.index(after: index)
        }
        return (word[..<end], word[end...])
    }

    /// Columns a terminal gives `text`; ANSI colour sequences take none.
    public static func displayWidth<S: StringProtocol>(_ text: S) -> Int {
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                // A CSI sequence ends with a letter: ESC [ 1 ; 3 2 m.
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += displayWidth(character)
            }
        }
        return width
    }

    /// Columns of one character: 0 for lone combining marks and controls, 2 for wide
    /// and emoji presentation, else 1.
    public static func displayWidth(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        var width = 0
        for scalar in character.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: continue
            default: break
            }
            if properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
            width = max(width, 1)
        }
        return width
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, W and F).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
