import FolioCore
import FolioModel
import FolioQuiz
import Foundation
import XCTest

@testable import FolioGrading

/// `folio grade`'s grader: one line per attempt, bad answers listed in their attempt.
final class BatchGraderTests: XCTestCase {
    let quiz = Quiz(
        id: "q", title: "Q", passPercent: 50, draw: 2,
        questions: [
            Question(
                id: "pick", type: .single, prompt: RichText(markdown: "Pick", html: "Pick"),
                choices: [
                    Choice(id: "c1", text: RichText(markdown: "A", html: "A"), correct: true, feedback: RichText(markdown: "Yes \"A\"", html: "")),
                    Choice(id: "c2", text: RichText(markdown: "B", html: "B"), correct: false, hint: RichText(markdown: "Not B", html: "")),
                ], hints: [RichText(markdown: "Think", html: "")]),
            Question(id: "tf", type: .trueFalse, prompt: RichText(markdown: "T?", html: "T?"), points: 2, answer: true),
            Question(id: "word", type: .text, prompt: RichText(markdown: "W?", html: "W?"), accept: ["Café"]),
        ])

    func grade(_ json: String, number: Int = 1) throws -> [String: Any] {
        var output = JSONWriter()
        var workspace = BatchGrader.Workspace()
        BatchGrader(quiz: quiz).grade(try JSONReader.read(Array(json.utf8)), number: number, into: &output, workspace: &workspace)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.bytes)) as? [String: Any])
    }

    /// The questions an attempt with `seed` asks.
    func asked(_ seed: UInt64) -> [String] { QuizAttempt.questionOrder(of: quiz, seed: seed).map { quiz.questions[$0].id } }

    func testAnAttemptIsGradedOnTheQuestionsItsSeedAsks() throws {
        let seed = (0..<100 as Range<UInt64>).first { Set(asked($0)) == ["pick", "word"] }!
        let result = try grade(#"{"seed": \#(seed), "answers": {"pick": {"choices": ["c2"]}, "word": {"text": " CAFE! "}, "tf": {"answer": true}}}"#)
        XCTAssertEqual(result["total"] as? Double, 2)
        XCTAssertEqual(result["score"] as? Double, 1)
        XCTAssertEqual(result["passed"] as? Bool, true)
        let questions = try XCTUnwrap(result["questions"] as? [[String: Any]])
        XCTAssertEqual(questions.map { $0["question"] as? String }, ["pick", "word"])
        XCTAssertEqual(questions[0]["hints"] as? [String], ["Not B", "Think"])
        XCTAssertEqual(result["errors"] as? [String], ["question `tf` was not asked in this attempt (seed \(seed))"])
        XCTAssertEqual(QuizAttempt(quiz: quiz, seed: seed).questions.map(\.id), asked(seed), "the same order as an interactive attempt")
    }

    func testSeedsUpToTwoToTheSixtyFourAreExact() throws {
        XCTAssertEqual(
            try grade(#"{"seed": 18446744073709551615, "answers": {}}"#)["total"] as? Double, Double(asked(.max).map { $0 == "tf" ? 2 : 1 }.reduce(0, +)))
        XCTAssertTrue((try grade(#"{"seed": -1, "answers": {}}"#)["error"] as? String ?? "").contains("`seed` must be a whole number"))
    }

    func testAnswersThatDoNotFitAreListedAndTheRestIsGraded() throws {
        let seed = (0..<100 as Range<UInt64>).first { Set(asked($0)) == ["pick", "tf"] }!
        let result = try grade(#"{"seed": \#(seed), "answers": {"pick": {"choices": ["c9"]}, "tf": {"text": "yes"}, "nope": {"answer": true}}}"#)
        XCTAssertEqual(
            result["errors"] as? [String],
            [
                "question `pick` has no choice `c9`: this choice no longer exists (removed, or its text changed and it states no id), so the answer is not graded as another",
                "question `tf` is a true-false question and needs `answer` true or false",
                "there is no question `nope` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded",
            ])
        XCTAssertEqual((result["questions"] as? [Any])?.count, 0, "no answer could be graded")
        let shapeless = try grade(#"{"seed": \#(seed), "answers": {"tf": {"answer": "yes"}}}"#)
        XCTAssertEqual(
            shapeless["errors"] as? [String],
            [#"the answer to `tf` must be one of {"choices": [...]}, {"answer": true or false}, {"text": "..."} or {"number": ...}"#])
        let twice = try grade(#"{"seed": \#(seed), "answers": {"tf": {"answer": true}, "tf": {"answer": false}}}"#)
        XCTAssertEqual(twice["errors"] as? [String], ["question `tf` is answered twice"])
        XCTAssertEqual(twice["score"] as? Double, 0)
    }

    /// Answers to none of the questions are answers to another quiz: grading them would
    /// say 0%, as if the learner had got everything wrong.
    func testAnAttemptAnsweringNoneOfTheQuestionsIsAnErrorLine() throws {
        let result = try grade(#"{"answers": {"q1": {"choices": ["c1"]}, "q2": {"answer": true}}}"#)
        XCTAssertEqual(
            result["error"] as? String,
            "not a valid attempt: none of the answered questions (`q1`, `q2`) is in the quiz `\(quiz.id)`, whose questions are \(quiz.questions.map { "`\($0.id)`" }.joined(separator: ", ")): check the quiz and the question ids"
        )
        XCTAssertNil(result["percent"], "not graded")
        XCTAssertEqual(try grade(#"{"answers": {}}"#)["percent"] as? Double, 0, "an attempt that answers nothing is still graded")
    }

    func testSomethingThatIsNotAnAttemptIsOneErrorLine() throws {
        for (json, message) in [
            ("[1]", "an attempt must be a JSON object, not a list"), (#"{"seed": 1}"#, "`answers` is missing"),
            (#"{"answers": [], "x": 1}"#, "`answers` must be an object of question ids"),
            (#"{"answers": {}, "bonus": 1}"#, "unknown field `bonus`; an attempt has `seed`, `elapsedSeconds` and `answers`"),
            (#"{"answers": {}, "elapsedSeconds": -3}"#, "`elapsedSeconds` must be a number of seconds, 0 or more"),
        ] {
            let result = try grade(json, number: 7)
            XCTAssertEqual(result["attempt"] as? Int, 7)
            XCTAssertEqual(result["error"] as? String, "not a valid attempt: " + message, json)
        }
    }
}
