import FolioTestSupport
import Foundation
import XCTest

/// `check` and `build` in pipelines: GitHub annotations, `--strict`, `--quiet`, and the
/// exit codes they lead to.
final class PipelineOptionsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
    }

    /// The spec examples with `quiz` as the quiz of the chapter `who-am-i`, in `name`.
    func content(_ name: String = "Content", quiz: String) throws {
        let content = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        try quiz.write(to: content.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
    }

    let twoErrorsOneWarning = """
        title: Test your knowledge
        questions:
          - prompt: What is self-esteem?
            type: single
            choices:
              - text: How much you value yourself
                correct: true
              - text: How popular you are
                correct: true
              - text: How tall you are
              - text: How well you do at school
                hnit: Grades matter, but are they the same thing?

        """

    let explainHint = "run `folio explain <code>` to learn more about a problem, such as `folio explain quiz-no-hint`"

    let oneWarning = "title: Quiz\nquestions:\n  - prompt: Pick\n    choices:\n      - { text: A, correct: true }\n      - { text: B }\n"

    func testGitHubFormatIsOneWorkflowCommandPerProblem() throws {
        try content(quiz: twoErrorsOneWarning)
        let result = try FolioProcess.run(["check", "--format", "github"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout,
            """
            ::error file=Content/quizzes/who-am-i.yaml,line=8,col=9,title=quiz-single-correct-count::this question has 2 correct choices, but it is a single-choice question%0Anote: Content/quizzes/who-am-i.yaml:6:9: the first correct choice%0Ahelp: mark only one choice `correct: true`, or add `type: multiple`
            ::warning file=Content/quizzes/who-am-i.yaml,line=10,col=9,title=quiz-no-hint::a learner who picks "How tall you are" would see no help: this wrong choice has no `hint` and the question has no `hints`%0Ahelp: add `hint:` to this choice, saying what to think about, or `hints:` to the question
            ::error file=Content/quizzes/who-am-i.yaml,line=12,col=9,title=unknown-field::unknown field `hnit` in a choice; did you mean `hint`?%0Ahelp: rename it to `hint`; the fields allowed here are `id`, `text`, `correct`, `hint`, `feedback`

            """)
        XCTAssertEqual(result.stderr, "2 errors, 1 warning\n")

        let build = try FolioProcess.run(["build", "--format", "github", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 1)
        XCTAssertEqual(
            build.stdout.split(separator: "\n").map { String($0.prefix(10)) }, ["::error fi", "::warning ", "::error fi"],
            "the same problems with --quiet")
        XCTAssertEqual(build.stderr, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }

    func testGitHubFormatEscapesPercentLineBreaksAndInPathsColonsAndCommas() throws {
        try content("Con,tent:1", quiz: "title: Quiz\npass: 150%\nquestions:\n  - prompt: Yes?\n    answer: true\n    \"100%\\nsure\": yes\n")
        let result = try FolioProcess.run(["check", "Con,tent:1", "--format", "github"], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stdout,
            """
            ::error file=Con%2Ctent%3A1/quizzes/who-am-i.yaml,line=2,col=7,title=quiz-pass-invalid::`pass` should be a percentage from 0 to 100%0Ahelp: for example `pass: 70%25`
            ::error file=Con%2Ctent%3A1/quizzes/who-am-i.yaml,line=6,col=5,title=unknown-field::unknown field `100%25%0Asure` in a question%0Ahelp: check the spelling; the fields allowed here are `id`, `prompt`, `type`, `choices`, `hint`, `hints`, `explanation`, `points`, `partial`, `answer`, `accept`, `tolerance`, `discussion`

            """)
        let absolute = try FolioProcess.run(["check", folder.appendingPathComponent("Con,tent:1").path, "--format", "github"])
        XCTAssertTrue(
            absolute.stdout.hasPrefix("::error file=\(folder.path)/Con%2Ctent%3A1/quizzes/who-am-i.yaml,line=2,"),
            "paths as the folder was given: \(absolute.stdout)")
    }

    func testStrictCountsWarningsAsErrorsAndBuildsNothing() throws {
        try content(quiz: oneWarning)
        XCTAssertEqual(try FolioProcess.run(["check"], in: folder).status, 0)
        let check = try FolioProcess.run(["check", "--strict"], in: folder)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("Content/quizzes/who-am-i.yaml:6:9: error: a learner who picks \"B\" would see no help"), check.stderr)
        XCTAssertTrue(check.stderr.hasSuffix("\n1 error\n\(explainHint)\n"), check.stderr)

        let build = try FolioProcess.run(["build", "--strict"], in: folder)
        XCTAssertEqual(build.status, 1)
        XCTAssertFalse(build.stderr.contains("built"), build.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path), "nothing written")

        let json = try FolioProcess.run(["check", "--strict", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["errors"] as? Int, 1)
        XCTAssertEqual(report["warnings"] as? Int, 0)
    }

    func testQuietPrintsTheProblemsAlone() throws {
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: folder.appendingPathComponent("Clean"))
        let quietBuild = try FolioProcess.run(["build", "Clean", "--quiet"], in: folder)
        XCTAssertEqual(quietBuild.status, 0)
        XCTAssertEqual(quietBuild.stderr + quietBuild.stdout, "", "no \"built\" line")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/site/index.html").path))
        let quietCheck = try FolioProcess.run(["check", "Clean", "-q"], in: folder)
        XCTAssertEqual(quietCheck.status, 0)
        XCTAssertEqual(quietCheck.stderr + quietCheck.stdout, "", "no \"no problems\" line")

        try content(quiz: oneWarning)
        let loud = try FolioProcess.run(["check"], in: folder)
        let check = try FolioProcess.run(["check", "-q"], in: folder)
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.stderr.hasPrefix("Content/quizzes/who-am-i.yaml:6:9: warning: a learner who picks \"B\""), check.stderr)
        XCTAssertEqual(check.stderr + "1 warning\n\(explainHint)\n", loud.stderr, "the warning, without the summary")
        XCTAssertEqual(check.stdout, "")
        // Output holds the bundle built from Clean, whose quiz had other questions: the
        // build warns that the answers saved for them would be dropped, as check does
        // when given that bundle.
        let against = try FolioProcess.run(["check", "-q", "--against", "Output/bundle"], in: folder)
        XCTAssertTrue(against.stderr.contains(check.stderr), against.stderr)
        XCTAssertTrue(against.stderr.contains("[progress-dropped]"), against.stderr)
        let build = try FolioProcess.run(["build", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0)
        XCTAssertEqual(build.stderr, against.stderr, "the warnings, without the summary and the \"built\" line")
        let json = try FolioProcess.run(["check", "--quiet", "--format", "json"], in: folder)
        XCTAssertEqual(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["warnings"] as? Int, 1)

        let strict = try FolioProcess.run(["check", "--quiet", "--strict"], in: folder)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.hasPrefix("Content/quizzes/who-am-i.yaml:6:9: error: a learner who picks \"B\""), strict.stderr)
        XCTAssertTrue(strict.stderr.hasSuffix("`hints:` to the question\n\n"), "no summary line: \(strict.stderr)")

        try twoErrorsOneWarning.write(to: folder.appendingPathComponent("Content/quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        let errors = try FolioProcess.run(["check", "--quiet"], in: folder)
        XCTAssertEqual(errors.status, 1)
        XCTAssertEqual(errors.stderr.components(separatedBy: ": error: ").count, 3, errors.stderr)
        XCTAssertEqual(errors.stderr.components(separatedBy: ": warning: ").count, 2, errors.stderr)
        XCTAssertFalse(errors.stderr.contains("2 errors"), errors.stderr)
    }

    func testExitCodesAreTheDocumentedThree() throws {
        try content(quiz: oneWarning)
        XCTAssertEqual(try FolioProcess.run(["check", "--format", "github"], in: folder).status, 0)
        XCTAssertEqual(try FolioProcess.run(["check", "--format", "github", "--strict"], in: folder).status, 1)
        XCTAssertEqual(try FolioProcess.run(["check", "Missing", "--quiet"], in: folder).status, 2)
        XCTAssertEqual(try FolioProcess.run(["check", "--format", "gitlab"], in: folder).status, 2)
        XCTAssertEqual(try FolioProcess.run(["new", "chapter"], in: folder).status, 2)
        let help = try FolioProcess.run(["--help"])
        XCTAssertTrue(help.stdout.contains("Exit codes: 0 no errors (warnings allowed), 1 the content has errors"), help.stdout)
    }
}
