import FolioCore
import FolioInlineMarkdown

/// Wraps styled text to the terminal's width, by words, measuring each character as a
/// terminal shows it (wide East Asian characters and emoji take two columns, combining
/// accents none): ``TerminalText``'s rule, with the runner's styles.
public struct TextLayout: Sendable {
    public var width: Int
    public var style: TerminalStyle

    public init(width: Int, style: TerminalStyle) {
        // Below 20 columns nothing reads well; wider than 100 lines get hard to follow.
        self.width = min(max(width, 20), 100)
        self.style = style
    }

    /// `spans` as lines of at most ``width`` columns (``TerminalText/wrap(_:width:first:indent:rules:)``).
    /// The first line starts with `first` (a bullet, a number), the others with `indent`
    /// spaces, so text hangs under its label. Ends with a newline.
    public func wrap(_ spans: [StyledSpan], first: String = "", indent: Int = 0, tone: TerminalStyle.Tone? = nil) -> String {
        // Author text never reaches the terminal with a control character in it.
        let runs = spans.map { TerminalText.Run(ControlCharacter.visible($0.text), codes: style.codes($0.style, tone: tone)) }
        return TerminalText.wrap(runs, width: width, first: first, indent: String(repeating: " ", count: indent)) + "\n"
    }

    /// Plain text wrapped the same way.
    public func wrap(_ text: String, first: String = "", indent: Int = 0, tone: TerminalStyle.Tone? = nil) -> String {
        wrap([StyledSpan(text)], first: first, indent: indent, tone: tone)
    }
}
