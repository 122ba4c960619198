/// The parts of a `/`-separated path, as content paths (`chapters/01-who-am-i.md`) and
/// output paths are written.
///
/// Written here rather than taken from `NSString`: Foundation on Linux traps on a path
/// of one character (`("b" as NSString).lastPathComponent`), which a link such as
/// `[a](../b)` produces; and these rules are the same on every platform.
public enum ContentPath {
    /// `chapters/01-who-am-i.md` -> `01-who-am-i.md`; the path itself when it has no `/`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        // By bytes: a `/` is a separator even when a combining mark follows it, and
        // this runs for every file of a program on every rebuild.
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// `chapters/01-who-am-i.md` -> `chapters`; empty when there is no folder.
    public static func parent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// `01-who-am-i.md` -> `md`, as written (not lower-cased); empty without a dot. A
    /// name that starts with its only dot (`.hidden`) has no extension.
    public static func fileExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// `media/talk.mp4` -> `media/talk`.
    public static func withoutExtension(_ path: String) -> String {
        let ext = fileExtension(path)
        return ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
    }

    /// `media/talk.mp4` -> `talk`.
    public static func baseName(_ path: String) -> String { withoutExtension(lastComponent(path)) }

    /// `folder` and `name` joined by one `/`; `name` alone when `folder` is empty.
    public static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path = path.dropLast() }
        return String(path)
    }
}
