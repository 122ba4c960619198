/// One problem found in the content, the single type every stage reports through.
///
/// Content problems are collected, never thrown, so that an author sees every problem
/// of a run at once. Only tool failures (a folder that cannot be read or written) are
/// thrown errors.
public struct Diagnostic: Hashable, Sendable, Encodable {
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
    /// The files the message is about or points to: the lines it quotes are theirs.
    public var files: [String] { [location.file] + notes.map(\.location.file) }

    /// A related place and what it has to do with the problem.
    public struct Note: Hashable, Sendable, Encodable {
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

    /// Most problems listed for one file. A file with more is usually one slip repeated
    /// (a paste, a lost line break); listing thousands would bury the first ones, and
    /// cost time and memory in proportion to their number times the line's length.
    public static let perFileLimit = 50

    /// The list with at most ``perFileLimit`` problems of each file, in file order, and
    /// in place of the rest one problem that says how many more there are.
    public var limitedPerFile: DiagnosticList {
        var byFile: [String: Int] = [:]
        for d in all { byFile[d.location.file, default: 0] += 1 }
        guard byFile.values.contains(where: { $0 > Self.perFileLimit }) else { return self }
        var kept: [Diagnostic] = []
        var shown: [String: Int] = [:]
        var dropped: [String: (first: Diagnostic, errors: Int, warnings: Int)] = [:]
        for d in sorted {
            let file = d.location.file
            if shown[file, default: 0] < Self.perFileLimit {
                shown[file, default: 0] += 1
                kept.append(d)
                continue
            }
            var entry = dropped[file] ?? (d, 0, 0)
            if d.severity == .error { entry.errors += 1 } else { entry.warnings += 1 }
            dropped[file] = entry
        }
        for (_, entry) in dropped.sorted(by: { $0.key < $1.key }) {
            let more = entry.errors + entry.warnings
            kept.append(
                Diagnostic(
                    .tooManyProblems, entry.errors > 0 ? .error : .warning, at: entry.first.location,
                    "and \(more.withThousandsSeparators) more \(more == 1 ? "problem" : "problems") in this file (\(Self.summary(errors: entry.errors, warnings: entry.warnings))), not listed",
                    help:
                        "fix the problems above and check again: many problems in one file usually come from one slip repeated, such as a paste or a lost line break"
                ))
        }
        return DiagnosticList(kept)
    }

    private static func summary(errors: Int, warnings: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n.withThousandsSeparators) \(word)\(n == 1 ? "" : "s")" }
        return [errors > 0 ? count(errors, "error") : nil, warnings > 0 ? count(warnings, "warning") : nil].compactMap { $0 }.joined(separator: ", ")
    }

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

extension DiagnosticCode {
    public static let tooManyProblems = DiagnosticCode("too-many-problems", .error, .files)
}
