import FolioArchive
import FolioClient
import FolioModel
import Foundation
import XCTest
import ZIPFoundation

/// A first install from a bundle's archive (``BundleInstallation/update(from:archive:trust:concurrency:events:)``),
/// over archives written with ZIPFoundation: every member checked against the manifest as
/// a file fetched alone is, and nothing written from an archive that names a place
/// outside the bundle or holds a link.
final class BundleArchiveInstallTests: XCTestCase {
    /// A member of an archive to write.
    struct Member {
        var name: String
        var data: Data
        var type: Entry.EntryType = .file
    }

    /// Writes an archive of the published folder's files and manifest, each deflated (or
    /// stored), with `change` applied to the list of members first.
    func archive(
        of published: PublishedFolder, at url: URL, method: CompressionMethod = .deflate, _ change: (inout [Member]) -> Void = { _ in }
    ) throws -> URL {
        var members = published.files.keys.sorted().map { Member(name: $0, data: published.files[$0]!) }
        members.append(Member(name: "manifest.json", data: try Data(contentsOf: published.url.appendingPathComponent("manifest.json"))))
        if let signature = try? Data(contentsOf: published.url.appendingPathComponent("manifest.sig")) {
            members.append(Member(name: "manifest.sig", data: signature))
        }
        change(&members)
        let archive = try Archive(url: url, accessMode: .create)
        for member in members {
            try archive.addEntry(
                with: member.name, type: member.type, uncompressedSize: Int64(member.data.count), compressionMethod: member.type == .file ? method : .none
            ) { position, size in member.data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return url
    }

    func testAFirstInstallTakesEveryFileFromTheArchiveAndOnlyTheManifestFromTheTransport() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let zip = try archive(of: published, at: root.appendingPathComponent("bundle.zip"))
        let transport = CountingTransport(published.url)
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))

        let outcome = try await installation.update(from: transport, archive: try ZipBundleArchive(url: zip))
        XCTAssertTrue(outcome.fromArchive)
        XCTAssertEqual(outcome.fetchedFiles, 7)
        XCTAssertEqual(transport.requests.sorted(), ["manifest.json", "manifest.sig"])
        let bundle = try XCTUnwrap(try installation.current())
        try bundle.verifyAll()
        XCTAssertEqual(try bundle.chapter("chapter-3").plainText, "Text 3")

