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
        let process = Process()
        process.executableURL = node
        process.arguments = [script.path, ConformanceTests.url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, printed)
        XCTAssertTrue(printed.contains(" cases, 0 failed"), printed)
    }
}
