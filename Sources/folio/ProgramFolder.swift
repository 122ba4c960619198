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
            throw CommandFailure(
                "there is no program here: no `\(defaultName)` folder and no `folio.yaml`. Run the command in the folder that holds `\(defaultName)`, give the folder (`\(example)`), or start one with `folio init`"
            )
        case .missing:
            throw CommandFailure(
                "there is no folder `\(given)` here: check its name, or start a program there with `folio init \(ContentFolder(given).argument)`")
        }
    }

    private enum Kind { case folder, file, missing }

    private static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .folder : .file
    }
}
