import FolioModel
import Foundation
import XCTest

@testable import FolioClient

/// The rules every reader follows (docs/bundle.md, "Versions"): what a later minor
/// version adds is ignored or kept, a later major version is refused, and nothing in a
/// manifest can name a file outside the bundle.
final class BundleFormatTests: XCTestCase {
    func manifest(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        let entry: [String: Any] = ["path": "welcome.json", "kind": "welcome", "size": 2, "sha256": String(repeating: "a", count: 64)]
        var object: [String: Any] = [
            "format": "folio-bundle", "formatVersion": 1, "formatMinorVersion": 1,
            "program": ["id": "p", "idStated": true, "title": "P", "language": "en", "share": [], "allowHTML": false],
            "chapters": [], "decks": [], "quizzes": [], "hasBillOfRights": false, "entries": [entry],
        ]
        edit(&object)
        // The hash of the entries listed, as a manifest must have, unless the test gives one.
        if object["bundleHash"] == nil, let entries = object["entries"] as? [[String: Any]] {
            object["bundleHash"] = FileDigest.bundleHash(
                entries.compactMap { entry in
                    (entry["path"] as? String).map { ($0, entry["sha256"] as? String ?? "") }
                })
        }
        return try JSONSerialization.data(withJSONObject: object)
    }

    func testFieldsAndEntryKindsOfALaterMinorVersionAreReadAndKept() throws {
        let data = try manifest {
            $0["formatMinorVersion"] = 7
            $0["somethingNew"] = ["nested": true]
            $0["entries"] = [
                ["path": "welcome.json", "kind": "welcome", "size": 2, "sha256": String(repeating: "a", count: 64), "colour": "red"],
                ["path": "maps/world.geojson", "kind": "map", "size": 9, "sha256": String(repeating: "c", count: 64)],
            ]
        }
        let manifest = try BundleFormat.manifest(from: data)
        XCTAssertEqual(manifest.formatMinorVersion, 7)
        XCTAssertEqual(manifest.entries.map(\.kind), [.welcome, Manifest.EntryKind(rawValue: "map")])
        XCTAssertEqual(UpdatePlan(installed: nil, published: manifest).fetch.map(\.path), ["welcome.json", "maps/world.geojson"])
    }

    func testAVersion10ManifestWithoutAMinorVersionIsRead() throws {
        let manifest = try BundleFormat.manifest(from: try manifest { $0["formatMinorVersion"] = nil })
        XCTAssertNil(manifest.formatMinorVersion)
    }

    func testALaterMajorVersionIsRefused() throws {
        XCTAssertThrowsError(try BundleFormat.manifest(from: try manifest { $0["formatVersion"] = 2 })) {
            XCTAssertEqual($0 as? BundleProblem, .unsupportedFormat(version: 2))
            XCTAssertTrue("\($0)".contains("update the app"))
        }
    }

    func testPathsThatCouldLeaveTheBundleAreRefused() throws {
        for path in ["../outside.json", "/etc/passwd", "media/../../x", "a//b", "media/", "./welcome.json", "c:\\\\x", "manifest.json", "bad\u{1}name"] {
            let data = try manifest { $0["entries"] = [["path": path, "kind": "media", "size": 1, "sha256": String(repeating: "a", count: 64)]] }
            XCTAssertThrowsError(try BundleFormat.manifest(from: data), path) { XCTAssertEqual($0 as? BundleProblem, .unsafePath(path)) }
        }
        let long = String(repeating: "a", count: 1025)
        let tooLong = try manifest { $0["entries"] = [["path": long, "kind": "media", "size": 1, "sha256": String(repeating: "a", count: 64)]] }
        XCTAssertThrowsError(try BundleFormat.manifest(from: tooLong)) { XCTAssertEqual($0 as? BundleProblem, .unsafePath(long)) }
        let twice = try manifest {
            $0["entries"] = [
                ["path": "a.json", "kind": "media", "size": 1, "sha256": String(repeating: "a", count: 64)],
                ["path": "a.json", "kind": "media", "size": 1, "sha256": String(repeating: "a", count: 64)],
            ]
        }
        XCTAssertThrowsError(try BundleFormat.manifest(from: twice)) { XCTAssertEqual($0 as? BundleProblem, .unsafePath("a.json")) }
    }

