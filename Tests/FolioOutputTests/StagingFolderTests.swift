import FolioTestSupport
import Foundation
import XCTest

@testable import FolioOutput

#if canImport(Glibc)
    import Glibc
#endif

/// A build writes in the staging folder it opened, never through a link put at its name
/// (or at the spare's) before or while it writes, and publishes nothing when its folder's
/// name was given to something else.
final class StagingFolderTests: XCTestCase {
    /// Someone's folder, outside the build's reach, with a file whose name a build writes.
    func precious(in temporary: URL) throws -> URL {
        let folder = temporary.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("site"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("index.html"))
        try Data("keep too".utf8).write(to: folder.appendingPathComponent("site/more.txt"))
        return folder
    }

    func testAStagingFolderSwappedForALinkWhileTheBuildWritesIsNotWrittenThrough() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let folder = try precious(in: temporary)
        let before = TestFixtures.snapshot(folder)
        let output = temporary.appendingPathComponent("Output")
        var first = OutputFolder(destination: output)
        try first.replace { try $0.write(Data("first".utf8), to: "index.html") }
        var second = OutputFolder(destination: output)
        XCTAssertThrowsError(
            try second.replace { files in
                try files.write(Data("a".utf8), to: "site/a.html")
                let staging = try XCTUnwrap(
                    try FileManager.default.contentsOfDirectory(atPath: temporary.path).first { $0.hasPrefix(".Output.folio-staging-") })
                // Its name taken away, and a link to someone's folder put in its place.
                XCTAssertEqual(rename(temporary.path + "/" + staging, temporary.path + "/moved"), 0)
                try FileManager.default.createSymbolicLink(atPath: temporary.path + "/" + staging, withDestinationPath: folder.path)
                try files.write(Data("b".utf8), to: "site/b.html")
                try files.write(Data("second".utf8), to: "index.html")
            }
        ) { error in
            XCTAssertTrue("\(error)".contains("was replaced (by a link or another folder) before it could be published"), "\(error)")
        }
        XCTAssertEqual(TestFixtures.snapshot(folder), before, "someone's folder is as it was")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8), "first", "nothing published")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: output.path), "the output is not the link")
        // What the build wrote went to its own folder.
        XCTAssertEqual(try String(contentsOf: temporary.appendingPathComponent("moved/site/b.html"), encoding: .utf8), "b")
    }

    func testAFolderOfTheStagingFolderSwappedForALinkWhileTheBuildWritesIsNotWrittenThrough() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let folder = try precious(in: temporary)
        let before = TestFixtures.snapshot(folder)
        let output = temporary.appendingPathComponent("Output")
        var first = OutputFolder(destination: output)
        try first.replace { try $0.write(Data("first".utf8), to: "site/index.html") }
        var second = OutputFolder(destination: output)
        try second.replace { files in
            try files.write(Data("a".utf8), to: "site/a.html")
            let staging = try XCTUnwrap(
                try FileManager.default.contentsOfDirectory(atPath: temporary.path).first { $0.hasPrefix(".Output.folio-staging-") })
            let site = temporary.path + "/" + staging + "/site"
            XCTAssertEqual(rename(site, temporary.path + "/moved"), 0)
            try FileManager.default.createSymbolicLink(atPath: site, withDestinationPath: folder.appendingPathComponent("site").path)
            try files.write(Data("b".utf8), to: "site/b.html")
            try files.write(Data("second".utf8), to: "site/index.html")
        }
        XCTAssertEqual(TestFixtures.snapshot(folder), before, "someone's folder is as it was")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("site").path), "no link is published")
        XCTAssertEqual(try String(contentsOf: temporary.appendingPathComponent("moved/b.html"), encoding: .utf8), "b", "written in its own folder")
    }

    func testASpareSwappedForALinkAsItIsClaimedIsRemovedNotFollowed() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let folder = try precious(in: temporary)
        let before = TestFixtures.snapshot(folder)
        var output = OutputFolder(destination: temporary.appendingPathComponent("Output"))
        // As when the spare was checked, then swapped for a link, then renamed to this name.
        let staging = temporary.appendingPathComponent(".Output.folio-staging-1-2").path
        try FileManager.default.createSymbolicLink(atPath: staging, withDestinationPath: folder.path)
        let held = try output.hold(staging, claimed: true)
        defer { close(held.descriptor) }
        XCTAssertTrue(held.madeEmpty)
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: staging), "the link is gone")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: staging), [])
        XCTAssertTrue(output.notes.contains { $0.contains("was replaced by a symbolic link or a file during the build") }, "\(output.notes)")
        XCTAssertEqual(TestFixtures.snapshot(folder), before)
    }

    func testAFileThatCannotBeWrittenIsNamedByTheStagingFoldersPathNotItsDescriptor() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        var folder = OutputFolder(destination: temporary.appendingPathComponent("Output"))
        let name = String(repeating: "n", count: 300)
        XCTAssertThrowsError(try folder.replace { try $0.write(Data("x".utf8), to: "site/\(name).html") }) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("cannot write `\(temporary.path)/.Output.folio-staging-"), message)
            XCTAssertTrue(message.contains("/site/\(name).html`"), message)
            XCTAssertFalse(message.contains("/proc/self/fd"), message)
        }
    }
}
