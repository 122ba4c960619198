import FolioTestSupport
import Foundation
import XCTest

/// `folio pin-ids` writes the ids items have now into their files, and nothing else, so
/// that their words can then be edited without dropping learners' progress.
final class PinIDsCommandTests: XCTestCase {
    func testIDsAreWrittenBeforeEachItemsFirstFieldAndTheProgramBuildsTheSame() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("progress-v1/Content"), to: content)
        let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
        try
            (try String(contentsOf: quiz, encoding: .utf8)
            + "  # Written in flow style.\n  - prompt: \"Pick one\"\n    choices:\n      - { text: A, correct: true }\n      - {text: B, hint: \"Not B.\"}\n")
            .write(to: quiz, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FolioProcess.run(["build"], in: folder).status, 0)
        let before = try String(contentsOf: folder.appendingPathComponent("Output/bundle/quizzes/who-am-i.json"), encoding: .utf8)

        let dry = try FolioProcess.run(["pin-ids", "--dry-run"], in: folder)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stderr.contains("Content/quizzes/who-am-i.yaml: 3 questions, 5 choices"), dry.stderr)
        XCTAssertFalse(try String(contentsOf: quiz, encoding: .utf8).contains("id: everyone"), "--dry-run writes nothing")

        let pin = try FolioProcess.run(["pin-ids"], in: folder)
        XCTAssertEqual(pin.status, 0, pin.stderr)
        XCTAssertEqual(
            pin.stderr,
            """
            Wrote ids for:
              Content/decks/feelings.yaml: 3 cards
              Content/folio.yaml: the program
              Content/quizzes/who-am-i.yaml: 3 questions, 5 choices
            Nothing changes for learners: each id is the one the item already had. Keep them when you edit the words.

            """)
        let pinned = try String(contentsOf: quiz, encoding: .utf8)
        XCTAssertTrue(pinned.contains("  - id: everyone-feels-nervous-sometimes-a08d\n    prompt: Everyone feels nervous sometimes.\n"), pinned)
        XCTAssertTrue(pinned.contains("      - id: talking-to-a-friend-1f17\n        text: Talking to a friend\n"), pinned)
        XCTAssertTrue(pinned.contains("  # Written in flow style.\n"), "comments stay")
        XCTAssertTrue(pinned.contains("      - { id: a-"), pinned)
        XCTAssertTrue(pinned.contains("  - id: first-right\n    prompt:"), "a stated id is left as it is")
        XCTAssertTrue(try String(contentsOf: content.appendingPathComponent("folio.yaml"), encoding: .utf8).hasPrefix("id: go-grrrls\ntitle: Go Grrrls\n"))

        // The words can now change, and nothing is dropped.
        try pinned.replacingOccurrences(of: "Everyone feels nervous sometimes.", with: "Everyone feels nervous or shy at times.")
            .write(to: quiz, atomically: true, encoding: .utf8)
        let build = try FolioProcess.run(["build", "--strict"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let after = try String(contentsOf: folder.appendingPathComponent("Output/bundle/quizzes/who-am-i.json"), encoding: .utf8)
        XCTAssertEqual(after, before.replacingOccurrences(of: "Everyone feels nervous sometimes.", with: "Everyone feels nervous or shy at times."))

        let again = try FolioProcess.run(["pin-ids"], in: folder)
        XCTAssertEqual(again.stderr, "Every question, choice and card already states its id; nothing to write.\n")
    }

    func testAQuizWithAReflectionQuestionHasEveryIDPinned() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("progress-v1/Content"), to: content)
        let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
        // A reflection question between graded ones: the bundle keeps it apart from them.
        let text = try String(contentsOf: quiz, encoding: .utf8).replacingOccurrences(
            of: "  - id: first-right\n",
            with: "  - type: reflection\n    prompt: What helps you when you feel nervous?\n    discussion: Tell a friend.\n  - id: first-right\n")
        try text.write(to: quiz, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FolioProcess.run(["build"], in: folder).status, 0)
        let before = try String(contentsOf: folder.appendingPathComponent("Output/bundle/quizzes/who-am-i.json"), encoding: .utf8)

        let pin = try FolioProcess.run(["pin-ids"], in: folder)
        XCTAssertEqual(pin.status, 0, pin.stderr)
        XCTAssertTrue(pin.stderr.contains("Content/quizzes/who-am-i.yaml: 2 questions, 1 reflection question, 3 choices\n"), pin.stderr)
        XCTAssertFalse(pin.stderr.contains("Left as they are"), pin.stderr)
        let pinned = try String(contentsOf: quiz, encoding: .utf8)
        XCTAssertTrue(pinned.contains("  - id: what-helps-you-when-you-"), pinned)
        XCTAssertTrue(pinned.contains("  - id: everyone-feels-nervous-sometimes-a08d\n"), pinned)

        // Its words can now change and her thoughts stay with it.
        try pinned.replacingOccurrences(of: "What helps you when you feel nervous?", with: "What helps you when you are nervous?")
            .write(to: quiz, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FolioProcess.run(["build"], in: folder).status, 0)
        let after = try String(contentsOf: folder.appendingPathComponent("Output/bundle/quizzes/who-am-i.json"), encoding: .utf8)
        XCTAssertEqual(after, before.replacingOccurrences(of: "What helps you when you feel nervous?", with: "What helps you when you are nervous?"))
        XCTAssertEqual(try FolioProcess.run(["pin-ids"], in: folder).stderr, "Every question, choice and card already states its id; nothing to write.\n")
    }

    /// A run killed between writing a file's new text and renaming it leaves the text
    /// beside the file; the next run removes it, and only files of that name whose
    /// process is gone.
    func testTheTextAKilledRunLeftIsRemovedByTheNext() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("progress-v1/Content"), to: content)
        let quizzes = content.appendingPathComponent("quizzes")
        // No process has the id 4194303 (above Linux's largest); this test's process runs.
        let killed = quizzes.appendingPathComponent(".who-am-i.yaml.folio-new-4194303")
        let running = quizzes.appendingPathComponent(".who-am-i.yaml.folio-new-\(getpid())")
        let others = [".who-am-i.yaml.folio-new-x", ".notes.folio-new-4194303.bak"].map { quizzes.appendingPathComponent($0) }
        for file in [killed, running] + others { try Data("title: half\n".utf8).write(to: file) }
        let pin = try FolioProcess.run(["pin-ids"], in: folder)
        XCTAssertEqual(pin.status, 0, pin.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: killed.path))
        for kept in [running] + others { XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), kept.lastPathComponent) }
    }

    func testAProgramWithErrorsIsLeftAsItIs() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("progress-v1/Content"), to: content)
        try "title: Broken\nquestions:\n  - prompt: What?\n".write(
            to: content.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        let result = try FolioProcess.run(["pin-ids"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("fix the errors above first"), result.stderr)
        XCTAssertFalse(try String(contentsOf: content.appendingPathComponent("decks/feelings.yaml"), encoding: .utf8).contains("id:"))
    }
}
