import FolioClient
import FolioCompiler
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle
@testable import FolioOutput

/// The archive writer against two readers it was not written with: Python's zipfile
/// and Info-ZIP's unzip, which check every member's CRC and size.
final class ZipWriterTests: XCTestCase {
    func folder() throws -> URL { try TestFixtures.temporaryFolder(self) }

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
        let json = Data(String(repeating: #"{"title" : "Big Feelings", "words" : "feelings are signals"}"#, count: 200).utf8)
        func write(_ archive: URL) throws {
            var zip = try ZipWriter(creating: archive)
            try zip.add(ZipWriter.member("chapters/feelings.json", data: json))
            try zip.add(ZipWriter.member("empty.json", data: Data()))
            try zip.add(ZipWriter.member("random.bin", data: Data((0..<64).map { UInt8($0 * 37 % 251) })))
            try zip.add(try ZipWriter.storedMember("media/sunrise.png", file: picture))
            try zip.add(ZipWriter.member("media/été/ça.txt", data: Data("accents in names".utf8)))
            try zip.finish()
        }
        let archive = folder.appendingPathComponent("a.zip")
        try write(archive)

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
        try write(again)
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
        // Read back through its Zip64 records.
        let directory = try XCTUnwrap(ZipDirectory(archive))
        XCTAssertEqual(directory.members.count, 70_000)
        XCTAssertEqual(directory.members["m/69999.txt"]?.size, 5)
    }

    /// A member copied from an earlier archive is the member written afresh: an archive
    /// made of copies is byte for byte the archive it copies. Another writer's archive
    /// (another comment) is not copied from.
    func testAnArchiveOfCopiedMembersIsTheArchiveItCopies() throws {
        let folder = try folder()
        let first = folder.appendingPathComponent("first.zip")
        var zip = try ZipWriter(creating: first)
        let members = [
            ZipWriter.member("chapters/a.json", data: Data(String(repeating: "words words ", count: 500).utf8)),
            ZipWriter.member("b.bin", data: Data((0..<100).map { UInt8($0 * 37 % 251) })),
            ZipWriter.member("c/é.json", data: Data("{}".utf8)),
        ]
        for member in members { try zip.add(member) }
        try zip.finish()

        let directory = try XCTUnwrap(ZipDirectory(first))
        XCTAssertEqual(directory.members.keys.sorted(), ["b.bin", "c/é.json", "chapters/a.json"])
        XCTAssertEqual(directory.members["chapters/a.json"]?.method, 8)
        XCTAssertEqual(directory.members["b.bin"]?.method, 0)
        let second = folder.appendingPathComponent("second.zip")
        var copy = try ZipWriter(creating: second)
        for member in members {
            let earlier = try XCTUnwrap(directory.members[member.name])
            try copy.add(ZipWriter.Member(name: member.name, crc: earlier.crc, size: earlier.size, earlier: earlier))
        }
        try copy.finish()
        XCTAssertEqual(try Data(contentsOf: second), try Data(contentsOf: first))
        XCTAssertNil(ZipDirectory(first, comment: "another writer"), "an archive made another way is not copied from")
        try Data("not an archive".utf8).write(to: folder.appendingPathComponent("bad.zip"))
        XCTAssertNil(ZipDirectory(folder.appendingPathComponent("bad.zip")))
    }

    /// Copied members that follow each other in the earlier archive are copied as one
    /// range; new members between them, and members in another order, keep their places:
    /// the archive is the one written from the bytes.
    func testCopiedRangesKeepTheMembersInOrder() throws {
        let folder = try folder()
        func member(_ name: String) -> ZipWriter.Member {
            ZipWriter.member(name, data: Data(String(repeating: "\(name) is a member. ", count: 40 + name.count).utf8))
        }
        let first = folder.appendingPathComponent("first.zip")
        var zip = try ZipWriter(creating: first)
        for name in ["a", "b", "c", "d", "e"] { try zip.add(member(name)) }
        try zip.finish()
        let directory = try XCTUnwrap(ZipDirectory(first))
        let order = ["a", "b", "x", "c", "e", "d", "f"]
        let copied = folder.appendingPathComponent("copied.zip")
        var copy = try ZipWriter(creating: copied)
        for name in order {
            if let earlier = directory.members[name] {
                try copy.add(ZipWriter.Member(name: name, crc: earlier.crc, size: earlier.size, earlier: earlier))
            } else {
                try copy.add(member(name))
            }
        }
        try copy.finish()
        let fresh = folder.appendingPathComponent("fresh.zip")
        var scratch = try ZipWriter(creating: fresh)
        for name in order { try scratch.add(member(name)) }
        try scratch.finish()
        XCTAssertEqual(try Data(contentsOf: copied), try Data(contentsOf: fresh))
        XCTAssertEqual(try listing(copied).split(separator: "\n").map { $0.split(separator: " ")[0] }, order.map { Substring($0) })
    }

    /// A member is copied only when it inflates to its size and CRC.
    func testADamagedMemberIsNotCopied() throws {
        let folder = try folder()
        let archive = folder.appendingPathComponent("a.zip")
        var zip = try ZipWriter(creating: archive)
        try zip.add(ZipWriter.member("a.json", data: Data(String(repeating: "feelings are signals ", count: 300).utf8)))
        try zip.add(ZipWriter.member("b.bin", data: Data((0..<100).map { UInt8($0 * 37 % 251) })))
        try zip.finish()
        let directory = try XCTUnwrap(ZipDirectory(archive))
        XCTAssertEqual(directory.members.values.filter { $0.isIntact() }.count, 2)
        for (name, at) in [("a.json", 30 + 6 + 10), ("b.bin", 0)] {
            var bytes = [UInt8](try Data(contentsOf: archive))
            let member = try XCTUnwrap(directory.members[name])
            bytes[Int(member.headerOffset) + 30 + name.utf8.count + at] ^= 0x55
            let damaged = folder.appendingPathComponent("damaged-\(name).zip")
            try Data(bytes).write(to: damaged)
            XCTAssertFalse(try XCTUnwrap(ZipDirectory(damaged)?.members[name]).isIntact(), name)
        }
    }

    /// Rebuilding the same program finds every member of the replaced archive reusable.
    func testARebuildFindsEveryUnchangedMember() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let output = try folder().appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer(), BundleArchiveRenderer()])
        try driver.build(program, into: output)
        let manifest = try BundleFormat.manifest(from: Data(contentsOf: output.appendingPathComponent("bundle/manifest.json")))
        let reusable = try XCTUnwrap(BundleArchiveRenderer.reusable(in: output, for: manifest))
        XCTAssertEqual(reusable.keys.sorted(), manifest.entries.map(\.path).sorted())
        XCTAssertTrue(reusable.values.allSatisfy { $0.isIntact() })
    }

    /// The sample's bundle staged in a folder of its own, and 700 more files there that the
    /// manifest on disk does not list: the manifest kept for the archive (in `context`, as
    /// the bundle's renderer keeps it) lists them alone, the one numbered `missing` too,
    /// though it is not written.
    func stagedWithKeptManifest(missing: Int? = nil) throws -> (program: CompiledProgram, staging: URL, manifest: Manifest, context: RenderContext) {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let staging = try folder().appendingPathComponent("staging")
        var driver = BuildDriver(renderers: [BundleRenderer()])
        try driver.build(program, into: staging)
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("bundle/extra"), withIntermediateDirectories: true)
        var manifest = try BundleFormat.manifest(from: Data(contentsOf: staging.appendingPathComponent("bundle/manifest.json")))
        manifest.entries = try (0..<700).map { n in
            let data = Data(String(repeating: "member \(n) ", count: n % 60 + 1).utf8)
            let path = "extra/\(n).json"
            if n != missing { try data.write(to: staging.appendingPathComponent("bundle/" + path)) }
            return Manifest.Entry(path: path, kind: .chapter, size: data.count, sha256: FileDigest.sha256(data))
        }
        let products = BuildProducts(program: program, uses: [.bundleManifest, .bundleFiles], makes: [.bundleManifest, .bundleFiles])
        products.provide(BundleManifests(written: manifest))
        products.provide(StagedFiles(OutputFiles(root: staging).within("bundle")))
        let context = RenderContext(products: products)
        return (program, staging, manifest, context)
    }

    /// The archive lists the manifest the bundle's renderer kept for it, not one read back
    /// from the file, in the manifest's order: 700 members, in batches written while the
    /// next is deflated, each read back whole by another reader.
    func testTheArchiveListsTheKeptManifestAcrossManyBatches() throws {
        let (program, staging, manifest, context) = try stagedWithKeptManifest()
        _ = try BundleArchiveRenderer().render(program, into: OutputFiles(root: staging), context: context)
        let names = try listing(staging.appendingPathComponent(BundleArchiveRenderer.name)).split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names, manifest.entries.map(\.path) + [BundleFormat.manifestFile])
    }

    /// A file of the bundle that cannot be read, in a batch after others were written,
    /// fails the archive with its name, once every batch being written has been.
    func testAFileThatCannotBeReadFailsTheArchiveAfterEarlierBatches() throws {
        let (program, staging, _, context) = try stagedWithKeptManifest(missing: 650)
        XCTAssertThrowsError(try BundleArchiveRenderer().render(program, into: OutputFiles(root: staging), context: context)) { error in
            XCTAssertTrue("\(error)".contains("extra/650.json"), "\(error)")
        }
    }

    /// Members are prepared in batches bounded by count and by bytes, in order; a member
    /// larger than the byte bound is a batch of its own.
    func testMembersArePreparedInBatchesOfBoundedSize() {
        let limit = BundleArchiveRenderer.batchBytes
        let members =
            [("a", limit / 2), ("b", limit / 2), ("c", 1), ("huge", limit * 3), ("d", 10)]
            + (0..<300).map { ("small-\($0)", 1) }
        let batches = BundleArchiveRenderer.batches(of: members.map { (path: $0.0, size: $0.1) })
        XCTAssertEqual(batches.flatMap { $0 }, members.map(\.0))
        XCTAssertEqual(batches.prefix(3), [["a", "b"], ["c"], ["huge"]])
        XCTAssertEqual(batches.dropFirst(3).map(\.count), [BundleArchiveRenderer.batch, 301 - BundleArchiveRenderer.batch])
        XCTAssertEqual(BundleArchiveRenderer.batches(of: []), [])
    }

    /// The replaced output's archive is read defensively: any one byte of it changed
    /// gives either a directory or nil, never a crash.
    func testADamagedDirectoryIsReadWithoutCrashing() throws {
        let folder = try folder()
        let archive = folder.appendingPathComponent("a.zip")
        var zip = try ZipWriter(creating: archive)
        for n in 0..<20 { try zip.add(ZipWriter.member("chapters/\(n).json", data: Data(String(repeating: "text \(n) ", count: 50).utf8))) }
        try zip.finish()
        let bytes = [UInt8](try Data(contentsOf: archive))
        let directoryStart = Int(try XCTUnwrap(ZipDirectory(archive)?.members["chapters/0.json"]).headerOffset)
        var state: UInt64 = 0x1234_5678
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let damaged = folder.appendingPathComponent("damaged.zip")
        var read = 0
        for _ in 0..<2_000 {
            var copy = bytes
            let at = directoryStart + next() % (bytes.count - directoryStart)
            copy[at] = UInt8(truncatingIfNeeded: next())
            try Data(copy).write(to: damaged)
            if ZipDirectory(damaged) != nil { read += 1 }
        }
        XCTAssertGreaterThan(read, 0, "a change in a member's bytes leaves the directory readable")
    }
}
