import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces an output folder all at once, so that a failed or killed build leaves the
/// previous output exactly as it was.
///
/// Everything is written into a hidden sibling folder first; only when that succeeded
/// is it exchanged with the old folder in one atomic `renameat2(RENAME_EXCHANGE)` (a
/// plain rename when there was no old folder). The previous output is then kept as a
/// spare (`.Output.folio-spare`) that the next build writes over: rewriting existing
/// files is much cheaper for the file system than deleting tens of thousands of files
/// and creating them again. Files the new build did not write are removed from the
/// spare before the exchange, so the result is the same as a build from scratch.
/// A marker file guards against replacing a folder Folio did not make.
struct OutputFolder {
    static let marker = ".folio-output"
    let destination: URL

    var parent: URL { destination.deletingLastPathComponent() }
    var spare: URL { parent.appendingPathComponent(".\(destination.lastPathComponent).folio-spare") }
    var stagingPrefix: String { ".\(destination.lastPathComponent).folio-staging-" }

    /// Writes files into a staging folder through `write`, then swaps it in.
    func replace(with write: (FileWriter) throws -> Void) throws {
        let fm = FileManager.default
        try guardDestination()
        do { try fm.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw ToolFailure("cannot create the folder `\(parent.path)`: \(error.localizedDescription)")
        }
        reclaimLeftovers()
        let staging = parent.appendingPathComponent(stagingPrefix + String(getpid()))
        // Claim the spare with a rename, so two builds at once never share it.
        if rename(spare.path, staging.path) != 0 {
            Self.removeTree(staging.path)
            do { try fm.createDirectory(at: staging, withIntermediateDirectories: false) } catch {
                throw ToolFailure("cannot create the folder `\(staging.path)`: \(error.localizedDescription)")
            }
        }
        let writer = FileWriter(root: staging)
        do {
            try writer.write(Data("This folder is written by `folio build` and replaced as a whole on each build.\n".utf8), to: Self.marker)
            try write(writer)
            writer.removeEverythingNotWritten()
        } catch {
            // What was written is kept as the spare for the next build.
            _ = rename(staging.path, spare.path)
            throw error as? ToolFailure ?? ToolFailure("cannot write the output: \(error.localizedDescription)")
        }
        if fm.fileExists(atPath: destination.path) {
            guard Self.exchange(staging.path, destination.path) else {
                _ = rename(staging.path, spare.path)
                throw ToolFailure("cannot replace `\(destination.path)`: \(String(cString: strerror(errno)))")
            }
            // `staging` now holds the previous output: the next build's spare.
            if rename(staging.path, spare.path) != 0 { Self.removeTree(staging.path) }
        } else if rename(staging.path, destination.path) != 0 {
            _ = rename(staging.path, spare.path)
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

    /// A staging folder left by a killed build becomes the spare (or is removed when
    /// there already is one). A build still running keeps its own.
    private func reclaimLeftovers() {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(stagingPrefix) {
            if let pid = Int32(entry.dropFirst(stagingPrefix.count)), pid != getpid(), kill(pid, 0) == 0 { continue }
            let leftover = parent.appendingPathComponent(entry).path
            if FileManager.default.fileExists(atPath: spare.path) || rename(leftover, spare.path) != 0 {
                Self.removeTree(leftover)
            }
        }
    }

    /// Deletes a folder and everything in it, without following links.
    static func removeTree(_ path: String) {
        guard let directory = opendir(path) else {
            unlink(path)
            return
        }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                folders.append(child)
            } else if unlink(child) != 0, errno == EISDIR {
                folders.append(child)
            }
        }
        closedir(directory)
        for folder in folders { removeTree(folder) }
        rmdir(path)
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
