import FolioBundle
import FolioCompiler
import FolioModel
import FolioSite
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioOutput

/// A file too large to hold whole (the search page) is written a piece at a time, and is
/// the same file a whole write makes: left as it is when the spare holds its bytes, and
/// never left half-written.
final class StreamedFileTests: XCTestCase {
    let pieces = ["<!doctype html>", String(repeating: "words ", count: 300_000), "</html>\n"]
    var whole: Data { Data(pieces.joined().utf8) }

    func write(_ files: OutputFiles, to path: String) throws {
        try files.write(to: path) { piece in
            for text in pieces { try Data(text.utf8).withUnsafeBytes(piece) }
        }
    }

    func testInAnEmptyFolderThePiecesMakeTheFile() throws {
        let root = try TestFixtures.temporaryFolder(self)
        let files = OutputFiles(root: root, startingEmpty: true)
        try write(files.within("site"), to: "search.html")
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("site/search.html")), whole)
        XCTAssertEqual(files.created, ["site/search.html"])
    }

    func testAFileOfTheSpareWithTheSameBytesIsLeftAsItIs() throws {
        let root = try TestFixtures.temporaryFolder(self)
        let target = root.appendingPathComponent("site/search.html")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try whole.write(to: target)
        let inode = try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? Int
        let files = OutputFiles(root: root)
        try write(files.within("site"), to: "search.html")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target.path)[.systemFileNumber] as? Int, inode)
        XCTAssertEqual(files.created, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path), ["search.html"])
    }

    func testAFileOfTheSpareWithOtherBytesIsReplacedByANewOne() throws {
        let root = try TestFixtures.temporaryFolder(self)
        let target = root.appendingPathComponent("site/search.html")
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The same size, one byte different: a file of the current output, linked.
        var other = whole
        other[other.count / 2] = UInt8(ascii: "X")
        try other.write(to: target)
        let current = root.appendingPathComponent("current.html")
        try FileManager.default.linkItem(at: target, to: current)
        let files = OutputFiles(root: root)
        try write(files.within("site"), to: "search.html")
        XCTAssertEqual(try Data(contentsOf: target), whole)
        XCTAssertEqual(try Data(contentsOf: current), other, "the current output's file is never written into")
        XCTAssertEqual(files.created, ["site/search.html"])
    }

    func testAFileWhosePiecesFailIsNotLeftHalfWritten() throws {
        struct Stop: Error {}
        for startingEmpty in [true, false] {
            let root = try TestFixtures.temporaryFolder(self)
            let files = OutputFiles(root: root, startingEmpty: startingEmpty)
            XCTAssertThrowsError(
                try files.write(to: "search.html") { piece in
                    try Data("<!doctype html>".utf8).withUnsafeBytes(piece)
                    throw Stop()
                }
            ) { XCTAssertTrue($0 is Stop) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [])
        }
    }

    func testTheSearchPageWrittenInPiecesIsTheWholePage() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let renderer = SiteRenderer(program: program, version: "v1")
        var pieces = Data()
        try renderer.searchPage { pieces.append(contentsOf: $0) }
        XCTAssertEqual(pieces, renderer.wholeSearchPage())
        XCTAssertEqual(pieces, renderer.render(.search).data)
        XCTAssertTrue(String(decoding: pieces, as: UTF8.self).contains("\"k\":\"chapter\""))
    }
}
