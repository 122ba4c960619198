import FolioCore
import Foundation

/// What a folder holds, as `folio init` sees it before making a program there: it only
/// ever creates a program in a new or empty folder.
public enum FolderContents: Equatable, Sendable {
    /// Nothing is there yet.
    case missing
    /// A folder with nothing in it.
    case empty
    /// A folder with some of a program's files or folders in it (listed).
    case program(entries: [String])
    /// A folder with other things in it: up to three of their names, and how many.
    case otherFiles(names: [String], count: Int)
    /// A file, not a folder.
    case notAFolder
    /// A folder whose list of files cannot be read.
    case unreadable

    /// What `folder` holds now. Every entry counts, hidden ones too: a folder is
    /// empty only when there is nothing at all in it.
    public static func of(_ folder: URL) -> FolderContents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            // A link that points nowhere is still something in the way.
            let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil
            return isLink ? .notAFolder : .missing
        }
        guard isDirectory.boolValue else { return .notAFolder }
        guard let listed = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return .unreadable }
        let names = listed.sorted()
        if names.isEmpty { return .empty }
        let program = StarterProgram.programEntries.filter(names.contains)
        if !program.isEmpty { return .program(entries: program) }
        return .otherFiles(names: Array(names.prefix(3)), count: names.count)
    }
}
