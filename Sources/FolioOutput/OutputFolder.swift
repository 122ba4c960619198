import FolioCore
import FolioSystem
import Foundation

/// Replaces an output folder all at once, so that a failed or killed build leaves the
/// previous output exactly as it was.
///
/// Everything is written into a hidden sibling folder first; only when that succeeded
/// is it exchanged with the old folder in one atomic `renameat2(RENAME_EXCHANGE)` (a
/// plain rename when there was no old folder). The previous output is then kept as a
/// spare (`.Output.folio-spare`) that the next build starts from: first brought up to
/// the current output with hard links (``linkFiles(of:into:)``), then each file whose
/// bytes change replaced. That is much cheaper for the file system than deleting tens of
/// thousands of files and creating them again, and leaves unchanged files untouched.
/// Files the new build did not write are removed from the staging folder before the
/// exchange, so the result is the same as a build from scratch.
///
/// What may be removed is decided by one rule: a folder Folio wrote carries a marker
/// file, `.folio-output`; a folder without it, or a symbolic link, is never emptied,
/// reused or followed, whatever its name. A link in the place of the output folder
/// itself stands for the folder it points to, which must follow the same rule. The
/// staging folder is held open while the build writes it (``hold(_:claimed:)``), and
/// its files are written in their open folders (``FolderHandles``).
struct OutputFolder {
    static let marker = ".folio-output"
    /// The output folder, with any link in its place resolved.
    let destination: URL
    /// What the build left alone and why, for the person running it.
    var notes: [String] = []
    /// The files of the output (from its root) whose status the last replacement changed:
    /// those it linked from the output it replaced, and those it created anew. Every
    /// other file has the status it had in the output replaced.
    private(set) var linked: [String] = []
    private(set) var created = Set<String>()

    init(destination: URL) {
        self.destination = destination.resolvingSymlinksInPath()
    }

    var parent: URL { destination.deletingLastPathComponent() }
    var spare: URL { parent.appendingPathComponent(".\(destination.lastPathComponent).folio-spare") }
    var stagingPrefix: String { ".\(destination.lastPathComponent).folio-staging-" }

    /// Writes files into a staging folder through `write`, then swaps it in.
    mutating func replace(with write: (OutputFiles) throws -> Void) throws {
        let fm = FileManager.default
        try guardDestination()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw ToolFailure("cannot create the folder `\(parent.path)`: \(error.localizedDescription)")
        }
        reclaimLeftovers()
        // The process id tells a running build's folder from a killed one's; the random
        // part keeps the name from being guessed and prepared in advance.
        let staging = parent.appendingPathComponent(stagingPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // Claim the spare with a rename, so two builds at once never share it.
        var madeEmpty = false
        if !Self.isOwned(spare.path) || rename(spare.path, staging.path) != 0 {
            noteIfForeign(spare.path)
            guard mkdir(staging.path, 0o755) == 0 else {
                throw ToolFailure("cannot create the folder `\(staging.path)`: \(String(cString: strerror(errno)))")
            }
            madeEmpty = true
        }
        // From here on the build works in the folder it opened, whatever is put at its name
        // (a link in the spare's place, swapped in as the spare was claimed or later).
        let held = try hold(staging.path, claimed: !madeEmpty)
        defer { close(held.descriptor) }
        if held.madeEmpty { madeEmpty = true }
        if Self.isOwned(destination.path) {
            linked = Self.linkFiles(of: destination.path, into: held.path)
            madeEmpty = false
        }
        PhaseTimer.shared.mark("staging")
        let writer = OutputFiles(root: URL(fileURLWithPath: held.path), startingEmpty: madeEmpty, shownAs: staging.path)
        do {
            try writer.write(Data("This folder is written by `folio build` and replaced as a whole on each build.\n".utf8), to: Self.marker)
            try write(writer)
            writer.removeEverythingNotWritten()
            created = writer.created
        } catch {
            // What was written is kept as the spare for the next build.
            keepAsSpare(staging.path)
            if error is BuildDriver.EditDeclined { throw error }
            throw error as? ToolFailure ?? ToolFailure("cannot write the output: \(error.localizedDescription)")
        }
        if Self.exists(destination.path) {
            guard Self.exchange(staging.path, destination.path) else {
                let reason = String(cString: strerror(errno))
                keepAsSpare(staging.path)
                throw ToolFailure("cannot replace `\(destination.path)`: \(reason)")
            }
            guard Self.isSame(held.descriptor, destination.path) else {
                _ = Self.exchange(staging.path, destination.path)
                throw replacedWhileBuilding(staging.path)
            }
            // `staging` now holds the previous output: the next build's spare.
            keepAsSpare(staging.path)
        } else if rename(staging.path, destination.path) != 0 {
            let reason = String(cString: strerror(errno))
            keepAsSpare(staging.path)
            throw ToolFailure("cannot create `\(destination.path)`: \(reason)")
        } else if !Self.isSame(held.descriptor, destination.path) {
            _ = rename(destination.path, staging.path)
            throw replacedWhileBuilding(staging.path)
        } else if mkdir(spare.path, 0o755) == 0 {
            // A first build leaves no output behind to be the spare: one is made of links to
            // what it wrote, so that the build after it (most often one edit) starts from a
            // spare, as every later build does, and links only what changed: the linking is
            // paid here instead of in that build (docs/development.md, "Measured choices").
            Self.linkFiles(of: destination.path, into: spare.path)
        }
    }

