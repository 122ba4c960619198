import FolioCore
import FolioTestSupport
import Foundation
import XCTest

/// How long something took or may take, held by `Tests/Conformance/duration-vectors.json`
/// in Swift (``DurationText``, the quiz page's time limit and the terminal) and, under
/// Node.js, in the site's `site.js` (what the page's scripts write once a quiz is taken):
/// one quiz page never says a time two ways.
final class DurationVectorsTests: XCTestCase {
    struct Vectors: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var seconds: Int
        var text: String
        var why: String
    }

    static let url = TestFixtures.repository.appendingPathComponent("Tests/Conformance/duration-vectors.json")

    func testDurationTextWritesWhatEachVectorSays() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 15)
        for c in vectors.cases {
            XCTAssertEqual(DurationText.words(c.seconds), c.text, "\(c.seconds) s: \(c.why)")
        }
    }

    func testTheSiteWritesWhatEachVectorSays() throws {
        guard let node = AssetCompactorTests.node() else {
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to run the site's duration vectors")
        }
        let script = Self.url.deletingLastPathComponent().appendingPathComponent("run_duration_vectors.js")
        let (status, printed) = try TestFixtures.runTool([node.path, script.path])
        XCTAssertEqual(status, 0, printed)
        XCTAssertTrue(printed.contains(" cases, 0 failed"), printed)
    }
}
