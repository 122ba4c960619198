import FolioTestSupport
import Foundation
import XCTest

/// `folio build` removes files only from folders it wrote (they carry its marker) and
/// never through a symbolic link, whatever stands next to the output folder.
final class OutputSafetyTests: XCTestCase {
    let program = TestFixtures.root.appendingPathComponent("spec-examples").path

    /// A folder of someone's files, outside the build's reach, and what it holds.
    func precious(in temporary: URL) throws -> (URL, () -> [String: Data]) {
        let folder = temporary.appendingPathComponent("precious")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data("keep too".utf8).write(to: folder.appendingPathComponent("sub/more.txt"))
        return (folder, { TestFixtures.snapshot(folder) })
    }

    /// A build in full (`--rebuild`): each test is about what a build that writes does.
    func build(_ output: URL) throws -> FolioProcess.Output {
        let result = try FolioProcess.run(["build", program, "--output", output.path, "--rebuild"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    func testASpareThatIsALinkIsNeitherFollowedNorEmptied() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let (folder, contents) = try precious(in: temporary)
        let before = contents()
        try FileManager.default.createSymbolicLink(atPath: temporary.appendingPathComponent(".Output.folio-spare").path, withDestinationPath: folder.path)
        let output = temporary.appendingPathComponent("Output")
        let first = try build(output)
        XCTAssertTrue(first.stderr.contains("warning: `\(temporary.path)/.Output.folio-spare` is a symbolic link, so it was left alone"), first.stderr)
        // The second build has an output to swap out, and no spare to keep it in.
        _ = try build(output)
        XCTAssertEqual(contents(), before)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: temporary.appendingPathComponent(".Output.folio-spare").path), folder.path)
        XCTAssertNotNil(TestFixtures.snapshot(output)["bundle/manifest.json"])
    }

    func testASpareFolioDidNotWriteIsLeftAsItIs() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let spare = temporary.appendingPathComponent(".Output.folio-spare")
        try FileManager.default.createDirectory(at: spare, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: spare.appendingPathComponent("notes.txt"))
        let output = temporary.appendingPathComponent("Output")
        for _ in 0..<2 {
            let result = try build(output)
            XCTAssertTrue(result.stderr.contains("is not a folder that Folio wrote, so it was left alone"), result.stderr)
        }
        XCTAssertEqual(TestFixtures.snapshot(spare), ["notes.txt": Data("mine".utf8)])
    }

    func testLeftoverStagingNamesThatAreNotFoliosAreLeftAlone() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let (folder, contents) = try precious(in: temporary)
        let before = contents()
        // Names a killed build would have left, with a process id no process has.
        let link = temporary.appendingPathComponent(".Output.folio-staging-4194303")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: folder.path)
        let unmarked = temporary.appendingPathComponent(".Output.folio-staging-4194302-1")
        try FileManager.default.createDirectory(at: unmarked, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: unmarked.appendingPathComponent("notes.txt"))
        _ = try build(temporary.appendingPathComponent("Output"))
        _ = try build(temporary.appendingPathComponent("Output"))
        XCTAssertEqual(contents(), before)
        XCTAssertEqual(TestFixtures.snapshot(unmarked), ["notes.txt": Data("mine".utf8)])
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: link.path))
    }

    func testLinksPlantedInsideTheSpareAreReplacedNotWrittenThrough() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let (folder, contents) = try precious(in: temporary)
        let before = contents()
        let output = temporary.appendingPathComponent("Output")
        for _ in 0..<2 { _ = try build(output) }
        let spare = temporary.appendingPathComponent(".Output.folio-spare")
        // A file and a folder of the spare replaced by links to someone's files.
        try FileManager.default.removeItem(at: spare.appendingPathComponent("site/index.html"))
        try FileManager.default.createSymbolicLink(
            atPath: spare.appendingPathComponent("site/index.html").path, withDestinationPath: folder.appendingPathComponent("notes.txt").path)
        try FileManager.default.removeItem(at: spare.appendingPathComponent("bundle/chapters"))
        try FileManager.default.createSymbolicLink(atPath: spare.appendingPathComponent("bundle/chapters").path, withDestinationPath: folder.path)
        _ = try build(output)
        XCTAssertEqual(contents(), before)
        let fresh = temporary.appendingPathComponent("Fresh")
        _ = try build(fresh)
        XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh))
    }

    func testAnOutputThatIsALinkBuildsIntoTheFolderItPointsTo() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let real = temporary.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = temporary.appendingPathComponent("Output")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        for _ in 0..<2 { _ = try build(link) }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path)
        XCTAssertNotNil(TestFixtures.snapshot(real)["bundle/manifest.json"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.appendingPathComponent(".www.folio-spare/.folio-output").path))

        // A link to someone's folder is refused like the folder itself.
        let (folder, contents) = try precious(in: temporary)
        let before = contents()
        let other = temporary.appendingPathComponent("Other")
        try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: folder.path)
        let refused = try FolioProcess.run(["build", program, "--output", other.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("refusing to replace"), refused.stderr)
        XCTAssertEqual(contents(), before)
    }
}
