import FolioInlineMarkdown

/// How text is decorated: ANSI colour and weight only on a colour terminal, and
/// Unicode symbols only where the locale is UTF-8. Meaning never rests on colour: every
/// mark comes with words ("Correct!", "Not quite").
public struct TerminalStyle: Sendable, Equatable {
    public var color: Bool
    public var unicode: Bool

    public init(color: Bool, unicode: Bool) {
        self.color = color
        self.unicode = unicode
    }

    /// No colour, ASCII symbols: what tests and pipes get.
    public static let plain = TerminalStyle(color: false, unicode: false)

    /// The tones a runner uses.
    public enum Tone: Sendable {
        case right, wrong, hint, muted, heading, emphasis
        var code: String {
            switch self {
            case .right: return "1;32"
            case .wrong: return "1;31"
            case .hint: return "33"
            case .muted: return "2"
            case .heading: return "1"
            case .emphasis: return "1;35"
            }
        }
    }

    /// `text` in `tone`.
    public func paint(_ text: String, _ tone: Tone?) -> String {
        guard color, let tone, !text.isEmpty else { return text }
        return "\u{1B}[\(tone.code)m\(text)\u{1B}[0m"
    }

    /// The ANSI code of a Markdown style, combined with a tone.
    func codes(_ style: StyledSpan.Style, tone: Tone?) -> String? {
        guard color else { return nil }
        var codes: [String] = tone.map { [$0.code] } ?? []
        if style.contains(.strong) { codes.append("1") }
        if style.contains(.emphasis) { codes.append("3") }
        if style.contains(.code) { codes.append("36") }
        if style.contains(.link) { codes.append("4") }
        return codes.isEmpty ? nil : codes.joined(separator: ";")
    }

    public var rightMark: String { unicode ? "✓" : "+" }
    public var wrongMark: String { unicode ? "✗" : "x" }
    public var revealMark: String { unicode ? "◆" : "*" }
    public var skippedMark: String { unicode ? "·" : "-" }
    /// Between facts on one line.
    public var dot: String { unicode ? " · " : " - " }
    public var ellipsis: String { unicode ? "…" : "..." }
}