    /// Makes `staging` hold the files of the current output `output`, as hard links to
    /// them: a file the build would write with the same bytes is then left as it is, so
    /// a build after one edit writes only the files whose bytes change, and the files of
    /// the output keep their times (the spare alone is a build behind: it would have the
    /// last build's changes written again).
    ///
    /// Safe because nothing is ever written into a file of the staging folder: a file
    /// whose bytes change is replaced by a new one (``OutputFiles``), so the current
    /// output stays as it was until the exchange. A file already linked (the same inode)
    /// costs one `fstatat` on each side; where links cannot be made (another file system, or one without
    /// them), the build writes the file as before. Links are never followed.
    ///
    /// Returns the files it linked (from the output's root): linking a file changes its
    /// change time, in the current output as in the staging folder.
    @discardableResult
    static func linkFiles(of output: String, into staging: String) -> [String] {
        // The staging folder's folders are held open and linked into by descriptor, so
        // one swapped for a link while this runs is never linked or removed through.
        guard let folders = FolderHandles(root: staging) else { return [] }
        // The marker first: a staging folder is Folio's own from then on, so one left by
        // a build killed while it links is cleared by the next build.
        var linked = plan("", of: output, into: folders, only: Self.marker).links.compactMap { $0.make() }
        // Then level by level: each folder's entries asked of it by descriptor
        // (`fstatat`), not by path, and its folders made, on every core; then the files
        // linked a few hundred at a time on every core, since a few folders (the
        // chapters', the quizzes') hold most of them.
        var level = [""]
        while !level.isEmpty {
            let planned = ParallelMap.run(level) { plan($0, of: output, into: folders, only: nil) }
            level = planned.flatMap(\.folders)
            let batches = interleavedBatches(planned.map(\.links), size: 512)
            linked += ParallelMap.run(batches) { batch in batch.compactMap { $0.make() } }.flatMap { $0 }
        }
        return linked
    }

