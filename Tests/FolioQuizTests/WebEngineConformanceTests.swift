import FolioTestSupport
import Foundation
import XCTest

/// The site's grading engine (`Sources/FolioSite/Assets/quiz-engine.js`) passes the same
/// conformance vectors as `FolioQuiz`, under Node.js, so the browser and the terminal
/// never grade differently.
final class WebEngineConformanceTests: XCTestCase {
    func testTheWebEnginePassesEveryConformanceCase() throws {
        guard let node = TextFoldingTests.node() else {
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to run the web engine's vectors")
        }
        let script = ConformanceTests.url.deletingLastPathComponent().appendingPathComponent("run_vectors.js")
        let (status, printed) = try TestFixtures.runTool([node.path, script.path, ConformanceTests.url.path])
        XCTAssertEqual(status, 0, printed)
        XCTAssertTrue(printed.contains(" cases, 0 failed"), printed)
    }
}
