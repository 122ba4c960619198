import FolioCore
import Foundation

/// Plans `folio init`: the starter program, in a new or empty folder only.
public enum ProgramInit {
    /// The title a program gets when none is given: the folder's name, unless it is the
    /// default `Content` (or this folder), which says nothing of the program.
    public static func defaultTitle(for folder: ContentFolder) -> String {
        let name = folder.url.lastPathComponent
        return name == "Content" || name == "." || name.isEmpty ? "My Program" : name
    }

    /// The files to create in `folder`, the program titled `title` with an id made from
    /// it, or why nothing may be created there.
    public static func plan(in folder: ContentFolder, title: String? = nil) throws(AuthoringFailure) -> ContentChange {
        let name = "`\(folder.shown)`"
        switch FolderContents.of(folder.url) {
        case .missing, .empty:
            let title = title ?? defaultTitle(for: folder)
            guard let id = ContentID.make(from: title) else {
                throw AuthoringFailure(
                    "an id cannot be made from the title \"\(title)\" (it has no letters or digits a web address can carry): give one with `--title` that does, and change the title in `folio.yaml` afterwards"
                )
            }
            return ContentChange(
                newFiles: StarterProgram.files.map { file in
                    guard file.path == "folio.yaml" else { return .init(path: file.path, text: file.text) }
                    let text = file.text.replacingOccurrences(of: "\ntitle: My Program\n", with: "\ntitle: \(YAMLQuoting.scalar(title))\n")
                        .replacingOccurrences(of: "\nid: my-program\n", with: "\nid: \(id)\n")
                    return .init(path: file.path, text: text)
                })
        case .program(let entries):
            let list = entries.map { "`\($0)`" }.joined(separator: ", ")
            throw AuthoringFailure(
                "\(name) already holds a Folio program (it has \(list)), and `folio init` never changes one. To add to it, use `\(folder.command("new chapter \"Title\"", option: "--content"))`"
            )
        case .otherFiles(let names, let count):
            let list = names.map { "`\($0)`" }.joined(separator: ", ") + (count > names.count ? " and \(count - names.count) more" : "")
            throw AuthoringFailure(
                "\(name) is not empty (it holds \(list)), and `folio init` only makes a program in a new or empty folder. Give the name of a new folder, such as `folio init MyProgram`"
            )
        case .notAFolder:
            throw AuthoringFailure("\(name) is a file, not a folder. Give the name of a new folder, such as `folio init MyProgram`")
        case .unreadable:
            throw AuthoringFailure("cannot see what is in the folder \(name): check that you may read it")
        }
    }

    /// What `folio init` says once the program is made: each file and what it is for,
    /// then what to do next.
    public static func report(_ folder: ContentFolder) -> String {
        let files = StarterProgram.files
        let width = files.map { folder.display($0.path).count }.max() ?? 0
        let place = folder.shown == "." || folder.shown.isEmpty ? "this folder" : folder.display("")
        var lines = ["Created a new program in \(place):"]
        for file in files {
            lines.append("  " + folder.display(file.path).padding(toLength: width, withPad: " ", startingAt: 0) + "  " + file.purpose)
        }
        let steps = [
            (folder.command("check"), "check the program; it has no problems yet"),
            (folder.command("build"), "build it: open \(folder.defaultBuildOutput)/site/index.html to see the site"),
            (folder.command("new chapter \"Making Friends\"", option: "--content"), "add a chapter"),
        ]
        let stepWidth = steps.map(\.0.count).max() ?? 0
        lines += ["", "Next steps:"]
        lines += steps.map { "  " + $0.0.padding(toLength: stepWidth, withPad: " ", startingAt: 0) + "  " + $0.1 }
        lines += ["", "Every file has notes that explain how it is written; learners never see them."]
        return lines.joined(separator: "\n") + "\n"
    }
}
