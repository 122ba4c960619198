import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

/// What a device reports after an attempt, held by `Tests/Conformance/insights-vectors.json`
/// (written by a third implementation of the rule, in Python) in Swift (``InsightsRule``)
/// and, under Node.js, in the site's `quiz-engine.js`: the terminal, apps and the site
/// randomize alike.
final class InsightsVectorsTests: XCTestCase {
    struct Vectors: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var why: String
        var result: Result
        var randomize: Double
        var seed: UInt64
        var report: Sent
    }

    struct Result: Decodable {
        var quiz: String
        var questions: [Outcome]
        var passed: Bool?
    }

    struct Outcome: Decodable {
        var question: String
        var outcome: String
        var firstTry: Bool
    }

    struct Sent: Decodable {
        var question: String
        var missed: Bool
        var workedOut: Bool
        var passed: Bool
    }

    static let url = ConformanceTests.url.deletingLastPathComponent().appendingPathComponent("insights-vectors.json")

    func testInsightsRuleDoesWhatEachVectorSays() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 100)
        for c in vectors.cases {
            let result = AttemptResult(
                quiz: c.result.quiz,
                questions: c.result.questions.map {
                    .init(question: $0.question, outcome: AttemptResult.Outcome(rawValue: $0.outcome)!, points: 0, possible: 1, tries: 1, firstTry: $0.firstTry)
                }, score: 0, total: 1, percent: 0, passed: c.result.passed, timedOut: false, elapsedSeconds: 0)
            var generator = SeededGenerator(seed: c.seed)
            let rule = try XCTUnwrap(InsightsRule(randomize: c.randomize))
            let report = try XCTUnwrap(rule.report(of: result, program: "program", day: "2026-11-28", using: &generator))
            XCTAssertEqual(
                report,
                InsightsReport(
                    program: "program", quiz: c.result.quiz, question: c.report.question, day: "2026-11-28", randomize: c.randomize,
                    missed: c.report.missed, workedOut: c.report.workedOut, passed: c.report.passed), c.why)
        }
    }

    func testTheSiteRuleDoesWhatEachVectorSays() throws {
        guard let node = TextFoldingTests.node() else {
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to run the site's insights vectors")
        }
        let script = Self.url.deletingLastPathComponent().appendingPathComponent("run_insights_vectors.js")
        let (status, printed) = try TestFixtures.runTool([node.path, script.path])
        XCTAssertEqual(status, 0, printed)
        XCTAssertTrue(printed.contains("240 cases, 0 failed"), printed)
    }
}
