import FolioModel
import Foundation

/// Grades recorded attempts for pipelines (`folio grade`): each attempt answers some
/// questions of one quiz once; the result says, per question, whether it was right, the
/// points and what the learner would have been shown, with totals.
public struct BatchGrader: Sendable {
    public let quiz: Quiz

    public init(quiz: Quiz) { self.quiz = quiz }

    /// One recorded attempt: `{"seed": 0, "elapsedSeconds": 95, "answers": {"q1": {"choices": ["c1"]}}}`.
    public struct Attempt: Decodable, Sendable {
        public var seed: UInt64?
        public var elapsedSeconds: Double?
        public var answers: [String: Response]
    }

    public struct GradedQuestion: Encodable, Sendable {
        public var question: String
        public var correct: Bool
        public var points: Double
        public var possible: Double
        public var hints: [String]
        public var feedback: [String]
        public var explanation: String?
    }

    public struct Graded: Encodable, Sendable {
        public var attempt: Int
        public var quiz: String
        public var questions: [GradedQuestion]
        public var score: Double
        public var total: Double
        public var percent: Double
        public var passed: Bool?
        public var timedOut: Bool
        /// Answers that could not be graded (unknown question, wrong type, unknown choice).
        public var errors: [String]
    }

    /// Grades one attempt. Each answer is one submission, as in assessment mode, so a
    /// wrong answer shows its choice hints and the question's first hint.
    public func grade(_ attempt: Attempt, number: Int) -> Graded {
        var state = QuizAttempt(
            quiz: Quiz(
                id: quiz.id, title: quiz.title, chapter: quiz.chapter, mode: .assessment, passPercent: quiz.passPercent,
                shuffle: quiz.shuffle, draw: quiz.draw, timeLimitSeconds: quiz.timeLimitSeconds, fromDeck: quiz.fromDeck,
                questions: quiz.questions), seed: attempt.seed ?? 0)
        var graded: [GradedQuestion] = []
        var errors: [String] = []
        let elapsed = attempt.elapsedSeconds ?? 0
        // Answers in the order the questions were asked, so output is stable.
        for question in state.questions {
            guard let response = attempt.answers[question.id] else { continue }
            do {
                let shown = try state.answer(question.id, response, elapsedSeconds: 0)
                graded.append(
                    GradedQuestion(
                        question: question.id, correct: shown.correct, points: shown.points, possible: question.points,
                        hints: shown.hints, feedback: shown.feedback, explanation: shown.explanation))
            } catch {
                errors.append(String(describing: error))
            }
        }
        for id in attempt.answers.keys.sorted() where state.question(id) == nil {
            errors.append(GradingError.unknownQuestion(id).description)
        }
        let result = state.result(elapsedSeconds: elapsed)
        return Graded(
            attempt: number, quiz: quiz.id, questions: graded, score: result.score, total: result.total,
            percent: result.percent, passed: result.passed, timedOut: result.timedOut, errors: errors)
    }
}
