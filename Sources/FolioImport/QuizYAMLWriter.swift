import FolioCore
import Foundation

/// Writes an ``ImportedQuiz`` as a Folio quiz file, in the layout of the authoring
/// format's own example, so that an author can go on editing it by hand.
///
/// Every question states its `id` (so that ids stay put when questions are moved) and
/// its `type` (so that nothing depends on counting correct choices), and a comment
/// above it says which line of the source file it came from. A header says where the
/// quiz was imported from and lists the questions that were not.
public enum QuizYAMLWriter {
    /// The YAML text of `quiz`.
    public static func yaml(_ quiz: ImportedQuiz) -> String {
        let source = comment(quiz.source)
        var out = "# Imported from \(source) by `folio import`.\n"
        if !quiz.skipped.isEmpty {
            out += "# Not imported (see the messages of the import):\n"
            for skipped in quiz.skipped { out += "#   line \(skipped.line): \(comment(skipped.reason))\n" }
        }
        // A file named `01-intro.yaml` would get the id `intro`; an id that starts that
        // way is stated, so the quiz keeps the id it was imported with.
        if quiz.id.prefix(while: { $0.isASCII && $0.isNumber }).count > 0,
            quiz.id.drop(while: { $0.isASCII && $0.isNumber }).first == "-"
        {
            out += "id: \(YAMLQuoting.scalar(quiz.id))\n"
        }
        out += "title: \(YAMLQuoting.scalar(quiz.title))\n"
        out += "questions:\n"
        for (index, question) in quiz.questions.enumerated() {
            if index > 0 { out += "\n" }
            out += "  # \(source), line \(question.line)\n"
            out += "  - id: \(YAMLQuoting.scalar(question.id))\n"
            out += "    prompt: \(YAMLQuoting.scalar(question.prompt))\n"
            switch question.answer {
            case .single(let choices):
                out += "    type: single\n"
                out += self.choices(choices)
            case .multiple(let choices, let partial):
                out += "    type: multiple\n"
                if partial { out += "    partial: true\n" }
                out += self.choices(choices)
            case .trueFalse(let value):
                out += "    type: true-false\n"
                out += "    answer: \(value)\n"
            case .text(let accept):
                out += "    type: text\n"
                out += "    accept:\n"
                for answer in accept { out += "      - \(YAMLQuoting.scalar(answer))\n" }
            case .number(let value, let tolerance):
                out += "    type: number\n"
                out += "    answer: \(number(value))\n"
                if tolerance != 0 { out += "    tolerance: \(number(tolerance))\n" }
            }
            if let hint = question.hint { out += "    hint: \(YAMLQuoting.scalar(hint))\n" }
            if let explanation = question.explanation { out += "    explanation: \(YAMLQuoting.scalar(explanation))\n" }
        }
        return out
    }

    private static func choices(_ choices: [ImportedChoice]) -> String {
        var out = "    choices:\n"
        for choice in choices {
            out += "      - text: \(YAMLQuoting.scalar(choice.text))\n"
            if choice.correct { out += "        correct: true\n" }
            if let feedback = choice.feedback { out += "        feedback: \(YAMLQuoting.scalar(feedback))\n" }
            if let hint = choice.hint { out += "        hint: \(YAMLQuoting.scalar(hint))\n" }
        }
        return out
    }

    /// A number as a person writes it: `9`, `0.5`, `-3.25`, `1e-12`. Twelve significant
    /// digits are kept, so that a range's midpoint reads `3.1415`, not the
    /// `3.1414999999999997` that binary arithmetic makes of it.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.12g", value)
    }

    /// Text for a comment line: on one line, with no control characters and none of
    /// the separators YAML 1.1 reads as line breaks.
    private static func comment(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let breaks = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
            out.append(breaks ? " " : scalar)
        }
        return String(out)
    }
}
