import FolioTestSupport
import Foundation
import XCTest

/// `folio explain` as an author runs it after a message she does not understand.
final class ExplainCommandTests: XCTestCase {
    func testExplainsOneCodeWithItsMistakeAndItsFix() throws {
        let result = try FolioProcess.run(["explain", "quiz-single-correct-count"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let text = result.stdout
        XCTAssertTrue(text.hasPrefix("quiz-single-correct-count: a pick-one question needs exactly one right choice\n"), text)
        for part in [
            "error (the build stops until it is fixed); Quizzes", "What it means", "Why it matters", "The mistake\n  quizzes/who-am-i.yaml:",
            "The fix\n  quizzes/who-am-i.yaml:", "    4 |     type: single", "    4 |     type: multiple",
        ] {
            XCTAssertTrue(text.contains(part), "no \"\(part)\" in:\n\(text)")
        }
        XCTAssertFalse(text.contains("\u{1B}["), "no colour when not on a terminal")
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, String(line))
        }
    }

    func testTheCodeMayBeCopiedWithItsBrackets() throws {
        let result = try FolioProcess.run(["explain", "[YAML-TAB]"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("yaml-tab: a line is indented with a tab\n"), result.stdout)
        // A tab in an example is shown, so that the author sees where it is.
        XCTAssertTrue(result.stdout.contains("   4 | →   type: true-false"), result.stdout)
    }

    func testListsEveryCodeGroupedByArea() throws {
        let result = try FolioProcess.run(["explain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.stdout
        for heading in [
            "Reading files", "Writing YAML", "Quizzes", "Flashcard decks", "Translations and the interface's languages",
            "Importing Moodle quizzes (folio import)",
        ] {
            XCTAssertTrue(text.contains("\n\(heading)\n"), "no heading \(heading) in:\n\(text)")
        }
        XCTAssertTrue(
            text.contains(
                "\n  quiz-single-correct-count       a pick-one question needs exactly one right\n                                  choice\n"), text)
        XCTAssertTrue(text.contains("\n  gift-unsupported"), text)
        XCTAssertLessThan(text.range(of: "file-too-large")!.lowerBound, text.range(of: "gift-syntax")!.lowerBound)
        for line in text.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, String(line))
        }
    }

    func testAnUnknownCodeIsAUsageErrorWithTheNearestCode() throws {
        let result = try FolioProcess.run(["explain", "quiz-single-corect-count"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(
            result.stderr.contains("there is no message code `quiz-single-corect-count`; did you mean `quiz-single-correct-count`?"), result.stderr)
        XCTAssertTrue(result.stderr.contains("folio explain"), result.stderr)
    }

    /// A misspelt word of a code finds the codes with that word; no match still ends the
    /// sentence before pointing at the list.
    func testAMisspeltWordOfACodeGetsTheCodesWithThatWord() throws {
        let result = try FolioProcess.run(["explain", "hnit"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix("Error: there is no message code `hnit`; did you mean `quiz-no-hint`? Run `folio explain` to list every code.\n"),
            result.stderr)
        XCTAssertTrue(result.stderr.contains("Usage: folio explain [<code>]"), result.stderr)
        let none = try FolioProcess.run(["explain", "zzzz"])
        XCTAssertTrue(none.stderr.hasPrefix("Error: there is no message code `zzzz`. Run `folio explain` to list every code.\n"), none.stderr)
    }

    func testJSONCarriesTheExplanationAndItsFilesForTools() throws {
        let one = try FolioProcess.run(["explain", "unknown-field", "--format", "json"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let explanation = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(explanation["code"] as? String, "unknown-field")
        XCTAssertEqual(explanation["severity"] as? String, "error")
        XCTAssertEqual(explanation["area"] as? String, "fields")
        let mistake = try XCTUnwrap(explanation["mistake"] as? [String: Any])
        let files = try XCTUnwrap(mistake["files"] as? [[String: Any]])
        XCTAssertEqual(files.first?["path"] as? String, "quizzes/who-am-i.yaml")
        XCTAssertTrue((files.first?["text"] as? String)?.contains("hnit:") ?? false)

        let all = try FolioProcess.run(["explain", "--format", "json"])
        XCTAssertEqual(all.status, 0, all.stderr)
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let explanations = try XCTUnwrap(list["explanations"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(explanations.count, 60)
        XCTAssertEqual(explanations.first?["code"] as? String, "file-too-large")
        XCTAssertNotNil(explanations.first?["noExample"] as? String)
    }

    /// Only `folio import` reports the GIFT codes, so their examples are checked with it:
    /// each mistake, imported, is reported with its code; each fix is imported without
    /// a message.
    func testEveryGIFTExampleIsReportedByFolioImport() throws {
        let all = try FolioProcess.run(["explain", "--format", "json"])
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let explanations = try XCTUnwrap(list["explanations"] as? [[String: Any]]).filter { $0["area"] as? String == "gift" }
        XCTAssertEqual(
            explanations.compactMap { $0["code"] as? String }, ["gift-syntax", "gift-unsupported", "gift-changed", "gift-ignored", "gift-no-questions"])
        for explanation in explanations {
            let code = try XCTUnwrap(explanation["code"] as? String)
            for part in ["mistake", "fix"] {
                let example = try XCTUnwrap(explanation[part] as? [String: Any], "\(code) has no \(part)")
                let file = try XCTUnwrap((example["files"] as? [[String: Any]])?.first, code)
                XCTAssertEqual(file["encoding"] as? String, "UTF-8", code)
                let name = try XCTUnwrap(file["path"] as? String, code)
                let folder = try TestFixtures.temporaryFolder(self)
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
                try XCTUnwrap(file["text"] as? String).write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
                let result = try FolioProcess.run(["import", name, "--title", "Week 1"], in: folder)
                if part == "mistake" {
                    XCTAssertTrue(result.stderr.contains("[\(code)]"), "\(code): the mistake is not reported:\n\(result.stderr)")
                } else {
                    XCTAssertEqual(result.status, 0, "\(code): \(result.stderr)")
                    XCTAssertFalse(result.stderr.contains("[gift-"), "\(code): the fix is not clean:\n\(result.stderr)")
                    XCTAssertTrue(result.stderr.hasPrefix("imported "), "\(code): \(result.stderr)")
                }
            }
        }
    }

    func testCheckPointsAuthorsToExplain() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        try "title: Who am I?\nmode: practise\nquestions: []\n".write(
            to: content.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        let result = try FolioProcess.run(["check", "Content"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "2 errors\nrun `folio explain <code>` to learn more about a problem, such as `folio explain invalid-value`\n"), result.stderr)
        // A program without problems needs no pointer.
        let clean = try FolioProcess.run(["check", TestFixtures.root.appendingPathComponent("spec-examples").path])
        XCTAssertEqual(clean.stderr, "no problems\n")
    }

    func testColourOnATerminalButNeverWithNoColor() throws {
        // An empty NO_COLOR counts as unset (no-color.org); the test runner may set it.
        let coloured = try TmuxSession([FolioProcess.executable.path, "explain", "yaml-tab"], environment: ["NO_COLOR": ""])
        try coloured.waitFor("EXIT=0")
        let colours = try coloured.screenWithColours()
        XCTAssertTrue(colours.contains("\u{1B}["), "colour on a terminal")
        let plain = try TmuxSession([FolioProcess.executable.path, "explain", "yaml-tab"], environment: ["NO_COLOR": "1"])
        let screen = try plain.waitFor("EXIT=0")
        XCTAssertTrue(screen.contains("yaml-tab: a line is indented with a tab"), screen)
        XCTAssertFalse(try plain.screenWithColours().contains("\u{1B}["), "no colour with NO_COLOR")
    }
}
