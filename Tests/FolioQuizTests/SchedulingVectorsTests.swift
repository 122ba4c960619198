import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

/// When cards come back, held by `Tests/Conformance/scheduling-vectors.json` in Swift
/// (``LeitnerSchedule``) and, under Node.js, in the site's `scheduler.js`: the terminal and
/// the site bring back the same cards on the same days.
final class SchedulingVectorsTests: XCTestCase {
    struct Vectors: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var why: String
        var cards: [String]
        var marks: [Mark]
        var today: String
        var dueToday: [String]
    }

    struct Mark: Decodable {
        var card: String
        var day: String
        var known: Bool
        var box: Int
        var due: String
    }

    static let url = ConformanceTests.url.deletingLastPathComponent().appendingPathComponent("scheduling-vectors.json")

    func testLeitnerScheduleDoesWhatEachVectorSays() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 10)
        for c in vectors.cases {
            var schedule = LeitnerSchedule()
            for (index, mark) in c.marks.enumerated() {
                schedule.mark(mark.card, known: mark.known, on: mark.day)
                XCTAssertEqual(
                    schedule.cards[mark.card], LeitnerSchedule.Card(box: mark.box, due: mark.due), "\(c.why): mark \(index + 1)")
            }
            XCTAssertEqual(schedule.due(c.cards, today: c.today), c.dueToday, "\(c.why): due on \(c.today)")
        }
    }

    func testTheSiteSchedulerDoesWhatEachVectorSays() throws {
        guard let node = TextFoldingTests.node() else {
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to run the site's scheduling vectors")
        }
        let script = Self.url.deletingLastPathComponent().appendingPathComponent("run_scheduling_vectors.js")
        let (status, printed) = try TestFixtures.runTool([node.path, script.path])
        XCTAssertEqual(status, 0, printed)
        XCTAssertTrue(printed.contains(" cases, 0 failed"), printed)
    }
}
