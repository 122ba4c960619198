import FolioCore
import FolioSyntax

/// Wraps styled text to the terminal's width, by words, measuring each character as a
/// terminal shows it (wide East Asian characters and emoji take two columns, combining
/// accents none).
public struct TextLayout: Sendable {
    public var width: Int
    public var style: TerminalStyle

    public init(width: Int, style: TerminalStyle) {
        // Below 20 columns nothing reads well; wider than 100 lines get hard to follow.
        self.width = min(max(width, 20), 100)
        self.style = style
    }

    /// `spans` as lines of at most ``width`` columns. The first line starts with
    /// `first` (a bullet, a number), the others with `indent` spaces, so text hangs
    /// under its label. Ends with a newline.
    public func wrap(_ spans: [StyledSpan], first: String = "", indent: Int = 0, tone: TerminalStyle.Tone? = nil) -> String {
        var lines: [String] = []
        var line = first
        var column = Self.displayWidth(first)
        var lineHasWords = false
        let hanging = String(repeating: " ", count: indent)
        func newLine() {
            lines.append(line)
            line = hanging
            column = indent
            lineHasWords = false
        }
        for span in spans {
            let codes = style.codes(span.style, tone: tone)
            // Author text never reaches the terminal with a control character in it.
            let text = ControlCharacter.visible(span.text)
            for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { newLine() }
                var pendingSpace = false
                for piece in Self.pieces(of: paragraph) {
                    if piece == " " {
                        pendingSpace = lineHasWords
                        continue
                    }
                    var word = Substring(piece)
                    var wordWidth = Self.displayWidth(word)
                    let space = pendingSpace ? 1 : 0
                    if lineHasWords, column + space + wordWidth > width {
                        newLine()
                    } else if pendingSpace {
                        line += " "
                        column += 1
                    }
                    pendingSpace = false
                    // A word longer than a whole line is cut where the line ends.
                    while column + wordWidth > width, wordWidth > 0, width - column > 0 {
                        let (head, rest) = Self.split(word, columns: width - column)
                        if head.isEmpty { break }
                        line += paint(String(head), codes)
                        newLine()
                        word = rest
                        wordWidth = Self.displayWidth(word)
                    }
                    line += paint(String(word), codes)
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
            + "\n"
    }

    /// Plain text wrapped the same way.
    public func wrap(_ text: String, first: String = "", indent: Int = 0, tone: TerminalStyle.Tone? = nil) -> String {
        wrap([StyledSpan(text)], first: first, indent: indent, tone: tone)
    }

    private func paint(_ text: String, _ codes: String?) -> String {
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

    /// Words and single spaces: runs of spaces and tabs collapse to one space.
    static func pieces(of text: Substring) -> [String] {
        var pieces: [String] = []
        var word = ""
        for character in text {
            if character == " " || character == "\t" {
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
        if character.isASCII { return character.asciiValue! < 0x20 || character.asciiValue! == 0x7F ? 0 : 1 }
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
