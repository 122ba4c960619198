import FolioProgress
import FolioTestSupport
import Foundation
import XCTest

/// Two learners on one computer (`--learner`), each with her own progress, and one
/// learner's progress moved to another computer (`folio progress --export`, `--import`).
final class LearnersCommandTests: XCTestCase {
    var bundle = ""
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", output.path]).status, 0)
        bundle = output.appendingPathComponent("bundle").path
    }

    /// `who-am-i` with seed 3, every question right on the first try, and a thought.
    func takeTheQuiz(_ arguments: [String]) throws {
        let result = try FolioProcess.runWithInput(
            ["quiz", "who-am-i", "--bundle", bundle, "--seed", "3"] + arguments, input: "1\n1 2\nt\nme\n10\nMy laugh\n")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func attempts(_ arguments: [String]) throws -> Int {
        let result = try FolioProcess.run(["progress", "--bundle", bundle, "--format", "json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap((summary["chapters"] as? [[String: Any]])?.first?["attempts"] as? Int)
    }

    func testEachLearnerHasHerOwnProgressAndCanTakeItToAnotherComputer() throws {
        let shared = folder.appendingPathComponent("laptop/progress.sqlite").path
        try takeTheQuiz(["--progress", shared, "--learner", "Zoë"])
        try takeTheQuiz(["--progress", shared, "--learner", "zoe"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("laptop/progress-zoe.sqlite").path))
        XCTAssertEqual(try attempts(["--progress", shared, "--learner", "ZOE"]), 2, "the same learner, however her name is typed")
        XCTAssertEqual(try attempts(["--progress", shared, "--learner", "Maya"]), 0, "her sister's progress is her own")
        XCTAssertEqual(try attempts(["--progress", shared]), 0, "and so is the file without a name")

        let file = folder.appendingPathComponent("usb/zoe.sqlite").path
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("usb").path, withIntermediateDirectories: true)
        let export = try FolioProcess.run(["progress", "--progress", shared, "--learner", "Zoë", "--export", file])
        XCTAssertEqual(export.status, 0, export.stderr)
        let again = try FolioProcess.run(["progress", "--progress", shared, "--learner", "Zoë", "--export", file])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("a file is there already"), again.stderr)

        let home = folder.appendingPathComponent("home/progress.sqlite").path
        let imported = try FolioProcess.run(["progress", "--progress", home, "--learner", "Zoë", "--import", file])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("Imported 2 quiz attempts, 0 study sessions and 2 thoughts"), imported.stdout)
        let twice = try FolioProcess.run(["progress", "--progress", home, "--learner", "Zoë", "--import", file])
        XCTAssertTrue(
            twice.stdout.contains("Imported 0 quiz attempts, 0 study sessions and 0 thoughts") && twice.stdout.contains("(4 already here)"), twice.stdout)
        XCTAssertEqual(try attempts(["--progress", home, "--learner", "Zoë"]), 2, "each record once")
        let thoughts = try ProgressStore(path: folder.appendingPathComponent("home/progress-zoe.sqlite").path).thoughts(program: "go-grrrls")
        XCTAssertEqual(thoughts.map(\.text), ["My laugh", "My laugh"])

        let refused = try FolioProcess.run(["progress", "--bundle", bundle, "--learner", "!!!"])
        XCTAssertEqual(refused.status, 2, "a usage problem")
        XCTAssertTrue(refused.stderr.contains("`--learner` needs a first name or nickname"), refused.stderr)
        let notThere = try FolioProcess.run(["progress", "--progress", home, "--import", folder.appendingPathComponent("nothing.sqlite").path])
        XCTAssertEqual(notThere.status, 2)
        XCTAssertTrue(notThere.stderr.contains("there is no file"), notThere.stderr)
    }
}
