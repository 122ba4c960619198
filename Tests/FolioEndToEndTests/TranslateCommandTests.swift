import FolioTestSupport
import Foundation
import XCTest

/// `folio translate mark-current` and `folio translate status`, and what `folio check`
/// says of translations: marked, outdated after an edit of the original, marked again.
final class TranslateCommandTests: XCTestCase {
    var folder: URL!
    var content: URL { folder.appendingPathComponent("Content") }

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("translated"), to: content)
    }

    func run(_ arguments: [String]) throws -> FolioProcess.Output { try FolioProcess.run(arguments, in: folder) }

    func replace(_ old: String, with new: String, in path: String) throws {
        let file = content.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(path) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    func testMarkCurrentThenAnEditOfTheOriginalThenMarkCurrentAgain() throws {
        let unmarked = try run(["check"])
        XCTAssertEqual(unmarked.status, 0)
        XCTAssertEqual(unmarked.stderr.components(separatedBy: "[translation-unmarked]").count - 1, 6, unmarked.stderr)
        XCTAssertEqual(try run(["translate", "status", "--strict"]).status, 1)

        let mark = try run(["translate", "mark-current", "es"])
        XCTAssertEqual(mark.status, 0, mark.stderr)
        XCTAssertTrue(mark.stderr.contains("Content/quizzes/who-am-i.es.yaml"), mark.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: content.appendingPathComponent("translations/es.yaml").path))
        let clean = try run(["check", "--strict"])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stderr, "no problems\n")
        let complete = try run(["translate", "status", "--strict"])
        XCTAssertEqual(complete.status, 0, complete.stdout)
        XCTAssertTrue(complete.stdout.hasPrefix("es: 6 of 6 parts translated\n"), complete.stdout)

        try replace("Everyone feels nervous sometimes.", with: "We all feel nervous at times.", in: "quizzes/who-am-i.yaml")
        let outdated = try run(["check"])
        XCTAssertEqual(outdated.status, 0)
        XCTAssertTrue(outdated.stderr.contains("Content/quizzes/who-am-i.es.yaml:25:5: warning: "), outdated.stderr)
        XCTAssertTrue(
            outdated.stderr.contains("`#3` was \"Everyone feels nervous sometimes.\" and is now \"We all feel nervous at times.\" [translation-outdated]"),
            outdated.stderr)
        let status = try run(["translate", "status", "es", "--strict"])
        XCTAssertEqual(status.status, 1)
        XCTAssertTrue(status.stdout.contains("\n  outdated: quiz who-am-i\n"), status.stdout)
        let json = try run(["translate", "status", "--format", "json"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["document"] as? String, "translation-status")
        let spanish = try XCTUnwrap((document["languages"] as? [[String: Any]])?.first)
        XCTAssertEqual((spanish["kinds"] as? [String: [String: Int]])?["quiz"], ["translated": 0, "outdated": 1, "unmarked": 0, "missing": 0])

        let again = try run(["translate", "mark-current", "es", "Content/quizzes/who-am-i.es.yaml"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try run(["check", "--strict"]).stderr, "no problems\n")
    }

    /// A translation that does not match its original is not marked, and a record is
    /// not written when it was named.
    func testATranslationThatDoesNotMatchItsOriginalIsNotMarked() throws {
        try replace("    answer: true\n    hint: Hasta", with: "    answer: false\n    hint: Hasta", in: "quizzes/who-am-i.es.yaml")
        let named = try run(["translate", "mark-current", "es", "Content/quizzes/who-am-i.es.yaml"])
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.stderr.contains("[translation-answer-differs]"), named.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: content.appendingPathComponent("translations/es.yaml").path))
        let all = try run(["translate", "mark-current", "es"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let record = try String(contentsOf: content.appendingPathComponent("translations/es.yaml"), encoding: .utf8)
        XCTAssertFalse(record.contains("quizzes/who-am-i.es.yaml"), record)
        XCTAssertTrue(record.contains("\"decks/feelings.es.yaml\":"), record)
        XCTAssertEqual(try run(["translate", "mark-current", "fr"]).status, 2)
    }
}
