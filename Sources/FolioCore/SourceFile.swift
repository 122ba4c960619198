/// The text of one content file, kept so that diagnostics can quote its lines.
public struct SourceFile: Sendable {
    /// Path relative to the content folder, with `/` separators.
    public let path: String
    public let text: String
    /// Byte offset (UTF-8) of the start of each line, for quoting lines quickly.
    private let lineStarts: [String.UTF8View.Index]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var starts = [text.utf8.startIndex]
        var index = text.utf8.startIndex
        while index != text.utf8.endIndex {
            let byte = text.utf8[index]
            index = text.utf8.index(after: index)
            if byte == UInt8(ascii: "\n") { starts.append(index) }
        }
        lineStarts = starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line, without its line break; nil past the end.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? text.utf8.index(before: lineStarts[number]) : text.utf8.endIndex
        if end > start, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = text.utf8.index(before: end)
        }
        return String(text[start..<end])
    }
}

/// The source files of one run, by path, for quoting lines in messages.
public struct SourceStore: Sendable {
    public private(set) var files: [String: SourceFile] = [:]
    public init() {}
    public mutating func add(_ file: SourceFile) { files[file.path] = file }
    public func line(_ number: Int, of path: String) -> String? { files[path]?.line(number) }
}
