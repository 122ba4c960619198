/// The text of one content file, kept so that diagnostics can quote its lines.
public struct SourceFile: Sendable {
    /// Path relative to the content folder, with `/` separators.
    public let path: String
    public let text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The text of a 1-based line, without its line break; nil past the end. Lines are
    /// found by scanning: only messages and the few links of a chapter ask for them.
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        let bytes = text.utf8
        var start = bytes.startIndex
        var current = 1
        while current < number {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = bytes.index(after: newline)
            current += 1
        }
        var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        if end > start, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") { end = bytes.index(before: end) }
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
