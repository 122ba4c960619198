import FolioClient
import Foundation
import ZIPFoundation

/// A bundle's archive (`bundle.zip`) on disk, read through ZIPFoundation, for
/// ``BundleInstallation`` to install from: `folio sync`'s first install. It only reads;
/// whether a member may be installed, and whether its bytes are the manifest's, is the
/// installation's to check.
///
/// An app on any of Folio's platforms can read archives the same way: this file depends
/// on FolioClient and ZIPFoundation alone.
public final class ZipBundleArchive: BundleArchive, @unchecked Sendable {
    /// ZIPFoundation's archive reads through one file position: one extraction at a time.
    private let archive: Archive
    private let lock = NSLock()
    /// ZIPFoundation's entries, by their place in ``members``.
    private let entries: [Entry]
    /// The place of each member's name, the first of a name given twice.
    private let places: [String: Int]
    /// Every member, in the archive's order.
    public let members: [BundleArchiveMember]

    /// Opens the archive at `url`; throws when it is not a ZIP archive that can be read.
    public init(url: URL) throws {
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw BundleProblem.unreadableFile(path: url.lastPathComponent, reason: "it is not a ZIP archive that can be read (\(error))")
        }
        entries = Array(archive)
        members = entries.map { entry in
            let kind: BundleArchiveMember.Kind =
                switch entry.type {
                case .file: .file
                case .directory: .directory
                case .symlink: .symbolicLink
                }
            return BundleArchiveMember(name: entry.path, kind: kind, size: Int(clamping: entry.uncompressedSize))
        }
        places = Dictionary(members.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Writes the member's bytes to `destination`, a new file, and checks their CRC;
    /// stops past `limit` bytes.
    public func extract(_ member: BundleArchiveMember, to destination: URL, limit: Int) throws {
        guard let place = places[member.name] else { throw BundleProblem.missingFile(member.name) }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw BundleProblem.fetchFailed(path: member.name, reason: "cannot create \(destination.path)")
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        var written = 0
        let entry = entries[place]
        let crc = try lock.withLock {
            try archive.extract(entry) { chunk in
                written += chunk.count
                guard written <= limit else { throw MemberTooLarge(limit: limit) }
                try output.write(contentsOf: chunk)
            }
        }
        // ZIPFoundation sums the bytes it hands out, and leaves comparing the sum to us.
        guard crc == entry.checksum else { throw DamagedMember() }
    }

    /// A member's bytes do not have the CRC the archive lists.
    struct DamagedMember: Error, CustomStringConvertible {
        var description: String { "its bytes do not have the CRC-32 the archive lists: the archive is damaged" }
    }

    /// A member gave more bytes than it may hold.
    struct MemberTooLarge: Error, CustomStringConvertible {
        let limit: Int
        var description: String { "it inflates to more than the \(limit) bytes the manifest lists" }
    }
}
