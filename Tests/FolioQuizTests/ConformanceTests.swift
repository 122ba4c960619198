import FolioModel
import Foundation
import XCTest

@testable import FolioQuiz

/// The grading engine against `Tests/Conformance/grading-vectors.json`, the cases every
/// Folio grader must pass (the web runner runs the same file).
final class ConformanceTests: XCTestCase {
    struct Vectors: Decodable { var cases: [Case] }

    struct Case: Decodable {
        var name: String
        var rule: String
        var quiz: Quiz
        var seed: UInt64
        var steps: [Step]
        var result: ExpectedResult
        var order: [String]?
        var choiceOrder: [String: [String]]?
        /// When given, the attempt is at the quiz retrying these questions (``Quiz/retrying(_:)``).
        var retry: [String]?
    }

    struct Step: Decodable {
        var question: String
        var response: Response?
        var reveal: Bool?
        var error: String?
        var elapsed: Double?
        var expect: Expected?
    }

    /// What a try or a reveal must show; reveal keys are optional.
    struct Expected: Decodable {
        var correct: Bool?
        var hints: [String]?
        var feedback: [String]?
        var explanation: String??
        var canRetry: Bool?
        var canReveal: Bool?
        var points: Double?
        var choices: [String]?
        var answer: Bool?
        var accept: [String]?
        var number: Double?
    }

    struct ExpectedResult: Decodable {
        var score: Double
        var total: Double
        var percent: Double
        var passed: Bool?
        var timedOut: Bool
        var outcomes: [String: String]
        /// When given, the questions right on the first try, in the order asked.
        var firstTry: [String]?
        /// When given, the questions not right on the first try (``AttemptResult/missed``).
        var missed: [String]?
        /// When given, whether the attempt passes its quiz (``AttemptResult/passesQuiz``).
        var passesQuiz: Bool?
        /// When given, the questions an assessment's review goes over, in order.
        var review: [ReviewedQuestion]?
        var elapsed: Double?
    }

    /// A question of a review: the answer keys given are checked; `hidden` when the quiz shows no answers.
    struct ReviewedQuestion: Decodable {
        var question: String
        var hidden: Bool?
        var choices: [String]?
        var answer: Bool?
        var accept: [String]?
        var number: Double?
        var explanation: String?
    }

    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/grading-vectors.json")

