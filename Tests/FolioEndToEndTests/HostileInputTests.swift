import FolioTestSupport
import Foundation
import XCTest

/// The inputs that once stalled or crashed `folio check`, run as an author would run
/// them. How long each takes at growing sizes is `make bench`'s job (bench/linear_bench.py);
/// these hold what the output says.
final class HostileInputTests: XCTestCase {
    /// A copy of the spec examples with `files` written over it.
    func program(_ files: [String: String]) throws -> URL {
        let temporary = try TestFixtures.temporaryFolder(self)
        let content = temporary.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        for (path, text) in files { try text.write(to: content.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        return content
    }

    let head = "---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\n"

    func testAVideoTitleWithALinkInItChecksAndBuilds() throws {
        let content = try program([
            "chapters/01-who-am-i.md": head + "![Watch [part two](01-who-am-i.md)](https://youtu.be/aBcDeFgHiJ0)\n\n"
                + "![Watch ![inner](https://youtu.be/aBcDeFgHiJ0)](https://youtu.be/aBcDeFgHiJ1)\n\n![a [b](javascript:x)](https://youtu.be/aBcDeFgHiJ0)\n"
        ])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains(":10:5: error: links starting with `javascript:` are not allowed"), check.stderr)
    }

    /// Found by the fuzzer: Foundation traps on a one-letter path.
    func testALinkToAOneLetterFileIsReportedNotACrash() throws {
        let content = try program(["chapters/01-who-am-i.md": head + "See [a](../b) and ![x](c).\n"])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains(":6:5: error: `../b` does not exist"), check.stderr)
    }

    /// A stray file of gigabytes in `chapters/` (a disk image, a video saved with the
    /// wrong ending) is refused by its size, before it is read: the check's peak memory
    /// stays that of the small program around it.
    func testAThreeGigabyteFileIsRefusedWithoutBeingRead() throws {
        let content = try program([:])
        let huge = content.appendingPathComponent("chapters/02-huge.md")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge.path, contents: Data("---\ntitle: Huge\n---\n".utf8)))
        // Sparse: three gigabytes long, without taking them on the disk.
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 3 * 1024 * 1024 * 1024)
        try handle.close()
        // GNU time's `%M`: the largest resident set of the process, in kilobytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "peak %M", FolioProcess.executable.path, "check", content.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, stderr)
        XCTAssertTrue(stderr.contains("02-huge.md:1:1: error: this file is 3072 MB; Folio reads text files of at most 2 MB"), stderr)
        let peak = try XCTUnwrap(stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }, stderr)
        XCTAssertLessThan(peak, 200 * 1024, "kilobytes at the peak")
    }

    func testALineOfEightyThousandTrailingSpacesChecks() throws {
        let content = try program([
            "chapters/01-who-am-i.md": "---\ntitle: Who Am I?" + String(repeating: " ", count: 80_000) + "\nquiz: who-am-i\n---\n\nText.\n"
        ])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "no problems\n")
    }

    func testSixteenThousandLinksInOneChapterCheck() throws {
        let links = (0..<16_000).map { "[part \($0)](01-who-am-i.md#p\($0))" }.joined(separator: " ")
        let content = try program(["chapters/01-who-am-i.md": head + links + "\n"])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testEightThousandDuplicateKeysListFiftyAndCountTheRest() throws {
        let quiz = try String(contentsOf: TestFixtures.root.appendingPathComponent("spec-examples/quizzes/who-am-i.yaml"), encoding: .utf8)
        let line = "extra: {" + Array(repeating: "a: 1", count: 8_000).joined(separator: ", ") + "}\n"
        let content = try program(["quizzes/who-am-i.yaml": quiz + line])
        let json = try FolioProcess.run(["check", content.path, "--format", "json"])
        XCTAssertEqual(json.status, 1)
        // Each message quotes the part of the 48 KB line around its column.
        XCTAssertLessThan(json.stdout.utf8.count, 100_000)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 51)
        XCTAssertEqual(diagnostics.last?["code"] as? String, "too-many-problems")
        XCTAssertEqual(diagnostics.last?["message"] as? String, "and 7,950 more problems in this file (7,950 errors), not listed")
        XCTAssertTrue(diagnostics.allSatisfy { ($0["source"] as? String)?.unicodeScalars.count ?? 0 <= 122 })
    }
}

