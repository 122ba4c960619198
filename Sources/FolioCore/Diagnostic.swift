/// One problem found in the content, the single type every stage reports through.
///
/// Content problems are collected, never thrown, so that an author sees every problem
/// of a run at once. Only tool failures (a folder that cannot be read or written) are
/// thrown errors.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// A stable identifier, such as `quiz-single-correct-count`, that docs and tools
    /// can refer to. Codes are listed in ``DiagnosticCode``.
    public var code: DiagnosticCode
    public var severity: Severity
    public var location: SourceLocation
    /// One line, in plain words, saying what is wrong.
    public var message: String
    /// How to fix it, where a fix is known.
    public var help: String?
    /// Other places that explain this one (for example the first of two duplicates).
    public var notes: [Note]

    /// A related place and what it has to do with the problem.
    public struct Note: Hashable, Sendable, Codable {
        public var location: SourceLocation
        public var message: String
        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    public init(
        _ code: DiagnosticCode, _ severity: Severity? = nil, at location: SourceLocation,
        _ message: String, help: String? = nil, notes: [Note] = []
    ) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.location = location
        self.message = message
        self.help = help
        self.notes = notes
    }
}

/// A collection of diagnostics, kept in a stable order.
public struct DiagnosticList: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) { all = diagnostics }

    public mutating func append(_ diagnostic: Diagnostic) { all.append(diagnostic) }
    public mutating func append(contentsOf other: [Diagnostic]) { all.append(contentsOf: other) }

    public mutating func error(
        _ code: DiagnosticCode, at location: SourceLocation, _ message: String,
        help: String? = nil, notes: [Diagnostic.Note] = []
    ) {
        all.append(Diagnostic(code, .error, at: location, message, help: help, notes: notes))
    }

    public mutating func warning(
        _ code: DiagnosticCode, at location: SourceLocation, _ message: String,
        help: String? = nil, notes: [Diagnostic.Note] = []
    ) {
        all.append(Diagnostic(code, .warning, at: location, message, help: help, notes: notes))
    }

    /// The same diagnostics with every warning made an error, for `--strict` runs.
    public var warningsAsErrors: DiagnosticList {
        DiagnosticList(
            all.map { d in
                var d = d
                d.severity = .error
                return d
            })
    }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errorCount: Int { all.count { $0.severity == .error } }
    public var warningCount: Int { all.count { $0.severity == .warning } }

    /// Diagnostics sorted by file, line and column, so output does not depend on the
    /// order in which files happened to be read.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { a, b in
            if a.element.location != b.element.location {
                return a.element.location < b.element.location
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}
