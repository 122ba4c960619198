import FolioModel

/// A response that cannot be graded against its question.
public enum GradingError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownQuestion(String)
    case wrongResponseType(question: String, expected: Question.Kind)
    case unknownChoice(question: String, choice: String)
    case oneChoiceOnly(question: String)
    case questionClosed(question: String)
    case revealNotAllowed(question: String)
    case timeUp

    /// The problem as a sentence for the learner or the log, naming the question it concerns.
    public var description: String {
        switch self {
        case .unknownQuestion(let id):
            return
                "there is no question `\(id)` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded"
        case .wrongResponseType(let id, let kind): return "question `\(id)` is a \(kind.rawValue) question and needs \(Self.expected(kind))"
        case .unknownChoice(let id, let choice):
            return
                "question `\(id)` has no choice `\(choice)`: this choice no longer exists (removed, or its text changed and it states no id), so the answer is not graded as another"
        case .oneChoiceOnly(let id): return "question `\(id)` takes exactly one choice"
        case .questionClosed(let id): return "question `\(id)` is already answered"
        case .revealNotAllowed(let id): return "question `\(id)` cannot be revealed yet: use every hint first (practice mode only)"
        case .timeUp: return "the time limit is over"
        }
    }

    static func expected(_ kind: Question.Kind) -> String {
        switch kind {
        case .single: return "`choices` with one choice id"
        case .multiple: return "`choices` with choice ids"
        case .trueFalse: return "`answer` true or false"
        case .text: return "`text`"
        case .number: return "`number`"
        }
    }
}

/// Grades one response to one question: whether it is right and what share of the
/// points it earns. Pure: no state, no I/O.
public enum QuestionGrader {
    /// The verdict on one response: whether it is right, the share of the points it earns,
    /// and the choices whose hints or feedback to show.
    public struct Grade: Equatable, Sendable {
        /// Whether the response is right: every right choice picked and no wrong one, the
        /// true or false answer, an accepted text or a number in range.
        public var correct: Bool
        /// From 0 to 1. Only a `partial` multiple question earns less than all or nothing.
        public var fraction: Double
        /// The wrong choices picked, as positions in the question's choices, in order
        /// (their hints are shown).
        public var wrongChoices: [Int]
        /// The right choices picked, likewise (their feedback is shown).
        public var rightChoices: [Int]
    }

    /// `normalizedAccept`, when given, is ``TextAnswer/normalized(_:)`` of each of the
    /// question's accepted answers, worked out once by a caller grading many attempts.
    public static func grade(_ question: Question, _ response: Response, normalizedAccept: [String]? = nil) throws -> Grade {
        switch (question.type, response) {
        case (.single, .choices(let ids)), (.multiple, .choices(let ids)):
            // Positions rather than a set of ids: questions have a handful of choices, and
            // this runs for every answer `folio grade` reads.
            var picked = [Bool](repeating: false, count: question.choices.count)
            var pickedCount = 0
            for id in ids {
                guard let position = question.choices.firstIndex(where: { $0.id == id }) else {
                    throw GradingError.unknownChoice(question: question.id, choice: id)
                }
                if !picked[position] {
                    picked[position] = true
                    pickedCount += 1
                }
            }
            if question.type == .single, pickedCount != 1 { throw GradingError.oneChoiceOnly(question: question.id) }
            var wrong: [Int] = []
            var right: [Int] = []
            var correctCount = 0
            for (position, choice) in question.choices.enumerated() {
                if choice.correct { correctCount += 1 }
                guard picked[position] else { continue }
                if choice.correct { right.append(position) } else { wrong.append(position) }
            }
            let (exact, fraction) = choiceScore(
                type: question.type, partial: question.partial, right: right.count, wrong: wrong.count, correctCount: correctCount)
            return Grade(correct: exact, fraction: fraction, wrongChoices: wrong, rightChoices: right)
        case (.trueFalse, .trueFalse(let value)):
            let correct = value == question.answer
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        case (.text, .text(let text)):
            let correct =
                normalizedAccept.map { TextAnswer.matches(text, normalizedAccept: $0) }
                ?? TextAnswer.matches(text, accept: question.accept ?? [])
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        case (.number, .number(let value)):
            let correct = numberIsRight(value, number: question.number, tolerance: question.tolerance)
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        default:
            throw GradingError.wrongResponseType(question: question.id, expected: question.type)
        }
    }

    /// Whether a choice question is right, and its share of the points, from how many of
    /// the picked choices are right and wrong. (Also used by ``BatchGrader``'s reading
    /// of attempts straight from their bytes, so the rule is written once.)
    package static func choiceScore(type: Question.Kind, partial: Bool, right: Int, wrong: Int, correctCount: Int) -> (correct: Bool, fraction: Double) {
        let exact = wrong == 0 && right == correctCount
        if type == .multiple, partial, !exact, correctCount > 0 {
            // Each right pick earns a share, each wrong pick takes one away; never below 0.
            return (false, max(0, Double(right - wrong) / Double(correctCount)))
        }
        return (exact, exact ? 1 : 0)
    }

    /// Whether `value` answers a number question whose answer is `number`, give or take
    /// `tolerance`.
    package static func numberIsRight(_ value: Double, number: Double?, tolerance: Double?) -> Bool {
        value.isFinite && abs(value - (number ?? .nan)) <= (tolerance ?? 0) + 1e-9
    }
}

/// What a learner is shown after a try, as positions in the question, so that each
/// runner renders it its own way (Markdown in the terminal, pre-escaped JSON in
/// `folio grade`) from one rule.
public struct ShownAfterTry: Equatable, Sendable {
    /// Wrong choices picked that have a hint, in the question's order.
    public var choiceHints: [Int] = []
    /// The question's hint for this wrong try, if it has that many.
    public var questionHint: Int?
    /// Right choices picked that have feedback, when the answer is right.
    public var choiceFeedback: [Int] = []
    /// Whether the explanation is shown (a right answer).
    public var explanation = false

    /// Choice hints first, then the question's hint for this try (the first on the first
    /// wrong try, and so on); on a right answer, feedback and the explanation. The question
    /// is borrowed: an initializer would otherwise take a copy of every field of it, which
    /// was a large part of `folio grade`'s time (docs/development.md, "Measured choices").
    public init(_ grade: QuestionGrader.Grade, question: borrowing Question, wrongTry: Int) {
        // The closures below capture the choices alone, not a copy of the whole question.
        let choices = question.choices
        if grade.correct {
            choiceFeedback = grade.rightChoices.filter { choices[$0].feedback != nil }
            explanation = question.explanation != nil
        } else {
            choiceHints = grade.wrongChoices.filter { choices[$0].hint != nil }
            if wrongTry >= 1, wrongTry <= question.hints.count { questionHint = wrongTry - 1 }
        }
    }
}
