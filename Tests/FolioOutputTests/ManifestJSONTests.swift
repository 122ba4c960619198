import FolioClient
import FolioCompiler
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle
@testable import FolioOutput

/// The manifest as published: the encoder's bytes with its revision set.
final class ManifestJSONTests: XCTestCase {
    /// The revision is the digest of the manifest with 64 zeros in its place, signed or not,
    /// and changes with a field no file holds.
    func testTheRevisionIsTheDigestOfTheManifestWithZerosInItsPlace() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        for signedAt in [nil, "2026-11-27T18:00:00Z"] {
            var manifest = try BundleFormat.manifest(
                from: ManifestJSON.pretty(
                    Manifest(
                        program: program.settings, chapters: [], decks: [], quizzes: [], hasBillOfRights: false, entries: [],
                        bundleHash: FileDigest.bundleHash([]))))
            manifest.signedAt = signedAt
            let data = ManifestJSON.published(&manifest)
            let revision = try XCTUnwrap(manifest.revision)
            XCTAssertEqual(try BundleFormat.manifest(from: data).revision, revision)
            var zeroed = manifest
            zeroed.revision = String(repeating: "0", count: 64)
            XCTAssertEqual(FileDigest.sha256(ManifestJSON.pretty(zeroed)), revision, "signed at \(signedAt ?? "no time")")
            manifest.program.description = "Another description"
            XCTAssertNotEqual(try BundleFormat.manifest(from: ManifestJSON.published(&manifest)).revision, revision)
        }
    }

    /// A manifest with its languages encoded beside the rest and put in their place is
    /// byte for byte the manifest encoded at once: of the sample in two languages, and
    /// of a manifest whose only language is its default.
    func testLanguagesEncodedBesideTheRestAreTheManifestEncodedWhole() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let files = OutputFiles(root: try TestFixtures.temporaryFolder(self), startingEmpty: true)
        let context = RenderContext(products: BuildProducts(program: program, makes: [.bundleManifest, .bundleFiles, .searchIndexChanges]))
        _ = try BundleRenderer().render(program, into: files, context: context)
        let translated = try BundleFormat.manifest(from: try XCTUnwrap(files.stagedContents(BundleFormat.manifestFile)))
        XCTAssertEqual(translated.languages?.count, 2)
        var defaultOnly = translated
        defaultOnly.languages = Array(translated.languages!.prefix(1))
        for manifest in [translated, defaultOnly] {
            let split = ManifestJSON.pretty(manifest)
            XCTAssertEqual(String(decoding: split, as: UTF8.self), String(decoding: ManifestJSON.whole(manifest), as: UTF8.self))
            XCTAssertEqual(try BundleFormat.manifest(from: split), manifest)
        }
    }

    /// After an update that changed some files, the published manifest's bytes with those
    /// entries, the bundle hash and the revision put in place are the bytes of the new
    /// manifest published whole: of the sample's bundle in two languages, with files of
    /// each language changed (one with a picture's size in its entry).
    func testAManifestPatchedInPlaceIsTheManifestPublishedWhole() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let files = OutputFiles(root: folder, startingEmpty: true)
        let context = RenderContext(products: BuildProducts(program: program, makes: [.bundleManifest, .bundleFiles, .searchIndexChanges]))
        _ = try BundleRenderer().render(program, into: files, context: context)
        let bytes = try XCTUnwrap(files.stagedContents(BundleFormat.manifestFile))
        let replaced = try BundleFormat.manifest(from: bytes)
        let changed: Set<String> = ["chapters/who-am-i.json", "languages/es/chapters/who-am-i.json", "search/00.json", "media/sunrise.png"]
        XCTAssertEqual(Set(replaced.entries.map(\.path)).intersection(changed), changed)
        var manifest = replaced
        for index in manifest.entries.indices where changed.contains(manifest.entries[index].path) {
            manifest.entries[index].size += 7
            manifest.entries[index].sha256 = FileDigest.sha256(Data(manifest.entries[index].path.utf8))
        }
        manifest.bundleHash = FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) })
        var whole = manifest
        let expected = ManifestJSON.published(&whole)
        var patchedManifest = manifest
        let patched = try XCTUnwrap(ManifestJSON.patched(&patchedManifest, replaced: replaced, bytes: bytes, changed: changed), "every change is found")
        XCTAssertEqual(String(decoding: patched, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(patchedManifest.revision, whole.revision)
        // Bytes another encoder wrote are not patched.
        let other = Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: " : ", with: ": ").utf8)
        XCTAssertNil(ManifestJSON.patched(&patchedManifest, replaced: replaced, bytes: other, changed: changed))
    }
}
