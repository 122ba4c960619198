import Foundation

/// Why a bundle could not be read, verified or updated. Each says what was wrong and
/// where, in words an app can log or show to whoever publishes the program.
public enum BundleProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no `manifest.json` (or no installed version) where one was expected.
    case noBundle(String)
    /// `manifest.json` is not JSON of the shape of a Folio manifest.
    case notAManifest(String)
    /// The bundle's major format version is one this library cannot read.
    case unsupportedFormat(version: Int)
    /// A path in the manifest that could leave the bundle's folder or is not a plain
    /// relative path.
    case unsafePath(String)
    /// A file the manifest lists is not in the bundle, or is not what it lists.
    case missingFile(String)
    case wrongSize(path: String, expected: Int, found: Int)
    case wrongDigest(path: String)
    /// The manifest names no file of that id (a chapter, quiz or deck).
    case notInBundle(kind: String, id: String)
    /// A listed file that is not JSON of its kind's shape.
    case unreadableFile(path: String, reason: String)
    /// A signature was required and the bundle has none.
    case unsigned
    /// The signature does not match the manifest, or was made by a key not trusted.
    case badSignature(String)
    /// A key given to the library is not one: a public key an app pins, or a key file.
    case badKey(String)
    /// The transport could not get a file.
    case fetchFailed(path: String, reason: String)
    /// The installation folder holds something else.
    case notAnInstallation(String)
    /// A file of a published bundle's folder is a symbolic link, or is reached through one
    /// (since 1.5): a published bundle holds plain files only.
    case linkedFile(String)
    /// A signed manifest older than the installed one (by its `signedAt`, since 1.5): an
    /// earlier version served again, which an update never goes back to.
    case olderVersion(published: String, installed: String)

    /// The problem as a sentence an app can show or log: what went wrong and with which file.
    public var description: String {
        switch self {
        case .noBundle(let place): "there is no Folio bundle at \(place)"
        case .notAManifest(let reason): "manifest.json is not a Folio bundle manifest: \(reason)"
        case .unsupportedFormat(let version):
            "the bundle is in format version \(version), which this version of the library cannot read (it reads version \(BundleFormat.majorVersion)): update the app"
        case .unsafePath(let path): "the manifest lists `\(path)`, which is not a plain path inside the bundle"
        case .missingFile(let path): "`\(path)` is listed in the manifest but missing"
        case .wrongSize(let path, let expected, let found): "`\(path)` has \(found) bytes where the manifest lists \(expected)"
        case .wrongDigest(let path): "`\(path)` does not have the SHA-256 the manifest lists: it was changed or damaged"
        case .notInBundle(let kind, let id): "the bundle has no \(kind) `\(id)`"
        case .unreadableFile(let path, let reason): "`\(path)` cannot be read: \(reason)"
        case .unsigned: "the bundle is not signed (no manifest.sig), and this app accepts only signed bundles"
        case .badSignature(let reason): "the bundle's signature is not valid: \(reason)"
        case .badKey(let reason): reason
        case .fetchFailed(let path, let reason): "cannot fetch `\(path)`: \(reason)"
        case .notAnInstallation(let reason): reason
        case .linkedFile(let path):
            "`\(path)` in the bundle's folder is a symbolic link: a published bundle holds plain files, so it was not followed; publish the bundle again (`folio build`) or copy it without links"
        case .olderVersion(let published, let installed):
            "the published bundle was signed \(published), before the installed one (\(installed)): an older version is being served again, and an update never goes back to one"
        }
    }
}
