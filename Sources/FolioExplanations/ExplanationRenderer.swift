import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax
import Foundation

/// Turns explanations into what `folio explain` prints: text wrapped for a terminal, or
/// JSON for tools.
public struct ExplanationRenderer: Sendable {
    /// The widest line of running text; examples keep their own lines.
    public var width: Int
    public var useColor: Bool

    public init(width: Int = 80, useColor: Bool) {
        self.width = width
        self.useColor = useColor
    }

    /// One code in full: summary, meaning, why it matters, the mistake and the fix.
    public func text(_ explanation: Explanation) -> String {
        let code = explanation.code
        var out = "\(paint(code.rawValue, "1")): \(explanation.summary)\n"
        let severity = code.defaultSeverity == .error ? paint("error", "1;31") : paint("warning", "1;33")
        let effect: String
        switch (code.area, code.defaultSeverity) {
        case (.gift, _): effect = "reported by `folio import`"
        case (_, .error): effect = "the build stops until it is fixed"
        case (_, .warning): effect = "the build goes on"
        }
        out += wrap("\(severity) (\(effect)); \(code.area.title)", indent: "") + "\n"
        out += section("What it means", explanation.meaning)
        out += section("Why it matters", explanation.why)
        if let mistake = explanation.mistake, let fix = explanation.fix {
            out += "\n" + paint("The mistake", "1") + "\n" + example(mistake, gift: code.area == .gift)
            out += "\n" + paint("The fix", "1") + "\n" + example(fix, gift: code.area == .gift)
        } else if let reason = explanation.noExample {
            out += section("Example", "There is none: \(reason)")
        }
        return out
    }

    /// Every code with its summary, grouped by area.
    public func list(_ explanations: [Explanation]) -> String {
        var out = wrap(
            "Every message Folio gives ends with its code in brackets, such as [unknown-field]. "
                + "Run `folio explain <code>` to read what it means, with an example of the mistake and of its fix.", indent: "")
        out += "\n"
        let column = (explanations.map(\.code.rawValue.count).max() ?? 0) + 2
        for area in DiagnosticArea.allCases {
            let inArea = explanations.filter { $0.code.area == area }
            guard !inArea.isEmpty else { continue }
            out += "\n" + paint(area.title, "1") + "\n"
            for explanation in inArea {
                let name = explanation.code.rawValue
                let pad = String(repeating: " ", count: column - name.count)
                let summary = wrap(explanation.summary, indent: String(repeating: " ", count: column + 2))
                out += "  " + paint(name, "1") + pad + summary.dropFirst(column + 2) + "\n"
            }
        }
        return out
    }

    /// One explanation as a JSON object.
    public func json(_ explanation: Explanation) -> String {
        MachineOutput.document(.explanation, Entry(explanation))
    }

    /// Every explanation, in order, as `{"explanations": [...]}`.
    public func json(list explanations: [Explanation]) -> String {
        struct List: Encodable { var explanations: [Entry] }
        return MachineOutput.document(.explanations, List(explanations: explanations.map(Entry.init)))
    }

    // MARK: text

    private func section(_ heading: String, _ body: String) -> String {
        let paragraphs = body.components(separatedBy: "\n\n").map { wrap($0, indent: "  ") }
        return "\n" + paint(heading, "1") + "\n" + paragraphs.joined(separator: "\n\n") + "\n"
    }

    private func example(_ example: ContentExample, gift: Bool) -> String {
        var out = ""
        for removed in example.removed {
            out += wrap("(the content folder has no `\(removed)`)", indent: "  ") + "\n"
        }
        for file in example.files {
            if let standsFor = file.standsFor {
                out += "  \(file.path): \(standsFor) (what is in it does not matter here)\n"
                continue
            }
            var label = file.path
            if gift { label += ", given to `folio import`" }
            if file.encoding != .utf8 { label += ", saved as \(file.encoding.rawValue)" }
            out += "  \(label):\n"
            var lines = file.text.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            let digits = String(lines.count).count
            for (index, line) in lines.enumerated() {
                let number = String(index + 1)
                let shown = line.replacingOccurrences(of: "\t", with: "→   ")
                out += "   " + String(repeating: " ", count: digits - number.count) + paint(number, "2") + " " + paint("|", "2")
                out += shown.isEmpty ? "\n" : " \(shown)\n"
            }
        }
        return out
    }

    /// `text` wrapped at ``width``, every line starting with `indent`; line breaks in
    /// the text are spaces, a `code span` is never split and a word longer than a line
    /// stays whole.
    func wrap(_ text: String, indent: String) -> String {
        let rules = TerminalText.Rules(cutLongWords: false, keepCodeSpans: true, keepLineBreaks: false)
        let width = indent.count + max(20, self.width - indent.count)
        return TerminalText.wrap([TerminalText.Run(text)], width: width, first: indent, indent: indent, rules: rules)
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    // MARK: JSON

    private struct Entry: Encodable {
        var code: String, severity: String, area: String, areaTitle: String
        var summary: String, meaning: String, why: String
        var mistake: Example?, fix: Example?, noExample: String?

        struct Example: Encodable {
            var files: [File]
            var removed: [String]
            init(_ example: ContentExample) {
                files = example.files.map { File(path: $0.path, text: $0.text, encoding: $0.encoding.rawValue, standsFor: $0.standsFor) }
                removed = example.removed
            }
        }
        struct File: Encodable { var path: String, text: String, encoding: String, standsFor: String? }

        init(_ e: Explanation) {
            code = e.code.rawValue
            severity = e.code.defaultSeverity.rawValue
            area = e.code.area.rawValue
            areaTitle = e.code.area.title
            summary = e.summary
            meaning = e.meaning
            why = e.why
            mistake = e.mistake.map(Example.init)
            fix = e.fix.map(Example.init)
            noExample = e.noExample
        }
    }

}
