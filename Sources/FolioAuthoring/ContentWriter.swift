import FolioCore
import FolioSystem
import Foundation

/// Applies a ``ContentChange`` without ever replacing an author's file: new files are
/// created only where nothing is (`O_EXCL`), a changed file is replaced (through a
/// hidden file and a rename) only if it still holds what was read, and when any step
/// fails everything this writer made is removed again.
public struct ContentWriter {
    public let folder: ContentFolder

    public init(folder: ContentFolder) { self.folder = folder }

    /// Writes the change, creating the content folder and subfolders as needed.
    /// Returns the paths of the folders it created, in order.
    @discardableResult
    public func apply(_ change: ContentChange) throws(AuthoringFailure) -> [String] {
        var madeFolders: [String] = []
        var madeFiles: [String] = []
        do {
            try makeFolder(folder.url.path, made: &madeFolders)
            for file in change.newFiles {
                let full = folder.url.appendingPathComponent(file.path).path
                try makeFolder(ContentPath.parent(full), made: &madeFolders)
                try create(full, Array(file.text.utf8), shown: folder.display(file.path))
                madeFiles.append(full)
            }
            // A run killed between writing a file's new text and renaming it left the
            // text beside the file, under a name no other file takes.
            for directory in Set(change.edits.map { ContentPath.parent(folder.url.appendingPathComponent($0.path).path) }) {
                Leftovers.remove(in: directory) { name in
                    guard let mark = name.range(of: ".folio-new-", options: .backwards), name.hasPrefix(".") else { return nil }
                    return Leftovers.processID(in: String(name[mark.lowerBound...]), after: ".folio-new-")
                }
            }
            for edit in change.edits { try replace(edit) }
        } catch {
            for file in madeFiles.reversed() { unlink(file) }
            for made in madeFolders.reversed() { rmdir(made) }
            throw error
        }
        return madeFolders
    }

    /// Creates every missing folder down to `path`, remembering each it made.
    private func makeFolder(_ path: String, made: inout [String]) throws(AuthoringFailure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw AuthoringFailure("`\(path)` is a file where Folio needs a folder")
        }
        let parent = ContentPath.parent(path)
        if !parent.isEmpty, parent != path { try makeFolder(parent, made: &made) }
        guard mkdir(path, 0o755) == 0 else { throw AuthoringFailure("cannot create the folder `\(path)`: \(String(cString: strerror(errno)))") }
        made.append(path)
    }

    private func create(_ path: String, _ bytes: [UInt8], shown: String) throws(AuthoringFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw AuthoringFailure("`\(shown)` already exists, and Folio never replaces a file") }
            throw AuthoringFailure("cannot create `\(shown)`: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard writeAll(descriptor, bytes) else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw AuthoringFailure("cannot write `\(shown)`: \(reason)")
        }
    }

    private func replace(_ edit: ContentChange.Edit) throws(AuthoringFailure) {
        let shown = folder.display(edit.path)
        let full = folder.url.appendingPathComponent(edit.path).path
        guard let now = FileManager.default.contents(atPath: full), [UInt8](now) == edit.original else {
            throw AuthoringFailure("`\(shown)` changed while Folio was working; run the command again")
        }
        var info = stat()
        let mode = stat(full, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let directory = ContentPath.parent(full)
        let temporary = directory + "/.\(ContentPath.lastComponent(full)).folio-new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw AuthoringFailure("cannot change `\(shown)`: \(String(cString: strerror(errno)))") }
        let written = writeAll(descriptor, Array(edit.text.utf8))
        close(descriptor)
        guard written, rename(temporary, full) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AuthoringFailure("cannot change `\(shown)`: \(reason)")
        }
    }

    private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }
}
