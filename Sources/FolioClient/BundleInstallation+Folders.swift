import Foundation

/// The folders an update makes, and what is left of them when it fails.
extension BundleInstallation {
    /// The outermost folder an update would make on the way to ``folder``, or nil when the
    /// folder is there already.
    func firstFolderToMake() -> URL? {
        var made: URL?
        var place = folder.standardizedFileURL
        while !FileManager.default.fileExists(atPath: place.path) {
            made = place
            let parent = place.deletingLastPathComponent()
            if parent.path == place.path { break }
            place = parent
        }
        return made
    }

    /// After an update failed: removes the folders under the installation that hold no
    /// file (partial files, never kept, are removed first), and, when the update made the
    /// installation's folder (`made`, the outermost it made on the way), that folder and
    /// the ones above it up to `made` once they are empty. Files already checked stay, for
    /// the next update to keep.
    func removeEmptyFolders(upTo made: URL?) {
        // Partial files are never kept: fetched again by the next update.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.parts))
        for name in [Self.staging, Self.versions] { Self.removeIfEmpty(folder.appendingPathComponent(name)) }
        guard let made else { return }
        var place = folder.standardizedFileURL
        while Self.removeIfEmpty(place), place.path != made.path {
            place = place.deletingLastPathComponent()
        }
    }

    /// Removes `url`, a folder, once the folders inside it are removed as empty; returns
    /// whether it is gone.
    @discardableResult
    static func removeIfEmpty(_ url: URL) -> Bool {
        let manager = FileManager.default
        guard (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeDirectory,
            let names = try? manager.contentsOfDirectory(atPath: url.path)
        else { return false }
        var empty = true
        for name in names where !removeIfEmpty(url.appendingPathComponent(name)) {
            empty = false
        }
        return empty && (try? manager.removeItem(at: url)) != nil
    }
}
