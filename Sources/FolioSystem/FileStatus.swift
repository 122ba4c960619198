#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file as `stat` sees it: enough to notice that it was written again, replaced or
/// edited, without reading it. The one rule for this, shared by the build record beside
/// an output and by `folio serve`'s compile cache.
public struct FileStatus: Sendable, Equatable {
    public var size: Int64
    /// Modification and status-change times, in nanoseconds. The second cannot be set
    /// back: any write moves it.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64

    public init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// The status of the file at `path`, a link followed or seen as itself; nil when
    /// there is nothing there.
    public init?(path: String, followingLinks: Bool) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        let modified = SystemCalls.modified(info)
        let changed = SystemCalls.changed(info)
        self.init(
            size: Int64(info.st_size), modified: Int64(modified.seconds) * 1_000_000_000 + Int64(modified.nanoseconds),
            changed: Int64(changed.seconds) * 1_000_000_000 + Int64(changed.nanoseconds), inode: UInt64(info.st_ino))
    }
}
