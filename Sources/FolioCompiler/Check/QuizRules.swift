import FolioCore
import FolioModel
import Foundation

/// The rules a quiz must follow across its questions and choices, from the authoring
/// spec's "a quiz must be rejected when" list.
enum QuizRules {
    static func check(_ parsed: CheckedQuiz, diagnostics: inout DiagnosticList) {
        var questionIDs: [String: SourceLocation] = [:]
        for (question, located) in zip(parsed.quiz.questions, parsed.questions) {
            if let first = questionIDs[question.id] {
                diagnostics.error(
                    .quizDuplicateQuestionID, at: located.idStated ? located.idLocation : located.location,
                    "two questions of this quiz have the id `\(question.id)`",
                    help: located.idStated
                        ? "give this question an id of its own"
                        : "this question's id, made from its prompt, is the one another question states; give one of them another `id`",
                    notes: [.init(location: first, message: "the other question with this id")])
            } else {
                questionIDs[question.id] = located.idStated ? located.idLocation : located.location
            }
            checkChoices(question, located, diagnostics: &diagnostics)
        }
        // Against the questions written: one that could not be read was reported already.
        if let written = parsed.writtenQuestionCount, let draw = parsed.quiz.draw, draw > written, let at = parsed.drawLocation {
            diagnostics.error(
                .quizDrawTooLarge, at: at, "`draw: \(draw)` asks for more questions than the \(written) this quiz has",
                help: "use `draw: \(written)` or less, or add questions")
        }
    }

    private static func checkChoices(_ question: Question, _ located: CheckedQuiz.Located, diagnostics: inout DiagnosticList) {
        guard question.type == .single || question.type == .multiple else { return }
        // When some choice, or whether it is right, could not be read (and that was
        // reported), the number of choices and of right ones is not known.
        if !located.unread.choices { checkCounts(question, located, diagnostics: &diagnostics) }
        var texts: [String: Int] = [:]
        for (index, choice) in question.choices.enumerated() {
            let key = normalized(choice.text.markdown)
            if let first = texts[key] {
                diagnostics.error(
                    .quizDuplicateChoice, at: located.choiceLocations[index], "two choices of this question have the same text: \"\(choice.text.markdown)\"",
                    help: "change or remove one of them; a learner could not tell them apart",
                    notes: [.init(location: located.choiceLocations[first], message: "the other choice")])
            } else {
                texts[key] = index
            }
        }
        // With no right choice, every choice would be "a wrong choice without help": the
        // one mistake is reported once, as the missing right choice.
        let hasRightChoice = question.choices.contains(where: \.correct)
        if question.hints.isEmpty, !located.unread.hints, hasRightChoice || located.unread.choices {
            for (index, choice) in question.choices.enumerated()
            where !choice.correct && choice.hint == nil && !located.unread.choiceHelp.contains(index) {
                diagnostics.warning(
                    .quizNoHint, at: located.choiceLocations[index],
                    "a learner who picks \"\(choice.text.markdown)\" would see no help: this wrong choice has no `hint` and the question has no `hints`",
                    help: "add `hint:` to this choice, saying what to think about, or `hints:` to the question")
            }
        }
    }

    /// At least two choices; one right choice for `single`, at least one for `multiple`.
    private static func checkCounts(_ question: Question, _ located: CheckedQuiz.Located, diagnostics: inout DiagnosticList) {
        let at = located.choicesLocation ?? located.location
        let correct = question.choices.indices.filter { question.choices[$0].correct }
        if question.choices.count < 2 {
            diagnostics.error(
                .quizTooFewChoices, at: at,
                question.choices.isEmpty ? "this question has no choices" : "this question has only one choice",
                help: "give it at least two choices for the learner to pick from")
        }
        if question.type == .single {
            if correct.isEmpty, !question.choices.isEmpty {
                noRightChoice(.quizSingleCorrectCount, "this question has no correct choice", question, located, diagnostics: &diagnostics)
            } else if correct.count > 1 {
                diagnostics.error(
                    .quizSingleCorrectCount, at: located.choiceLocations[correct[1]],
                    "this question has \(correct.count) correct choices, but it is a single-choice question",
                    help: "mark only one choice `correct: true`, or add `type: multiple`",
                    notes: [.init(location: located.choiceLocations[correct[0]], message: "the first correct choice")])
            }
        } else if correct.isEmpty, !question.choices.isEmpty {
            noRightChoice(.quizMultipleNoCorrect, "this select-all-that-apply question has no correct choice", question, located, diagnostics: &diagnostics)
        }
    }

    /// No choice marked right: at the choice with `feedback` when there is one (feedback is
    /// what a right pick shows, so that is most likely the right choice), with its fix.
    private static func noRightChoice(
        _ code: DiagnosticCode, _ message: String, _ question: Question, _ located: CheckedQuiz.Located, diagnostics: inout DiagnosticList
    ) {
        let each = code == .quizMultipleNoCorrect ? "each right choice" : "the right choice"
        guard let index = located.feedbackWithoutCorrect, index < question.choices.count else {
            diagnostics.error(code, at: located.choicesLocation ?? located.location, message, help: "mark \(each) with `correct: true`")
            return
        }
        diagnostics.error(
            code, at: located.choiceLocations[index],
            message + "; \"\(question.choices[index].text.markdown)\" has `feedback`, which is shown after a right pick, so it may be the one meant",
            help:
                "if it is right, add `correct: true` to it, under its `text:`; if another choice is right, mark that one `correct: true` and rename this one's `feedback` to `hint`"
        )
    }

    /// Choice texts that differ only in case or spacing look the same to a learner.
    static func normalized(_ text: String) -> String {
        asciiNormalized(text) ?? text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The same for ASCII text, byte by byte (every choice of every quiz comes here, and
    /// Characters are slow); nil for any other text. ASCII's white space is tab to
    /// carriage return and the space.
    private static func asciiNormalized(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case 0x09...0x0D, 0x20: pendingSpace = !out.isEmpty
            default:
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension DiagnosticCode {
    public static let quizSingleCorrectCount = DiagnosticCode("quiz-single-correct-count", .error, .quizzes)
    public static let quizMultipleNoCorrect = DiagnosticCode("quiz-multiple-no-correct", .error, .quizzes)
    public static let quizDuplicateChoice = DiagnosticCode("quiz-duplicate-choice", .error, .quizzes)
    public static let quizDuplicateQuestionID = DiagnosticCode("quiz-duplicate-question-id", .error, .quizzes)
    public static let quizDrawTooLarge = DiagnosticCode("quiz-draw-too-large", .error, .quizzes)
    public static let quizNoHint = DiagnosticCode("quiz-no-hint", .warning, .quizzes)
    /// A choice question with fewer than two choices (reported as `invalid-value` before
    /// Folio 1.1).
    public static let quizTooFewChoices = DiagnosticCode("quiz-too-few-choices", .error, .quizzes)
}
