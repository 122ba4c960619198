import Foundation

/// Turns diagnostics into what a person or a pipeline reads.
///
/// The text form follows the authoring spec: `path:line:col: error: message`, the source
/// line with a caret under the column, and `help:` where a fix is known.
public struct DiagnosticRenderer: Sendable {
    /// How paths are shown: the content folder as the user named it, joined with the
    /// file's path inside it (`Content/quizzes/who-am-i.yaml`).
    public var contentFolderDisplay: String
    public var useColor: Bool

    public init(contentFolderDisplay: String, useColor: Bool) {
        self.contentFolderDisplay = contentFolderDisplay
        self.useColor = useColor
    }

    public func displayPath(_ file: String) -> String {
        if contentFolderDisplay.isEmpty || contentFolderDisplay == "." { return file }
        return contentFolderDisplay.hasSuffix("/") ? contentFolderDisplay + file : contentFolderDisplay + "/" + file
    }

    /// One diagnostic as the multi-line block an author reads.
    public func text(_ d: Diagnostic, sources: SourceStore) -> String {
        // Messages quote author text, which may hold control characters (the very
        // problem being reported): they are shown, never sent to the terminal raw.
        var d = d
        d.message = ControlCharacter.visible(d.message)
        d.help = d.help.map(ControlCharacter.visible)
        d.notes = d.notes.map { Diagnostic.Note(location: $0.location, message: ControlCharacter.visible($0.message)) }
        var out = ""
        let where_ = "\(displayPath(d.location.file)):\(d.location.line):\(d.location.column)"
        let label = d.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
        out += "\(paint(where_, "1")): \(label): \(paint(d.message, "1")) \(paint("[\(d.code.rawValue)]", "2"))\n"
        out += quote(d.location, sources: sources, caretColor: d.severity == .error ? "1;31" : "1;33")
        for note in d.notes {
            out += "   \(paint("note:", "1;36")) \(displayPath(note.location.file)):\(note.location.line):\(note.location.column): \(note.message)\n"
            out += quote(note.location, sources: sources, caretColor: "1;36")
        }
        if let help = d.help {
            out += "   \(paint("help:", "1;32")) \(help)\n"
        }
        return out
    }

    /// All diagnostics, then (unless `summary` is false, for `--quiet`) a summary line
    /// such as `2 errors, 1 warning` and, when there are problems, where to read more
    /// about them.
    public func text(_ list: DiagnosticList, sources: SourceStore, summary: Bool = true) -> String {
        var out = ""
        let sorted = list.sorted
        for d in sorted {
            out += text(d, sources: sources) + "\n"
        }
        guard summary else { return out }
        out += Self.summary(errors: list.errorCount, warnings: list.warningCount) + "\n"
        if let first = sorted.first {
            out += Self.explainHint(first.code) + "\n"
        }
        return out
    }

    /// The line after the summary that points authors to `folio explain`, with the code
    /// of the first problem as the example.
    public static func explainHint(_ code: DiagnosticCode) -> String {
        "run `folio explain <code>` to learn more about a problem, such as `folio explain \(code.rawValue)`"
    }

    /// `no problems`, `1 error`, `2 errors, 1 warning`.
    public static func summary(errors: Int, warnings: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        switch (errors, warnings) {
        case (0, 0): return "no problems"
        case (_, 0): return count(errors, "error")
        case (0, _): return count(warnings, "warning")
        default: return count(errors, "error") + ", " + count(warnings, "warning")
        }
    }

    /// The diagnostics as one JSON document for pipelines.
    /// `failure`: the command could not finish after the check (a build whose output
    /// cannot be written), so the one document says that too.
    public func json(_ list: DiagnosticList, sources: SourceStore, failure: MachineOutput.Failure? = nil) -> String {
        struct Entry: Encodable {
            var code: String, severity: String, file: String, path: String
            var line: Int, column: Int, message: String
            var help: String?
            var source: String?
            var notes: [NoteEntry]
        }
        struct NoteEntry: Encodable { var file: String, line: Int, column: Int, message: String }
        struct Report: Encodable {
            var diagnostics: [Entry]
            var errors: Int
            var warnings: Int
            var error: MachineOutput.Failure?
        }
        let entries = list.sorted.map { d in
            Entry(
                code: d.code.rawValue, severity: d.severity.rawValue, file: d.location.file,
                path: displayPath(d.location.file), line: d.location.line, column: d.location.column,
                message: d.message, help: d.help,
                source: sources.line(d.location.line, of: d.location.file).map { SourceExcerpt(line: $0, column: d.location.column).text },
                notes: d.notes.map { NoteEntry(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message) })
        }
        return MachineOutput.document(.diagnostics, Report(diagnostics: entries, errors: list.errorCount, warnings: list.warningCount, error: failure))
    }

    /// The diagnostics as GitHub Actions workflow commands, one line each, which GitHub
    /// shows as annotations on the file and line:
    /// `::error file=Content/quizzes/x.yaml,line=14,col=9,title=<code>::<message>`.
    /// Notes and help follow the message on lines of their own.
    public func github(_ list: DiagnosticList) -> String {
        var out = ""
        for d in list.sorted {
            var message = ControlCharacter.visible(d.message)
            for note in d.notes {
                message += "\nnote: \(displayPath(note.location.file)):\(note.location.line):\(note.location.column): \(note.message)"
            }
            if let help = d.help { message += "\nhelp: \(help)" }
            let properties = [
                "file=" + Self.githubProperty(displayPath(d.location.file)), "line=\(d.location.line)", "col=\(d.location.column)",
                "title=" + Self.githubProperty(d.code.rawValue),
            ]
            out += "::\(d.severity == .error ? "error" : "warning") \(properties.joined(separator: ","))::\(Self.githubData(message))\n"
        }
        return out
    }

    /// A workflow command's message, escaped as GitHub's toolkit does: `%`, CR and LF.
    public static func githubData(_ text: String) -> String { githubEscape(text, property: false) }

    /// A workflow command's property value: as a message, and `:` and `,` too.
    public static func githubProperty(_ text: String) -> String { githubEscape(text, property: true) }

    // Scalar by scalar: as Characters, "\r\n" is one that neither "\r" nor "\n" matches.
    private static func githubEscape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func quote(_ location: SourceLocation, sources: SourceStore, caretColor: String) -> String {
        guard let line = sources.line(location.line, of: location.file) else { return "" }
        // As in the authoring spec: three spaces, the line number, ` | `, the line; then
        // a caret under the column.
        let number = String(location.line)
        let excerpt = SourceExcerpt(line: line, column: location.column)
        // A tab is shown as `→`, one column as it is counted, so that it can be seen.
        let shown = ControlCharacter.visible(excerpt.text.replacingOccurrences(of: "\t", with: "→"))
        let pad = String(repeating: " ", count: excerpt.caretOffset)
        var out = "   \(paint(number, "2")) \(paint("|", "2")) \(shown)\n"
        out += "   \(String(repeating: " ", count: number.count)) \(paint("|", "2")) \(pad)\(paint("^", caretColor))\n"
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
