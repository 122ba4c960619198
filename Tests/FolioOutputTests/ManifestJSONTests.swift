import FolioClient
import FolioCompiler
import FolioCore
import FolioModel
import FolioOutput
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

/// The bundle writes its manifest straight into bytes; they must be the bytes the JSON
/// encoder gives for it, which apps have read since the first bundle.
final class ManifestJSONTests: XCTestCase {
    private func assertSameBytes(_ manifest: Manifest, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertWrittenAsTheEncoderWrites(manifest, ManifestJSON.pretty(manifest), label, file: file, line: line)
    }

    func testTheSamplesManifestIsWrittenAsTheEncoderWritesIt() throws {
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        var driver = BuildDriver(renderers: [BundleRenderer()])
        try driver.build(program, into: output)
        let written = try Data(contentsOf: output.appendingPathComponent("bundle/manifest.json"))
        let manifest = try BundleFormat.manifest(from: written)
        XCTAssertGreaterThan(manifest.entries.count, 10)
        try assertSameBytes(manifest, "the sample's manifest")
        XCTAssertEqual(ManifestJSON.pretty(manifest), written)
    }

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

    /// Every field set, every field left out, and empty lists: each key in its place.
    func testEveryFieldPresentOrAbsentIsWrittenAsTheEncoderWritesIt() throws {
        let settings = ProgramSettings(
            id: "p", idStated: false, title: "Say \"hi\" \\ <b>é</b>\n\u{1}", language: "fr", description: "About", baseURL: "https://example.org/",
            share: ["twitter", "facebook"], contact: "mailto:a@example.org", allowHTML: true)
        var manifest = Manifest(
            program: settings,
            chapters: [.init(id: "a", title: "A", summary: "S", quiz: "q"), .init(id: "b", title: "B", summary: nil, quiz: nil)],
            decks: [.init(id: "d", title: "D", cardCount: 3)], quizzes: ["q", "r"], hasBillOfRights: true,
            entries: [
                .init(path: "media/a.png", kind: .media, size: 10, sha256: String(repeating: "ab", count: 32), width: 4, height: 3, mimeType: "image/png"),
                .init(path: "chapters/a.json", kind: .chapter, size: 0, sha256: ""),
                .init(path: "x", kind: Manifest.EntryKind(rawValue: "later-kind"), size: 1, sha256: "0", width: nil, height: 7),
            ], bundleHash: "hash")
        manifest.generator = "folio 1.2"
        try assertSameBytes(manifest, "every field")
        manifest.generator = nil
        manifest.formatMinorVersion = nil
        try assertSameBytes(manifest, "no generator, no minor version")
        try assertSameBytes(
            Manifest(program: ProgramSettings(id: "p", title: "t"), chapters: [], decks: [], quizzes: [], hasBillOfRights: false, entries: [], bundleHash: ""),
            "empty lists")
    }
}
