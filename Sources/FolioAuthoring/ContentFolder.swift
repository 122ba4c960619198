import Foundation

/// A content folder, with the name the author gave it, which messages use
/// (`Content/chapters/07-making-friends.md`), as `folio check` does.
public struct ContentFolder: Sendable {
    public var url: URL
    /// The folder as the author wrote it on the command line.
    public var shown: String

    public init(_ shown: String) {
        self.shown = shown
        url = URL(fileURLWithPath: shown)
    }

    /// `path` (inside the folder) as the author would type it.
    public func display(_ path: String) -> String {
        if shown.isEmpty || shown == "." { return path }
        return shown.hasSuffix("/") ? shown + path : shown + "/" + path
    }

    /// Whether this is the folder commands run in, as after `folio init camp` and
    /// `cd camp`.
    public var isCurrentFolder: Bool {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return url.standardizedFileURL.resolvingSymlinksInPath().path == here.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Where `folio build` writes when no output folder is given: `Output`, in the
    /// folder the command runs in; or, when that folder is the program itself,
    /// `../Output` beside it, because the output must not be inside the content (it
    /// would be read as content at the next check).
    /// A program found above the folder the command runs in (`..`, from its `chapters/`)
    /// writes beside itself too: `../../Output`.
    public var defaultBuildOutput: String {
        if isCurrentFolder { return "../Output" }
        if !shown.isEmpty, shown.split(separator: "/").allSatisfy({ $0 == ".." }) { return shown + "/../Output" }
        return "Output"
    }

    /// Whether something (a file, a folder, even a link to nowhere) is at `path`.
    func exists(_ path: String) -> Bool {
        let full = url.appendingPathComponent(path).path
        return FileManager.default.fileExists(atPath: full) || (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) != nil
    }
}

extension ContentFolder {
    /// The folder as an argument of a command to type: quoted when the shell would
    /// otherwise split or expand it.
    public var argument: String {
        let plain = shown.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0) }
        return plain && !shown.isEmpty ? shown : "'" + shown.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `folio <command>` for this folder: the folder is left out when it is the
    /// default, `Content`; `option` says how a command takes it (`--content`, or an
    /// argument when nil).
    public func command(_ command: String, option: String? = nil) -> String {
        guard shown != "Content" else { return "folio " + command }
        return "folio \(command) " + (option.map { $0 + " " } ?? "") + argument
    }
}
