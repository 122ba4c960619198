import FolioModel
import Foundation

/// A folder where an app keeps its bundle and updates it in place, one version at a
/// time, so that the bundle it reads is always whole:
///
/// ```
/// current              the name of the version in use, replaced by renaming
/// versions/<name>/     a whole bundle, named by the SHA-256 of its manifest and signature
/// staging/<name>/      the next version, while its files are fetched: checked files only
/// parts/<name>/        files being fetched and not yet checked, apart from any entry's name
/// ```
///
/// An update fetches only the files the installed version lacks (``UpdatePlan``),
/// checks each one's size and SHA-256 on arrival, links the files it keeps, moves the
/// staged version into `versions/` under a name of its own, and only then renames
/// `current`. The version in use is never written into, and never removed before the
/// switch: an update killed at any moment leaves `current` naming a whole version, and
/// the next update to the same version reuses the files it already checked and fetches
/// only the rest. Any change to the manifest or its signature is an update, even with
/// every file the same; a signed manifest older than the installed one is refused.
///
/// One process updates a folder at a time; readers may read the current version while
/// it does. A version that is replaced is removed after the switch, so a reader holding
/// it should open the new one (``currentFolder()``).
public struct BundleInstallation: Sendable {
    /// The installation folder the app gave: it holds the versions, the pointer to the
    /// current one and any update in progress.
    public let folder: URL

    /// The installation kept in `folder`, which need not exist before the first install.
    public init(folder: URL) { self.folder = folder }

    static let pointer = "current"
    static let versions = "versions"
    static let staging = "staging"
    static let parts = "parts"

