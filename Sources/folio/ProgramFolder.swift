import FolioAuthoring
import Foundation

/// The content folder a command works on, found the same way by every command that
/// reads one: the folder given, else `./Content`, else this folder when it is a program
/// itself (it holds `folio.yaml`), as it is after `folio init camp` and `cd camp`.
struct ProgramFolder: Equatable {
    /// The folder a command reads when none is given.
    static let defaultName = "Content"

    /// The folder as messages show it and as it is opened: `Content`, `.` or as typed.
    let path: String

    /// The folder for `given`, the content folder as the command line left it
    /// (`Content` when none was typed); `example` shows how this command is given
    /// another folder, for the message that says there is no program (`folio check
    /// MyProgram`). Throws, with that message, when there is no folder to read.
    static func find(_ given: String, example: String) throws -> ProgramFolder {
        switch Self.kind(of: given) {
        case .folder:
            return ProgramFolder(path: given)
        case .file:
            throw CommandFailure("`\(given)` is a file, not a program folder: give the folder that holds `folio.yaml`, as in `\(example)`")
        case .missing where given == defaultName:
            if kind(of: "folio.yaml") == .file { return ProgramFolder(path: ".") }
            // In a folder of the program (its `chapters/`), the program is above, as git
            // finds its repository from any folder inside it.
            if let above = programAbove() { return ProgramFolder(path: above) }
            throw CommandFailure(
                "there is no program here: no `\(defaultName)` folder and no `folio.yaml`. Run the command in the folder that holds `\(defaultName)`, give the folder (`\(example)`), or start one with `folio init`"
            )
        case .missing:
            throw CommandFailure(
                "there is no folder `\(given)` here: check its name, or start a program there with `folio init \(ContentFolder(given).argument)`")
        }
    }

    /// The nearest folder above this one that holds `folio.yaml`, as `..`, `../..`;
    /// nil when none does, up to the top of the file system (or 32 folders up).
    static func programAbove() -> String? {
        var url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        var path = ".."
        for _ in 0..<32 {
            let parent = url.deletingLastPathComponent()
            guard parent.path != url.path else { return nil }
            url = parent
            if kind(of: url.appendingPathComponent("folio.yaml").path) == .file { return path }
            path += "/.."
        }
        return nil
    }

    /// What to say when a folder name with spaces was typed without quotes, so that the
    /// shell gave its words as separate arguments (`folio check Go Grrrls Spring`): the
    /// words the command took as unexpected (`Grrrls`, `Spring`) follow the one it took as
    /// the folder in `arguments`, the words typed after `folio`. Nil when they do not.
    static func quotingHint(unexpected: [String], arguments: [String], command: [String]) -> String? {
        guard let first = unexpected.first, let firstIndex = arguments.firstIndex(of: first), firstIndex > 0,
            Array(arguments[firstIndex..<min(arguments.count, firstIndex + unexpected.count)]) == unexpected
        else { return nil }
        let before = arguments[firstIndex - 1]
        // The word before is the folder's first word, not the command's name or an option.
        guard !before.hasPrefix("-"), firstIndex - 1 >= command.count else { return nil }
        let name = ([before] + unexpected).joined(separator: " ")
        let typed = (["folio"] + command + [ContentFolder(name).argument]).joined(separator: " ")
        if kind(of: name) == .folder {
            return "`\(name)` is one folder whose name has spaces: put it in quotes, as in `\(typed)`"
        }
        return "if the folder's name has spaces, put it in quotes, as in `\(typed)`"
    }

    private enum Kind { case folder, file, missing }

    private static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }
}
