import FolioTestSupport
import Foundation
import XCTest

/// `folio progress --share-insights on|off` and `folio quiz` as a terminal learner meets
/// them (docs/insights.md): nothing kept until she says yes, one randomized report per
/// chapter quiz after, the file deleted when she says no.
final class InsightsTerminalTests: XCTestCase {
    func testAReportIsKeptAfterEachChapterQuizOnlyWhileSheSharesFromTheBuiltBundle() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
        XCTAssertEqual(try FolioProcess.run(["build"], in: folder).status, 0)
        let progress = folder.appendingPathComponent("progress.sqlite").path
        let file = folder.appendingPathComponent("progress.insights.json")
        let answers = "3\n2 3\nt\nmyself\n10\n"
        let quiz = ["quiz", "who-am-i", "--bundle", folder.appendingPathComponent("Output/bundle").path, "--progress", progress, "--seed", "1"]

        XCTAssertEqual(try FolioProcess.runWithInput(quiz, input: answers).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "nothing is kept before she says yes")

        let on = try FolioProcess.run(["progress", "--progress", progress, "--share-insights", "on"], in: folder)
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(on.stdout.contains("a coin toss 30% of the time"), on.stdout)
        XCTAssertEqual(try FolioProcess.runWithInput(quiz, input: answers).status, 0)
        let kept = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let reports = try XCTUnwrap(kept["reports"] as? [[String: Any]])
        XCTAssertEqual(reports.count, 1, "one report for the quiz taken after saying yes")
        XCTAssertEqual(Set(reports[0].keys), ["program", "quiz", "question", "day", "randomize", "missed", "workedOut", "passed"])
        XCTAssertEqual(reports[0]["quiz"] as? String, "who-am-i")
        let table = try FolioProcess.run(["progress", "--progress", progress], in: folder)
        XCTAssertTrue(table.stdout.contains("1 anonymous report is waiting in"), table.stdout)
        let summary = try FolioProcess.run(["insights", "report", file.path, "--format", "json"], in: folder)
        XCTAssertEqual(summary.status, 0, summary.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])?["reports"] as? Int, 1)

        let off = try FolioProcess.run(["progress", "--progress", progress, "--share-insights", "off"], in: folder)
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "saying no deletes what waits")
        XCTAssertEqual(try FolioProcess.runWithInput(quiz, input: answers).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    func testAProgramThatDoesNotAskKeepsNothing() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let progress = folder.appendingPathComponent("progress.sqlite").path
        let on = try FolioProcess.run([
            "progress", "--content", TestFixtures.root.appendingPathComponent("spec-examples").path, "--progress", progress, "--share-insights", "on",
        ])
        XCTAssertEqual(on.status, 0, on.stderr)
        XCTAssertTrue(on.stdout.contains("does not ask for anonymous reports"), on.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("progress.insights.json").path))
    }
}
