/// A kind of problem Folio reports, with a stable identifier.
///
/// Each code is declared beside the rule that reports it (`extension DiagnosticCode`
/// in that rule's file), with its default severity and the part of the content it is
/// about. The identifier is printed in messages and in JSON output; it never changes
/// once released, so documentation and pipelines can refer to it.
public struct DiagnosticCode: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// The identifier, such as `quiz-single-correct-count`.
    public let rawValue: String
    /// Whether the problem stops a build unless a rule says otherwise.
    public let defaultSeverity: Severity
    /// The part of the content, or of Folio, it is about.
    public let area: DiagnosticArea

    public init(_ rawValue: String, _ defaultSeverity: Severity, _ area: DiagnosticArea) {
        self.rawValue = rawValue
        self.defaultSeverity = defaultSeverity
        self.area = area
    }

    public var description: String { rawValue }

    // A code is its identifier.
    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension DiagnosticCode {
    /// The codes this module declares, for the check that every code is explained.
    public static let coreCodes: [DiagnosticCode] = [.fileTooLarge, .fileNotUTF8, .fileUnreadable, .tooManyProblems, .textControlCharacter]
}
