import FolioTestSupport
import Foundation
import XCTest

/// A build of what the output was built from writes nothing and says again what the last
/// build said; any change to the content, the options or the output builds again; and a
/// cached build always equals a build from scratch.
final class BuildRecordTests: XCTestCase {
    var temporary: URL!
    var content: URL!
    var output: URL!

    override func setUpWithError() throws {
        temporary = try TestFixtures.temporaryFolder(self)
        content = temporary.appendingPathComponent("Content")
        output = temporary.appendingPathComponent("Output")
        // The record's short ways are those of programs in one language.
        try TestFixtures.writeSampleInOneLanguage(to: content)
    }

    @discardableResult
    func build(_ extra: [String] = [], into folder: URL? = nil) throws -> FolioProcess.Output {
        let result = try FolioProcess.run(["build", content.path, "--output", (folder ?? output).path] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// Every file of the output by path: its inode and modification time, which change
    /// whenever a file is written.
    func stamps() throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: output.path))
        for case let path as String in enumerator {
            var info = stat()
            guard lstat(output.appendingPathComponent(path).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            found[path] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return found
    }

    var spare: URL { temporary.appendingPathComponent(".Output.folio-spare") }

    func testABuildOfUnchangedContentWritesNothingAndSaysTheSame() throws {
        // A warning, so that there is something to say again.
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        try (String(contentsOf: chapter, encoding: .utf8) + "\n![](../media/path.svg)\n").write(to: chapter, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: TestFixtures.repository.appendingPathComponent("Sources/FolioAuthoring/Assets/Starter/media/path.svg"),
            to: content.appendingPathComponent("media/path.svg"))
        let first = try build()
        XCTAssertTrue(first.stderr.contains("warning:"), first.stderr)
        let before = try stamps()
        let spareBefore = TestFixtures.snapshot(spare)
        XCTAssertEqual(spareBefore, TestFixtures.snapshot(output), "the first build made a spare of what it wrote")
        let second = try build()
        XCTAssertEqual(second.stderr, first.stderr)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertEqual(try stamps(), before, "no file was written")
        XCTAssertEqual(TestFixtures.snapshot(spare), spareBefore, "the spare was left as it was")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix(".") }.sorted(),
            [".Output.folio-build", ".Output.folio-spare"], "no staging folder was made")
        // Content-addressed: a chapter saved again with the same bytes is no change.
        try Data(contentsOf: chapter).write(to: chapter)
        XCTAssertEqual(try build().stderr, first.stderr)
        XCTAssertEqual(try stamps(), before, "no file was written for a file saved unchanged")

