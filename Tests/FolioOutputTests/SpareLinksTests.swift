import FolioTestSupport
import Foundation
import XCTest

@testable import FolioOutput

#if canImport(Glibc)
    import Glibc
#endif

/// A build starts from the output before it, linked file by file into its staging folder:
/// every file of every folder, a large folder's files linked a few hundred at a time on
/// every core, the folders' batches taken in turn, and a file linked already left as it is.
final class SpareLinksTests: XCTestCase {
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func testEveryFileOfALargeFolderIsLinkedOnceAndNamed() throws {
        let root = try TestFixtures.temporaryFolder(self)
        let output = root.appendingPathComponent("Output").path
        let staging = root.appendingPathComponent("staging").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: output + "/chapters/deep", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: output + "/quizzes", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: staging, withIntermediateDirectories: true)
        var files = [OutputFolder.marker, "index.html", "chapters/deep/note.txt"]
        // More files in each of two folders than one batch links.
        files += (0..<1_300).map { "chapters/\($0).html" }
        files += (0..<700).map { "quizzes/\($0).json" }
        for file in files { try Data(file.utf8).write(to: URL(fileURLWithPath: output + "/" + file)) }
        // One file already there with other bytes: replaced by the link.
        try fm.createDirectory(atPath: staging + "/chapters", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: staging + "/chapters/7.html"))

        let linked = OutputFolder.linkFiles(of: output, into: staging)
        XCTAssertEqual(linked.sorted(), files.sorted())
        XCTAssertEqual(Set(linked).count, linked.count, "each file once")
        for file in files { XCTAssertEqual(inode(staging + "/" + file), inode(output + "/" + file), file) }
        XCTAssertEqual(linked.first, OutputFolder.marker, "the marker first")
        XCTAssertEqual(OutputFolder.linkFiles(of: output, into: staging), [], "linked already, left as it is")
    }

    func testTheFoldersBatchesAreTakenInTurn() {
        let batches = OutputFolder.interleavedBatches([Array(0..<5), [], Array(10..<13), [20]], size: 2)
        XCTAssertEqual(batches.map(Array.init), [[0, 1], [10, 11], [20], [2, 3], [12], [4]])
        XCTAssertEqual(OutputFolder.interleavedBatches([[Int]](), size: 2).count, 0)
    }
}
