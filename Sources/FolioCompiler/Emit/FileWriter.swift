import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files under one folder from many threads at once, creating folders as needed
/// and remembering what it wrote, so that anything else in the folder can be removed.
final class FileWriter: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()
    private var madeFolders = Set<String>()
    private var written = Set<String>()

    init(root: URL) { self.root = root }

    /// Writes `data` to `path` (relative to the root), replacing what was there.
    func write(_ data: Data, to path: String) throws {
        let full = root.path + "/" + path
        let folder = (full as NSString).deletingLastPathComponent
        lock.lock()
        let known = madeFolders.contains(folder)
        written.insert(path)
        lock.unlock()
        if !known {
            try makeFolder(folder)
            lock.lock()
            madeFolders.insert(folder)
            lock.unlock()
        }
        // A plain write over the old file: the whole output folder is swapped in
        // atomically, so each file need not be (and rewriting keeps the file system's
        // inodes, which is faster than creating new ones).
        var descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EISDIR {
            OutputFolder.removeTree(full)
            descriptor = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw ToolFailure("cannot write `\(full)`: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let complete = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        guard complete else { throw ToolFailure("cannot write `\(full)`: \(String(cString: strerror(errno)))") }
    }

    /// Creates a folder and its parents; a file standing where a folder must be (left
    /// from an earlier build) is removed first.
    private func makeFolder(_ folder: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            unlink(folder)
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent.count >= root.path.count, parent != folder { try makeFolder(parent) }
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw ToolFailure("cannot create the folder `\(folder)`: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes every file and folder under the root that this writer did not write.
    func removeEverythingNotWritten() {
        lock.lock()
        let keep = written
        lock.unlock()
        func prune(_ relative: String) -> Bool {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            guard let directory = opendir(path) else { return false }
            var entries: [(String, Bool)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { entries.append((name, entry.pointee.d_type == UInt8(DT_DIR))) }
            }
            closedir(directory)
            var kept = false
            for (name, isFolder) in entries {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isFolder {
                    if prune(child) { kept = true } else { rmdir(root.path + "/" + child) }
                } else if keep.contains(child) {
                    kept = true
                } else {
                    unlink(root.path + "/" + child)
                }
            }
            return kept
        }
        _ = prune("")
    }
}