    func testWhatIsNotAManifestSaysWhereItIsWrong() throws {
        let data = try manifest { _ in }
        XCTAssertThrowsError(try BundleFormat.manifest(from: data, limit: data.count - 1)) {
            XCTAssertTrue("\($0)".contains("more than the \(data.count - 1) a manifest may have"), "\($0)")
        }
        XCTAssertNoThrow(try BundleFormat.manifest(from: data, limit: data.count))
        XCTAssertThrowsError(try BundleFormat.manifest(from: Data("<html>".utf8))) {
            XCTAssertTrue("\($0)".hasPrefix("manifest.json is not a Folio bundle manifest: it is not JSON: "), "\($0)")
        }
        XCTAssertThrowsError(try BundleFormat.manifest(from: try manifest { $0["entries"] = nil })) {
            XCTAssertEqual("\($0)", "manifest.json is not a Folio bundle manifest: `entries` is missing")
        }
        XCTAssertThrowsError(try BundleFormat.manifest(from: try manifest { $0["format"] = "zip" })) { XCTAssertTrue("\($0)".contains("`zip`")) }
    }

    /// Entries sort by their paths' UTF-8 bytes: a path before every longer path it
    /// begins, the empty path first, letters outside ASCII after every ASCII byte, and
    /// neither the locale's order nor Swift's comparison of strings.
    func testPathsSortByTheirBytes() {
        let paths = [
            "", "a", "a/b", "a/b.json", "a/é", "a/z", "ab", "B", "b", "é", "languages/es/chapters/1.json", "languages/es/chapters/10.json", "e\u{301}",
        ]
        for first in paths {
            for second in paths {
                XCTAssertEqual(
                    BundleFormat.precedes(first, second), Array(first.utf8).lexicographicallyPrecedes(Array(second.utf8)), "\(first) before \(second)")
            }
        }
        XCTAssertEqual(
            paths.sorted(by: BundleFormat.precedes),
            ["", "B", "a", "a/b", "a/b.json", "a/z", "a/é", "ab", "b", "e\u{301}", "languages/es/chapters/1.json", "languages/es/chapters/10.json", "é"])
    }

    /// Folio lists entries sorted by path, and planning walks them in that order; a
    /// manifest sorted otherwise plans the same.
    func testAPlanIsTheSameWhateverTheOrderOfTheEntries() throws {
        func entry(_ path: String, _ digit: Character) -> Manifest.Entry {
            Manifest.Entry(path: path, kind: .media, size: 1, sha256: String(repeating: digit, count: 64))
        }
        func manifest(_ entries: [Manifest.Entry]) -> Manifest {
            Manifest(
                program: ProgramSettings(id: "p", title: "P"), chapters: [], decks: [], quizzes: [], hasBillOfRights: false, entries: entries,
                bundleHash: String(repeating: "0", count: 64))
        }
        let installed = [entry("a", "1"), entry("b/c", "2"), entry("b/é", "3"), entry("d", "4")]
        let published = [entry("a", "1"), entry("b/x", "3"), entry("e", "5")]
        for (mine, theirs) in [(installed, published), (installed.reversed(), published.reversed())] {
            let plan = UpdatePlan(installed: manifest(Array(mine)), published: manifest(Array(theirs)))
            XCTAssertEqual(plan.fetch.map(\.path), theirs.filter { $0.path == "e" }.map(\.path))
            XCTAssertEqual(plan.reuse.map(\.installedPath).sorted(), ["a", "b/é"], "b/x has the bytes of b/é")
            XCTAssertEqual(plan.remove.sorted(), ["b/c", "b/é", "d"])
        }
    }

    func testASignatureIsDeterministicAndCoversEveryByteOfTheManifest() throws {
        let key = BundleSigningKey()
        let data = try manifest { _ in }
        let signature = try key.sign(data)
        XCTAssertEqual(try key.sign(data), signature, "Ed25519 signs the same bytes the same way: builds stay deterministic")
        XCTAssertNoThrow(try BundleTrust.signed(by: [key.publicKey]).check(manifest: data, signature: signature.encoded()))
        var changed = data
        changed[changed.count / 2] ^= 1
        XCTAssertThrowsError(try BundleTrust.signed(by: [key.publicKey]).check(manifest: changed, signature: signature.encoded()))
        XCTAssertNoThrow(try BundleTrust.unsigned.check(manifest: changed, signature: nil))
        // The key file round-trips; a public key is read from what `folio keygen` prints.
        XCTAssertEqual(try BundleSigningKey(file: key.fileText).publicKey, key.publicKey)
        XCTAssertEqual(try BundlePublicKey(base64: key.publicKey.base64 + "\n"), key.publicKey)
        XCTAssertThrowsError(try BundlePublicKey(base64: "not a key"))
    }
}
