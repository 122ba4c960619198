import FolioModel
import Foundation

/// A bundle on disk, opened for an app: its manifest checked by the format's rules
/// (``BundleFormat``) and its signature by the app's ``BundleTrust``; every file read
/// through it is checked against the size and SHA-256 the manifest lists before it is
/// decoded, so a damaged or altered file is refused, never shown.
///
/// ```swift
/// let bundle = try BundleReader(folder: url, trust: .signed(by: [pinnedKey]))
/// for summary in bundle.manifest.chapters {
///     let chapter = try bundle.chapter(summary.id)
/// }
/// ```
public struct BundleReader: Sendable {
    /// The folder holding `manifest.json`.
    public let folder: URL
    /// The bundle's manifest, checked: its chapters, quizzes and decks in reading order,
    /// and every file with its size and SHA-256.
    public let manifest: Manifest
    private let entries: [String: Manifest.Entry]

    /// Opens the bundle in `folder`: a bundle folder (`Output/bundle`), or an
    /// installation folder kept by ``BundleInstallation`` (its current version).
    public init(folder: URL, trust: BundleTrust = .unsigned) throws {
        var folder = folder
        if !FileManager.default.fileExists(atPath: folder.appendingPathComponent(BundleFormat.manifestFile).path),
            let installed = BundleInstallation(folder: folder).currentFolder()
        {
            folder = installed
        }
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(BundleFormat.manifestFile).path) else {
            throw BundleProblem.noBundle(folder.path)
        }
        let signature = FileManager.default.contents(atPath: folder.appendingPathComponent(BundleFormat.signatureFile).path)
        try trust.check(manifest: data, signature: signature)
        self.folder = folder
        manifest = try BundleFormat.manifest(from: data)
        entries = Dictionary(manifest.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The manifest's entry for `path`, if it lists one.
    public func entry(_ path: String) -> Manifest.Entry? { entries[path] }

    /// Where the file `path` of the bundle is on disk (a video to hand to a player).
    /// Check it first with ``verify(_:)`` if it matters that it is intact.
    public func url(of path: String) -> URL { folder.appendingPathComponent(path) }

    /// The bytes of `path`, checked against the manifest.
    public func data(_ path: String) throws -> Data {
        guard let entry = entries[path] else { throw BundleProblem.notInBundle(kind: "file", id: path) }
        guard let data = FileManager.default.contents(atPath: url(of: path).path) else { throw BundleProblem.missingFile(path) }
        guard data.count == entry.size else { throw BundleProblem.wrongSize(path: path, expected: entry.size, found: data.count) }
        guard FileDigest.sha256(data) == entry.sha256 else { throw BundleProblem.wrongDigest(path: path) }
        return data
    }

    /// Checks one file against the manifest without loading it whole.
    public func verify(_ entry: Manifest.Entry) throws {
        guard let found = FileDigest.sha256(file: url(of: entry.path)) else { throw BundleProblem.missingFile(entry.path) }
        guard found.size == entry.size else { throw BundleProblem.wrongSize(path: entry.path, expected: entry.size, found: found.size) }
        guard found.sha256 == entry.sha256 else { throw BundleProblem.wrongDigest(path: entry.path) }
    }

    /// Checks every file the manifest lists, and that the bundle hash sums them up.
    public func verifyAll() throws {
        for entry in manifest.entries { try verify(entry) }
        guard FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) }) == manifest.bundleHash else {
            throw BundleProblem.notAManifest("its `bundleHash` does not match its entries")
        }
    }

    /// The chapter `id`, read from its file once the file matches its manifest entry.
    public func chapter(_ id: String) throws -> Chapter { try decode(Chapter.self, "chapters", id, kind: "chapter") }
    /// The quiz `id`, read from its file once the file matches its manifest entry.
    public func quiz(_ id: String) throws -> Quiz { try decode(Quiz.self, "quizzes", id, kind: "quiz") }
    /// The flashcard deck `id`, read from its file once the file matches its manifest entry.
    public func deck(_ id: String) throws -> Deck { try decode(Deck.self, "decks", id, kind: "deck") }
    /// The welcome page, the first page learners see, checked against its manifest entry.
    public func welcome() throws -> WelcomePage { try decode(WelcomePage.self, path: "welcome.json") }

    /// The bill of rights, when the program has one.
    public func billOfRights() throws -> BillOfRights? {
        manifest.hasBillOfRights ? try decode(BillOfRights.self, path: "bill-of-rights.json") : nil
    }

    /// The search index (format 1.1 on), its parts read and merged; nil in a bundle
    /// written before it.
    public func searchIndex() throws -> SearchIndex? {
        let parts = manifest.entries.filter { $0.kind == .search }
        if parts.isEmpty { return nil }
        return SearchIndex.merged(try parts.map { try decode(SearchIndex.self, path: $0.path) })
    }

    private func decode<T: Decodable>(_ type: T.Type, _ folder: String, _ id: String, kind: String) throws -> T {
        let path = "\(folder)/\(id).json"
        guard entries[path] != nil else { throw BundleProblem.notInBundle(kind: kind, id: id) }
        return try decode(type, path: path)
    }

    func decode<T: Decodable>(_ type: T.Type, path: String) throws -> T {
        let data = try data(path)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw BundleProblem.unreadableFile(path: path, reason: BundleFormat.describe(error))
        }
    }
}