        // JSON: the first build with it builds (the options changed), the next says the same.
        let json = try build(["--format", "json"])
        XCTAssertNotEqual(try stamps(), before)
        let jsonStamps = try stamps()
        let again = try build(["--format", "json"])
        XCTAssertEqual(again.stdout, json.stdout)
        XCTAssertTrue(again.stdout.contains("\"warnings\" : 1"), again.stdout)
        XCTAssertEqual(try stamps(), jsonStamps)
    }

    func testAnyChangeToTheContentTheOptionsOrTheOutputBuildsAgain() throws {
        try build()
        let chapter = content.appendingPathComponent("chapters/02-friendship.md")
        let changes: [(String, () throws -> [String])] = [
            (
                "an edit of the same size, with the file's time put back",
                {
                    let original = try Data(contentsOf: chapter)
                    let time = try FileManager.default.attributesOfItem(atPath: chapter.path)[.modificationDate] as! Date
                    var edited = original
                    let at = try XCTUnwrap(edited.lastIndex(of: UInt8(ascii: "e")))
                    edited[at] = UInt8(ascii: "a")
                    try edited.write(to: chapter)
                    try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: chapter.path)
                    return []
                }
            ),
            (
                "a media file written again",
                {
                    let media = self.content.appendingPathComponent("media/feelings-checklist.txt")
                    try Data(contentsOf: media).write(to: media)
                    return []
                }
            ),
            (
                "a new file",
                {
                    try "Notes.\n".write(to: self.content.appendingPathComponent("media/notes.txt"), atomically: true, encoding: .utf8); return []
                }
            ),
            (
                "a file removed",
                {
                    try FileManager.default.removeItem(at: self.content.appendingPathComponent("media/notes.txt")); return []
                }
            ),
            ("another option", { ["--drafts"] }),
            (
                "an output file edited by hand",
                {
                    try "changed".write(to: self.output.appendingPathComponent("site/index.html"), atomically: false, encoding: .utf8)
                    return []
                }
            ),
            (
                "an output file removed",
                {
                    try FileManager.default.removeItem(at: self.output.appendingPathComponent("bundle/welcome.json")); return []
                }
            ),
            (
                "an output file added",
                {
                    try "x".write(to: self.output.appendingPathComponent("site/extra.html"), atomically: true, encoding: .utf8); return []
                }
            ),
        ]
        for (name, change) in changes {
            // Two builds with the options of this round, so the second would be cached.
            let options = try change()
            // A build swaps a new folder in: the output's folder is another one after it.
            let before = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
            try build(options)
            let after = try FileManager.default.attributesOfItem(atPath: output.path)[.systemFileNumber] as? Int
            XCTAssertNotEqual(before, after, "\(name): the output was built again")
            let fresh = temporary.appendingPathComponent("Fresh-\(after ?? 0)")
            try build(options + ["--rebuild"], into: fresh)
            XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh), name)
            try build(options)
        }
    }

    /// Rounds of random edits (a chapter's text, a chapter added or removed, a quiz's
    /// prompt, nothing at all), each built twice into the same output and once from
    /// scratch: the three are byte for byte the same.
    func testCachedBuildsEqualBuildsFromScratchThroughRandomEdits() throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededRandom(seed: seed)
        for round in 0..<8 {
            let chapters = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("chapters").path).sorted()
            switch random.next() % 5 {
            case 0:
                let chapter = content.appendingPathComponent("chapters/" + chapters[Int(random.next() % UInt64(chapters.count))])
                try (String(contentsOf: chapter, encoding: .utf8) + "\nRound \(round).\n").write(to: chapter, atomically: true, encoding: .utf8)
            case 1:
                try "---\ntitle: Extra \(round)\n---\n\nMore to read.\n".write(
                    to: content.appendingPathComponent("chapters/\(10 + round)-extra-\(round).md"), atomically: true, encoding: .utf8)
            case 2:
                if let extra = chapters.first(where: { $0.contains("-extra-") }) {
                    try FileManager.default.removeItem(at: content.appendingPathComponent("chapters/" + extra))
                }
            case 3:
                let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
                let text = try String(contentsOf: quiz, encoding: .utf8)
                try text.replacingOccurrences(of: "title: ", with: "title: Again, ").write(to: quiz, atomically: true, encoding: .utf8)
            default:
                break
            }
            let first = try build()
            let second = try build()
            XCTAssertEqual(second.stderr, first.stderr, "round \(round), seed \(seed)")
            let fresh = temporary.appendingPathComponent("Fresh-\(round)")
            try build(["--rebuild"], into: fresh)
            XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh), "round \(round), seed \(seed)")
        }
    }

    /// A build writes only the files whose bytes differ from the output it replaces,
    /// from the first edit on; the others keep their times. The output replaced is never
    /// written into: it is kept, as it was, as the spare.
    func testABuildWritesOnlyTheFilesWhoseBytesChange() throws {
        try build()
        let chapter = content.appendingPathComponent("chapters/03-feelings.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        let spare = temporary.appendingPathComponent(".\(output.lastPathComponent).folio-spare")
        for (round, line) in ["One more line.", "Another line.", "A third line."].enumerated() {
            let previous = TestFixtures.snapshot(output)
            try (text + "\n\(line)\n").write(to: chapter, atomically: true, encoding: .utf8)
            let before = Date()
            Thread.sleep(forTimeInterval: 0.05)
            try build()
            var kept = 0
            var written = 0
            for (path, data) in TestFixtures.snapshot(output) {
                let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
                let modified = try XCTUnwrap(attributes[.modificationDate] as? Date)
                if previous[path] == data {
                    XCTAssertLessThan(modified, before, "round \(round): \(path) has the bytes it had, and was written again")
                    kept += 1
                } else {
                    XCTAssertGreaterThan(modified, before, "round \(round): \(path) changed, and was not written")
                    written += 1
                }
            }
            XCTAssertGreaterThan(kept, 20, "round \(round): most files were left as they were")
            XCTAssertGreaterThan(written, 2, "round \(round): the chapter's page and bundle file, the manifest, ...")
            XCTAssertEqual(TestFixtures.snapshot(spare), previous, "round \(round): the output replaced is kept as it was")
        }
        let fresh = temporary.appendingPathComponent("Fresh")
        try build(["--rebuild"], into: fresh)
        XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh))
    }

    /// A build that warns about progress saved with the bundle it replaces is not
    /// recorded: the next build compares with the new bundle and says nothing.
    /// Staff put a new "Proud" card at the top of a deck that already has one with another
    /// back: the next build, against the bundle it replaces, keeps the old card's id on the
    /// old card, so the marks learners made on it stay with it; the new card takes the next.
    func testACardOfTheSameFrontAddedAtTheTopLeavesTheOldCardItsID() throws {
        let content = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        let output = content.deletingLastPathComponent().appendingPathComponent("Output")
        func cards() throws -> [(id: String, back: String)] {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("bundle/decks/feelings.json")))
            let list = try XCTUnwrap((json as? [String: Any])?["cards"] as? [[String: Any]])
            return list.map { ($0["id"] as? String ?? "", $0["back"] as? String ?? "") }
        }
        XCTAssertEqual(try FolioProcess.run(["build", content.path, "--output", output.path]).status, 0)
        let proud = try XCTUnwrap(try cards().first { $0.back.hasPrefix("Feeling good about something you did") })
        let deck = content.appendingPathComponent("decks/feelings.yaml")
        let edited = try String(contentsOf: deck, encoding: .utf8)
            .replacingOccurrences(of: "cards:\n", with: "cards:\n  - front: Proud\n    back: Standing tall after a hard day.\n")
        try edited.write(to: deck, atomically: true, encoding: .utf8)

        let build = try FolioProcess.run(["build", content.path, "--output", output.path])
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("whose card keeps its id"), build.stderr)
        let after = try cards()
        XCTAssertEqual(after.first?.back, "Standing tall after a hard day.")
        XCTAssertEqual(after.first?.id, proud.id + "-2", "the new card takes the next id")
        XCTAssertEqual(after.first { $0.back == proud.back }?.id, proud.id, "the old card keeps its id, and with it every learner's marks")
    }

    func testAWarningAboutDroppedProgressIsNotSaidAgain() throws {
        try build()
        let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
        let text = try String(contentsOf: quiz, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "id: first-right\n", with: "id: the-first-right\n")
        XCTAssertNotEqual(edited, text)
        try edited.write(to: quiz, atomically: true, encoding: .utf8)
        let warned = try build()
        guard warned.stderr.contains("progress-dropped") else { return XCTFail("no warning to test with:\n\(warned.stderr)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.appendingPathComponent(".Output.folio-build").path))
        let next = try build()
        XCTAssertFalse(next.stderr.contains("progress-dropped"), next.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.appendingPathComponent(".Output.folio-build").path))
    }
}
