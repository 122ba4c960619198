import Crypto
import FolioModel
import Foundation

/// The versions of the bundle format this library reads, and the rules it reads by
/// (docs/bundle.md, "Versions"):
///
/// - `formatVersion` is the major version. A reader refuses a major version it does not
///   know: such a bundle may have changed the meaning of what it already had.
/// - `formatMinorVersion` counts additions within a major version: new optional fields,
///   new files, new entry kinds. A reader ignores fields it does not know, keeps (and an
///   updater fetches) entries of kinds it does not know, and reads the rest as before.
public enum BundleFormat {
    /// `format` in every manifest.
    public static let name = "folio-bundle"
    /// The major version this library reads.
    public static let majorVersion = Manifest.currentFormatVersion
    /// The newest minor version this library knows; later ones are read as this one.
    public static let minorVersion = Manifest.currentFormatMinorVersion
    /// The signature beside the manifest.
    public static let signatureFile = "manifest.sig"
    /// The manifest's name in a bundle's folder: the file an update fetches first.
    public static let manifestFile = "manifest.json"

    /// Decodes a manifest by the rules above.
    public static func manifest(from data: Data) throws -> Manifest {
        try manifest(from: data, limit: maximumManifestSize)
    }

    /// The largest manifest read: many times the manifest of the largest program measured
    /// (docs/development.md, "Measured choices"), and small enough that a reply that is not a
    /// manifest cannot make an app hold gigabytes of JSON.
    public static let maximumManifestSize = 256 << 20
    /// The largest `manifest.sig` read: it is one line of about 200 bytes.
    public static let maximumSignatureSize = 64 << 10

    static func manifest(from data: Data, limit: Int) throws -> Manifest {
        guard data.count <= limit else {
            throw BundleProblem.notAManifest("it is \(data.count) bytes, more than the \(limit) a manifest may have")
        }
        let manifest = try ManifestReader.read(data)
        guard manifest.format == name else { throw BundleProblem.notAManifest("its `format` is `\(manifest.format)`, not `\(name)`") }
        guard manifest.formatVersion == majorVersion else { throw BundleProblem.unsupportedFormat(version: manifest.formatVersion) }
        for entry in manifest.entries {
            guard isSafe(entry.path), entry.path != manifestFile, entry.path != signatureFile else { throw BundleProblem.unsafePath(entry.path) }
            guard entry.size >= 0, isDigest(entry.sha256) else {
                throw BundleProblem.notAManifest("the entry `\(entry.path)` has no valid size and SHA-256")
            }
        }
        if let repeated = repeatedPath(manifest.entries) { throw BundleProblem.unsafePath(repeated) }
        guard isDigest(manifest.bundleHash) else { throw BundleProblem.notAManifest("its `bundleHash` is not a SHA-256") }
        if let revision = manifest.revision, !isDigest(revision) { throw BundleProblem.notAManifest("its `revision` is not a SHA-256") }
        if let signedAt = manifest.signedAt, !isTimestamp(signedAt) {
            throw BundleProblem.notAManifest("its `signedAt` is not a time such as 2026-11-27T18:00:00Z")
        }
        try checkConsistent(manifest)
        return manifest
    }

    /// What must hold between the entries and the hash (docs/bundle.md, "manifest.json"):
    /// `bundleHash` is the hash of the files listed, and files listed with the same
    /// SHA-256 have the same size. A manifest that breaks either would leave an
    /// installation that does not match it.
    static func checkConsistent(_ manifest: Manifest) throws {
        var sizes: [String: (path: String, size: Int)] = [:]
        sizes.reserveCapacity(manifest.entries.count)
        for entry in manifest.entries {
            if let other = sizes.updateValue((entry.path, entry.size), forKey: entry.sha256), other.size != entry.size {
                throw BundleProblem.notAManifest(
                    "`\(other.path)` and `\(entry.path)` have the same SHA-256 but different sizes (\(other.size) and \(entry.size) bytes)")
            }
        }
        let sorted = isSortedByPath(manifest.entries) ? manifest.entries : manifest.entries.sorted { precedes($0.path, $1.path) }
        guard bundleHash(of: sorted) == manifest.bundleHash else {
            throw BundleProblem.notAManifest("its `bundleHash` is not the hash of the files it lists")
        }
    }

    /// The `bundleHash` of entries sorted by path, hashed as they are read rather than
    /// joined into one text first.
    static func bundleHash(of sorted: [Manifest.Entry]) -> String {
        var hasher = SHA256()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        for entry in sorted {
            buffer.append(contentsOf: entry.path.utf8)
            buffer.append(0)
            buffer.append(contentsOf: entry.sha256.utf8)
            buffer.append(0x0A)
            if buffer.count >= 1 << 16 {
                hasher.update(data: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        hasher.update(data: buffer)
        return FileDigest.hex(hasher.finalize())
    }

    /// `2026-11-27T18:00:00Z`: the one form of `signedAt`, whose texts sort as their times.
    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 else { return false }
        for (i, byte) in bytes.enumerated() {
            let expected: UInt8? = [4: 0x2D, 7: 0x2D, 10: 0x54, 13: 0x3A, 16: 0x3A, 19: 0x5A][i]
            if let expected { if byte != expected { return false } } else if !(0x30...0x39).contains(byte) { return false }
        }
        return true
    }

    /// A path inside a bundle: `/`-separated, relative, without `.`, `..` or empty
    /// segments, backslashes or control characters (the schema's `relativePath`), so that it can only name a file
    /// inside the bundle's folder, on every system.
    public static func isSafe(_ path: String) -> Bool {
        // Byte by byte: every path of a large manifest is checked on every update.
        let bytes = path.utf8
        guard !bytes.isEmpty, bytes.count <= 1024 else { return false }
        var length = 0  // of the segment so far
        var dots = 0  // `.` in it
        func isBadSegment() -> Bool { length == 0 || (dots == length && length <= 2) }
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return false }
            if byte == UInt8(ascii: "/") {
                if isBadSegment() { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !isBadSegment()
    }

    /// A path listed twice, if any. Folio lists entries sorted by their paths' UTF-8 bytes, so
    /// comparing neighbours finds it without hashing every path; a manifest sorted otherwise is
    /// checked with a set.
    static func repeatedPath(_ entries: [Manifest.Entry]) -> String? {
        if isSortedByPath(entries) { return nil }
        var seen = Set<String>()
        return entries.first { !seen.insert($0.path).inserted }?.path
    }

    /// Whether the paths strictly increase, byte by byte.
    static func isSortedByPath(_ entries: [Manifest.Entry]) -> Bool {
        for i in entries.indices.dropFirst() where !precedes(entries[i - 1].path, entries[i].path) { return false }
        return true
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s: the order of the manifest's entries
    /// (``FileDigest/precedes(_:_:)``).
    public static func precedes(_ a: String, _ b: String) -> Bool { FileDigest.precedes(a, b) }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the top level" : "`" + path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "`"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(place(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "it is not JSON" : "\(place(context.codingPath)) is not valid"
        @unknown default: return "\(error)"
        }
    }
}
