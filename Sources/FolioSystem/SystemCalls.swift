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

    /// The most memory the process has held at once so far, in bytes (`getrusage`; Linux
    /// counts in kilobytes, Apple's systems in bytes).
    public static func peakMemory() -> Int {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #endif
    }
}
