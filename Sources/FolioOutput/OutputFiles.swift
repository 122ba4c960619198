import FolioCore
import FolioSystem
import Foundation

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
        /// Whether the staging folder was made empty for this build and nothing of an
        /// earlier output was linked into it (as in a first build, which has no spare): no
        /// file can stand where one is written, so none is looked for.
        let startedEmpty: Bool
        /// The staging folder's path.
        let rootPath: String
        /// Its path as a person knows it, for messages, where `rootPath` may name it
        /// through its open descriptor (`/proc/self/fd/7`).
        let shownRoot: String
        /// Its folders, held open: every file is written in its folder by descriptor.
        let folders: FolderHandles?
        init(startedEmpty: Bool, rootPath: String, shownRoot: String) {
            self.startedEmpty = startedEmpty
            self.rootPath = rootPath
            self.shownRoot = shownRoot
            folders = FolderHandles(root: rootPath)
        }
        let lock = NSLock()
        var written = Set<String>()
        /// The files created anew, from the root: every other file written was left as
        /// the staging folder held it.
        var created = Set<String>()
    }

    /// The files created anew in the staging folder, from the root.
    var created: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return state.created
    }

    /// The files of the staging folder `root`; `startingEmpty` when it was just made
    /// and holds nothing. `shownAs` is the folder's path for messages, when `root` names
    /// it another way.
    init(root: URL, startingEmpty: Bool = false, shownAs: String? = nil) {
        self.root = root
        folder = ""
        state = State(startedEmpty: startingEmpty, rootPath: root.path, shownRoot: shownAs ?? root.path)
    }

    /// `path`, under the staging folder, as its user knows it.
    private func shown(_ path: String) -> String {
        path == state.rootPath || path.hasPrefix(state.rootPath + "/") ? state.shownRoot + path.dropFirst(state.rootPath.count) : path
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
    /// A file of the spare that already holds these bytes is left as it is: reading it is
    /// much cheaper than writing it again, which makes the file system write it back to
    /// the disk (docs/development.md, "Measured choices").
    ///
    /// In a staging folder made empty, neither the file nor anything in its place is
    /// looked for first: in a large program those are many system calls that fail, each
    /// searching a large folder.
    public func write(_ data: Data, to path: String) throws {
        if !state.startedEmpty, try holds(data, at: path) { return }
        let output = try openForWriting(path)
        defer { close(output.descriptor) }
        let complete = data.withUnsafeBytes { Self.writeAll($0, to: output.descriptor) }
        guard complete else { throw ToolFailure("cannot write `\(shown(output.path))`: \(String(cString: strerror(errno)))") }
    }

    /// Writes `path` (relative to this view's folder) a piece at a time, each piece as
    /// `produce` hands it over: for a file too large to hold whole (the search page holds
    /// every chapter's words). The file is the one ``write(_:to:)`` would write of all the
    /// pieces, and as there, a file of the spare that holds the same bytes is left as it
    /// is: beside one, the pieces go to a new file, compared with it at the end. When
    /// `produce` throws, what it wrote is removed and the error thrown.
    public func write(to path: String, _ produce: (_ piece: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let written = state.startedEmpty ? try openForWriting(path) : try openBeside(path)
        let target = stagedURL(path).path
        do {
            defer { close(written.descriptor) }
            try produce { piece in
                guard Self.writeAll(piece, to: written.descriptor) else {
                    throw ToolFailure("cannot write `\(shown(target))`: \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            unlinkat(written.place.folder, written.place.name, 0)
            throw error
        }
        guard written.path != target else { return }
        // Compared as a media file is with the spare's: the file written is the source.
        let source = openat(written.place.folder, written.place.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard source >= 0 else { throw Self.cannotRead(written.path) }
        if try compare(source, named: written.path, with: [path], inspect: { _ in }).1.isEmpty {
            unlinkat(written.place.folder, written.place.name, 0)
            return
        }
        let name = ContentPath.lastComponent(path)
        FolderHandles.removeEntry(in: written.place.folder, name)
        guard renameat(written.place.folder, written.place.name, written.place.folder, name) == 0 else {
            throw ToolFailure("cannot write `\(shown(target))`: \(String(cString: strerror(errno)))")
        }
        lock.lock()
        state.created.insert(folder.isEmpty ? path : folder + "/" + path)
        lock.unlock()
    }

    /// A new file beside `path` (relative to this view's folder), for writing what may
    /// turn out to be the bytes already there; never noted as written, so one left by a
    /// failure is removed with everything else the build did not write.
    private func openBeside(_ relativePath: String) throws -> (descriptor: Int32, path: String, place: Place) {
        var place = try prepare(relativePath)
        place.name += ".folio-part"
        let full = place.full + ".folio-part"
        FolderHandles.removeEntry(in: place.folder, place.name)
        let descriptor = openat(place.folder, place.name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw ToolFailure("cannot write `\(shown(full))`: \(String(cString: strerror(errno)))") }
        return (descriptor, full, place)
    }

    /// Where the file `path` (relative to this view's folder) is staged, to read back
    /// what was written earlier in the build.
    public func stagedURL(_ path: String) -> URL {
        root.appendingPathComponent(folder.isEmpty ? path : folder + "/" + path)
    }

    /// The bytes of the file `path` (relative to this view's folder) as written earlier
    /// in the build, or nil when there is none. Joined as text and read with
    /// ``SystemCalls/contents(ofFile:)``: a `URL` for each of the files the archive and
    /// the site read back cost more than reading them.
    public func stagedContents(_ path: String) -> Data? {
        SystemCalls.contents(ofFile: state.rootPath + "/" + (folder.isEmpty ? path : folder + "/" + path))
    }

    /// The same for the file `path` of the output's folder `other` (`bundle`).
    public func stagedContents(_ path: String, inFolder other: String) -> Data? {
        SystemCalls.contents(ofFile: state.rootPath + "/" + other + "/" + path)
    }

    /// Where the file `path` of the output's folder `other` (`bundle`) is staged, from
    /// whichever folder this view is of: a renderer may read what an earlier one wrote.
    public func stagedURL(_ path: String, inFolder other: String) -> URL {
        root.appendingPathComponent(other + "/" + path)
    }

    /// Has `make` write the file `path` itself, for a library that writes to an address
    /// (an archive): what stood there is removed first, and the file noted as written.
    public func create(_ path: String, _ make: (URL) throws -> Void) throws {
        let output = try openForWriting(path)
        close(output.descriptor)
        // Named through its open folder where the system can (`/proc/self/fd`), so that the
        // library writes in that very folder.
        let anchored = "/proc/self/fd/\(output.place.folder)"
        let url = OutputFolder.exists(anchored) ? URL(fileURLWithPath: anchored + "/" + output.place.name) : stagedURL(path)
        try? FileManager.default.removeItem(at: url)
        try make(url)
    }

    /// Whether `path` (relative to this view's folder) is a regular file (not a link)
    /// holding exactly `data`. Its folders are made (a link in a folder's place replaced)
    /// first, so nothing is read through a link, and it is noted as written either way.
    private func holds(_ data: Data, at relativePath: String) throws -> Bool {
        guard let input = Self.openExisting(try prepare(relativePath), size: data.count) else { return false }
        defer { close(input) }
        let same = data.withUnsafeBytes { expected -> Bool in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(max(expected.count, 1), 1 << 20), alignment: 16)
            defer { buffer.deallocate() }
            var offset = 0
            while offset < expected.count {
                let count = read(input, buffer.baseAddress, min(buffer.count, expected.count - offset))
                if count < 0, errno == EINTR { continue }
                guard count > 0, memcmp(buffer.baseAddress!, expected.baseAddress! + offset, count) == 0 else { return false }
                offset += count
            }
            return true
        }
        return same
    }

    /// An open descriptor on the regular file (not a link) at `full` when it has `size`
    /// bytes: one that may already hold what is to be written.
    private static func openExisting(_ place: Place, size: Int) -> Int32? {
        let descriptor = openat(place.folder, place.name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Where a file of the output is: its open folder, its name there, and its full path
    /// (for messages).
    struct Place {
        var folder: Int32
        var name: String
        var full: String
    }

    /// Notes `path` (relative to this view's folder) as written and makes its folders;
    /// returns where it is.
    private func prepare(_ relativePath: String) throws -> Place {
        let path = folder.isEmpty ? relativePath : folder + "/" + relativePath
        let full = root.path + "/" + path
        lock.lock()
        state.written.insert(path)
        lock.unlock()
        guard let folders = state.folders else { throw ToolFailure("cannot open the folder `\(shown(root.path))`: \(String(cString: strerror(errno)))") }
        return Place(folder: try folders.folder(ContentPath.parent(path)), name: ContentPath.lastComponent(path), full: full)
    }

    /// Opens `path` (relative to the root) for writing from its start, creating its
    /// folders, and notes it as written.
    private func openForWriting(_ relativePath: String) throws -> (descriptor: Int32, path: String, place: Place) {
        let place = try prepare(relativePath)
        let full = place.full
        // Always a new file, never a write into the one standing there: that one may be
        // a hard link to the same file of the current output (OutputFolder.linkFiles),
        // which must not change before the new output is swapped in. A link or a folder
        // in its place is removed, never followed.
        if !state.startedEmpty { FolderHandles.removeEntry(in: place.folder, place.name) }
        lock.lock()
        state.created.insert(folder.isEmpty ? relativePath : folder + "/" + relativePath)
        lock.unlock()
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        var descriptor = openat(place.folder, place.name, flags, 0o644)
        if descriptor < 0, errno == EEXIST, state.startedEmpty {
            // Written twice in one build: the second time replaces the first.
            FolderHandles.removeEntry(in: place.folder, place.name)
            descriptor = openat(place.folder, place.name, flags, 0o644)
        }
        guard descriptor >= 0 else { throw ToolFailure("cannot write `\(shown(full))`: \(String(cString: strerror(errno)))") }
        return (descriptor, full, place)
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
    /// time, handing each piece to `inspect` too; returns the file's size. As with
    /// ``write(_:to:)``, a file of the spare that holds the same bytes is left as it is
    /// (it is compared while the source is read, so a video is read once when unchanged).
    public func copy(from source: String, to paths: [String], inspect: (UnsafeRawBufferPointer) -> Void) throws -> Int {
        let (size, different) = try compare(try Self.openMedia(source), named: source, with: paths, inspect: inspect)
        if !different.isEmpty { try copy(from: source, to: different, size: size) }
        return size
    }

    /// Reads `source` once, handing each piece to `inspect`: its size, and the paths that
    /// do not already hold the same bytes (their folders made, each noted as written).
    /// `input` is the source, open (and closed here), named `source` in messages.
    private func compare(_ input: Int32, named source: String, with paths: [String], inspect: (UnsafeRawBufferPointer) -> Void) throws -> (Int, [String]) {
        defer { close(input) }
        var sourceInfo = stat()
        guard fstat(input, &sourceInfo) == 0 else { throw Self.cannotRead(source) }
        // The copies that may be the same: regular files (not links) of the same size.
        var candidates: [(path: String, descriptor: Int32)] = []
        var different: [String] = []
        for path in paths {
            if let existing = Self.openExisting(try prepare(path), size: Int(sourceInfo.st_size)) {
                candidates.append((path, existing))
            } else {
                different.append(path)
            }
        }
        defer { candidates.forEach { close($0.descriptor) } }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        let other = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer {
            buffer.deallocate()
            other.deallocate()
        }
        var same = candidates.map { _ in true }
        var size = 0
        while true {
            let count = try Self.readPiece(of: source, from: input, into: buffer)
            if count == 0 { break }
            inspect(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            for (index, candidate) in candidates.enumerated() where same[index] {
                var filled = 0
                while filled < count {
                    let got = read(candidate.descriptor, other.baseAddress! + filled, count - filled)
                    if got < 0, errno == EINTR { continue }
                    if got <= 0 { break }
                    filled += got
                }
                same[index] = filled == count && memcmp(buffer.baseAddress!, other.baseAddress!, count) == 0
            }
            size += count
        }
        different += candidates.indices.filter { !same[$0] }.map { candidates[$0].path }
        return (size, different)
    }

    /// The media file `source`, opened for reading.
    private static func openMedia(_ source: String) throws -> Int32 {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw cannotRead(source) }
        return input
    }

    /// The next piece of the media file `source`, read from `input` into `buffer`: its
    /// length, 0 at the end.
    private static func readPiece(of source: String, from input: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw cannotRead(source) }
            return count
        }
    }

    private static func cannotRead(_ source: String) -> ToolFailure {
        ToolFailure("cannot read the media file `\(source)`: \(String(cString: strerror(errno)))")
    }

    /// Copies the file at `source`, of `size` bytes when it was read, to each of `paths`,
    /// a piece at a time.
    private func copy(from source: String, to paths: [String], size: Int) throws {
        let input = try Self.openMedia(source)
        defer { close(input) }
        let outputs = try paths.map { try openForWriting($0) }
        defer { outputs.forEach { close($0.descriptor) } }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var copied = 0
        while true {
            let count = try Self.readPiece(of: source, from: input, into: buffer)
            if count == 0 { break }
            copied += count
            let piece = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            for output in outputs {
                guard Self.writeAll(piece, to: output.descriptor) else {
                    throw ToolFailure("cannot write `\(shown(output.path))`: \(String(cString: strerror(errno)))")
                }
            }
        }
        // The bundle lists the size and SHA-256 read in the first pass.
        guard copied == size else { throw ToolFailure("the media file `\(source)` changed while it was copied: build again") }
    }

    /// Counts `paths` (from the root) as written: files of the output being replaced
    /// that a build keeps as they are (``BuildDriver/update(_:for:into:previousFiles:accepting:)``).
    func keep(_ paths: [String]) {
        lock.lock()
        state.written.formUnion(paths)
        lock.unlock()
    }

    /// Undoes ``keep(_:)`` for `paths`: those not written again are removed at the end.
    func forget(_ paths: [String]) {
        lock.lock()
        state.written.subtract(paths)
        lock.unlock()
    }

    /// Removes every file and folder under the root that this writer did not write,
    /// through open folders (`openat` with `O_NOFOLLOW`, `unlinkat`): a folder swapped for
    /// a link while the build ran is removed itself, never emptied through.
    func removeEverythingNotWritten() {
        lock.lock()
        let keep = state.written
        lock.unlock()
        // The root is the staging folder as OutputFolder holds it open.
        let top = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard top >= 0 else { return }
        defer { close(top) }
        func prune(_ folder: Int32, _ relative: String) -> Bool {
            let copy = dup(folder)
            guard copy >= 0, let directory = fdopendir(copy) else { return false }
            // Each entry's type as the folder lists it: a folder is opened, anything else
            // (a file, a link) is kept or removed by its name, without a system call to
            // find out what it is (an openat for every file showed in the rebuild after an
            // edit: docs/development.md). A file system that does not say is asked by openat.
            var entries: [(name: String, mayBeFolder: Bool)] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                let type = entry.pointee.d_type
                if name != "." && name != ".." { entries.append((name, type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN))) }
            }
            closedir(directory)
            var kept = false
            for (name, mayBeFolder) in entries {
                let child = relative.isEmpty ? name : relative + "/" + name
                let inner = mayBeFolder ? openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1
                if inner >= 0 {
                    let holds = prune(inner, child)
                    close(inner)
                    if holds { kept = true } else { unlinkat(folder, name, AT_REMOVEDIR) }
                } else if keep.contains(child) {
                    kept = true
                } else {
                    unlinkat(folder, name, 0)
                }
            }
            return kept
        }
        _ = prune(top, "")
    }
}
