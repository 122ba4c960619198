import FolioBundle
import FolioCompiler
import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioSite
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioOutput

#if canImport(Glibc)
    import Glibc
#endif

/// `folio build` keeps each chapter's HTML and plain text in a scratch file from the
/// moment it is compiled until the outputs have read it: what it builds is the same as
/// with the text in memory, and a text it cannot read back stops the build before the
/// output is replaced.
final class ScratchShelfTests: XCTestCase {
    func testATextPutOnTheShelfIsTakenBackAsItWas() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self)))
        let texts = ["<p>Hello</p>", "Élodie’s “quiz” 🎈", String(repeating: "long line of text ", count: 10_000)]
        let shelved = texts.map { ShelvedText($0, on: shelf) }
        XCTAssertTrue(shelved.allSatisfy(\.isShelved))
        XCTAssertEqual(shelved.map(\.text), texts)
        XCTAssertEqual(shelved.map(\.utf8Count), texts.map(\.utf8.count))
        XCTAssertEqual(shelved.map(\.text), texts, "read twice, the same")
        XCTAssertEqual(shelved.map { $0.withUTF8 { Array($0) } }, texts.map { Array($0.utf8) }, "and as bytes")
        XCTAssertNoThrow(try shelf.checkEveryTextWasRead())
    }

    /// Comparing and hashing shelved texts never reads the scratch file: they still work when
    /// it cannot be read at all, where reading a text is an error, not an empty text.
    func testComparingShelvedTextsNeverReadsTheFileAndAFailedReadIsAnError() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self), batchBytes: 512))
        let first = ShelvedText(String(repeating: "first ", count: 200), on: shelf)
        let second = ShelvedText(String(repeating: "second ", count: 200), on: shelf)
        _ = ShelvedText(String(repeating: "last ", count: 200), on: shelf)
        var status = stat()
        XCTAssertEqual(fstat(shelf.descriptor, &status), 0)
        XCTAssertGreaterThan(Int(status.st_size), 2 * 1_200, "the first two are in the file")
        // The scratch file's descriptor now names /dev/null opened for writing: no read can
        // succeed.
        let writeOnly = open("/dev/null", O_WRONLY)
        XCTAssertEqual(dup2(writeOnly, shelf.descriptor), shelf.descriptor)
        close(writeOnly)

        let copy = first
        XCTAssertEqual(first, copy)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(Set([first, second, copy]).count, 2)
        XCTAssertNotEqual(first, ShelvedText(String(repeating: "first ", count: 200)), "one in memory is never the one on the shelf")
        XCTAssertNoThrow(try shelf.checkEveryTextWasRead(), "nothing was read to compare or hash")
        XCTAssertThrowsError(try first.read()) { XCTAssertTrue($0 is ShelfReadFailure, "\($0)") }
        XCTAssertEqual(first.withUTF8 { $0.count }, 0, "its bytes read as none")
        XCTAssertThrowsError(try shelf.take(at: 1 << 30, count: 5), "nothing was put there")
        XCTAssertThrowsError(try shelf.checkEveryTextWasRead(), "the build stops before its output is replaced")
    }

    func testTextsPutFromManyThreadsAtOnceKeepTheirOwnBytes() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self)))
        // About 3 MB: written to the file in several batches while threads put more.
        let texts = (0..<2_000).map { "chapter \($0): " + String(repeating: "\($0 % 10)", count: $0 % 3_000) }
        let shelved = ParallelMap.run(texts) { ShelvedText($0, on: shelf) }
        XCTAssertEqual(ParallelMap.run(shelved) { $0.text }, texts)
    }

    /// A batch is written outside the shelf's lock: texts put meanwhile wait in memory
    /// for the next batch, and each text is taken back from wherever it is at that moment
    /// (the file, the batch being written, or the texts waiting).
    func testATextIsTakenBackWhileItsBatchIsBeingWritten() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self), batchBytes: 512))
        let texts = (0..<20_000).map { "text \($0) " + String(repeating: "é", count: $0 % 97) }
        let taken = ParallelMap.run(texts) { text -> String in
            let shelved = ShelvedText(text, on: shelf)
            return shelved.text
        }
        XCTAssertEqual(taken, texts)
        XCTAssertNoThrow(try shelf.checkEveryTextWasRead())
    }

    /// Texts are written to the file a batch at a time; each is taken back from the file
    /// or, until its batch is written, from memory.
    func testTextsAreWrittenInBatchesAndTakenBackFromEitherPlace() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self)))
        func fileSize() -> Int {
            var status = stat()
            return fstat(shelf.descriptor, &status) == 0 ? Int(status.st_size) : -1
        }
        let small = ShelvedText("first, small", on: shelf)
        XCTAssertEqual(fileSize(), 0, "waiting in memory")
        XCTAssertEqual(small.text, "first, small")
        let large = String(repeating: "é", count: shelf.batchBytes / 2)
        let shelvedLarge = ShelvedText(large, on: shelf)
        XCTAssertGreaterThan(fileSize(), shelf.batchBytes - 1, "the batch written together")
        let last = ShelvedText("last, small", on: shelf)
        XCTAssertEqual([small.text, shelvedLarge.text, last.text], ["first, small", large, "last, small"])
        XCTAssertEqual(
            [small, shelvedLarge, last].map { $0.withUTF8 { String(decoding: $0, as: UTF8.self) } }, ["first, small", large, "last, small"],
            "the bytes from either place")
        XCTAssertLessThan(fileSize(), shelf.batchBytes + 100, "the last text still in memory")
        XCTAssertNoThrow(try shelf.checkEveryTextWasRead())
        XCTAssertThrowsError(try shelf.take(at: 1 << 30, count: 4), "nothing was put there")
        XCTAssertThrowsError(try shelf.withBytes(at: 1 << 30, count: 4) { $0.count }, "nor as bytes")
        XCTAssertThrowsError(try shelf.checkEveryTextWasRead())
    }

    /// A shelved text is a handle to a place of the shelf: equal to itself, not to the same
    /// words put at another place or kept in memory, which only reading would tell.
    func testAShelvedTextEqualsOnlyItsOwnPlace() throws {
        let shelf = try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self)))
        let shelved = ShelvedText("same words", on: shelf)
        XCTAssertEqual(shelved, shelved)
        XCTAssertNotEqual(shelved, ShelvedText("same words"))
        XCTAssertNotEqual(shelved, ShelvedText("same words", on: shelf))
        XCTAssertEqual(Set([shelved, shelved, ShelvedText("same words"), ShelvedText("same words")]).count, 2)
        XCTAssertEqual(ShelvedText("same words"), ShelvedText("same words"), "in memory, by their text")
        XCTAssertFalse(ShelvedText("", on: shelf).isShelved, "an empty text costs nothing in memory")
    }

    func testTheScratchFileIsNeverLeftInItsFolder() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let shelf = try XCTUnwrap(ScratchShelf(in: folder))
        _ = ShelvedText("kept out of memory", on: shelf)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAScratchFileLeftByAKilledBuildIsRemovedByTheNext() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        // A process that has ended: its scratch file is a leftover. This process's parent
        // still runs: its file is a build's at work.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let leftover = folder.appendingPathComponent(".folio-scratch-\(ended.processIdentifier)-1")
        let running = folder.appendingPathComponent(".folio-scratch-\(getppid())-1")
        for file in [leftover, running] { try Data("text".utf8).write(to: file) }
        _ = try XCTUnwrap(ScratchShelf(in: folder))
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: running.path))
    }

    func testAFolderWhereNoFileCanBeMadeKeepsTheTextInMemory() throws {
        let missing = try TestFixtures.temporaryFolder(self).appendingPathComponent("not-made")
        XCTAssertNil(ScratchShelf(in: missing))
        let text = ShelvedText("in memory", on: ScratchShelf(in: missing))
        XCTAssertFalse(text.isShelved)
        XCTAssertEqual(text.text, "in memory")
    }

    func testASearchIndexWithItsWordsOnAShelfIsWrittenTheSame() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let index = SearchIndex(program: program)
        let shelved = SearchIndex(program: program, shelf: try XCTUnwrap(ScratchShelf(in: try TestFixtures.temporaryFolder(self))))
        XCTAssertTrue(shelved.entries.allSatisfy(\.wordsAreShelved))
        XCTAssertFalse(index.entries.contains(where: \.wordsAreShelved))
        XCTAssertEqual(shelved.entries.map(\.words), index.entries.map(\.words))
        XCTAssertEqual(try JSONOutput.pretty(shelved), try JSONOutput.pretty(index))
        XCTAssertEqual(try JSONDecoder().decode(SearchIndex.self, from: try JSONOutput.pretty(shelved)), index)
    }

    /// Every file of the bundle and the site, byte for byte.
    func testTheSampleBuildsTheSameWithItsTextOnAShelf() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let shelf = try XCTUnwrap(ScratchShelf(in: folder))
        let shelved = try XCTUnwrap(
            try Compiler(contentFolder: TestFixtures.sampleContent, options: .init(textShelf: shelf)).compile().program)
        let inMemory = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        XCTAssertTrue(shelved.chapters.allSatisfy { $0.body.isShelved && $0.shelvedPlainText.isShelved })
        XCTAssertFalse(inMemory.chapters.contains { $0.body.isShelved || $0.shelvedPlainText.isShelved })
        XCTAssertEqual(shelved.chapters.map { Chapter($0) }, inMemory.chapters.map { Chapter($0) })

        var builds: [[String: Data]] = []
        for (name, program, programShelf) in [("shelved", shelved, shelf), ("in-memory", inMemory, nil)] {
            var driver = BuildDriver(renderers: [BundleRenderer(), BundleArchiveRenderer(), SiteOutput()])
            driver.shelf = programShelf
            let output = folder.appendingPathComponent(name)
            try driver.build(program, into: output)
            builds.append(TestFixtures.snapshot(output))
        }
        XCTAssertGreaterThan(builds[0].count, 40)
        XCTAssertEqual(Set(builds[0].keys), Set(builds[1].keys))
        for (path, data) in builds[0] where builds[1][path] != data { XCTFail("\(path) differs") }
    }

    func testABuildWhoseTextCannotBeReadBackLeavesThePreviousOutput() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer(), SiteOutput()])
        try driver.build(try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program), into: output)
        let before = TestFixtures.snapshot(output)

        // Each text written to the file at once, then lost with it, as on a failing disk.
        let shelf = try XCTUnwrap(ScratchShelf(in: folder, batchBytes: 1))
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent, options: .init(textShelf: shelf)).compile().program)
        XCTAssertEqual(ftruncate(shelf.descriptor, 0), 0)
        driver.shelf = shelf
        XCTAssertThrowsError(try driver.build(program, into: output)) { error in
            XCTAssertTrue("\(error)".contains("cannot read back the build's scratch file"), "\(error)")
        }
        XCTAssertEqual(TestFixtures.snapshot(output), before)
    }
}