    /// Each folder's links cut into batches of `size`, the folders' batches taken in turn
    /// (``Swift/Array/init(inTurnFrom:)``), so that two cores are most often linking into
    /// different folders.
    static func interleavedBatches<Item>(_ folders: [[Item]], size: Int) -> [ArraySlice<Item>] {
        Array(inTurnFrom: folders.map { items in stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] } })
    }

    /// A file of the output to be linked into the staging folder.
    private struct Link: Sendable {
        let source: String
        /// The open folder of the staging folder it goes in, and its name there.
        let folder: Int32
        let name: String
        /// The file's path from the output's root.
        let relative: String
        /// Whether another file stands in the staging folder in its place.
        let replacing: Bool

        /// Links the file; returns its path from the output's root, or nil when it could
        /// not be linked (the build then writes it).
        func make() -> String? {
            if replacing { FolderHandles.removeEntry(in: folder, name) }
            return linkat(AT_FDCWD, source, folder, name, 0) == 0 ? relative : nil
        }
    }

    /// The files of one folder of the output (`relative` to it) to link into the same
    /// folder of the staging folder, and the folders it holds, which are made in the
    /// staging folder now (a file or link in a folder's place removed first).
    private static func plan(_ relative: String, of output: String, into staging: FolderHandles, only: String?) -> (folders: [String], links: [Link]) {
        let sourcePath = relative.isEmpty ? output : output + "/" + relative
        guard let source = SystemCalls.statuses(of: sourcePath), let targetFolder = try? staging.folder(relative) else { return ([], []) }
        let target = Dictionary(
            (SystemCalls.statuses(inFolder: targetFolder) ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var folders: [String] = []
        var links: [Link] = []
        for entry in source where only == nil ? entry.name != Self.marker || !relative.isEmpty : entry.name == only {
            let existing = target[entry.name]
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .folder:
                guard (try? staging.folder(path)) != nil else { continue }
                folders.append(path)
            case .file:
                if let existing, existing.status.inode == entry.status.inode, existing.device == entry.device { continue }
                links.append(
                    Link(source: sourcePath + "/" + entry.name, folder: targetFolder, name: entry.name, relative: path, replacing: existing != nil))
            case .link, .other: continue
            }
        }
        return (folders, links)
    }

    /// Refuses to replace a non-empty folder that Folio did not write: a mistyped
    /// `--output` must never delete an author's files.
    private func guardDestination() throws {
        var info = stat()
        guard lstat(destination.path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw ToolFailure("`\(destination.path)` is a file, not a folder; choose another `--output`")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty, !Self.isOwned(destination.path) {
            throw ToolFailure(
                "`\(destination.path)` already holds files that Folio did not write; refusing to replace it. Choose an empty or new `--output` folder")
        }
    }

    /// A staging folder left by a killed build becomes the spare (or is removed when
    /// there already is one). A build still running keeps its own; anything else with
    /// such a name that Folio did not write is left alone.
    private mutating func reclaimLeftovers() {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(stagingPrefix) {
            let owner = entry.dropFirst(stagingPrefix.count).prefix { $0 != "-" }
            if let pid = Int32(owner), pid != getpid(), kill(pid, 0) == 0 { continue }
            let leftover = parent.appendingPathComponent(entry).path
            guard Self.isOwned(leftover) else {
                // A build killed before it wrote its marker (its first file) left an
                // empty folder; removing an empty folder loses nothing.
                if rmdir(leftover) != 0 { noteIfForeign(leftover) }
                continue
            }
            keepAsSpare(leftover)
        }
    }

    /// Makes `folder` (Folio's own) the spare, or removes it when the spare's place is
    /// taken.
    private func keepAsSpare(_ folder: String) {
        // An empty folder the author made for the output holds nothing to keep.
        guard Self.isOwned(folder) else {
            rmdir(folder)
            return
        }
        if Self.exists(spare.path) || rename(folder, spare.path) != 0 { Self.removeOwnedTree(folder) }
    }

    mutating func noteIfForeign(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let what = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : "not a folder that Folio wrote"
        notes.append("`\(path)` is \(what), so it was left alone; remove it to let builds reuse their previous output")
    }

    /// Whether `path` exists, without following a link.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is a folder (not a link to one) holding Folio's marker file.
    static func isOwned(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        guard lstat(path + "/" + marker, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Deletes a folder of Folio's and everything in it; does nothing to a folder
    /// without the marker or to a link.
    static func removeOwnedTree(_ path: String) {
        guard isOwned(path) else { return }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        removeContents(of: folder)
        close(folder)
        rmdir(path)
    }

    /// Removes what stands at `path` (a folder, with what it holds, or a file or a link,
    /// not what it points to); nothing when there is nothing.
    static func removeEntry(_ path: String) {
        if unlink(path) == 0 || errno == ENOENT { return }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        removeContents(of: folder)
        close(folder)
        rmdir(path)
    }

    /// Deletes what an open folder holds, through descriptors and `unlinkat`, so that a
    /// link is removed itself and never followed, even if one appears while this runs.
    static func removeContents(of folder: Int32) {
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else { return }
        var names: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            names.append((name, entry.pointee.d_type == UInt8(DT_DIR)))
        }
        closedir(directory)
        for (name, isFolder) in names {
            if !isFolder, unlinkat(folder, name, 0) == 0 { continue }
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 {
                removeContents(of: child)
                close(child)
                unlinkat(folder, name, AT_REMOVEDIR)
            } else {
                unlinkat(folder, name, 0)
            }
        }
    }

    /// Atomically exchanges two paths (Linux `renameat2` with `RENAME_EXCHANGE`, looked up
    /// at run time because Swift's C import does not declare it).
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if os(Linux)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
                errno = ENOSYS
                return false
            }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let renameExchange: UInt32 = 2
            return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
        #else
            return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #endif
    }
}
