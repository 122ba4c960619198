import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

/// The archive writer against two readers it was not written with: Python's zipfile
/// and Info-ZIP's unzip, which check every member's CRC and size.
final class ZipWriterTests: XCTestCase {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Python lists each member's name, size and SHA-256 after checking its CRC.
    func listing(_ archive: URL) throws -> String {
        let script = """
            import hashlib, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                assert z.testzip() is None
                for info in z.infolist():
                    data = z.read(info)
                    print(info.filename, info.file_size, info.compress_type, info.date_time, hashlib.sha256(data).hexdigest()[:12])
            """
        let (status, text) = try TestFixtures.runTool(["python3", "-c", script, archive.path])
        XCTAssertEqual(status, 0, text)
        return text
    }

    func testMembersDeflatedStoredAndCopiedReadBack() throws {
        let folder = try folder()
        let picture = folder.appendingPathComponent("sunrise.png")
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: picture)
        let archive = folder.appendingPathComponent("a.zip")
        var zip = try ZipWriter(creating: archive)
        let json = Data(String(repeating: #"{"title" : "Big Feelings", "words" : "feelings are signals"}"#, count: 200).utf8)
        try zip.add(ZipWriter.member("chapters/feelings.json", data: json))
        try zip.add(ZipWriter.member("empty.json", data: Data()))
        try zip.add(ZipWriter.member("random.bin", data: Data((0..<64).map { UInt8($0 * 37 % 251) })))
        try zip.add(try ZipWriter.storedMember("media/sunrise.png", file: picture))
        try zip.add(ZipWriter.member("media/été/ça.txt", data: Data("accents in names".utf8)))
        try zip.finish()

        let lines = try listing(archive).split(separator: "\n")
        XCTAssertEqual(lines.count, 5)
        XCTAssertTrue(lines[0].hasPrefix("chapters/feelings.json \(json.count) 8 (1980, 1, 1, 0, 0, 0)"), "deflated: \(lines[0])")
        XCTAssertTrue(lines[1].hasPrefix("empty.json 0 0"), "an empty member is stored: \(lines[1])")
        XCTAssertTrue(lines[2].hasPrefix("random.bin 64 0"), "stored when deflating would not make it smaller: \(lines[2])")
        XCTAssertTrue(lines[3].hasPrefix("media/sunrise.png 300000 0"), "\(lines[3])")
        XCTAssertTrue(lines[4].hasPrefix("media/été/ça.txt 16"), "UTF-8 names: \(lines[4])")
        let (status, text) = try TestFixtures.runTool(["unzip", "-tq", archive.path])
        XCTAssertEqual(status, 0, text)

        // The same members give the same bytes.
        let again = folder.appendingPathComponent("b.zip")
        var second = try ZipWriter(creating: again)
        try second.add(ZipWriter.member("chapters/feelings.json", data: json))
        try second.add(ZipWriter.member("empty.json", data: Data()))
        try second.add(ZipWriter.member("random.bin", data: Data((0..<64).map { UInt8($0 * 37 % 251) })))
        try second.add(try ZipWriter.storedMember("media/sunrise.png", file: picture))
        try second.add(ZipWriter.member("media/été/ça.txt", data: Data("accents in names".utf8)))
        try second.finish()
        XCTAssertEqual(try Data(contentsOf: archive), try Data(contentsOf: again))
    }

    /// More than 65,535 members need Zip64's end records; both readers find them all.
    func testSeventyThousandMembersUseZip64() throws {
        let archive = try folder().appendingPathComponent("many.zip")
        var zip = try ZipWriter(creating: archive)
        for n in 0..<70_000 { try zip.add(ZipWriter.member("m/\(n).txt", data: Data("\(n)".utf8))) }
        try zip.finish()
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                names = z.namelist()
                assert len(names) == 70000, len(names)
                assert z.read('m/69999.txt') == b'69999'
                print('ok', len(names))
            """
        let (status, text) = try TestFixtures.runTool(["python3", "-c", script, archive.path])
        XCTAssertEqual(status, 0, text)
        XCTAssertEqual(text, "ok 70000\n")
        let (unzipStatus, unzipText) = try TestFixtures.runTool(["unzip", "-tq", archive.path])
        XCTAssertEqual(unzipStatus, 0, unzipText)
    }
}
