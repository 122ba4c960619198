import FolioCore
import FolioSystem
import Foundation

/// The folders of a staging folder, each opened once, without following a link, from the
/// folder above it, and kept open while the build writes: files are then made, replaced
/// and removed with `openat`, `renameat` and `unlinkat` in the folder itself, so a folder
/// swapped for a link after it was opened is never written through. A file or a link
/// standing where a folder must be is removed, never followed.
final class FolderHandles: @unchecked Sendable {
    private let lock = NSLock()
    /// Open folders by their path from the root ("" for the root).
    private var opened: [String: Int32] = [:]

    /// The folders of `root`, which is opened as it is named (OutputFolder holds it open
    /// and names it by its descriptor); nil when it cannot be opened.
    init?(root: String) {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        opened[""] = descriptor
    }

    deinit { for descriptor in opened.values { close(descriptor) } }

    /// The open folder at `relative` (from the root), made with its parents as needed.
    func folder(_ relative: String) throws -> Int32 {
        if let known = lock.withLock({ opened[relative] }) { return known }
        let parent = try folder(ContentPath.parent(relative))
        let name = ContentPath.lastComponent(relative)
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var descriptor = openat(parent, name, flags)
        if descriptor < 0, errno == ENOTDIR || errno == ELOOP {
            unlinkat(parent, name, 0)
        }
        if descriptor < 0 {
            if mkdirat(parent, name, 0o755) != 0, errno != EEXIST {
                throw ToolFailure("cannot create the folder `\(relative)` of the output: \(String(cString: strerror(errno)))")
            }
            descriptor = openat(parent, name, flags)
        }
        guard descriptor >= 0 else { throw ToolFailure("cannot open the folder `\(relative)` of the output: \(String(cString: strerror(errno)))") }
        return lock.withLock {
            // Another thread opened it meanwhile: one descriptor is kept.
            if let other = opened[relative] {
                close(descriptor)
                return other
            }
            opened[relative] = descriptor
            return descriptor
        }
    }

    /// Removes what stands at `name` in the open folder `folder` (a folder, with what it
    /// holds, or a file or a link, not what it points to); nothing when there is nothing.
    static func removeEntry(in folder: Int32, _ name: String) {
        if unlinkat(folder, name, 0) == 0 || errno == ENOENT { return }
        let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inner >= 0 else { return }
        OutputFolder.removeContents(of: inner)
        close(inner)
        unlinkat(folder, name, AT_REMOVEDIR)
    }
}
