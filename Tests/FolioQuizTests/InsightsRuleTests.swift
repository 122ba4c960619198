import FolioModel
import FolioQuiz
import Foundation
import XCTest

/// The rule an opted-in learner's device follows before it sends anything
/// (``InsightsRule``), as docs/insights.md states it.
final class InsightsRuleTests: XCTestCase {
    /// A generator that returns the numbers it is given, in order: one path through the
    /// rule's draws.
    struct Scripted: RandomNumberGenerator {
        var numbers: [UInt64]
        var drawn = 0
        mutating func next() -> UInt64 {
            defer { drawn += 1 }
            return numbers[drawn]
        }
    }

    /// Every report the rule can send for `truth`, with its exact probability: each bit is
    /// kept (a draw at the top of the range), or replaced by a coin of 0 or 1 (a draw of 0,
    /// then a coin at the bottom or the top). The real `randomized` is run on each path;
    /// the probabilities come from the rule's own threshold, not from samples.
    static func distribution(_ rule: InsightsRule, of truth: InsightsRule.Bits) -> [InsightsRule.Bits: Double] {
        let keep = 1 - rule.replacement, coin = rule.replacement / 2
        let paths: [(draws: [UInt64], probability: Double)] = [([UInt64.max], keep), ([0, 0], coin), ([0, UInt64.max], coin)]
        var sent: [InsightsRule.Bits: Double] = [:]
        for a in paths {
            for b in paths {
                for c in paths {
                    var generator = Scripted(numbers: a.draws + b.draws + c.draws)
                    let report = rule.randomized(truth, using: &generator)
                    XCTAssertEqual(generator.drawn, generator.numbers.count, "every draw of the path is used")
                    sent[report, default: 0] += a.probability * b.probability * c.probability
                }
            }
        }
        return sent
    }

    static let everyTruth: [InsightsRule.Bits] = (0..<8).map { InsightsRule.Bits([$0 & 1 != 0, $0 & 2 != 0, $0 & 4 != 0]) }

    func testNoReportTellsTwoLearnersApartByMoreThanEToTheEpsilon() throws {
        for setting in [0.3, 0.05, 0.5, 0.9] {
            let rule = try XCTUnwrap(InsightsRule(randomize: setting))
            let distributions = Self.everyTruth.map { Self.distribution(rule, of: $0) }
            var largest = 0.0
            for first in distributions {
                XCTAssertEqual(first.values.reduce(0, +), 1, accuracy: 1e-12, "the paths cover every outcome")
                XCTAssertEqual(first.count, 8, "every report is possible from every truth")
                for second in distributions {
                    for report in Self.everyTruth {
                        largest = max(largest, first[report, default: 0] / second[report, default: 0])
                    }
                }
            }
            XCTAssertLessThanOrEqual(largest, exp(rule.epsilon) * (1 + 1e-12), "setting \(setting)")
            // The bound is reached (learners who differ in every bit): ε is not loose.
            XCTAssertEqual(largest, exp(rule.epsilon), accuracy: exp(rule.epsilon) * 1e-9, "setting \(setting)")
        }
        XCTAssertEqual(try XCTUnwrap(InsightsRule(randomize: 0.3)).epsilon, 3 * log(1.7 / 0.3), accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(InsightsRule(randomize: 0.3)).epsilon, 5.2, accuracy: 0.01, "as docs/insights.md says")
    }

    func testASettingOutsideZeroAndOneIsRefused() {
        for setting in [0, 1, -0.1, 1.5, .nan, .infinity] { XCTAssertNil(InsightsRule(randomize: setting), "\(setting)") }
        XCTAssertNotNil(InsightsRule(randomize: 0.3))
    }

