import FolioTestSupport
import Foundation
import XCTest

/// What authors and pipelines read: the message format, JSON, colour and exit codes.
final class MessagesTests: XCTestCase {
    var broken: URL!

    override func setUpWithError() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        broken = temporary.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: broken)
        let quiz = """
            title: Test your knowledge
            questions:
              - prompt: What is self-esteem?
                type: single
                choices:
                  - text: How much you value yourself
                    correct: true
                  - text: How popular you are
                    correct: true
                  - text: How well you do at school
                    hnit: Grades matter, but are they the same thing?
                  - text: How tall you are

            """
        try quiz.write(to: broken.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
    }

    func testTextMessagesFollowTheSpecFormat() throws {
        let result = try FolioProcess.run(["check", "Content"], in: broken.deletingLastPathComponent())
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "")
        let expected = """
            Content/quizzes/who-am-i.yaml:8:9: error: this question has 2 correct choices, but it is a single-choice question [quiz-single-correct-count]
               8 |       - text: How popular you are
                 |         ^
               note: Content/quizzes/who-am-i.yaml:6:9: the first correct choice
               6 |       - text: How much you value yourself
                 |         ^
               help: mark only one choice `correct: true`, or add `type: multiple`
            """
        XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Content/quizzes/who-am-i.yaml:11:9: error: unknown field `hnit` in a choice; did you mean `hint`?"), result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "2 errors, 1 warning\nrun `folio explain <code>` to learn more about a problem, such as `folio explain quiz-single-correct-count`\n"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}["), "no colour when not on a terminal")
    }

    func testJSONFormatCarriesTheSameDiagnosticsForPipelines() throws {
        let result = try FolioProcess.run(["check", broken.path, "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["errors"] as? Int, 2)
        XCTAssertEqual(report["warnings"] as? Int, 1)
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        let first = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(first["code"] as? String, "quiz-single-correct-count")
        XCTAssertEqual(first["file"] as? String, "quizzes/who-am-i.yaml")
        XCTAssertEqual(first["line"] as? Int, 8)
        XCTAssertEqual(first["column"] as? Int, 9)
        XCTAssertEqual(first["source"] as? String, "      - text: How popular you are")
        XCTAssertNotNil(first["help"] as? String)
    }

    func testExitCodesSayWhatKindOfProblemItWas() throws {
        XCTAssertEqual(try FolioProcess.run(["check", TestFixtures.root.appendingPathComponent("spec-examples").path]).status, 0)
        XCTAssertEqual(try FolioProcess.run(["check", broken.path]).status, 1)
        XCTAssertEqual(try FolioProcess.run(["check", "/nonexistent/content"]).status, 2)
        XCTAssertEqual(try FolioProcess.run(["check", "--format", "yaml"]).status, 2)
        XCTAssertEqual(try FolioProcess.run(["build", "--no-such-option"]).status, 2)
    }

    func testWarningsAloneDoNotFailTheBuild() throws {
        let quiz = "title: Quiz\nquestions:\n  - prompt: Pick\n    choices:\n      - { text: A, correct: true }\n      - { text: B }\n"
        try quiz.write(to: broken.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        let output = broken.deletingLastPathComponent().appendingPathComponent("Output")
        let result = try FolioProcess.run(["build", broken.path, "--output", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: a learner who picks \"B\" would see no help"), result.stderr)
        XCTAssertTrue(result.stderr.contains("1 warning"), result.stderr)
    }
}
