import FolioCore
import FolioSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The files of one build's output, written from many threads at once: folders are made
/// as needed, and what was written is remembered, so that anything else in the folder
/// can be removed. Each renderer gets a view of its own folder (``within(_:)``).
public final class OutputFiles: @unchecked Sendable {
    /// The staging folder the whole output is written into.
    let root: URL
    /// The folder of this view inside the root (`site`), or empty for the whole output.
    let folder: String
    private let state: State

    /// What every view of one output shares.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var madeFolders = Set<String>()
        var written = Set<String>()
    }

    init(root: URL) {
        self.root = root
        folder = ""
        state = State()
    }

    private init(root: URL, folder: String, state: State) {
        self.root = root
        self.folder = folder
        self.state = state
    }

    /// The same output, seen from its subfolder `name`: paths given to it are inside it.
    public func within(_ name: String) -> OutputFiles {
        OutputFiles(root: root, folder: folder.isEmpty ? name : folder + "/" + name, state: state)
    }

    private var lock: NSLock { state.lock }

    /// Writes `data` to `path` (relative to this view's folder), replacing what was there.
    public func write(_ data: Data, to path: String) throws {
        let output = try openForWriting(path)
        defer { close(output.descriptor) }
        let complete = data.withUnsafeBytes { Self.writeAll($0, to: output.descriptor) }
        guard complete else { throw ToolFailure("cannot write `\(output.path)`: \(String(cString: strerror(errno)))") }
    }

    /// Where the file `path` (relative to this view's folder) is staged, to read back
    /// what was written earlier in the build.
    public func stagedURL(_ path: String) -> URL {
        root.appendingPathComponent(folder.isEmpty ? path : folder + "/" + path)
    }

    /// Has `make` write the file `path` itself, for a library that writes to an address
    /// (an archive): what stood there is removed first, and the file noted as written.
    public func create(_ path: String, _ make: (URL) throws -> Void) throws {
        let descriptor = try openForWriting(path).descriptor
        close(descriptor)
        let url = stagedURL(path)
        try? FileManager.default.removeItem(at: url)
        try make(url)
    }

    /// Opens `path` (relative to the root) for writing from its start, creating its
    /// folders, and notes it as written.
    private func openForWriting(_ relativePath: String) throws -> (descriptor: Int32, path: String) {
        let path = folder.isEmpty ? relativePath : folder + "/" + relativePath
        let full = root.path + "/" + path
        let parent = ContentPath.parent(full)
        lock.lock()
        let known = state.madeFolders.contains(parent)
        state.written.insert(path)
        lock.unlock()
        if !known {
            try makeFolder(parent)
            lock.lock()
            state.madeFolders.insert(parent)
            lock.unlock()
        }
        // A plain write over the old file: the whole output folder is swapped in
        // atomically, so each file need not be (and rewriting keeps the file system's
        // inodes, which is faster than creating new ones). A link is never written
        // through: it is replaced by the file.
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW
        var descriptor = open(full, flags, 0o644)
        if descriptor < 0, errno == EISDIR || errno == ELOOP {
            removeEntry(full)
            descriptor = open(full, flags, 0o644)
        }
        guard descriptor >= 0 else { throw ToolFailure("cannot write `\(full)`: \(String(cString: strerror(errno)))") }
        return (descriptor, full)
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = SystemCalls.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Copies the file at `source` (outside the output) to each of `paths`, a piece at a
    /// time, handing each piece to `inspect` too; returns the file's size.
    public func copy(from source: String, to paths: [String], inspect: (UnsafeRawBufferPointer) -> Void) throws -> Int {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw ToolFailure("cannot read the media file `\(source)`: \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let outputs = try paths.map { try openForWriting($0) }
        defer { outputs.forEach { close($0.descriptor) } }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var size = 0
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ToolFailure("cannot read the media file `\(source)`: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            inspect(piece)
            for output in outputs {
                guard Self.writeAll(piece, to: output.descriptor) else {
                    throw ToolFailure("cannot write `\(output.path)`: \(String(cString: strerror(errno)))")
                }
            }
            size += count
        }
        return size
    }

    /// Creates a folder and its parents; a file or a link standing where a folder must
    /// be (left from an earlier build, or put there) is removed first.
    private func makeFolder(_ folder: String) throws {
        var info = stat()
        if lstat(folder, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return }
            unlink(folder)
        }
        let parent = ContentPath.parent(folder)
        if parent.count >= root.path.count, parent != folder { try makeFolder(parent) }
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            throw ToolFailure("cannot create the folder `\(folder)`: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes what stands at `path` inside the root (a folder, with what it holds, or
    /// a link, not what it points to).
    private func removeEntry(_ path: String) {
        if unlink(path) == 0 { return }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        OutputFolder.removeContents(of: folder)
        close(folder)
        rmdir(path)
    }

    /// Removes every file and folder under the root that this writer did not write.
    func removeEverythingNotWritten() {
        lock.lock()
        let keep = state.written
        lock.unlock()
        func prune(_ relative: String) -> Bool {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            guard let directory = opendir(path) else { return false }
            var entries: [(String, Bool)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                guard name != "." && name != ".." else { continue }
                var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
                if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    isFolder = lstat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                }
                entries.append((name, isFolder))
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
