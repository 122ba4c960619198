import FolioClient
import FolioCompiler
import FolioCore
import FolioModel
import FolioOutput
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

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
}
