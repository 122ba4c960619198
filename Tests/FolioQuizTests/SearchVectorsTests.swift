import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

/// How a search ranks, held by `Tests/Conformance/search-vectors.json` in Swift
/// (`SearchIndex.search`) and, under Node.js, in the site's `search.js`: an app and the
/// site find the same things in the same order, typos and all.
final class SearchVectorsTests: XCTestCase {
    struct Vectors: Decodable {
        var entries: [SearchIndex.Entry]
        var cases: [Case]
    }

    struct Case: Decodable {
        var query: String
        var found: [String]
        var why: String
    }

    static let url = ConformanceTests.url.deletingLastPathComponent().appendingPathComponent("search-vectors.json")

    func testSearchIndexFindsWhatEachVectorSays() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.url))
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 10)
        let index = SearchIndex(entries: vectors.entries)
        for c in vectors.cases {
            XCTAssertEqual(index.search(c.query).map(\.id), c.found, "\"\(c.query)\": \(c.why)")
        }
    }

    func testTheSiteSearchFindsWhatEachVectorSays() throws {
        guard let node = TextFoldingTests.node() else {
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to run the site's search vectors")
        }
        let script = Self.url.deletingLastPathComponent().appendingPathComponent("run_search_vectors.js")
        let (status, printed) = try TestFixtures.runTool([node.path, script.path])
        XCTAssertEqual(status, 0, printed)
        XCTAssertTrue(printed.contains(" cases, 0 failed"), printed)
    }
}