    func testAReportNamesOneQuestionOfTheAttemptAndNothingOfTheLearner() throws {
        let rule = try XCTUnwrap(InsightsRule(randomize: 0.3))
        let result = AttemptResult(
            quiz: "who-am-i",
            questions: [
                .init(question: "q1", outcome: .correct, points: 1, possible: 1, tries: 1, firstTry: true),
                .init(question: "q2", outcome: .correct, points: 0, possible: 1, tries: 2, firstTry: false),
            ], score: 1, total: 2, percent: 50, passed: nil, timedOut: false, elapsedSeconds: 31.5)
        var generator = SeededGenerator(seed: 7)
        var asked: Set<String> = []
        for _ in 0..<200 {
            let report = try XCTUnwrap(rule.report(of: result, program: "go-grrrls", day: "2026-11-28", using: &generator))
            asked.insert(report.question)
            XCTAssertEqual(report.quiz, "who-am-i")
            XCTAssertEqual(report.day, "2026-11-28")
        }
        XCTAssertEqual(asked, ["q1", "q2"], "each question can be the one reported")
        let file = InsightsReportFile(reports: [try XCTUnwrap(rule.report(of: result, program: "go-grrrls", day: "2026-11-28", using: &generator))])
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: file.data()) as? [String: Any])
        let report = try XCTUnwrap((keys["reports"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(report.keys), ["program", "quiz", "question", "day", "randomize", "missed", "workedOut", "passed"])
        XCTAssertEqual(try InsightsReportFile.read(file.data()), file.reports, "a file written is read back")
        let none = AttemptResult(quiz: "q", questions: [], score: 0, total: 0, percent: 0, passed: nil, timedOut: false, elapsedSeconds: 0)
        XCTAssertNil(rule.report(of: none, program: "p", day: "2026-11-28", using: &generator))
    }

    func testTheTrueBitsOfAQuestion() {
        let result = AttemptResult(
            quiz: "q",
            questions: [
                .init(question: "right", outcome: .correct, points: 1, possible: 1, tries: 1, firstTry: true),
                .init(question: "worked", outcome: .correct, points: 0, possible: 1, tries: 2, firstTry: false),
                .init(question: "shown", outcome: .revealed, points: 0, possible: 1, tries: 2, firstTry: false),
            ], score: 1, total: 3, percent: 33.33, passed: nil, timedOut: false, elapsedSeconds: 0)
        XCTAssertEqual(InsightsRule.Bits(result.questions[0], of: result), .init(missed: false, workedOut: false, passed: false))
        XCTAssertEqual(InsightsRule.Bits(result.questions[1], of: result), .init(missed: true, workedOut: true, passed: false))
        XCTAssertEqual(InsightsRule.Bits(result.questions[2], of: result), .init(missed: true, workedOut: false, passed: false))
    }

    func testAFileWithAnythingButReportsIsRefused() throws {
        let good =
            #"{"format":"folio-insights","version":1,"reports":[{"program":"p","quiz":"q","question":"q1","day":"2026-11-28","randomize":0.3,"missed":true,"workedOut":false,"passed":true}]}"#
        XCTAssertEqual(try InsightsReportFile.read(Data(good.utf8)).count, 1)
        let refused: [(String, String)] = [
            (good.replacingOccurrences(of: #""passed":true"#, with: #""passed":true,"name":"Ana""#), "exactly the fields"),
            (good.replacingOccurrences(of: #""missed":true"#, with: #""missed":1"#), "of its kind"),
            (good.replacingOccurrences(of: "2026-11-28", with: "2026-11-28T10:31"), "not a day"),
            (good.replacingOccurrences(of: #""q1""#, with: #""what I think""#), "not an id"),
            (good.replacingOccurrences(of: "0.3", with: "0"), "between 0 and 1"),
            (good.replacingOccurrences(of: #""version":1"#, with: #""version":2"#), "version 2"),
            ("not json", "not JSON"),
            (#"{"reports":[]}"#, "not a file of Folio insights"),
            (String(repeating: " ", count: InsightsReportFile.largest + 1), "bytes"),
        ]
        for (text, why) in refused {
            XCTAssertThrowsError(try InsightsReportFile.read(Data(text.utf8)), why) { error in
                XCTAssertTrue("\(error)".contains(why), "\(error) should say \(why)")
            }
        }
    }
}
