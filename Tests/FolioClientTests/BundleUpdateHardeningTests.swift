import FolioClient
import FolioModel
import Foundation
import XCTest

/// What a published bundle cannot make an installation do: keep a stale manifest or
/// signature, follow a link out of the source, take a manifest that does not match its
/// files, clobber a file with the client's own, go back to an older signed version, or
/// read a reply past its size.
final class BundleUpdateHardeningTests: XCTestCase {
    func testAManifestOnlyChangeIsAnUpdateToANewFolder() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        let first = try await installation.update(from: FileTransport(folder: published.url))
        let inUse = first.reader.folder

        published.description = "A program for the summer"
        try published.publish()
        let transport = CountingTransport(published.url)
        let second = try await installation.update(from: transport)
        XCTAssertTrue(second.switched, "a new description is a new version, though every file is the same")
        XCTAssertEqual(second.fetchedFiles, 0)
        XCTAssertEqual(transport.requests.sorted(), ["manifest.json", "manifest.sig"])
        XCTAssertEqual(second.reader.manifest.bundleHash, first.reader.manifest.bundleHash)
        XCTAssertEqual(try XCTUnwrap(try installation.current()).manifest.program.description, "A program for the summer")
        XCTAssertNotEqual(second.reader.folder.path, inUse.path, "the version in use was not written into: the new one has a folder of its own")
        XCTAssertFalse(FileManager.default.fileExists(atPath: inUse.path), "and the replaced one is removed after the switch")
        try XCTUnwrap(try installation.current()).verifyAll()
    }

    func testANewKeysSignatureOfTheSameManifestIsInstalled() async throws {
        let root = try temporaryFolder(self)
        let old = BundleSigningKey()
        let new = BundleSigningKey()
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1(), signingKey: old)
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url), trust: .signed(by: [old.publicKey, new.publicKey]))

        // The same manifest, signed again with the key that replaces the old one.
        published.signingKey = new
        try published.publish()
        let rotated = try await installation.update(from: FileTransport(folder: published.url), trust: .signed(by: [old.publicKey, new.publicKey]))
        XCTAssertTrue(rotated.switched, "a new signature is an update")
        XCTAssertNotNil(try installation.current(trust: .signed(by: [new.publicKey])), "an app pinning only the new key accepts its installation")
    }

    func testALinkInALocalSourceIsRefusedAndNotFollowed() async throws {
        let root = try temporaryFolder(self)
        let outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let secret = outside.appendingPathComponent("secret.txt")
        try Data("not part of any bundle".utf8).write(to: secret)

        // A listed file that is a link, and a listed file in a folder that is one.
        for (path, link, target) in [
            ("media/sunrise.png", "media/sunrise.png", secret), ("manifest.json.new", "manifest.json.new", secret), ("media/sunrise.png", "media", outside),
        ] {
            var files = PublishedFolder.version1()
            files["manifest.json.new"] = Data("not part of any bundle".utf8)
            let published = try PublishedFolder(root.appendingPathComponent("published"), files: files)
            let linked = published.url.appendingPathComponent(link)
            try FileManager.default.removeItem(at: linked)
            if link == "media" { try Data(repeating: 7, count: 40_000).write(to: outside.appendingPathComponent("sunrise.png")) }
            try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: target)
            let installation = BundleInstallation(folder: root.appendingPathComponent("installed-\(link.replacingOccurrences(of: "/", with: "-"))"))
            do {
                _ = try await installation.update(from: FileTransport(folder: published.url))
                XCTFail("\(link): a link in the source is refused")
            } catch let problem as BundleProblem {
                XCTAssertEqual(problem, .linkedFile(link == "media" ? "media" : path), "\(link)")
                XCTAssertTrue("\(problem)".contains("is a symbolic link"), "\(problem)")
            }
            XCTAssertNil(installation.currentFolder())
            XCTAssertEqual(try String(contentsOf: secret, encoding: .utf8), "not part of any bundle", "nothing outside was written")
            let links = FileManager.default.enumerator(atPath: installation.folder.path)?.allObjects as? [String] ?? []
            XCTAssertFalse(
                links.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: installation.folder.appendingPathComponent($0).path)) != nil },
                "no link installed")
        }
    }

    func testEntriesNamedLikeTheClientsTemporaryFilesAreInstalledWhole() async throws {
        let root = try temporaryFolder(self)
        var files = PublishedFolder.version1()
        files["manifest.json.new"] = Data("an entry, not the manifest".utf8)
        files["chapters/.chapter-1.json.part"] = Data("an entry, not a part".utf8)
        files["current.new"] = Data("an entry too".utf8)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: files)
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url), concurrency: 1)
        let bundle = try XCTUnwrap(try installation.current())
        try bundle.verifyAll()
        XCTAssertEqual(try bundle.data("manifest.json.new"), Data("an entry, not the manifest".utf8))
        XCTAssertEqual(try bundle.data("chapters/.chapter-1.json.part"), Data("an entry, not a part".utf8))
        XCTAssertEqual(try bundle.chapter("chapter-1").plainText, "Text 1")
    }

    func testAManifestThatDoesNotMatchItsOwnEntriesIsRefused() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url))
        let before = try XCTUnwrap(try installation.current()).folder

        // A hash that is not the entries', then two entries with one digest and two sizes.
        published.files["chapters/chapter-1.json"]! += Data(" ".utf8)
        published.tamper = { $0.bundleHash = String(repeating: "0", count: 64) }
        try published.publish()
        await assertRefused(installation, published.url, containing: "its `bundleHash` is not the hash of the files it lists")
        published.files["media/copy.png"] = Data(repeating: 7, count: 40_000)
        published.tamper = { manifest in
            let index = manifest.entries.firstIndex { $0.path == "media/copy.png" }!
            manifest.entries[index].size = 39_999
            manifest.bundleHash = FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) })
        }
        try published.publish()
        await assertRefused(installation, published.url, containing: "have the same SHA-256 but different sizes")
        XCTAssertEqual(try XCTUnwrap(try installation.current()).folder, before)
    }

    func testAFileListedWithTheDigestOfAnInstalledOneButAnotherSizeIsNotTakenFromIt() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url))

        // The picture's digest kept, its size changed: an installation keeping the
        // installed file would not match its own manifest.
        published.files["chapters/chapter-1.json"]! += Data(" ".utf8)
        published.tamper = { manifest in
            let index = manifest.entries.firstIndex { $0.path == "media/sunrise.png" }!
            manifest.entries[index].size = 39_999
            manifest.bundleHash = FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) })
        }
        try published.publish()
        await assertRefused(installation, published.url, containing: "`media/sunrise.png`: the reply is larger than the 39999 bytes")
        try XCTUnwrap(try installation.current()).verifyAll()
    }

    func testAnOlderSignedManifestServedAgainIsRefused() async throws {
        let root = try temporaryFolder(self)
        let key = BundleSigningKey()
        let trust = BundleTrust.signed(by: [key.publicKey])
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1(), signingKey: key)
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url), trust: trust)
        let older = try Data(contentsOf: published.url.appendingPathComponent("manifest.json"))
        let olderSignature = try Data(contentsOf: published.url.appendingPathComponent("manifest.sig"))

        published.files["chapters/chapter-2.json"]! += Data(" ".utf8)
        published.signedAt = "2026-11-02T09:30:00Z"
        try published.publish()
        let newer = try await installation.update(from: FileTransport(folder: published.url), trust: trust)
        XCTAssertTrue(newer.switched)

        // The first version's signed manifest, served again with its files.
        published.files["chapters/chapter-2.json"]!.removeLast()
        try published.publish()
        try older.write(to: published.url.appendingPathComponent("manifest.json"))
        try olderSignature.write(to: published.url.appendingPathComponent("manifest.sig"))
        await assertRefused(
            installation, published.url, trust,
            equal: .olderVersion(published: "2026-11-01T10:00:00Z", installed: "2026-11-02T09:30:00Z"))
        // Signed without a time, as before 1.5: older too, for an app that asks for signatures.
        published.signedAt = nil
        try published.publish()
        await assertRefused(installation, published.url, trust, containing: "without a time")
        XCTAssertEqual(try installation.current(trust: trust)?.manifest.signedAt, "2026-11-02T09:30:00Z", "the newer version is still in use")

        // Built and signed again later, the same files are an update.
        published.signedAt = "2026-11-03T08:00:00Z"
        try published.publish()
        let later = try await installation.update(from: FileTransport(folder: published.url), trust: trust)
        XCTAssertTrue(later.switched)
    }

    func testAReplyLargerThanItsFileMayBeIsRefusedBeforeItIsRead() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url))
        let before = try XCTUnwrap(try installation.current()).folder

        // Sparse files: gigabytes listed by the file system, none stored or read.
        func grow(_ path: String, to size: UInt64) throws {
            let handle = try FileHandle(forWritingTo: published.url.appendingPathComponent(path))
            try handle.truncate(atOffset: size)
            try handle.close()
        }
        published.files["chapters/chapter-3.json"]! += Data(" ".utf8)
        try published.publish()
        try grow("chapters/chapter-3.json", to: 5 << 30)
        await assertRefused(installation, published.url, containing: "`chapters/chapter-3.json`: the reply is larger than the")
        try published.publish()
        try grow("manifest.json", to: 1_500_000_000)
        await assertRefused(installation, published.url, containing: "larger than the \(BundleFormat.maximumManifestSize) bytes")
        try published.publish()
        try Data().write(to: published.url.appendingPathComponent("manifest.sig"))
        try grow("manifest.sig", to: 1 << 30)
        await assertRefused(installation, published.url, containing: "`manifest.sig`: the reply is larger than the \(BundleFormat.maximumSignatureSize) bytes")
        XCTAssertEqual(try XCTUnwrap(try installation.current()).folder, before)
        let paths = FileManager.default.enumerator(atPath: installation.folder.path)?.allObjects as? [String] ?? []
        let stored = paths.compactMap { try? FileManager.default.attributesOfItem(atPath: installation.folder.appendingPathComponent($0).path)[.size] as? Int }
        XCTAssertLessThan(stored.reduce(0, +), 200_000, "nothing of the large replies was kept")
    }
}
