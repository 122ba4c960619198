import Foundation

/// Removing and renaming files by path, and the process's id for temporary names: the C
/// library's calls, without Foundation's errors, for the outputs' own records.
public enum FileNames {
    /// Removes the file at `path`; whether it did.
    @discardableResult
    public static func remove(_ path: String) -> Bool { unlink(path) == 0 }

    /// Renames `from` to `to`, replacing what is there at once; whether it did.
    public static func rename(_ from: String, to: String) -> Bool {
        #if canImport(Glibc)
            Glibc.rename(from, to) == 0
        #else
            Darwin.rename(from, to) == 0
        #endif
    }

    /// This process's id, which names its temporary files so that another can tell
    /// whether it still runs (``Leftovers``).
    public static var processID: Int32 { getpid() }
}
