import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `read` and `write`, under names that types with their own `read`
/// and `write` methods can call, on Linux and on Apple's systems alike.
public enum SystemCalls {
    /// Where `needle` is in `data`, when it is there exactly once.
    public static func onlyRange(of needle: Data, in data: Data) -> Range<Int>? {
        guard !needle.isEmpty else { return nil }
        return data.withUnsafeBytes { haystack -> Range<Int>? in
            needle.withUnsafeBytes { needle -> Range<Int>? in
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return nil }
                let first = needle[0]
                var found: Int?
                var from = 0
                // `memchr` to each candidate first byte, `memcmp` for the rest (Glibc's
                // module does not declare `memmem`).
                while from + needle.count <= haystack.count,
                    let hit = memchr(base + from, Int32(first), haystack.count - from - needle.count + 1)
                {
                    let start = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + start, wanted, needle.count) == 0 {
                        if found != nil { return nil }
                        found = start
                    }
                    from = start + 1
                }
                return found.map { $0..<($0 + needle.count) }
            }
        }
    }

    /// The part of `data` from `start` through `end`, each there exactly once and in that
    /// order: a part a page marks around itself, to be replaced where it stands.
    public static func onlyRange(from start: Data, through end: Data, in data: Data) -> Range<Int>? {
        guard let first = onlyRange(of: start, in: data), let last = onlyRange(of: end, in: data), first.lowerBound < last.upperBound
        else { return nil }
        return first.lowerBound..<last.upperBound
    }

    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The bytes of the regular file at `path`, or nil when there is none it can read
    /// (a folder, a pipe or a device is not read: nothing waits on a writer).
    ///
    /// `open`, `fstat` and `read` into a buffer of the file's size: Foundation's
    /// `FileManager.contents(atPath:)` cost several times as much for each of the small
    /// files a build reads (its content, and its bundle again for the archive)
    /// (docs/development.md, "Measured choices").
    public static func contents(ofFile path: String) -> Data? {
        guard case .bytes(let data) = contents(ofFile: path, atMost: Int.max) else { return nil }
        return data
    }

    /// A file's bytes, or its size alone when it holds more than it may.
    public enum BoundedContents: Sendable {
        case bytes(Data)
        case tooLarge(size: Int)
    }

    /// The bytes of the regular file at `path` when it holds at most `limit`; when it
    /// holds more, its size alone, from `fstat` on the opened file, and nothing is read:
    /// a stray file of gigabytes costs no memory. A file that grows while it is read is
    /// read to `limit + 1` bytes at most. Nil as ``contents(ofFile:)``.
    public static func contents(ofFile path: String, atMost limit: Int) -> BoundedContents? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = max(Int(info.st_size), 0)
        if size > limit { return .tooLarge(size: size) }
        // One byte more than the size, so that a file that grew is read to its end, or
        // to one byte past the limit.
        var capacity = size + 1
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        var filled = 0
        while filled <= limit {
            if filled == capacity {
                let grown = capacity > limit / 2 ? limit + 1 : capacity * 2
                let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
                larger.copyMemory(from: buffer, byteCount: filled)
                buffer.deallocate()
                buffer = larger
                capacity = grown
            }
            let count = read(descriptor, buffer + filled, capacity - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                buffer.deallocate()
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        if filled > limit {
            buffer.deallocate()
            return .tooLarge(size: filled)
        }
        return .bytes(Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() }))
    }

    /// When a file was last changed, from `stat`: seconds and nanoseconds.
    public static func modified(_ info: stat) -> (seconds: Int, nanoseconds: Int) {
        #if os(Linux)
            (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #else
            (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #endif
    }

    /// When a file's status (its bytes, its name, its owner) last changed, from `stat`: the
    /// time no program can set back.
    public static func changed(_ info: stat) -> (seconds: Int, nanoseconds: Int) {
        #if os(Linux)
            (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        #else
            (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
        #endif
    }

    /// What a folder entry is.
    public enum EntryKind: Sendable { case folder, file, link, other }

    /// The entries of the folder at `path` (not `.` and `..`), each with its kind, as
    /// `readdir` tells it without a `stat` per file (which matters with tens of thousands
    /// of chapters); an entry of a file system that does not tell is asked with `lstat`.
    /// Links are never followed. Nil when the folder cannot be opened (`errno` says why).
    public static func entries(of path: String) -> [(name: String, kind: EntryKind)]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                if lstat(path + "/" + name, &info) == 0 {
                    let format = info.st_mode & S_IFMT
                    type = format == S_IFDIR ? UInt8(DT_DIR) : format == S_IFLNK ? UInt8(DT_LNK) : format == S_IFREG ? UInt8(DT_REG) : type
                }
            }
            let kind: EntryKind =
                switch type {
                case UInt8(DT_DIR): .folder
                case UInt8(DT_REG): .file
                case UInt8(DT_LNK): .link
                default: .other
                }
            entries.append((name, kind))
        }
        return entries
    }

    /// One entry of a folder as `fstatat` tells it (links not followed): its name, kind,
    /// status, and the file it is (device and inode).
    public struct StatusEntry: Sendable {
        public var name: String
        public var kind: EntryKind
        public var status: FileStatus
        public var device: UInt64
    }

    /// The entries of the folder at `path`, each asked of the open folder with `fstatat`
    /// rather than by its path: a large folder is looked up once, not once for each of its
    /// files. An entry gone before it is asked about is left out. Nil when the folder
    /// cannot be opened.
    public static func statuses(of path: String) -> [StatusEntry]? {
        guard let directory = opendir(path) else { return nil }
        return statuses(directory)
    }

    /// The same for the open folder `folder` (which stays open).
    public static func statuses(inFolder folder: Int32) -> [StatusEntry]? {
        let copy = dup(folder)
        guard copy >= 0 else { return nil }
        guard let directory = fdopendir(copy) else {
            close(copy)
            return nil
        }
        return statuses(directory)
    }

    private static func statuses(_ directory: OpaquePointer) -> [StatusEntry] {
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [StatusEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            let format = info.st_mode & S_IFMT
            let kind: EntryKind = format == S_IFDIR ? .folder : format == S_IFREG ? .file : format == S_IFLNK ? .link : .other
            entries.append(StatusEntry(name: name, kind: kind, status: FileStatus(info), device: UInt64(info.st_dev)))
        }
        return entries
    }

    /// The memory the process holds now, in bytes (its resident set); 0 where the
    /// system does not say (`/proc/self/statm` is Linux's).
    public static func residentMemory() -> Int {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return 0
        #endif
    }

    /// The most memory the process has held at once so far, in bytes (`getrusage`; Linux
    /// counts in kilobytes, Apple's systems in bytes).
    public static func peakMemory() -> Int {
        usage().peak
    }

    /// The processor time the process has used so far, on every thread, user and system
    /// (`getrusage`), in seconds.
    public static func processorSeconds() -> Double {
        usage().seconds
    }

    private static func usage() -> (peak: Int, seconds: Double) {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return (0, 0) }
            let peak = Int(usage.ru_maxrss) * 1024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return (0, 0) }
            let peak = Int(usage.ru_maxrss)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (peak, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
