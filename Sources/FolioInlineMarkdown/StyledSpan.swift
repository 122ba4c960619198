/// A run of plain text with the inline styles Markdown gave it, for output that is not
/// HTML (the terminal runner).
public struct StyledSpan: Sendable, Equatable {
    /// Inline styles; a run can have several (strong emphasis).
    public struct Style: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let emphasis = Style(rawValue: 1)
        public static let strong = Style(rawValue: 2)
        public static let code = Style(rawValue: 4)
        public static let link = Style(rawValue: 8)
    }

    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = []) {
        self.text = text
        self.style = style
    }
}
