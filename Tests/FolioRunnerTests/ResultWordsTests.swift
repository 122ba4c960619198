import FolioModel
import FolioRunner
import XCTest

@testable import FolioQuiz

/// The end of a quiz leads with what she got right, keeps the honest first-try score, and
/// states the pass mark as the rule the welcome page states: the points count first tries,
/// and a quiz may be taken again until they reach the pass mark. A learner who got every
/// answer right in the end is never told she failed.
final class ResultWordsTests: XCTestCase {
    func outcome(_ outcome: AttemptResult.Outcome, firstTry: Bool) -> AttemptResult.QuestionOutcome {
        .init(question: "q", outcome: outcome, points: firstTry ? 1 : 0, possible: 1, tries: firstTry ? 1 : 2, firstTry: firstTry)
    }

    func result(_ outcomes: [AttemptResult.QuestionOutcome], passed: Bool? = false) -> AttemptResult {
        let score = outcomes.map(\.points).reduce(0, +)
        return AttemptResult(
            quiz: "quiz", questions: outcomes, score: score, total: Double(outcomes.count), percent: score / Double(outcomes.count) * 100,
            passed: passed, timedOut: false, elapsedSeconds: 30)
    }

    func testTheHeadlineSaysWhatWasRightInTheEndAndOnTheFirstTry() {
        let workedOut = outcome(.correct, firstTry: false)
        let first = outcome(.correct, firstTry: true)
        XCTAssertEqual(ResultWords.headline(result([first] + Array(repeating: workedOut, count: 4))), "All 5 right, 1 on the first try.")
        XCTAssertEqual(ResultWords.headline(result(Array(repeating: first, count: 3))), "All 3 right on the first try.")
        XCTAssertEqual(ResultWords.headline(result(Array(repeating: workedOut, count: 2))), "All 2 right, 0 on the first try.")
        XCTAssertEqual(
            ResultWords.headline(result([first, workedOut, outcome(.revealed, firstTry: false), outcome(.incorrect, firstTry: false)])),
            "2 of 4 right, 1 on the first try.")
        XCTAssertEqual(ResultWords.headline(result([first, outcome(.incorrect, firstTry: false)])), "1 of 2 right on the first try.")
        XCTAssertEqual(ResultWords.headline(result([outcome(.incorrect, firstTry: false), outcome(.unanswered, firstTry: false)])), "0 of 2 right.")
        XCTAssertEqual(ResultWords.headline(result([first])), "1 of 1 right on the first try.")
        XCTAssertNil(ResultWords.headline(result([outcome(.unanswered, firstTry: false)])), "nothing answered, nothing to say")
    }

    func testAnAttemptNotPassedYetStatesTheRuleAndNeverSpeaksOfFailing() {
        let allWorkedOut = result(Array(repeating: outcome(.correct, firstTry: false), count: 5))
        let words = ResultWords.notPassedYet(allWorkedOut, passPercent: 70)
        XCTAssertEqual(
            words,
            "The pass mark is 70% of the points, and the points count the answers right on the first try. "
                + "You can take the quiz again as many times as you like until you reach it.")
        let someWrong = result([outcome(.correct, firstTry: true), outcome(.incorrect, firstTry: false)])
        XCTAssertTrue(
            ResultWords.notPassedYet(someWrong, passPercent: 70).hasSuffix(
                "until you reach it. Read the chapter again and have another go!"))
        XCTAssertEqual(
            ResultWords.notPassedYet(allWorkedOut, passPercent: nil),
            "This quiz counts as passed once every answer is right on the first try. You can take it again as many times as you like.")
    }

    func testEveryAnswerRightAfterHintsEndsWithWhatSheGotRightAndNoFailure() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.passPercent = 70
        let wrong = ["2", "3", "f", "somebody else", "12"]
        let right = ["1", "1 2", "t", "myself", "9"]
        // The first question right at once; every other one wrong once, then right.
        var script = [right[0]]
        for index in 1..<5 { script += [wrong[index], right[index]] }
        let console = ScriptedConsole(lines: script)
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertEqual(result.questions.map(\.outcome), Array(repeating: .correct, count: 5), console.transcript)
        XCTAssertEqual(result.questions.map(\.firstTry), [true, false, false, false, false], console.transcript)
        XCTAssertEqual(result.score, 1, "the score stays the honest first-try score")
        XCTAssertEqual(result.passed, false)
        let start = try XCTUnwrap(console.transcript.range(of: "Your result\n"))
        let end = String(console.transcript[start.upperBound...])
        let words = end.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  ") }.joined(separator: " ")
        XCTAssertTrue(
            words.contains(
                "All 5 right, 1 on the first try. You worked out 4 with hints, and that is how learning works. "
                    + "Score: 1 of 5 points (20%) The pass mark is 70% of the points, and the points count the answers right on the first try. "
                    + "You can take the quiz again as many times as you like until you reach it. Time: "),
            words)
        for word in ["fail", "Not passed", "Read the chapter again"] { XCTAssertFalse(end.contains(word), end) }
    }
}