    func testEveryConformanceCasePasses() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 60)
        for testCase in vectors.cases {
            run(testCase)
        }
    }

    func run(_ c: Case) {
        let name = c.name
        var attempt = QuizAttempt(quiz: c.retry.map { c.quiz.retrying($0) } ?? c.quiz, seed: c.seed)
        if let order = c.order { XCTAssertEqual(attempt.questions.map(\.id), order, "\(name): order") }
        for (question, order) in c.choiceOrder ?? [:] {
            XCTAssertEqual(attempt.question(question)?.choices.map(\.id), order, "\(name): choices of \(question)")
        }
        for (index, step) in c.steps.enumerated() {
            let label = "\(name), step \(index + 1)"
            do {
                if step.reveal == true {
                    let shown = try attempt.reveal(step.question)
                    XCTAssertNil(step.error, "\(label): expected \(step.error ?? "")")
                    if let expect = step.expect {
                        if let choices = expect.choices { XCTAssertEqual(shown.choices, choices, label) }
                        if let answer = expect.answer { XCTAssertEqual(shown.answer, answer, label) }
                        if let number = expect.number { XCTAssertEqual(shown.number, number, label) }
                        if let explanation = expect.explanation { XCTAssertEqual(shown.explanation, explanation, label) }
                    }
                } else if let response = step.response {
                    let shown = try attempt.answer(step.question, response, elapsedSeconds: step.elapsed ?? 0)
                    XCTAssertNil(step.error, "\(label): expected \(step.error ?? "")")
                    guard let expect = step.expect else { continue }
                    XCTAssertEqual(shown.correct, expect.correct, "\(label): correct")
                    XCTAssertEqual(shown.hints, expect.hints, "\(label): hints")
                    XCTAssertEqual(shown.feedback, expect.feedback, "\(label): feedback")
                    XCTAssertEqual(shown.explanation, expect.explanation ?? nil, "\(label): explanation")
                    XCTAssertEqual(shown.canRetry, expect.canRetry, "\(label): canRetry")
                    XCTAssertEqual(shown.canReveal, expect.canReveal, "\(label): canReveal")
                    XCTAssertEqual(shown.points, expect.points, "\(label): points")
                }
            } catch let error as GradingError {
                XCTAssertEqual(step.error, Self.name(of: error), "\(label): \(error)")
            } catch {
                XCTFail("\(label): \(error)")
            }
        }
        let result = attempt.result(elapsedSeconds: c.result.elapsed ?? 0)
        XCTAssertEqual(result.score, c.result.score, "\(name): score")
        XCTAssertEqual(result.total, c.result.total, "\(name): total")
        XCTAssertEqual(result.percent, c.result.percent, "\(name): percent")
        XCTAssertEqual(result.passed, c.result.passed, "\(name): passed")
        XCTAssertEqual(result.timedOut, c.result.timedOut, "\(name): timedOut")
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: result.questions.map { ($0.question, $0.outcome.rawValue) }), c.result.outcomes,
            "\(name): outcomes")
        if let firstTry = c.result.firstTry {
            XCTAssertEqual(result.questions.filter(\.firstTry).map(\.question), firstTry, "\(name): firstTry")
        }
        if let missed = c.result.missed { XCTAssertEqual(result.missed, missed, "\(name): missed") }
        if let passes = c.result.passesQuiz { XCTAssertEqual(result.passesQuiz, passes, "\(name): passesQuiz") }
        if let expected = c.result.review {
            let review = attempt.review()
            XCTAssertEqual(review.map(\.question), expected.map(\.question), "\(name): review")
            for (got, want) in zip(review, expected) {
                if want.hidden == true {
                    XCTAssertNil(got.answer, "\(name): review \(want.question) hidden")
                    continue
                }
                if let choices = want.choices { XCTAssertEqual(got.answer?.choices, choices, "\(name): review \(want.question)") }
                if let answer = want.answer { XCTAssertEqual(got.answer?.answer, answer, "\(name): review \(want.question)") }
                if let accept = want.accept { XCTAssertEqual(got.answer?.accept, accept, "\(name): review \(want.question)") }
                if let number = want.number { XCTAssertEqual(got.answer?.number, number, "\(name): review \(want.question)") }
                if let explanation = want.explanation {
                    XCTAssertEqual(got.answer?.explanation, explanation, "\(name): review \(want.question)")
                }
            }
        }
    }

    static func name(of error: GradingError) -> String {
        switch error {
        case .unknownQuestion: return "unknownQuestion"
        case .wrongResponseType: return "wrongResponseType"
        case .unknownChoice: return "unknownChoice"
        case .oneChoiceOnly: return "oneChoiceOnly"
        case .questionClosed: return "questionClosed"
        case .revealNotAllowed: return "revealNotAllowed"
        case .timeUp: return "timeUp"
        }
    }

    /// Each rule the quiz runner issue names has cases.
    func testTheVectorsCoverEveryGradingRule() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        let rules = vectors.cases.map(\.rule).joined(separator: "; ")
        for rule in [
            "single", "multiple", "true-false", "text", "number", "choice hint first", "hints one per wrong try", "feedback",
            "explanation", "practice retry", "reveal", "assessment", "points", "partial", "all-or-nothing", "pass mark",
            "shuffle", "draw", "time_limit", "first try", "worked out", "retry missed", "review",
        ] {
            XCTAssertTrue(rules.contains(rule), "no case for \(rule)")
        }
    }
}
