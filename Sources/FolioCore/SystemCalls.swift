#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `read` and `write`, under names that types with their own `read`
/// and `write` methods can call, on Linux and on Apple's systems alike.
public enum SystemCalls {
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

    /// When a file was last changed, from `stat`: seconds and nanoseconds.
    public static func modified(_ info: stat) -> (seconds: Int, nanoseconds: Int) {
        #if os(Linux)
            (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #else
            (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #endif
    }
}
