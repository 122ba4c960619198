/// Plans `folio init`: the starter program, in a new or empty folder only.
public enum ProgramInit {
    /// The files to create in `folder`, or why nothing may be created there.
    public static func plan(in folder: ContentFolder) throws(AuthoringFailure) -> ContentChange {
        let name = "`\(folder.shown)`"
        switch FolderContents.of(folder.url) {
        case .missing, .empty:
            return ContentChange(newFiles: StarterProgram.files.map { .init(path: $0.path, text: $0.text) })
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
        lines += ["", "Every file has notes, on lines starting with #, that explain how it is written."]
        return lines.joined(separator: "\n") + "\n"
    }
}
