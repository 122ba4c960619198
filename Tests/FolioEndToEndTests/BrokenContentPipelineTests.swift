import FolioTestSupport
import Foundation
import XCTest

/// `--format github`, `--strict` and `--quiet` on every broken case of
/// `Tests/Fixtures/broken/`: each problem becomes one annotation at the file, line and
/// column the case expects, and the exit code follows what is reported.
final class BrokenContentPipelineTests: XCTestCase {
    /// One workflow command read back: `::error file=F,line=L,col=C,title=T::message`.
    struct Annotation {
        var problem: BrokenCase.Problem
        var message: String
    }

    /// Every line of `output` read as an annotation; a line that is not one fails.
    func annotations(_ output: String, file: StaticString = #filePath, line: UInt = #line) -> [Annotation] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { text in
            let command = text.hasPrefix("::error ") ? "error" : text.hasPrefix("::warning ") ? "warning" : nil
            guard let command, let end = text.dropFirst(2).range(of: "::") else {
                XCTFail("not a workflow command: \(text)", file: file, line: line)
                return nil
            }
            let head = text[text.index(text.startIndex, offsetBy: command.count + 3)..<end.lowerBound]
            var properties: [String: String] = [:]
            for pair in head.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                properties[String(parts[0])] = String(parts[1]).removingPercentEncoding
            }
            guard let path = properties["file"], path.hasPrefix("Content/"), let number = properties["line"].flatMap(Int.init),
                let column = properties["col"].flatMap(Int.init), let code = properties["title"]
            else {
                XCTFail("an annotation without its file, line, col and title: \(text)", file: file, line: line)
                return nil
            }
            return Annotation(
                problem: .init(severity: command, code: code, file: String(path.dropFirst("Content/".count)), line: number, column: column),
                message: String(text[end.upperBound...]))
        }
    }

    /// Runs folio on a case's content, in a folder of its own.
    func run(_ fixture: BrokenCase, _ arguments: [String]) throws -> FolioProcess.Output {
        let folder = try TestFixtures.temporaryFolder(self)
        try fixture.write(to: folder.appendingPathComponent("Content"))
        return try FolioProcess.run(arguments, in: folder)
    }

    func sorted(_ problems: [BrokenCase.Problem]) -> [String] {
        problems.map { "\($0.severity) \($0.code) \($0.file):\($0.line):\($0.column)" }.sorted()
    }

    func testEveryProblemOfEveryBrokenCaseIsOneAnnotationAtItsPlace() throws {
        let fixtures = BrokenCase.all
        XCTAssertGreaterThanOrEqual(fixtures.count, 30)
        for fixture in fixtures {
            let result = try run(fixture, ["check", "--format", "github"])
            let found = annotations(result.stdout)
            XCTAssertEqual(sorted(found.map(\.problem)), sorted(fixture.expected), fixture.name)
            XCTAssertEqual(result.status, fixture.expected.contains { $0.severity == "error" } ? 1 : 0, fixture.name)
            for annotation in found {
                XCTAssertFalse(annotation.message.isEmpty, fixture.name)
                XCTAssertTrue(
                    annotation.message.contains("%0Ahelp: ") || !annotation.message.contains("help:"), "help on a line of its own: \(annotation.message)")
            }
            // The summary goes to standard error, out of the annotations' way.
            let errors = fixture.expected.count { $0.severity == "error" }, warnings = fixture.expected.count - errors
            let counts = [(errors, "error"), (warnings, "warning")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
            XCTAssertEqual(result.stderr, counts.joined(separator: ", ") + "\n", fixture.name)
        }
    }

    func testStrictFailsTheCasesThatHaveOnlyWarningsAndMakesEveryAnnotationAnError() throws {
        let onlyWarnings = BrokenCase.all.filter { fixture in fixture.expected.allSatisfy { $0.severity == "warning" } }
        XCTAssertEqual(
            onlyWarnings.map(\.name),
            [
                "address-with-a-space", "facilitator-empty", "habits-from-yaml-and-word-processors", "lang-span-unclosed-and-bad-tag",
                "order-shared-by-an-order-line",
                "quiz-text-raw-html", "raw-html", "translation-outdated", "translation-outdated-card-extra",
                "unknown-file-type", "video-on-a-site-folio-cannot-play", "wrong-choice-without-hint",
            ])
        for fixture in onlyWarnings {
            XCTAssertEqual(try run(fixture, ["check"]).status, 0, "\(fixture.name): warnings alone pass")
            let strict = try run(fixture, ["check", "--strict", "--format", "github"])
            XCTAssertEqual(strict.status, 1, fixture.name)
            let asErrors = fixture.expected.map { problem in
                var problem = problem
                problem.severity = "error"
                return problem
            }
            XCTAssertEqual(sorted(annotations(strict.stdout).map(\.problem)), sorted(asErrors), fixture.name)

            let build = try run(fixture, ["build", "--strict"])
            XCTAssertEqual(build.status, 1, fixture.name)
            XCTAssertTrue(build.stderr.contains(": error: "), build.stderr)
            XCTAssertFalse(build.stderr.contains("built "), "\(fixture.name): nothing is built: \(build.stderr)")
        }
    }

    func testQuietPrintsTheProblemsAloneAndNothingElse() throws {
        for fixture in BrokenCase.all {
            let problems = fixture.expected
            let github = try run(fixture, ["check", "--quiet", "--format", "github"])
            XCTAssertEqual(sorted(annotations(github.stdout).map(\.problem)), sorted(problems), fixture.name)
            XCTAssertEqual(github.stderr, "", "\(fixture.name): no summary")

            let text = try run(fixture, ["build", "--quiet"])
            XCTAssertEqual(text.status, problems.contains { $0.severity == "error" } ? 1 : 0, fixture.name)
            // Each problem starts with its place at the left edge; its quoted line, caret
            // and help are indented under it.
            let headlines = text.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }
            XCTAssertEqual(headlines.count, problems.count, "\(fixture.name): one headline per problem, nothing else:\n\(text.stderr)")
            for (headline, problem) in zip(headlines, problems.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }) {
                XCTAssertTrue(
                    headline.hasPrefix("Content/\(problem.file):\(problem.line):\(problem.column): \(problem.severity): "), "\(fixture.name): \(headline)")
            }
        }
    }

    func testImportReportsAGIFTFilesProblemsAsAnnotations() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: folder.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("gift/broken.gift"), to: folder.appendingPathComponent("broken.gift"))
        let result = try FolioProcess.run(["import", "broken.gift", "--format", "github"], in: folder)
        XCTAssertEqual(result.status, 1, "errors kept questions out: \(result.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content/quizzes/broken.yaml").path), "the good ones are written")
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 7, "6 errors and 1 warning, one line each: \(result.stdout)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error file=broken.gift,line=") }.count, 6, result.stdout)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning file=broken.gift,line=") }.count, 1, result.stdout)
        for place in [
            "line=3,col=31,title=gift-syntax::this `{` is never closed", "line=5,col=33,", "line=11,col=24,",
            "::`%25150%25` is not a weight from -100%25 to 100%25",
        ] {
            XCTAssertTrue(result.stdout.contains(place), "\(place)\n\(result.stdout)")
        }
        // What was left out is said on standard error, for the person reading the log.
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "imported 2 questions into Content/quizzes/broken.yaml; 6 questions left out\nleft out because of a mistake in the GIFT file (the errors above):\n  line 3: this `{` is never closed\n"
            ), result.stderr)
    }
}