    /// The folder of the version in use, or nil before the first install.
    public func currentFolder() -> URL? {
        guard let name = currentName() else { return nil }
        let version = folder.appendingPathComponent(Self.versions).appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: version.appendingPathComponent(BundleFormat.manifestFile).path) ? version : nil
    }

    /// The version in use, opened; nil before the first install.
    public func current(trust: BundleTrust = .unsigned) throws -> BundleReader? {
        guard let version = currentFolder() else { return nil }
        return try BundleReader(folder: version, trust: trust)
    }

    /// What an update did.
    public struct Outcome: Sendable {
        /// The plan it carried out.
        public let plan: UpdatePlan
        /// Files fetched in this run, and their bytes (not counting the manifest).
        public let fetchedFiles: Int
        /// The bytes of the files fetched in this run.
        public let fetchedBytes: Int
        /// Files an earlier, interrupted run had already fetched and checked.
        public let resumedFiles: Int
        /// False when the installed version was already the published one.
        public let switched: Bool
        /// Whether the files came from an archive (``BundleArchive``) rather than one by one.
        public let fromArchive: Bool
        /// The version now in use.
        public let reader: BundleReader
    }

    /// What an update is doing, for a progress bar.
    public enum Event: Sendable {
        case planned(UpdatePlan)
        case fetched(Manifest.Entry)
    }

    /// Brings the folder to the bundle `transport` publishes. `concurrency` files are
    /// fetched at once.
    ///
    /// With an `archive` (the published `bundle.zip`, for a first install in one
    /// download), the files the plan fetches are taken from it instead, one after another,
    /// each checked against the manifest `transport` gives exactly as a file fetched alone
    /// is; an archive with a member named outside the bundle, or a link, is refused before
    /// anything is written. An archive whose own manifest names another version than the
    /// published one (published since, or kept from before) is not used: the files are
    /// fetched one by one.
    ///
    /// An update that fails leaves no empty folder: a first install that fails leaves
    /// nothing at all but the files it had checked, which the next update keeps.
    public func update(
        from transport: any BundleTransport, archive: (any BundleArchive)? = nil, trust: BundleTrust = .unsigned, concurrency: Int = 4,
        events: (@Sendable (Event) -> Void)? = nil
    ) async throws -> Outcome {
        let made = firstFolderToMake()
        do {
            let files = try archive.map(ArchiveFiles.init)
            try prepareFolder()
            return try await update(from: transport, files: files, trust: trust, concurrency: concurrency, events: events)
        } catch {
            removeEmptyFolders(upTo: made)
            throw error
        }
    }

    /// Installs or updates from `archive` alone, its own manifest and signature checked by
    /// `trust`: for an app that ships `bundle.zip` inside itself, or a folder that cannot
    /// reach the published bundle. Every file is checked as ``update(from:archive:trust:concurrency:events:)`` checks it.
    public func update(fromArchive archive: any BundleArchive, trust: BundleTrust = .unsigned, events: (@Sendable (Event) -> Void)? = nil)
        async throws -> Outcome
    {
        let made = firstFolderToMake()
        do {
            let files = try ArchiveFiles(archive)
            try prepareFolder()
            return try await update(from: ArchiveManifest(files: files), files: files, trust: trust, concurrency: 1, events: events)
        } catch {
            removeEmptyFolders(upTo: made)
            throw error
        }
    }

    private func update(
        from transport: any BundleTransport, files: ArchiveFiles?, trust: BundleTrust, concurrency: Int, events: (@Sendable (Event) -> Void)?
    ) async throws -> Outcome {
        var (plan, installed, manifestData, signature) = try await planned(from: transport, trust: trust)
        let published = plan.published
        let name = Self.versionName(manifest: manifestData, signature: signature)
        let inUse = currentName()
        if let installed {
            let complete = Self.completeEntries(of: installed)
            if complete.count == installed.manifest.entries.count, Self.holds(installed, manifestData, signature) {
                events?(.planned(plan))
                return Outcome(plan: plan, fetchedFiles: 0, fetchedBytes: 0, resumedFiles: 0, switched: false, fromArchive: false, reader: installed)
            }
            // Files missing from the version in use (damaged outside, or by an older
            // client killed midway) are fetched again rather than kept.
            if complete.count != installed.manifest.entries.count {
                var whole = installed.manifest
                whole.entries = complete
                plan = UpdatePlan(installed: whole, published: published)
            }
        }
        events?(.planned(plan))
        let archive = try files.flatMap { try $0.holds(published) ? $0 : nil }
        removeOtherVersions(keeping: inUse)

        let stage = try stagingFolder(for: name)
        let parts = try partsFolder(for: name)
        for (entry, installedPath) in plan.reuse {
            try place(installed!.url(of: installedPath), at: stage, entry)
        }
        var resumed = 0
        var toFetch: [Manifest.Entry] = []
        for entry in plan.fetch {
            let target = stage.appendingPathComponent(entry.path)
            if Self.isPlainFile(target), let found = FileDigest.sha256(file: target), found.size == entry.size, found.sha256 == entry.sha256 {
                resumed += 1
            } else {
                toFetch.append(entry)
            }
        }
        if let archive {
            for entry in toFetch {
                try Self.bring(entry, into: stage, parts: parts) { try archive.extract(entry, to: $0) }
                events?(.fetched(entry))
            }
        } else {
            try await fetchAll(toFetch, into: stage, parts: parts, from: transport, concurrency: max(1, concurrency), events: events)
        }

        // The manifest last: a staging folder with one is complete. Then the staged
        // version is renamed into `versions/` under a name the version in use does not
        // have, and `current` is switched to it by one rename: the version in use is
        // never written into nor removed before the switch.
        try Self.write(manifestData, to: stage.appendingPathComponent(BundleFormat.manifestFile), through: parts)
        if let signature { try Self.write(signature, to: stage.appendingPathComponent(BundleFormat.signatureFile), through: parts) }
        let versionName = inUse == name ? name + Self.secondName : name
        let version = folder.appendingPathComponent(Self.versions).appendingPathComponent(versionName)
        try? FileManager.default.removeItem(at: version)
        try Self.rename(stage, to: version)
        try? FileManager.default.removeItem(at: parts)
        try Self.write(Data((versionName + "\n").utf8), to: folder.appendingPathComponent(Self.pointer), through: folder)
        removeOtherVersions(keeping: versionName)
        let reader = try BundleReader(folder: version, trust: trust)
        return Outcome(
            plan: plan, fetchedFiles: toFetch.count, fetchedBytes: toFetch.reduce(0) { $0 + $1.size }, resumedFiles: resumed,
            switched: true, fromArchive: archive != nil, reader: reader)
    }

    /// The name of a version's folder: the SHA-256 of its manifest's bytes, a zero byte and
    /// its signature's, so that any change to either (a description, a new key's
    /// signature) is a new version, and a staging folder is resumed only by an update to
    /// the very same one.
    static func versionName(manifest: Data, signature: Data?) -> String {
        var bytes = manifest
        bytes.append(0)
        if let signature { bytes.append(signature) }
        return FileDigest.sha256(bytes)
    }

    /// Added to a version's name when the version in use already has it (an installation
    /// whose files were damaged, made whole again): the same bytes under a new folder,
    /// so the folder in use is never written into.
    static let secondName = "-2"

    /// Whether `name` is one ``update(from:archive:trust:concurrency:events:)`` gives a
    /// version: a SHA-256 (before 1.5, the bundle's hash), or one with ``secondName``.
    static func isVersionName(_ name: String) -> Bool {
        BundleFormat.isDigest(name) || (name.hasSuffix(secondName) && BundleFormat.isDigest(String(name.dropLast(secondName.count))))
    }

    /// The name `current` gives, if any.
    func currentName() -> String? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.pointer).path) else { return nil }
        let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Self.isVersionName(name) ? name : nil
    }

    /// Whether the installed version has exactly these manifest and signature bytes.
    static func holds(_ installed: BundleReader, _ manifest: Data, _ signature: Data?) -> Bool {
        FileManager.default.contents(atPath: installed.url(of: BundleFormat.manifestFile).path) == manifest
            && FileManager.default.contents(atPath: installed.url(of: BundleFormat.signatureFile).path) == signature
    }

    /// The installed entries present as plain files of their listed sizes: all of them in a
    /// whole version. A size is read for each (tens of thousands in a large program), not a
    /// digest: an update checks every file it writes, so only damage from outside could change
    /// one's bytes and not its size, which ``BundleReader/verifyAll()`` finds.
    static func completeEntries(of installed: BundleReader) -> [Manifest.Entry] {
        installed.manifest.entries.filter { entry in
            var status = stat()
            return lstat(installed.url(of: entry.path).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) == entry.size
        }
    }

    static func isPlainFile(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    static func rename(_ source: URL, to target: URL) throws {
        guard Foundation.rename(source.path, target.path) == 0 else {
            throw BundleProblem.notAnInstallation("cannot move \(source.path) to \(target.path): \(String(cString: strerror(errno)))")
        }
    }

    /// What an update from `transport` would fetch, keep and remove, fetching nothing but
    /// the manifest and its signature (checked): to show before a large download, or to
    /// decide whether to update on a metered connection.
    public func plan(from transport: any BundleTransport, trust: BundleTrust = .unsigned) async throws -> UpdatePlan {
        try await planned(from: transport, trust: trust).plan
    }

    private func planned(
        from transport: any BundleTransport, trust: BundleTrust
    ) async throws -> (plan: UpdatePlan, installed: BundleReader?, manifest: Data, signature: Data?) {
        // The installed manifest is read while the published one is fetched and read: a large
        // program's are megabytes of JSON each (docs/development.md, "Measured choices"). One
        // that cannot be read is updated from nothing.
        let installation = self
        let reading = Task.detached { try? installation.current() }
        let manifestData: Data
        let signature: Data?
        let published: Manifest
        do {
            manifestData = try await transport.fetch(BundleFormat.manifestFile, limit: BundleFormat.maximumManifestSize)
            do {
                signature = try await transport.fetch(BundleFormat.signatureFile, limit: BundleFormat.maximumSignatureSize)
            } catch is BundleTransportMissing { signature = nil }
            try trust.check(manifest: manifestData, signature: signature)
            published = try BundleFormat.manifest(from: manifestData)
        } catch {
            _ = await reading.value
            throw error
        }
        let installed = await reading.value
        if let installed { try Self.refuseOlder(published, than: installed.manifest, trust: trust) }
        return (UpdatePlan(installed: installed?.manifest, published: published), installed, manifestData, signature)
    }

    /// Refuses a published manifest signed before the installed one: an older version
    /// served again (a replay, or a stale copy), which an update never goes back to.
    /// Without an installed `signedAt` (an unsigned bundle, or one from before 1.5)
    /// there is nothing to compare; with one, a published manifest without it is older
    /// when the app asks for signatures (one signed before 1.5).
    static func refuseOlder(_ published: Manifest, than installed: Manifest, trust: BundleTrust) throws {
        guard let installedTime = installed.signedAt else { return }
        if let publishedTime = published.signedAt {
            guard publishedTime >= installedTime else { throw BundleProblem.olderVersion(published: publishedTime, installed: installedTime) }
        } else if trust != .unsigned {
            throw BundleProblem.olderVersion(published: "without a time (before Folio 1.5)", installed: installedTime)
        }
    }

    /// Makes the folder, or checks that what is there is an installation: never writes
    /// into a folder of other files.
    private func prepareFolder() throws {
        let manager = FileManager.default
        if let names = try? manager.contentsOfDirectory(atPath: folder.path) {
            let ours: Set<String> = [Self.pointer, Self.pointer + ".new", Self.versions, Self.staging, Self.parts]
            let others = names.filter { !ours.contains($0) && !$0.hasPrefix(".") }
            if !others.isEmpty {
                throw BundleProblem.notAnInstallation(
                    "\(folder.path) holds other files (\(others.sorted().prefix(3).joined(separator: ", "))): install into an empty folder or one an update made"
                )
            }
        }
        do {
            try manager.createDirectory(at: folder.appendingPathComponent(Self.versions), withIntermediateDirectories: true)
            try manager.createDirectory(at: folder.appendingPathComponent(Self.staging), withIntermediateDirectories: true)
        } catch {
            throw BundleProblem.notAnInstallation("cannot make \(folder.path): \(error.localizedDescription)")
        }
    }

    /// The staging folder for `version`, kept from an interrupted run of the same
    /// update; the staging of any other version is given up.
    private func stagingFolder(for version: String) throws -> URL {
        let staging = folder.appendingPathComponent(Self.staging)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: staging.path)) ?? [] where name != version {
            try? FileManager.default.removeItem(at: staging.appendingPathComponent(name))
        }
        let stage = staging.appendingPathComponent(version)
        try FileManager.default.createDirectory(at: stage, withIntermediateDirectories: true)
        // A manifest there means a run stopped between finishing and moving: writing it
        // again is cheap, and until then the folder is not taken for complete.
        try? FileManager.default.removeItem(at: stage.appendingPathComponent(BundleFormat.manifestFile))
        try? FileManager.default.removeItem(at: stage.appendingPathComponent(BundleFormat.signatureFile))
        return stage
    }

    /// Where files are written before they are checked, and the manifest before it is
    /// moved in: beside the staging folder, not in it, so that no entry of the bundle,
    /// whatever its name, can be one of them. Emptied at each run: a partial file is
    /// fetched again, never kept.
    private func partsFolder(for version: String) throws -> URL {
        let parts = folder.appendingPathComponent(Self.parts).appendingPathComponent(version)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(Self.parts))
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        return parts
    }

    /// Puts an installed file the new version keeps into the staging folder: a hard link
    /// (no copy, no space) where the system allows, else a copy.
    private func place(_ source: URL, at stage: URL, _ entry: Manifest.Entry) throws {
        let target = stage.appendingPathComponent(entry.path)
        let manager = FileManager.default
        if let size = (try? manager.attributesOfItem(atPath: target.path))?[.size] as? Int, size == entry.size,
            FileDigest.sha256(file: target)?.sha256 == entry.sha256
        {
            return
        }
        try? manager.removeItem(at: target)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A hard link: the new version shares the file, and nothing ever writes into
        // either (a file is replaced by renaming another over it).
        guard link(source.path, target.path) == 0 else { return try manager.copyItem(at: source, to: target) }
    }

    private func fetchAll(
        _ entries: [Manifest.Entry], into stage: URL, parts: URL, from transport: any BundleTransport, concurrency: Int,
        events: (@Sendable (Event) -> Void)?
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func start() {
                let entry = entries[next]
                next += 1
                group.addTask {
                    try await Self.fetch(entry, into: stage, parts: parts, from: transport); events?(.fetched(entry))
                }
            }
            while next < min(concurrency, entries.count) { start() }
            while try await group.next() != nil {
                if next < entries.count { start() }
            }
        }
    }

    /// Fetches one file into the parts folder, checks it, and renames it into place: a
    /// file at its own path in the staging folder is always whole and checked.
    private static func fetch(_ entry: Manifest.Entry, into stage: URL, parts: URL, from transport: any BundleTransport) async throws {
        let (partial, target) = try prepare(entry, in: stage, parts: parts)
        do {
            try await transport.download(entry.path, to: partial, limit: entry.size)
        } catch is BundleTransportMissing {
            throw BundleProblem.missingFile(entry.path)
        }
        try check(entry, partial, target)
    }

    /// Takes one file from an archive as ``fetch(_:into:parts:from:)`` fetches it.
    private static func bring(_ entry: Manifest.Entry, into stage: URL, parts: URL, _ extract: (URL) throws -> Void) throws {
        let (partial, target) = try prepare(entry, in: stage, parts: parts)
        try extract(partial)
        try check(entry, partial, target)
    }

    /// Where a file is written (in the parts folder, named by its path's SHA-256), and
    /// where it goes once checked.
    private static func prepare(_ entry: Manifest.Entry, in stage: URL, parts: URL) throws -> (partial: URL, target: URL) {
        let target = stage.appendingPathComponent(entry.path)
        let partial = parts.appendingPathComponent(FileDigest.sha256(Data(entry.path.utf8)))
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: partial)
        return (partial, target)
    }

    /// Checks a file written beside its place against its entry, and renames it into place.
    private static func check(_ entry: Manifest.Entry, _ partial: URL, _ target: URL) throws {
        let manager = FileManager.default
        guard isPlainFile(partial), let found = FileDigest.sha256(file: partial) else { throw BundleProblem.missingFile(entry.path) }
        guard found.size == entry.size else {
            try? manager.removeItem(at: partial)
            throw BundleProblem.wrongSize(path: entry.path, expected: entry.size, found: found.size)
        }
        guard found.sha256 == entry.sha256 else {
            try? manager.removeItem(at: partial)
            throw BundleProblem.wrongDigest(path: entry.path)
        }
        try? manager.removeItem(at: target)
        try rename(partial, to: target)
    }

    /// Writes `data` beside in `folder` and renames it to `url`, so `url` is always the old
    /// bytes or the new, never part of them; the file is new, never one through a link.
    private static func write(_ data: Data, to url: URL, through folder: URL) throws {
        let temporary = folder.appendingPathComponent(url.lastPathComponent + ".new")
        try? FileManager.default.removeItem(at: temporary)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
            throw BundleProblem.notAnInstallation("cannot write \(temporary.path)")
        }
        // POSIX rename replaces atomically on every system Swift runs on; Foundation's
        // replaceItemAt may remove the old file first.
        guard Foundation.rename(temporary.path, url.path) == 0 else {
            throw BundleProblem.notAnInstallation("cannot replace \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Removes every version but `version`: after a switch, the one replaced; before
    /// one, what a run killed between its move and its switch left.
    private func removeOtherVersions(keeping version: String?) {
        let versions = folder.appendingPathComponent(Self.versions)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: versions.path)) ?? [] where name != version {
            try? FileManager.default.removeItem(at: versions.appendingPathComponent(name))
        }
    }
}
