import FolioCompiler
import FolioContent
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBuild

/// A build with no record to start from records what its compiler reads, as it reads it:
/// the same record as reading the folder for it, and never one that would let the next
/// build skip an edit.
final class RecordingContentSourceTests: XCTestCase {
    let options = ["content=Content", "drafts=false"]

    /// The sample program, with a picture, a link and a file that is not UTF-8 beside it.
    func program() throws -> URL {
        let folder = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("media/extra.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("media/elsewhere").path, withDestinationPath: "/tmp")
        return folder
    }

    /// The program, listed through a recorder as a build lists it, and its first chapter.
    func listedProgram() throws -> (folder: URL, recorder: RecordingContentSource, chapter: String) {
        let folder = try program()
        let recorder = RecordingContentSource(root: folder)
        let listing = try recorder.list()
        return (folder, recorder, try XCTUnwrap(listing.files.first { $0.hasPrefix("chapters/") }))
    }

    func testWhatTheCompilerReadIsRecordedAsReadingTheFolderRecordsIt() throws {
        let folder = try program()
        let recorder = RecordingContentSource(root: folder)
        XCTAssertNil(recorder.inputs(options: options), "nothing is recorded before the folder is listed")
        let result = try Compiler(content: recorder, options: .init()).compile()
        XCTAssertNotNil(result.program)
        let recorded = try XCTUnwrap(recorder.inputs(options: options))
        let read = try BuildInputs.read(folder: folder, options: options, previous: nil)
        XCTAssertEqual(recorded.files, read.files)
        XCTAssertEqual(recorded.links, ["media/elsewhere"])
        XCTAssertEqual(recorded.links, read.links)
        XCTAssertTrue(recorded.sameBuild(as: read))
        XCTAssertTrue(recorded.files.contains { $0.path.hasPrefix("chapters/") && $0.sha256 != nil }, "chapters are known by their bytes")
        XCTAssertEqual(recorded.files.first { $0.path == "media/extra.png" }?.sha256, nil, "media are known by their status")
    }

    func testAFileEditedAfterTheCompilerReadItIsReadAgainByTheNextBuild() throws {
        let (folder, recorder, chapter) = try listedProgram()
        let compiled = try XCTUnwrap(recorder.read(chapter))
        // Saved again while the build runs, after its compiler read the chapter.
        try (compiled + Data("\nOne more line.\n".utf8)).write(to: folder.appendingPathComponent(chapter))
        let recorded = try XCTUnwrap(recorder.inputs(options: options))
        let next = try BuildInputs.read(folder: folder, options: options, previous: recorded)
        XCTAssertFalse(next.sameBuild(as: recorded), "the record says the bytes compiled, with the status they had")
        XCTAssertNotEqual(next.files.first { $0.path == chapter }?.sha256, recorded.files.first { $0.path == chapter }?.sha256)
    }

    /// An edit that keeps the file's size is told by its times and inode alone.
    func testAFileSavedAgainAtTheSameSizeAfterTheReadIsReadAgainByTheNextBuild() throws {
        let (folder, recorder, chapter) = try listedProgram()
        var bytes = try XCTUnwrap(recorder.read(chapter))
        let last = bytes.count - 2
        bytes[last] = bytes[last] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        // Saved as editors save: a new file renamed over the old one.
        let saved = folder.appendingPathComponent(chapter + ".saving")
        try bytes.write(to: saved)
        XCTAssertEqual(rename(saved.path, folder.appendingPathComponent(chapter).path), 0)
        _ = try recorder.list()
        let recorded = try XCTUnwrap(recorder.inputs(options: options))
        let next = try BuildInputs.read(folder: folder, options: options, previous: recorded)
        XCTAssertEqual(next.files.first { $0.path == chapter }?.stamp.status.size, recorded.files.first { $0.path == chapter }?.stamp.status.size)
        XCTAssertFalse(next.sameBuild(as: recorded), "listed again after the read, the folder keeps the statuses taken before it")
    }

    func testAFileEditedBeforeTheCompilerReadItIsRecordedAsRead() throws {
        let (folder, recorder, chapter) = try listedProgram()
        let saved = try Data(contentsOf: folder.appendingPathComponent(chapter)) + Data("\nOne more line.\n".utf8)
        try saved.write(to: folder.appendingPathComponent(chapter))
        XCTAssertEqual(recorder.read(chapter), saved)
        let recorded = try XCTUnwrap(recorder.inputs(options: options))
        // The next build reads the chapter again (its status is not the recorded one) and
        // finds the bytes this build compiled: nothing to build.
        let next = try BuildInputs.read(folder: folder, options: options, previous: recorded)
        XCTAssertTrue(next.sameBuild(as: recorded))
    }
}
