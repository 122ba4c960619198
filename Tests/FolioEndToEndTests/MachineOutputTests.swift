import FolioCore
import FolioTestSupport
import Foundation
import XCTest

/// `--format json` prints exactly one JSON document on standard output, whatever happens:
/// the problems found, an explanation, progress, or why the command could not run. Every
/// document names the tool, its version and the output format's version, and validates
/// against docs/machine-output.schema.json.
final class MachineOutputTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.specExamples, to: folder.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: TestFixtures.specExamples, to: folder.appendingPathComponent("Broken"))
        try "questions: [".write(to: folder.appendingPathComponent("Broken/quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("translated"), to: folder.appendingPathComponent("Translated"))
        try "not a folder".write(to: folder.appendingPathComponent("file.txt"), atomically: true, encoding: .utf8)
    }

    /// Each run: its arguments, the exit code and document expected.
    let runs: [(arguments: [String], status: Int32, document: String)] = [
        (["check", "Content", "--format", "json"], 0, "diagnostics"),
        (["check", "Broken", "--format", "json"], 1, "diagnostics"),
        (["build", "Content", "--output", "Output", "--format", "json"], 0, "diagnostics"),
        (["explain", "quiz-no-hint", "--format", "json"], 0, "explanation"),
        (["explain", "--format", "json"], 0, "explanations"),
        (["progress", "--content", "Content", "--format", "json"], 0, "progress"),
        (["translate", "status", "--content", "Translated", "--format", "json"], 0, "translation-status"),
        // Could not run: a folder that is not there, a mistake in the command line, an
        // output folder that is the content folder, an unknown code, a bundle missing.
        (["check", "Missing", "--format", "json"], 2, "error"),
        (["check", "--bogus", "--format", "json"], 2, "error"),
        (["build", "Content", "--output", "Content", "--format=json"], 2, "error"),
        (["explain", "hnit", "--format", "json"], 2, "error"),
        (["check", "Content", "--against", "Nowhere", "--format", "json"], 2, "error"),
        (["import", "missing.gift", "--format", "json"], 2, "error"),
        (["translate", "status", "fr", "--content", "Translated", "--format", "json"], 2, "error"),
        // Checked, but the output cannot be written (its parent is a file): the problems
        // found and the error, in one document.
        (["build", "Content", "--output", "file.txt/Output", "--format", "json"], 2, "diagnostics"),
    ]

    func testEveryRunPrintsOneDocumentThatNamesTheToolAndValidatesAgainstTheSchema() throws {
        var files: [String] = []
        for (index, run) in runs.enumerated() {
            let label = run.arguments.joined(separator: " ")
            let result = try FolioProcess.run(run.arguments, in: folder, environment: ["HOME": folder.path])
            XCTAssertEqual(result.status, run.status, "\(label): \(result.stderr)")
            let document = try XCTUnwrap(
                try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(label) printed: \(result.stdout)")
            XCTAssertEqual(document["document"] as? String, run.document, label)
            XCTAssertEqual(document["outputFormatVersion"] as? Int, FolioVersion.machineOutputFormatVersion, label)
            XCTAssertEqual(document["tool"] as? [String: String], ["name": "folio", "version": FolioVersion.current], label)
            if run.status == 2 {
                let error = try XCTUnwrap(document["error"] as? [String: Any], label)
                XCTAssertFalse((error["message"] as? String ?? "").isEmpty, label)
                XCTAssertEqual(error["exitCode"] as? Int, 2, label)
                XCTAssertTrue((error["command"] as? String ?? "").hasPrefix("folio " + run.arguments[0]), "\(label): \(error)")
            }
            let file = folder.appendingPathComponent("document-\(index).json")
            try Data(result.stdout.utf8).write(to: file)
            files.append(file.path)
        }
        let validation = try TestFixtures.runTool(
            ["python3", TestFixtures.repository.appendingPathComponent("Tests/Support/validate_machine_output.py").path] + files)
        XCTAssertEqual(validation.status, 0, validation.text)
        XCTAssertTrue(validation.text.hasSuffix("\(runs.count) passed, 0 failed\n"), validation.text)
    }

    func testAnErrorDocumentSaysWhatKindOfProblemItWas() throws {
        let usage = try FolioProcess.run(["build", "Content", "--output", "Content", "--format", "json"], in: folder)
        let usageError = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(usage.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(usageError["kind"] as? String, "usage")
        XCTAssertEqual(usageError["command"] as? String, "folio build")
        let missing = try FolioProcess.run(["check", "Missing", "--format", "json"], in: folder)
        let fileError = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(missing.stdout.utf8)) as? [String: Any])?["error"] as? [String: Any])
        XCTAssertEqual(fileError["kind"] as? String, "file")
        XCTAssertEqual(
            fileError["message"] as? String, "there is no folder `Missing` here: check its name, or start a program there with `folio init Missing`")
        // The message for people is still on standard error.
        XCTAssertTrue(missing.stderr.contains("error: there is no folder `Missing` here"), missing.stderr)
    }

    /// A mistake found once `build` was read is followed by `build`'s usage, not the
    /// root's list of commands.
    func testAnOutputFolderThatIsTheContentFolderGetsBuildsUsage() throws {
        let result = try FolioProcess.run(["build", "Content", "--output", "Content"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.stderr.hasPrefix(
                "Error: the output folder `Content` must not be the content folder, inside it, or around it: give another with `--output`, such as a folder beside the content folder\nUsage: folio build [<content>]"
            ), result.stderr)
        XCTAssertTrue(result.stderr.contains("See 'folio help build' for more information."), result.stderr)
        XCTAssertFalse(result.stderr.contains("folio <subcommand>"), result.stderr)
    }

    func testWithoutJSONNothingIsPrintedOnStandardOutputForAnError() throws {
        let result = try FolioProcess.run(["check", "Missing"], in: folder)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
    }

    func testTheVersionIsTheOneConstant() throws {
        let result = try FolioProcess.run(["--version"])
        XCTAssertEqual(result.stdout, FolioVersion.current + "\n")
        let changelog = try String(contentsOf: TestFixtures.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // Changes not released yet are listed first, under "Unreleased".
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        XCTAssertEqual(newest?.split(separator: " ")[1], Substring(FolioVersion.current), "CHANGELOG.md's newest release")
    }
}
