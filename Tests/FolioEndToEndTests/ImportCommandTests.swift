import FolioTestSupport
import Foundation
import XCTest

/// `folio import` as program staff run it: a Moodle export in, a quiz file out, every
/// problem at its line and column, and never an existing quiz replaced by surprise.
final class ImportCommandTests: XCTestCase {
    var folder: URL!
    var content: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        for name in ["moodle-examples.gift", "youth-program.gift", "broken.gift"] {
            try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("gift/\(name)"), to: folder.appendingPathComponent(name))
        }
    }

    func testImportsAQuizThatTheContentThenBuildsWith() throws {
        let result = try FolioProcess.run(["import", "youth-program.gift", "--title", "Who am I?"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "imported 6 questions into Content/quizzes/youth-program.yaml\nto end a chapter with it, add `quiz: youth-program` to the chapter's front matter\n")
        let yaml = try String(contentsOf: content.appendingPathComponent("quizzes/youth-program.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.hasPrefix("# Imported from youth-program.gift by `folio import`.\ntitle: Who am I?\nquestions:\n"), yaml)
        let check = try FolioProcess.run(["check", "Content"], in: folder)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("error"), check.stderr)
    }

    /// Character references 128 to 159 are read as the HTML standard's table says (as
    /// browsers show them); DEL and the five the table leaves as controls are dropped, so
    /// that the quiz written passes `folio check`.
    func testHTMLEntitiesOfControlCharactersGiveAQuizThatChecks() throws {
        let gift = "::Quotes::[html]She said &#147;yes&#148; &#150; twice&#127;&#129;&#x9D;&#x80;.{T}\n"
        try Data(gift.utf8).write(to: folder.appendingPathComponent("entities.gift"))
        let result = try FolioProcess.run(["import", "entities.gift", "--title", "Quotes"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let yaml = try String(contentsOf: content.appendingPathComponent("quizzes/entities.yaml"), encoding: .utf8)
        XCTAssertTrue(yaml.contains("She said \u{201C}yes\u{201D} \u{2013} twice\u{20AC}."), yaml)
        XCTAssertFalse(yaml.unicodeScalars.contains { $0.value == 0x7F || (0x80...0x9F).contains($0.value) }, yaml)
        let check = try FolioProcess.run(["check", "Content"], in: folder)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("error"), check.stderr)
    }

    func testReportsWhatCouldNotBeKeptAtItsLineAndColumn() throws {
        let result = try FolioProcess.run(["import", "moodle-examples.gift", "--id", "grant"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = """
            moodle-examples.gift:21:13: warning: Folio has no matching questions, so this one is left out [gift-unsupported]
               21 |     =Canada -> Ottawa
                  |             ^
               help: write one pick-one question per pair, or a flashcard deck
            """
        XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        XCTAssertTrue(result.stderr.contains("moodle-examples.gift:27:46: warning: an essay question (`{}`)"), result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "2 warnings\nrun `folio explain <code>` to learn more about a problem, such as `folio explain gift-unsupported`\n"
                    + "imported 8 questions into Content/quizzes/grant.yaml; 2 questions left out\n"
                    + "left out because Folio has nothing like them (the warnings above):\n  line 20: a matching question\n  line 27: an essay question\n"
                    + "to end a chapter with it, add `quiz: grant` to the chapter's front matter\n"
            ), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: content.appendingPathComponent("quizzes/grant.yaml").path))
    }

    /// The good questions are written, but the import is not complete: it exits with 1
    /// and names each question an error kept out, with why.
    func testErrorsInTheGIFTFileAreReportedAndTheGoodQuestionsStillImported() throws {
        let result = try FolioProcess.run(["import", "broken.gift"], in: folder)
        XCTAssertEqual(result.status, 1, result.stderr)
        for place in ["3:31: error: this `{` is never closed", "5:33: error: this `}` closes no `{`", "11:24: error: `eighteen twenty-two` is not a number"] {
            XCTAssertTrue(result.stderr.contains("broken.gift:\(place)"), result.stderr)
        }
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "6 errors, 1 warning\nrun `folio explain <code>` to learn more about a problem, such as `folio explain gift-syntax`\n"
                    + "imported 2 questions into Content/quizzes/broken.yaml; 6 questions left out\n"
                    + "left out because of a mistake in the GIFT file (the errors above):\n"
                    + "  line 3: this `{` is never closed\n"
                    + "  line 5: this `}` closes no `{`\n"
                    + "  line 7: a question has one answer block, and this one already has one at 7:19\n"
                    + "  line 9: this choice has no text\n"
                    + "  line 11: `eighteen twenty-two` is not a number answer\n"
                    + "  line 13: `%150%` is not a weight from -100% to 100%\n"
                    + "fix the mistakes in broken.gift, then import it again with `--force` to bring in those questions too\n"
                    + "to end a chapter with it, add `quiz: broken` to the chapter's front matter\n"), result.stderr)
        let yaml = try String(contentsOf: content.appendingPathComponent("quizzes/broken.yaml"), encoding: .utf8)
        XCTAssertEqual(yaml.components(separatedBy: "\n  - id: ").count - 1, 2, yaml)
        XCTAssertTrue(yaml.contains("#   line 3: this `{` is never closed\n"), yaml)
    }

    /// One question with a GIFT mistake is enough to exit with 1; one Folio cannot
    /// express (a warning) is not.
    func testExitsWithOneOnlyWhenAnErrorKeptAQuestionOut() throws {
        let good = "Everyone feels nervous sometimes. {T}\n\n"
        try (good + "Who decides how you value yourself? {=You ~Your friends\n").write(
            to: folder.appendingPathComponent("one-error.gift"), atomically: true, encoding: .utf8)
        let withError = try FolioProcess.run(["import", "one-error.gift"], in: folder)
        XCTAssertEqual(withError.status, 1, withError.stderr)
        XCTAssertTrue(withError.stderr.contains("one-error.gift:3:37: error: this `{` is never closed"), withError.stderr)
        XCTAssertTrue(
            withError.stderr.contains(
                "imported 1 question into Content/quizzes/one-error.yaml; 1 question left out\n"
                    + "left out because of a mistake in the GIFT file (the errors above):\n  line 3: this `{` is never closed\n"
                    + "fix the mistakes in one-error.gift, then import it again with `--force` to bring in that question too\n"), withError.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: content.appendingPathComponent("quizzes/one-error.yaml").path))

        try (good + "Match the word. {=calm -> relaxed =angry -> cross}\n").write(
            to: folder.appendingPathComponent("one-warning.gift"), atomically: true, encoding: .utf8)
        let withWarning = try FolioProcess.run(["import", "one-warning.gift"], in: folder)
        XCTAssertEqual(withWarning.status, 0, withWarning.stderr)
        XCTAssertTrue(withWarning.stderr.contains("1 warning\n"), withWarning.stderr)
        XCTAssertTrue(
            withWarning.stderr.contains("left out because Folio has nothing like them (the warnings above):\n  line 3: a matching question\n"),
            withWarning.stderr)
        XCTAssertFalse(withWarning.stderr.contains("fix the mistakes"), withWarning.stderr)

        // A warning about a question that is still imported keeps the exit code 0.
        try (good + "::Unclosed title Is this fine? {T}\n").write(to: folder.appendingPathComponent("kept.gift"), atomically: true, encoding: .utf8)
        let kept = try FolioProcess.run(["import", "kept.gift"], in: folder)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertTrue(kept.stderr.contains("imported 2 questions into Content/quizzes/kept.yaml\n"), kept.stderr)
    }

    func testRefusesToReplaceAQuizWithoutForce() throws {
        let existing = content.appendingPathComponent("quizzes/who-am-i.yaml")
        let before = try Data(contentsOf: existing)
        let refused = try FolioProcess.run(["import", "youth-program.gift", "--id", "who-am-i"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(
            refused.stderr,
            "error: `Content/quizzes/who-am-i.yaml` already exists; give `--force` to replace it, or `--id` to import the quiz under another name\n")
        XCTAssertEqual(try Data(contentsOf: existing), before, "the quiz is untouched")

        let forced = try FolioProcess.run(["import", "youth-program.gift", "--id", "who-am-i", "--force"], in: folder)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(forced.stderr, "imported 6 questions into Content/quizzes/who-am-i.yaml\n", "no reminder when a quiz is replaced")
        XCTAssertNotEqual(try Data(contentsOf: existing), before)
    }

    func testNothingToImportExitsWithOneAndWritesNothing() throws {
        try "// nothing but a comment\n\nMatch. {=a -> b =c -> d}\n".write(to: folder.appendingPathComponent("empty.gift"), atomically: true, encoding: .utf8)
        let result = try FolioProcess.run(["import", "empty.gift"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.contains("empty.gift:1:1: error: none of the 1 questions of this file could be imported [gift-no-questions]"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("no quiz was written\n"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: content.appendingPathComponent("quizzes/empty.yaml").path))

        try Data([0x4F, 0xF9, 0x20, 0x7B, 0x54, 0x7D, 0x0A]).write(to: folder.appendingPathComponent("latin1.gift"))
        let latin1 = try FolioProcess.run(["import", "latin1.gift"], in: folder)
        XCTAssertEqual(latin1.status, 1)
        XCTAssertTrue(latin1.stderr.contains("latin1.gift:1:2: error: this file is not UTF-8 text"), latin1.stderr)
    }

    func testJSONFormatCarriesTheDiagnosticsForPipelines() throws {
        let result = try FolioProcess.run(["import", "moodle-examples.gift", "--format", "json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["warnings"] as? Int, 2)
        let first = try XCTUnwrap((report["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["code"] as? String, "gift-unsupported")
        XCTAssertEqual(first["file"] as? String, "moodle-examples.gift")
        XCTAssertEqual(first["line"] as? Int, 21)
        XCTAssertEqual(first["column"] as? Int, 13)
    }

    func testUsageAndFileProblemsExitWithTwo() throws {
        XCTAssertEqual(try FolioProcess.run(["import", "missing.gift"], in: folder).status, 2)
        XCTAssertEqual(try FolioProcess.run(["import", "youth-program.gift", "--content", "Nowhere"], in: folder).status, 2)
        let badID = try FolioProcess.run(["import", "youth-program.gift", "--id", "Who Am I"], in: folder)
        XCTAssertEqual(badID.status, 2)
        XCTAssertTrue(badID.stderr.contains("try `who-am-i`"), badID.stderr)
        XCTAssertEqual(try FolioProcess.run(["import"], in: folder).status, 2)
        let help = try FolioProcess.run(["import", "--help"], in: folder)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("folio import grant.gift --force"), help.stdout)
    }
}
