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
    public static let manifestFile = "manifest.json"

    /// Decodes a manifest by the rules above.
    public static func manifest(from data: Data) throws -> Manifest {
        let manifest = try ManifestReader.read(data)
        guard manifest.format == name else { throw BundleProblem.notAManifest("its `format` is `\(manifest.format)`, not `\(name)`") }
        guard manifest.formatVersion == majorVersion else { throw BundleProblem.unsupportedFormat(version: manifest.formatVersion) }
        var seen = Set<String>()
        for entry in manifest.entries {
            guard isSafe(entry.path), entry.path != manifestFile, entry.path != signatureFile, seen.insert(entry.path).inserted else {
                throw BundleProblem.unsafePath(entry.path)
            }
            guard entry.size >= 0, isDigest(entry.sha256) else {
                throw BundleProblem.notAManifest("the entry `\(entry.path)` has no valid size and SHA-256")
            }
        }
        guard isDigest(manifest.bundleHash) else { throw BundleProblem.notAManifest("its `bundleHash` is not a SHA-256") }
        return manifest
    }

    /// A path inside a bundle: `/`-separated, relative, without `.`, `..` or empty
    /// segments, backslashes or control characters (the schema's `relativePath`), so that it can only name a file
    /// inside the bundle's folder, on every system.
    public static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count <= 1024 else { return false }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
        }
        return !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }
    }

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
