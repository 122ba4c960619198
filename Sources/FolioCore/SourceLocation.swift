/// A place in a source file.
///
/// Lines and columns are 1-based. Columns count Unicode scalars (characters as an
/// author sees them in an editor), which is also libyaml's unit; cmark's byte columns
/// are converted at the C edge.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    /// The file's path relative to the content folder, with `/` separators.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = max(1, line)
        self.column = max(1, column)
    }

    /// The start of a file, for problems that concern the whole file.
    public static func startOf(_ file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line, a.column) < (b.file, b.line, b.column)
    }
}
