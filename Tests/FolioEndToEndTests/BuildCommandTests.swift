import FolioTestSupport
import Foundation
import XCTest

/// `folio build` and `folio check` as a build pipeline runs them.
final class BuildCommandTests: XCTestCase {
    func testTheSampleProgramBuildsCleanlyIntoABundleThatMatchesTheSchema() throws {
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        let result = try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), "the sample program should have no warnings: \(result.stderr)")
        for page in [
            "site/index.html", "site/bill-of-rights.html", "site/decks/index.html", "site/site.css", "site/sw.js", "site/search.html", "site/progress.html",
            "bundle/manifest.json", "bundle/welcome.json",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), page)
        }
        try assertValidBundle(output.appendingPathComponent("bundle"))
    }

    func testTheSpecExamplesBundleMatchesTheSchema() throws {
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        let result = try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        try assertValidBundle(output.appendingPathComponent("bundle"))
    }

    func testTheValidatorRejectsACorruptedBundle() throws {
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path]).status, 0)
        let quiz = output.appendingPathComponent("bundle/quizzes/who-am-i.json")
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: quiz)) as? [String: Any])
        json["mode"] = "exam"
        try JSONSerialization.data(withJSONObject: json).write(to: quiz)
        let result = try validate(output.appendingPathComponent("bundle"))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.text.contains("quizzes/who-am-i.json: SHA-256 differs from the manifest"), result.text)
        XCTAssertTrue(result.text.contains("mode: 'exam' is not one of"), result.text)
        XCTAssertTrue(result.text.hasSuffix("0 passed, 1 failed\n"), result.text)
    }

    /// Runs the repository's validator (JSON Schema, sizes, hashes, bundle hash).
    func assertValidBundle(_ bundle: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try validate(bundle)
        XCTAssertEqual(result.status, 0, "bundle does not validate:\n\(result.text)", file: file, line: line)
        XCTAssertTrue(result.text.contains("1 passed, 0 failed"), result.text, file: file, line: line)
    }

    func validate(_ bundle: URL) throws -> (status: Int32, text: String) {
        try TestFixtures.runTool(["python3", FolioProcess.repository.appendingPathComponent("Tests/Support/validate_bundle.py").path, bundle.path])
    }

    func testTwoBuildsFromDifferentFoldersAreByteIdentical() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let elsewhere = temporary.appendingPathComponent("another/place/Content")
        try FileManager.default.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: elsewhere)
        let first = temporary.appendingPathComponent("first")
        let second = temporary.appendingPathComponent("second")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", first.path]).status, 0)
        // Relative paths, another working directory, another content location.
        XCTAssertEqual(try FolioProcess.run(["build", "place/Content", "--output", "../second"], in: temporary.appendingPathComponent("another")).status, 0)
        let a = TestFixtures.snapshot(first), b = TestFixtures.snapshot(second)
        XCTAssertGreaterThan(a.count, 10)
        XCTAssertEqual(Set(a.keys), Set(b.keys))
        for (path, data) in a { XCTAssertEqual(data, b[path], "\(path) differs between builds") }
    }

    func testABuildWithErrorsLeavesThePreviousOutputExactlyAsItWas() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let content = temporary.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        let output = temporary.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", output.path]).status, 0)
        let before = TestFixtures.snapshot(output)

        try "title: [broken\n".write(to: content.appendingPathComponent("quizzes/who-am-i.yaml"), atomically: true, encoding: .utf8)
        let failed = try FolioProcess.run(["build", content.path, "--output", output.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(TestFixtures.snapshot(output), before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".") }
        // The record of the output, which is still the output it describes, and the spare
        // the first build made.
        XCTAssertEqual(leftovers.sorted(), [".Output.folio-build", ".Output.folio-spare"], "no staging folder is left behind")
    }

    func testABuildKilledMidwayLeavesThePreviousOutputExactlyAsItWas() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let output = temporary.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path]).status, 0)
        let before = TestFixtures.snapshot(output)

        // A program large enough that writing it takes a while.
        let large = temporary.appendingPathComponent("Large")
        try SyntheticProgram.write(chapters: 3000, to: large)
        let process = try FolioProcess.start(["build", large.path, "--output", output.path])
        let staging = ".Output.folio-staging-\(process.processIdentifier)-"
        func stagingExists() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).contains { $0.hasPrefix(staging) }
        }
        let deadline = Date().addingTimeInterval(60)
        var sawStaging = false
        while Date() < deadline, process.isRunning {
            if stagingExists() {
                sawStaging = true
                break
            }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertTrue(sawStaging, "the build was killed while it was writing")
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(TestFixtures.snapshot(output), before, "the killed build changed the output")

        // The next build clears what the killed one left.
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path]).status, 0)
        XCTAssertFalse(stagingExists())
    }

    /// A build killed after writing its record under a temporary name, before renaming
    /// it, leaves that file: the next build removes it, and only files of that name whose
    /// process is gone.
    func testTheNextBuildRemovesTheRecordAKilledBuildLeft() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let output = temporary.appendingPathComponent("Output")
        // No process has the id 4194303 (above Linux's largest); this test's process runs.
        let killed = temporary.appendingPathComponent(".Output.folio-build.4194303.tmp")
        let running = temporary.appendingPathComponent(".Output.folio-build.\(getpid()).tmp")
        let others = ["notes.tmp", ".Output.folio-build.x.tmp", ".Other.folio-build.4194303.tmp"].map { temporary.appendingPathComponent($0) }
        for file in [killed, running] + others { try Data("left".utf8).write(to: file) }
        let folder = temporary.appendingPathComponent(".Output.folio-build.4194302.tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let build = try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path])
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: killed.path))
        for kept in [running, folder] + others { XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), kept.lastPathComponent) }
        XCTAssertEqual(try Data(contentsOf: running), Data("left".utf8))
    }

    /// Later builds write over the previous output's spare copy; what they leave must be
    /// exactly what a build into an empty folder makes.
    func testARebuildAfterRemovingFilesEqualsABuildFromScratch() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let content = temporary.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
        let output = temporary.appendingPathComponent("Output")
        // Built twice in full: the second keeps the first's output as the spare.
        for _ in 0..<2 { XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", output.path, "--rebuild"]).status, 0) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.appendingPathComponent(".Output.folio-spare").path))

        // Remove a chapter, its quiz, a deck and the image: their files must go too.
        for path in ["chapters/05-the-big-move.md", "quizzes/ready-for-high-school.yaml", "decks/body-words.txt"] {
            try FileManager.default.removeItem(at: content.appendingPathComponent(path))
        }
        let chapter = content.appendingPathComponent("chapters/04-body-and-health.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        try text.replacingOccurrences(of: "![A sunrise over green hills: a new day starts with good sleep](../media/sunrise.png)", with: "")
            .write(to: chapter, atomically: true, encoding: .utf8)
        // The card that shows the picture shows none.
        let deck = content.appendingPathComponent("decks/feelings.yaml")
        try (try String(contentsOf: deck, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("image: ../media/sunrise.png") && !$0.contains("alt: The sun rising") }.joined(separator: "\n")
            .write(to: deck, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: content.appendingPathComponent("media/sunrise.png"))
        for _ in 0..<2 { XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", output.path]).status, 0) }

        let fresh = temporary.appendingPathComponent("Fresh")
        XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", fresh.path]).status, 0)
        let rebuilt = TestFixtures.snapshot(output), scratch = TestFixtures.snapshot(fresh)
        XCTAssertNil(rebuilt["site/chapters/the-big-move.html"])
        XCTAssertNil(rebuilt["bundle/media/sunrise.png"])
        XCTAssertEqual(Set(rebuilt.keys), Set(scratch.keys))
        XCTAssertEqual(rebuilt, scratch)
    }

    func testBuildRefusesToReplaceAFolderItDidNotWrite() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let precious = temporary.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: precious, withIntermediateDirectories: true)
        try "my notes".write(to: precious.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", precious.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("refusing to replace"), result.stderr)
        XCTAssertEqual(try String(contentsOf: precious.appendingPathComponent("notes.txt"), encoding: .utf8), "my notes")
    }
}
