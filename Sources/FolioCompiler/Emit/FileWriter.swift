import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files under one folder from many threads at once, creating folders as needed.
final class FileWriter: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()
    private var madeFolders = Set<String>()

    init(root: URL) { self.root = root }

    func write(_ data: Data, to path: String) throws {
        let url = root.appendingPathComponent(path)
        let folder = url.deletingLastPathComponent().path
        lock.lock()
        let known = madeFolders.contains(folder)
        lock.unlock()
        if !known {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            lock.lock()
            madeFolders.insert(folder)
            lock.unlock()
        }
        // A plain write: the whole output folder is swapped in atomically, so each file
        // need not be (Foundation's `createFile` writes a temporary file and renames it).
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ToolFailure("cannot write `\(url.path)`: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let complete = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
        guard complete else { throw ToolFailure("cannot write `\(url.path)`: \(String(cString: strerror(errno)))") }
    }
}
