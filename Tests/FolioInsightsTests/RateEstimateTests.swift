import FolioInsights
import FolioQuiz
import Foundation
import XCTest

/// The estimates staff read (``RateEstimate``), from reports made by the real rule
/// (``InsightsRule``) for simulated learners whose true answers are known.
final class RateEstimateTests: XCTestCase {
    /// Ten questions, from easy to hard: each one's true first-try miss rate.
    static let missRates = [0.02, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.95]

    /// 10,000 learners take the quiz; each misses a question with its rate, works out half
    /// of what she missed after the hint, and passes when she missed none. Each sends the
    /// report her device makes. Returns each question's estimate.
    static func simulate(seed: UInt64, learners: Int = 10_000, randomize: Double = 0.3) -> [String: (missed: RateEstimate, truth: Double)] {
        let rule = InsightsRule(randomize: randomize)!
        var world = SeededGenerator(seed: seed)
        // The device's draws, apart from the world's, as the site's come from its own source.
        var device = SeededGenerator(seed: ~seed)
        var bits: [String: [(bit: Bool, randomize: Double)]] = [:]
        for _ in 0..<learners {
            let outcomes = missRates.enumerated().map { index, rate -> AttemptResult.QuestionOutcome in
                let missed = Double(world.next() >> 11) / 0x1p53 < rate
                let workedOut = missed && world.next() >> 63 == 1
                return .init(
                    question: "q\(index)", outcome: !missed || workedOut ? .correct : .revealed, points: missed ? 0 : 1, possible: 1,
                    tries: missed ? 2 : 1, firstTry: !missed)
            }
            let result = AttemptResult(
                quiz: "quiz", questions: outcomes, score: 0, total: 10, percent: 0, passed: nil, timedOut: false, elapsedSeconds: 60)
            let report = rule.report(of: result, program: "program", day: "2026-11-28", using: &device)!
            bits[report.question, default: []].append((report.missed, report.randomize))
        }
        return Dictionary(
            uniqueKeysWithValues: missRates.enumerated().map { index, rate in
                ("q\(index)", (missed: RateEstimate(bits["q\(index)"]!)!, truth: rate))
            })
    }

    func testNinetyFivePercentIntervalsHoldTheTrueMissRates() {
        var covered = 0, total = 0
        for seed in UInt64(1)...20 {
            for (_, estimate) in Self.simulate(seed: seed) {
                total += 1
                if estimate.missed.covers(estimate.truth) { covered += 1 }
            }
        }
        let coverage = Double(covered) / Double(total)
        XCTAssertGreaterThanOrEqual(coverage, 0.93, "\(covered) of \(total) intervals hold the true rate")
        XCTAssertLessThanOrEqual(coverage, 0.99, "\(covered) of \(total): intervals that always hold are too wide to say much")
    }

    func testTheIntervalIsAsWideAsTheFormulaInTheDocs() throws {
        // π̂ ± 1.96 · √(q̂(1 − q̂)/n) / (1 − r), with q̂ the share of reports saying yes.
        for (setting, yes, n) in [(0.3, 412, 1_000), (0.5, 37, 80), (0.1, 20, 20), (0.3, 0, 25)] {
            let bits = (0..<n).map { (bit: $0 < yes, randomize: setting) }
            let estimate = try XCTUnwrap(RateEstimate(bits))
            let q = Double(yes) / Double(n)
            XCTAssertEqual(estimate.unclipped, (q - setting / 2) / (1 - setting), accuracy: 1e-12)
            XCTAssertEqual(estimate.halfWidth, 1.959963984540054 * (q * (1 - q) / Double(n)).squareRoot() / (1 - setting), accuracy: 1e-12)
            XCTAssertTrue((0...1).contains(estimate.lower) && estimate.lower <= estimate.rate && estimate.rate <= estimate.upper && estimate.upper <= 1)
        }
        // At 0.3 and 1,000 reports, the widest interval (q̂ = 1/2) is ±0.044, as the docs say.
        let widest = try XCTUnwrap(RateEstimate((0..<1000).map { (bit: $0 < 500, randomize: 0.3) }))
        XCTAssertEqual(widest.halfWidth, 0.044, accuracy: 0.0005)
    }

    func testEstimatesFollowTheTrueRatesInOrder() {
        let estimates = Self.simulate(seed: 99)
        let ordered = estimates.sorted { $0.value.missed.unclipped < $1.value.missed.unclipped }.map(\.key)
        XCTAssertEqual(ordered.first, "q0")
        XCTAssertEqual(ordered.last, "q9")
        for (_, estimate) in estimates {
            XCTAssertEqual(Double(estimate.missed.count), 1_000, accuracy: 150, "each learner reports one of ten questions")
        }
    }
}
