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

    public var description: String {
        switch self {
        case .unknownQuestion(let id): return "there is no question `\(id)` in this attempt"
        case .wrongResponseType(let id, let kind): return "question `\(id)` is a \(kind.rawValue) question and needs \(Self.expected(kind))"
        case .unknownChoice(let id, let choice): return "question `\(id)` has no choice `\(choice)`"
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
    public struct Grade: Equatable, Sendable {
        public var correct: Bool
        /// From 0 to 1. Only a `partial` multiple question earns less than all or nothing.
        public var fraction: Double
        /// The wrong choices picked, in the question's order (their hints are shown).
        public var wrongChoices: [Choice]
        /// The right choices picked (their feedback is shown).
        public var rightChoices: [Choice]
    }

    public static func grade(_ question: Question, _ response: Response) throws -> Grade {
        switch (question.type, response) {
        case (.single, .choices(let ids)), (.multiple, .choices(let ids)):
            var picked = Set<String>()
            for id in ids {
                guard question.choices.contains(where: { $0.id == id }) else {
                    throw GradingError.unknownChoice(question: question.id, choice: id)
                }
                picked.insert(id)
            }
            if question.type == .single, picked.count != 1 { throw GradingError.oneChoiceOnly(question: question.id) }
            let chosen = question.choices.filter { picked.contains($0.id) }
            let wrong = chosen.filter { !$0.correct }
            let right = chosen.filter(\.correct)
            let correctCount = question.choices.filter(\.correct).count
            let exact = wrong.isEmpty && right.count == correctCount
            var fraction = exact ? 1.0 : 0.0
            if question.type == .multiple, question.partial, !exact, correctCount > 0 {
                // Each right pick earns a share, each wrong pick takes one away; never below 0.
                fraction = max(0, Double(right.count - wrong.count) / Double(correctCount))
            }
            return Grade(correct: exact, fraction: fraction, wrongChoices: wrong, rightChoices: right)
        case (.trueFalse, .trueFalse(let value)):
            let correct = value == question.answer
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        case (.text, .text(let text)):
            let correct = TextAnswer.matches(text, accept: question.accept ?? [])
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        case (.number, .number(let value)):
            let correct = value.isFinite && abs(value - (question.number ?? .nan)) <= (question.tolerance ?? 0) + 1e-9
            return Grade(correct: correct, fraction: correct ? 1 : 0, wrongChoices: [], rightChoices: [])
        default:
            throw GradingError.wrongResponseType(question: question.id, expected: question.type)
        }
    }
}
