import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary files a killed Folio left behind. Folio names each temporary file it writes
/// beside a real one with the id of the process writing it (`.folio-build.<pid>.tmp`,
/// `.folio-new-<pid>`): a file whose process is gone was left by a run that was killed
/// before it could rename or remove it, and is removed by the next run. A file whose
/// process still runs (another build, or a new process that took the same id) is left
/// alone: it is at worst removed one run later.
public enum Leftovers {
    /// Removes each regular file of `folder` for which `owner` gives a process id that is
    /// not this process's and names no running process; returns the names it removed.
    /// Folders, links and anything else are never touched, and a link is never followed.
    @discardableResult
    public static func remove(in folder: String, owner: (String) -> Int32?) -> [String] {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var removed: [String] = []
        for entry in SystemCalls.entries(of: folder) ?? [] where entry.kind == .file {
            guard let pid = owner(entry.name), pid > 0, pid != getpid(), !isRunning(pid) else { continue }
            if unlinkat(descriptor, entry.name, 0) == 0 { removed.append(entry.name) }
        }
        return removed
    }

    /// The process id written after `prefix` and before `suffix` in `name`: digits only.
    public static func processID(in name: String, after prefix: String, before suffix: String = "") -> Int32? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(digits)
    }

    /// Whether a process with this id runs: `kill` with no signal. One of another user
    /// (`EPERM`) runs too.
    public static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
