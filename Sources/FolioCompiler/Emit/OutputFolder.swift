import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces an output folder all at once, so that a failed or killed build leaves the
/// previous output exactly as it was.
///
/// Everything is written into a hidden sibling folder first; only when that succeeded
/// is it exchanged with the old folder in one atomic `renameat2(RENAME_EXCHANGE)`
/// (a plain rename when there was no old folder). A marker file guards against
/// replacing a folder Folio did not make.
struct OutputFolder {
    static let marker = ".folio-output"
    let destination: URL

    /// Writes files into a fresh folder, then swaps it in.
    func replace(with write: (URL) throws -> Void) throws {
        let fm = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        try guardDestination()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw ToolFailure("cannot create the folder `\(parent.path)`: \(error.localizedDescription)")
        }
        removeLeftovers(in: parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).folio-staging-\(getpid())")
        try? fm.removeItem(at: staging)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
            try Data("This folder is written by `folio build` and replaced as a whole on each build.\n".utf8)
                .write(to: staging.appendingPathComponent(Self.marker))
            try write(staging)
        } catch {
            try? fm.removeItem(at: staging)
            throw error as? ToolFailure ?? ToolFailure("cannot write the output: \(error.localizedDescription)")
        }
        if fm.fileExists(atPath: destination.path) {
            guard Self.exchange(staging.path, destination.path) else {
                try? fm.removeItem(at: staging)
                throw ToolFailure("cannot replace `\(destination.path)`: \(String(cString: strerror(errno)))")
            }
            // `staging` now holds the previous output.
            try? fm.removeItem(at: staging)
        } else if rename(staging.path, destination.path) != 0 {
            try? fm.removeItem(at: staging)
            throw ToolFailure("cannot create `\(destination.path)`: \(String(cString: strerror(errno)))")
        }
    }

    /// Refuses to replace a non-empty folder that Folio did not write: a mistyped
    /// `--output` must never delete an author's files.
    private func guardDestination() throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: destination.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            throw ToolFailure("`\(destination.path)` is a file, not a folder; choose another `--output`")
        }
        let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? []
        if !contents.isEmpty, !contents.contains(Self.marker) {
            throw ToolFailure(
                "`\(destination.path)` already holds files that Folio did not write; refusing to replace it. Choose an empty or new `--output` folder")
        }
    }

    /// Staging folders left by builds that were killed.
    private func removeLeftovers(in parent: URL, name: String) {
        let prefix = ".\(name).folio-staging-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(prefix) {
            if let pid = Int32(entry.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) == 0 { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
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