        // Later versions come file by file, as any update.
        var next = published
        next.files["chapters/chapter-2.json"]! += Data(" ".utf8)
        try next.publish()
        let update = CountingTransport(next.url)
        let second = try await installation.update(from: update)
        XCTAssertFalse(second.fromArchive)
        XCTAssertEqual(update.requests.sorted(), ["chapters/chapter-2.json", "manifest.json", "manifest.sig"])
    }

    func testAnArchiveAloneInstallsWhenItsSignatureIsTrusted() async throws {
        let root = try temporaryFolder(self)
        let key = BundleSigningKey()
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1(), signingKey: key)
        let zip = try ZipBundleArchive(url: try archive(of: published, at: root.appendingPathComponent("bundle.zip")))
        let trust = BundleTrust.signed(by: [key.publicKey])
        let outcome = try await BundleInstallation(folder: root.appendingPathComponent("installed")).update(fromArchive: zip, trust: trust)
        XCTAssertTrue(outcome.fromArchive)
        try outcome.reader.verifyAll()

        let other = BundleTrust.signed(by: [BundleSigningKey().publicKey])
        do {
            _ = try await BundleInstallation(folder: root.appendingPathComponent("refused")).update(fromArchive: zip, trust: other)
            XCTFail("signed by a key not trusted")
        } catch let problem as BundleProblem {
            guard case .badSignature = problem else { return XCTFail("\(problem)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("refused").path), "no folder left behind")
    }

    func testAnArchiveAloneNeedsItsManifestAndASignatureOnlyWhenTrustAsksForOne() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let unsigned = try ZipBundleArchive(url: try archive(of: published, at: root.appendingPathComponent("unsigned.zip")))
        let outcome = try await BundleInstallation(folder: root.appendingPathComponent("installed")).update(fromArchive: unsigned)
        XCTAssertEqual(outcome.fetchedFiles, 7)
        try outcome.reader.verifyAll()

        let headless = try ZipBundleArchive(
            url: try archive(of: published, at: root.appendingPathComponent("headless.zip")) { $0.removeAll { $0.name == "manifest.json" } })
        do {
            _ = try await BundleInstallation(folder: root.appendingPathComponent("other")).update(fromArchive: headless)
            XCTFail("no manifest")
        } catch let problem as BundleProblem {
            XCTAssertEqual(problem, .noBundle("bundle.zip (it holds no manifest.json)"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("other").path))
    }

    func testAMemberThatIsNotTheManifestsFileIsRefusedAndNoEmptyFolderIsLeft() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        let first = "chapters/chapter-1.json"
        let size = published.files[first]!.count
        let changes: [(String, (inout [Member]) -> Void, BundleProblem)] = [
            ("changed", { $0[0].data = Data($0[0].data.reversed()) }, .wrongDigest(path: first)),
            ("longer", { $0[0].data += Data("!".utf8) }, .wrongSize(path: first, expected: size, found: size + 1)),
            ("missing", { $0.removeFirst() }, .missingFile(first)),
        ]
        for (label, change, expected) in changes {
            let zip = try archive(of: published, at: root.appendingPathComponent("\(label).zip"), change)
            do {
                _ = try await installation.update(from: FileTransport(folder: published.url), archive: try ZipBundleArchive(url: zip))
                XCTFail(label)
            } catch let problem as BundleProblem {
                XCTAssertEqual(problem, expected, label)
            }
            XCTAssertNil(installation.currentFolder(), label)
            XCTAssertFalse(FileManager.default.fileExists(atPath: installation.folder.path), "\(label): nothing was checked, nothing is left")
        }
    }

    /// A member damaged on disk (one byte of it changed, its CRC as it was) is refused by
    /// the zip reader, before its SHA-256 would be.
    func testADamagedMemberIsRefused() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let url = try archive(of: published, at: root.appendingPathComponent("bundle.zip"), method: .none)
        var bytes = try Data(contentsOf: url)
        let text = try XCTUnwrap(bytes.range(of: Data("<p>Text 3</p>".utf8)))
        bytes[text.lowerBound + 3] = UInt8(ascii: "N")
        try bytes.write(to: url)

        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        do {
            _ = try await installation.update(from: FileTransport(folder: published.url), archive: try ZipBundleArchive(url: url))
            XCTFail("a damaged member")
        } catch let problem as BundleProblem {
            guard case .unreadableFile("chapters/chapter-3.json", let reason) = problem else { return XCTFail("\(problem)") }
            XCTAssertTrue(reason.contains("do not have the CRC-32 the archive lists"), reason)
        }
        XCTAssertNil(installation.currentFolder())
    }

    func testAnArchiveNamingAPlaceOutsideTheBundleOrHoldingALinkIsRefusedBeforeAnythingIsWritten() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        let changes: [(String, (inout [Member]) -> Void, String)] = [
            ("up", { $0.append(Member(name: "../outside.txt", data: Data("x".utf8))) }, "its member `../outside.txt` is not a plain path"),
            ("absolute", { $0.append(Member(name: "/tmp/outside.txt", data: Data("x".utf8))) }, "its member `/tmp/outside.txt` is not a plain path"),
            ("inside up", { $0.insert(Member(name: "media/../../x.png", data: Data("x".utf8)), at: 0) }, "`media/../../x.png` is not a plain path"),
            ("link", { $0.append(Member(name: "media/sunset.png", data: Data("/etc/passwd".utf8), type: .symlink)) }, "`media/sunset.png` is a link"),
            ("twice", { $0.append($0[1]) }, "it holds `chapters/chapter-2.json` twice"),
        ]
        for (label, change, reason) in changes {
            let zip = try archive(of: published, at: root.appendingPathComponent("\(label).zip"), change)
            do {
                _ = try await installation.update(from: FileTransport(folder: published.url), archive: try ZipBundleArchive(url: zip))
                XCTFail(label)
            } catch let problem as BundleProblem {
                guard case .unreadableFile("bundle.zip", let found) = problem else { return XCTFail("\(label): \(problem)") }
                XCTAssertTrue(found.contains(reason) && found.hasSuffix("nothing was installed from it"), "\(label): \(found)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: installation.folder.path), label)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("outside.txt").path))
    }

    /// An archive published before the manifest (or kept from an earlier version) is not
    /// used: the files come one by one, and the install succeeds.
    func testAnArchiveOfAnotherVersionIsNotUsed() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let zip = try archive(of: published, at: root.appendingPathComponent("bundle.zip"))
        published.files["chapters/chapter-4.json"]! += Data(" ".utf8)
        try published.publish()
        let transport = CountingTransport(published.url)
        let outcome = try await BundleInstallation(folder: root.appendingPathComponent("installed")).update(
            from: transport, archive: try ZipBundleArchive(url: zip))
        XCTAssertFalse(outcome.fromArchive)
        XCTAssertEqual(transport.requests.count, 9, "the manifest, its signature and 7 files")
        try outcome.reader.verifyAll()
    }
}