/// What Folio does not read is said, not skipped in silence.
final class LeftOutInputTests: XCTestCase {
    func program() throws -> URL {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        return content
    }

    func testLinksInTheContentFolderAreNamedAndNotFollowed() throws {
        let content = try program()
        let outside = content.deletingLastPathComponent().appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("private".utf8).write(to: outside.appendingPathComponent("diary.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: content.appendingPathComponent("media/diary.txt").path, withDestinationPath: outside.appendingPathComponent("diary.txt").path)
        try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("media/more").path, withDestinationPath: outside.path)
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(check.stderr.contains("media/diary.txt:1:1: warning: `media/diary.txt` is a symbolic link; Folio does not follow links"), check.stderr)
        XCTAssertTrue(check.stderr.contains("media/more:1:1: warning: `media/more` is a symbolic link"), check.stderr)
        let output = content.deletingLastPathComponent().appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", output.path]).status, 0)
        XCTAssertFalse(TestFixtures.snapshot(output).values.contains(Data("private".utf8)))
    }

    func testASettingsFileThatIsALinkSaysSo() throws {
        let content = try program()
        let settings = content.appendingPathComponent("folio.yaml")
        let shared = content.deletingLastPathComponent().appendingPathComponent("shared-folio.yaml")
        try FileManager.default.moveItem(at: settings, to: shared)
        try FileManager.default.createSymbolicLink(atPath: settings.path, withDestinationPath: shared.path)
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("folio.yaml:1:1: error: `folio.yaml` is a symbolic link, which Folio does not follow"), check.stderr)
        XCTAssertFalse(check.stderr.contains("has no `folio.yaml`"), check.stderr)
    }

    func testFilesMoreThanEightFoldersDeepAreNamed() throws {
        let content = try program()
        let deep = content.appendingPathComponent("media/1/2/3/4/5/6/7/8")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: deep.appendingPathComponent("photo.png"))
        try Data("png".utf8).write(to: content.appendingPathComponent("media/1/2/3/4/5/6/7/kept.png"))
        let check = try FolioProcess.run(["check", content.path, "--format", "json"])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(
            check.stdout.contains("\"message\" : \"the folder `media/1/2/3/4/5/6/7/8` is more than 8 folders deep, so nothing in it is read, such as this\""),
            check.stdout)
        XCTAssertTrue(check.stdout.contains("\"file\" : \"media/1/2/3/4/5/6/7/8/photo.png\""), check.stdout)
    }

    func testControlCharactersAreNamedWhereTheyAre() throws {
        let content = try program()
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        try text.replacingOccurrences(of: "Everyone changes", with: "Every\u{1B}[2Jone changes").write(to: chapter, atomically: true, encoding: .utf8)
        let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
        try ("title: \"Hi \\e]0;pwned\\a\"\n" + String(contentsOf: quiz, encoding: .utf8).replacingOccurrences(of: "\ntitle:", with: "\n# title:"))
            .write(to: quiz, atomically: true, encoding: .utf8)
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(
            check.stderr.contains("chapters/01-who-am-i.md:9:6: error: this text holds ESC (U+001B), an invisible character that is not text"), check.stderr)
        XCTAssertTrue(check.stderr.contains("   9 | Every␛[2Jone changes"), "the line is quoted with the character shown: \(check.stderr)")
        XCTAssertTrue(check.stderr.contains("quizzes/who-am-i.yaml:1:8: error: this text holds ESC (U+001B), written `\\e`"), check.stderr)
        XCTAssertFalse(check.stderr.unicodeScalars.contains("\u{1B}"), "nothing raw reaches the terminal")
    }
}
