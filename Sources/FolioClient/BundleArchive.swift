import FolioModel
import Foundation

/// A bundle's archive, `bundle.zip` (docs/bundle.md, "Publishing and updating"), as a zip
/// reader sees it, for a first install in one download
/// (``BundleInstallation/update(from:archive:trust:concurrency:events:)``).
///
/// FolioClient reads no zip itself, so that an app keeps the zip library it has; the
/// installation does every check: no member named outside the installation, no link, and
/// each file's size and SHA-256 against the manifest, exactly as for a file fetched alone.
/// `folio sync` reads archives through ZIPFoundation (`Sources/FolioArchive`), which an
/// app on any of Folio's platforms can do the same way.
public protocol BundleArchive: Sendable {
    /// Every member, as the archive lists them.
    var members: [BundleArchiveMember] { get }

    /// Writes the bytes of `member` to `destination`, a new file, checking them as the
    /// archive says (its CRC); throws once more than `limit` bytes come out, so that a
    /// member that inflates beyond what the manifest lists stops there.
    func extract(_ member: BundleArchiveMember, to destination: URL, limit: Int) throws
}

/// One member of a ``BundleArchive``.
public struct BundleArchiveMember: Sendable, Hashable {
    /// What a member is, as the archive says.
    public enum Kind: Sendable, Hashable {
        /// A file, or a folder, whose name may end in `/`.
        case file, directory
        /// A symbolic link, which a bundle's archive never holds: the installation refuses
        /// an archive with one.
        case symbolicLink
    }

    /// Its name in the archive, `/`-separated (a folder's may end in `/`).
    public var name: String
    /// Whether it is a file, a folder or a link.
    public var kind: Kind
    /// Its size once extracted, as the archive says; the installation checks it again.
    public var size: Int

    /// A member as the app's zip reader lists it.
    public init(name: String, kind: Kind, size: Int) {
        self.name = name
        self.kind = kind
        self.size = size
    }
}

/// A bundle archive's files by their paths, checked before anything is written: every
/// member named as a path inside the bundle, none twice, none a link.
struct ArchiveFiles: Sendable {
    /// The archive, read through the app's reader.
    let archive: any BundleArchive
    /// Its files (no folder) by their paths in the bundle.
    let files: [String: BundleArchiveMember]

    /// What the archive is called in messages: the name Folio publishes it under.
    static let name = "bundle.zip"

    init(_ archive: any BundleArchive) throws {
        var files: [String: BundleArchiveMember] = [:]
        for member in archive.members {
            // A folder's name ends in `/`; it is checked as the path it names.
            let path = member.kind == .directory && member.name.hasSuffix("/") ? String(member.name.dropLast()) : member.name
            guard BundleFormat.isSafe(path) else { throw Self.refused("its member `\(member.name)` is not a plain path inside the bundle") }
            guard member.kind != .symbolicLink else { throw Self.refused("its member `\(member.name)` is a link, which a bundle's archive never holds") }
            guard member.kind == .file else { continue }
            guard files.updateValue(member, forKey: path) == nil else { throw Self.refused("it holds `\(member.name)` twice") }
        }
        self.archive = archive
        self.files = files
    }

    static func refused(_ reason: String) -> BundleProblem {
        .unreadableFile(path: name, reason: reason + ": nothing was installed from it")
    }

    /// The bytes of a small member (the manifest, its signature) in memory; nil when the
    /// archive has none of that name.
    func data(_ path: String, limit: Int) throws -> Data? {
        guard let member = files[path] else { return nil }
        guard member.size <= limit else {
            throw BundleProblem.unreadableFile(path: path, reason: "\(Self.name) lists it as \(member.size) bytes, more than the \(limit) it may have")
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try extract(member, path: path, to: file, limit: member.size)
        do { return try Data(contentsOf: file) } catch {
            throw BundleProblem.unreadableFile(path: path, reason: "\(Self.name)'s member cannot be read back: \(error.localizedDescription)")
        }
    }

    /// Extracts the member for `entry` beside its place, as a transport downloads it: its
    /// size is the entry's before a byte is written, and no more than that comes out.
    func extract(_ entry: Manifest.Entry, to destination: URL) throws {
        guard let member = files[entry.path] else { throw BundleProblem.missingFile(entry.path) }
        guard member.size == entry.size else { throw BundleProblem.wrongSize(path: entry.path, expected: entry.size, found: member.size) }
        try extract(member, path: entry.path, to: destination, limit: entry.size)
    }

    private func extract(_ member: BundleArchiveMember, path: String, to destination: URL, limit: Int) throws {
        do {
            try archive.extract(member, to: destination, limit: limit)
        } catch let problem as BundleProblem {
            throw problem
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw BundleProblem.unreadableFile(path: path, reason: "\(Self.name)'s member cannot be read: \(error)")
        }
    }
}

extension ArchiveFiles {
    /// Whether the archive is of the version `published` names: its own manifest names
    /// the same bundle hash, or it has none to say otherwise. Only whether to use it is
    /// decided by that manifest; each file is checked against `published`.
    func holds(_ published: Manifest) throws -> Bool {
        guard let data = try data(BundleFormat.manifestFile, limit: BundleFormat.maximumManifestSize) else { return true }
        return (try? BundleFormat.manifest(from: data))?.bundleHash == published.bundleHash
    }
}

/// The manifest and signature of an archive, as a transport gives them, for an install
/// from the archive alone.
struct ArchiveManifest: BundleTransport {
    /// The archive, its members checked.
    let files: ArchiveFiles

    func fetch(_ path: String) async throws -> Data {
        let isManifest = path == BundleFormat.manifestFile
        guard let data = try files.data(path, limit: isManifest ? BundleFormat.maximumManifestSize : 1 << 16) else {
            // An archive without a signature is an unsigned bundle's; without a manifest, no bundle's.
            if isManifest { throw BundleProblem.noBundle("\(ArchiveFiles.name) (it holds no \(path))") }
            throw BundleTransportMissing(path: path)
        }
        return data
    }
}
