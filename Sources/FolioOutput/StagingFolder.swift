import FolioCore
import FolioSystem
import Foundation

/// The staging folder held open while a build writes it, so that a link or another
/// folder put at its name (in place of the spare it was claimed from, before or during
/// the build) is never written through: the folder is opened without following links,
/// and every path the build writes by starts from the open folder
/// (`/proc/self/fd/<descriptor>`, which names the folder itself, not its name).
extension OutputFolder {
    /// The open staging folder: its descriptor, the path that starts from it, and whether
    /// it was made empty here (the claimed spare was not a folder of Folio's).
    struct HeldFolder {
        let descriptor: Int32
        let path: String
        let madeEmpty: Bool
    }

    /// Opens the staging folder at `path` without following a link. When the spare it
    /// was `claimed` from turns out to be a link (put there between the check and the
    /// claim), the link is removed, never followed, and an empty folder made in its place;
    /// another folder without Folio's marker is put back as the spare and left alone.
    mutating func hold(_ path: String, claimed: Bool) throws -> HeldFolder {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(path, flags)
        var madeEmpty = false
        if descriptor >= 0, claimed, !Self.holdsMarker(descriptor) {
            close(descriptor)
            descriptor = -1
            guard rename(path, spare.path) == 0 else {
                throw ToolFailure("`\(spare.path)` was replaced by a folder Folio did not write while the build claimed it; it was left at `\(path)`")
            }
            noteIfForeign(spare.path)
        }
        if descriptor < 0 {
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                unlink(path)
                notes.append("`\(spare.path)` was replaced by a symbolic link or a file during the build; it was removed, not followed")
            }
            guard mkdir(path, 0o755) == 0 else {
                throw ToolFailure("cannot create the folder `\(path)`: \(String(cString: strerror(errno)))")
            }
            descriptor = open(path, flags)
            madeEmpty = true
        }
        guard descriptor >= 0 else { throw ToolFailure("cannot open the folder `\(path)`: \(String(cString: strerror(errno)))") }
        let anchored = "/proc/self/fd/\(descriptor)"
        return HeldFolder(descriptor: descriptor, path: Self.exists(anchored) ? anchored : path, madeEmpty: madeEmpty)
    }

    /// Whether the open folder holds Folio's marker file (not a link).
    static func holdsMarker(_ folder: Int32) -> Bool {
        var info = stat()
        return fstatat(folder, marker, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` (not followed) is the open folder `descriptor`.
    static func isSame(_ descriptor: Int32, _ path: String) -> Bool {
        var held = stat(), there = stat()
        return fstat(descriptor, &held) == 0 && lstat(path, &there) == 0 && held.st_dev == there.st_dev && held.st_ino == there.st_ino
    }

    /// The failure of a build whose staging folder's name was given to something else
    /// while it wrote: what stands there is not published.
    func replacedWhileBuilding(_ staging: String) -> ToolFailure {
        ToolFailure(
            "the folder `\(staging)` the build wrote was replaced (by a link or another folder) before it could be published, "
                + "so `\(destination.path)` was left as it was; build again")
    }
}
