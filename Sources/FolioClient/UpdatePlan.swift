import FolioModel

/// What updating from the bundle an app has to a newly published one takes: which files
/// to fetch, which to keep, which to drop. Files are matched by SHA-256, not by path,
/// so a file that moved or a picture used under two names is never fetched again.
public struct UpdatePlan: Sendable {
    /// The manifest to install.
    public let published: Manifest
    /// Files whose bytes the installed bundle does not have.
    public let fetch: [Manifest.Entry]
    /// Files the installed bundle has, each with the installed path that holds its bytes.
    public let reuse: [(entry: Manifest.Entry, installedPath: String)]
    /// Installed paths the published bundle no longer lists.
    public let remove: [String]

    /// Plans from `installed` (nil for a first install) to `published`.
    public init(installed: Manifest?, published: Manifest) {
        self.published = published
        // By digest and size: a manifest that lists a digest with another size than the
        // installed file has is not given that file.
        var installedByDigest: [String: (path: String, size: Int)] = [:]
        installedByDigest.reserveCapacity(installed?.entries.count ?? 0)
        for entry in installed?.entries ?? [] where installedByDigest[entry.sha256] == nil {
            installedByDigest[entry.sha256] = (entry.path, entry.size)
        }
        var fetch: [Manifest.Entry] = []
        var reuse: [(entry: Manifest.Entry, installedPath: String)] = []
        for entry in published.entries {
            if let installed = installedByDigest[entry.sha256], installed.size == entry.size {
                reuse.append((entry, installed.path))
            } else {
                fetch.append(entry)
            }
        }
        self.fetch = fetch
        self.reuse = reuse
        remove = Self.removed(from: installed?.entries ?? [], by: published.entries)
    }

    /// The installed paths not published: by walking both lists at once when both are
    /// sorted by path (as Folio writes them), else with a set.
    static func removed(from installed: [Manifest.Entry], by published: [Manifest.Entry]) -> [String] {
        guard BundleFormat.isSortedByPath(installed), BundleFormat.isSortedByPath(published) else {
            let paths = Set(published.map(\.path))
            return installed.map(\.path).filter { !paths.contains($0) }
        }
        var removed: [String] = []
        var next = published.startIndex
        for entry in installed {
            while next < published.endIndex, BundleFormat.precedes(published[next].path, entry.path) { next += 1 }
            if next == published.endIndex || published[next].path != entry.path { removed.append(entry.path) }
        }
        return removed
    }

    /// Bytes to fetch: the files, not counting the manifest and its signature.
    public var bytesToFetch: Int { fetch.reduce(0) { $0 + $1.size } }
    /// Bytes of the whole published bundle (the same files fetched from nothing).
    public var totalBytes: Int { published.entries.reduce(0) { $0 + $1.size } }
}
