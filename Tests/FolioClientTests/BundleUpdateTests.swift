import FolioClient
import FolioModel
import Foundation
import XCTest

/// Installing and updating a bundle in a folder (``BundleInstallation``): only what
/// changed is fetched, every file is checked, and the version in use is always whole.
final class BundleUpdateTests: XCTestCase {
    func testAFirstInstallFetchesEveryFileAndOpensTheBundle() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let transport = CountingTransport(published.url)
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        XCTAssertNil(installation.currentFolder())

        let outcome = try await installation.update(from: transport)
        XCTAssertTrue(outcome.switched)
        XCTAssertEqual(outcome.fetchedFiles, 7)
        XCTAssertEqual(Set(transport.requests), Set(published.files.keys).union(["manifest.json", "manifest.sig"]))
        let bundle = try XCTUnwrap(try installation.current())
        XCTAssertEqual(try bundle.chapter("chapter-3").plainText, "Text 3")
        try bundle.verifyAll()
    }

    func testAnUpdateFetchesOnlyTheFilesWhoseBytesAreNew() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url))

        // One chapter edited, one removed, the picture moved, a file of a later kind added.
        published.files["chapters/chapter-2.json"] = Data(
            #"{"headings":[],"html":"<p>New</p>","id":"chapter-2","order":2,"plainText":"New","title":"Chapter 2","videos":[]}"#.utf8)
        published.files["chapters/chapter-5.json"] = nil
        published.files["media/dawn.png"] = published.files.removeValue(forKey: "media/sunrise.png")
        published.files["extra/later.bin"] = Data("something a later version adds".utf8)
        try published.publish()
        let transport = CountingTransport(published.url)
        let outcome = try await installation.update(from: transport)

        XCTAssertEqual(transport.requests.sorted(), ["chapters/chapter-2.json", "extra/later.bin", "manifest.json", "manifest.sig"])
        XCTAssertEqual(outcome.plan.remove.sorted(), ["chapters/chapter-5.json", "media/sunrise.png"])
        XCTAssertEqual(outcome.plan.bytesToFetch, published.files["chapters/chapter-2.json"]!.count + published.files["extra/later.bin"]!.count)
        let bundle = try XCTUnwrap(try installation.current())
        try bundle.verifyAll()
        XCTAssertEqual(try bundle.chapter("chapter-2").plainText, "New")
        XCTAssertThrowsError(try bundle.chapter("chapter-5"))
        XCTAssertEqual(try bundle.data("media/dawn.png").count, 40_000)
        // The old version is gone; one version remains.
        let versions = try FileManager.default.contentsOfDirectory(atPath: installation.folder.appendingPathComponent("versions").path)
        XCTAssertEqual(versions, [bundle.folder.lastPathComponent])

        let again = try await installation.update(from: FileTransport(folder: published.url))
        XCTAssertFalse(again.switched, "already up to date")
    }

    func testAnInterruptedUpdateLeavesThePreviousVersionAndResumes() async throws {
        let root = try temporaryFolder(self)
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url))
        let before = try XCTUnwrap(try installation.current()).manifest.bundleHash

        for n in 1...5 { published.files["chapters/chapter-\(n).json"]! += Data(" ".utf8) }
        try published.publish()
        let lost = CountingTransport(published.url, failAfter: 2)
        do {
            _ = try await installation.update(from: lost, concurrency: 1)
            XCTFail("the connection was lost")
        } catch let problem as BundleProblem {
            XCTAssertEqual(problem, .fetchFailed(path: problem.failedPath, reason: "the connection was lost"))
        }
        let current = try XCTUnwrap(try installation.current())
        XCTAssertEqual(current.manifest.bundleHash, before, "the previous version is still the one in use")
        try current.verifyAll()

        let resumed = CountingTransport(published.url)
        let outcome = try await installation.update(from: resumed, concurrency: 1)
        XCTAssertEqual(outcome.resumedFiles, 2)
        XCTAssertEqual(outcome.fetchedFiles, 3, "only the files the first run did not fetch")
        try XCTUnwrap(try installation.current()).verifyAll()
    }

    func testAFileThatDoesNotMatchItsManifestIsRefused() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        // Changed on the server after publishing, same size.
        try Data(#"{"headings":[],"html":"<p>Evil 3</p>","id":"chapter-3","order":3,"plainText":"Evil 3","title":"Chapter 3","videos":[]}"#.utf8)
            .write(to: published.url.appendingPathComponent("chapters/chapter-3.json"))
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        do {
            _ = try await installation.update(from: FileTransport(folder: published.url))
            XCTFail("a changed file is refused")
        } catch let problem as BundleProblem {
            XCTAssertEqual(problem, .wrongDigest(path: "chapters/chapter-3.json"))
        }
        XCTAssertNil(installation.currentFolder(), "nothing was installed")
    }

    func testSignedBundlesAreCheckedAgainstThePinnedKey() async throws {
        let root = try temporaryFolder(self)
        let key = BundleSigningKey()
        var published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1(), signingKey: key)
        let trust = BundleTrust.signed(by: [key.publicKey])
        let installation = BundleInstallation(folder: root.appendingPathComponent("installed"))
        _ = try await installation.update(from: FileTransport(folder: published.url), trust: trust)
        XCTAssertNotNil(try installation.current(trust: trust))

        // Another key, no signature, a manifest changed after signing: each refused.
        published.signingKey = BundleSigningKey()
        published.files["chapters/chapter-1.json"]! += Data(" ".utf8)
        try published.publish()
        await assertRefused(installation, published.url, trust, containing: "does not trust")
        published.signingKey = nil
        try published.publish()
        await assertRefused(installation, published.url, trust, equal: .unsigned)
        published.signingKey = key
        try published.publish()
        let manifest = published.url.appendingPathComponent("manifest.json")
        try Data(try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: "\"Test\"", with: "\"Tset\"").utf8).write(to: manifest)
        await assertRefused(installation, published.url, trust, containing: "changed after signing")
        XCTAssertEqual(try installation.current(trust: trust)?.manifest.chapters.count, 5, "the signed version is still in use")
    }

    func testAFolderOfOtherFilesIsNeverWrittenInto() async throws {
        let root = try temporaryFolder(self)
        let published = try PublishedFolder(root.appendingPathComponent("published"), files: PublishedFolder.version1())
        let folder = root.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("thesis.txt"))
        do {
            _ = try await BundleInstallation(folder: folder).update(from: FileTransport(folder: published.url))
            XCTFail("refused")
        } catch BundleProblem.notAnInstallation(let reason) {
            XCTAssertTrue(reason.contains("thesis.txt"), reason)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["thesis.txt"])
    }
}

extension BundleProblem {
    var failedPath: String {
        if case .fetchFailed(let path, _) = self { return path }
        return ""
    }
}
