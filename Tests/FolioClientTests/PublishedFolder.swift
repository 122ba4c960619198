import FolioClient
import FolioModel
import Foundation
import XCTest

/// A bundle published into a folder, written file by file as `folio build` lays one out,
/// for the update tests to change between versions.
struct PublishedFolder {
    let url: URL
    var files: [String: Data]
    var signingKey: BundleSigningKey?
    /// The program's description: a field only the manifest holds.
    var description: String?
    /// The manifest's `signedAt`, written when there is a signing key.
    var signedAt: String? = "2026-11-01T10:00:00Z"
    /// Changes to the manifest's entries after they are listed: a size changed, a hash
    /// that is not the entries'.
    var tamper: ((inout Manifest) -> Void)?

    init(_ url: URL, files: [String: Data], signingKey: BundleSigningKey? = nil) throws {
        self.url = url
        self.files = files
        self.signingKey = signingKey
        try publish()
    }

    static func version1() -> [String: Data] {
        var files: [String: Data] = [
            "welcome.json": Data(#"{"html":"<p>Hello</p>","title":"Welcome","videos":[]}"#.utf8),
            "media/sunrise.png": Data(repeating: 7, count: 40_000),
        ]
        for n in 1...5 {
            files["chapters/chapter-\(n).json"] = Data(
                #"{"headings":[],"html":"<p>Text \#(n)</p>","id":"chapter-\#(n)","order":\#(n),"plainText":"Text \#(n)","title":"Chapter \#(n)","videos":[]}"#
                    .utf8)
        }
        return files
    }

    /// Writes the files and a manifest listing them (and a signature with a key).
    func publish() throws {
        try? FileManager.default.removeItem(at: url)
        for (path, data) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        let entries = files.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { path -> Manifest.Entry in
            let kind: Manifest.EntryKind =
                path.hasPrefix("chapters/") ? .chapter : path.hasPrefix("media/") ? .media : path == "welcome.json" ? .welcome : .init(rawValue: "later-kind")
            return Manifest.Entry(path: path, kind: kind, size: files[path]!.count, sha256: FileDigest.sha256(files[path]!))
        }
        let chapters = files.keys.filter { $0.hasPrefix("chapters/") }.sorted().map {
            Manifest.ChapterSummary(id: String($0.dropFirst(9).dropLast(5)), title: "Chapter", summary: nil, quiz: nil)
        }
        var program = ProgramSettings(id: "test", title: "Test")
        program.description = description
        var manifest = Manifest(
            program: program, chapters: chapters, decks: [], quizzes: [], hasBillOfRights: false,
            entries: entries, bundleHash: FileDigest.bundleHash(entries.map { ($0.path, $0.sha256) }))
        if signingKey != nil { manifest.signedAt = signedAt }
        tamper?(&manifest)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data = try encoder.encode(manifest)
        try data.write(to: url.appendingPathComponent("manifest.json"))
        if let signingKey { try signingKey.sign(data).encoded().write(to: url.appendingPathComponent("manifest.sig")) }
    }
}

/// A transport that counts what it is asked for, and can stop after a number of files
/// as a lost connection or a killed app would.
final class CountingTransport: BundleTransport, @unchecked Sendable {
    let inner: FileTransport
    private let lock = NSLock()
    private var fetched: [String] = []
    private let failAfter: Int?

    init(_ folder: URL, failAfter: Int? = nil) {
        inner = FileTransport(folder: folder)
        self.failAfter = failAfter
    }

    var requests: [String] { lock.withLock { fetched } }

    private func note(_ path: String) throws {
        try lock.withLock {
            if let failAfter, fetched.filter({ $0 != "manifest.json" && $0 != "manifest.sig" }).count >= failAfter, path != "manifest.json",
                path != "manifest.sig"
            {
                throw BundleProblem.fetchFailed(path: path, reason: "the connection was lost")
            }
            fetched.append(path)
        }
    }

    func fetch(_ path: String) async throws -> Data {
        try note(path)
        return try await inner.fetch(path)
    }

    func download(_ path: String, to destination: URL) async throws {
        try note(path)
        try await inner.download(path, to: destination)
    }
}

func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-client-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

extension XCTestCase {
    /// Asserts that an update from the bundle published in `url` is refused, with
    /// `expected` or a problem whose words hold `text`.
    func assertRefused(
        _ installation: BundleInstallation, _ url: URL, _ trust: BundleTrust = .unsigned, equal expected: BundleProblem? = nil,
        containing text: String? = nil, line: UInt = #line
    ) async {
        do {
            _ = try await installation.update(from: FileTransport(folder: url), trust: trust)
            XCTFail("accepted", line: line)
        } catch let problem as BundleProblem {
            if let expected { XCTAssertEqual(problem, expected, line: line) }
            if let text { XCTAssertTrue("\(problem)".contains(text), "\(problem)", line: line) }
        } catch {
            XCTFail("\(error)", line: line)
        }
    }
}
