import Foundation

/// The text of one content file, kept so that diagnostics can quote its lines.
///
/// `folio build` keeps the text of chapters and quizzes on its ``TextShelf`` between the
/// stages that read it (``shelved(on:)``): a stage takes the file ``inMemory`` once, and
/// a message reads its line from the shelf.
public struct SourceFile: Sendable {
    /// Path relative to the content folder, with `/` separators.
    public let path: String
    /// The file's text, read from the shelf if it is there.
    public var text: String { storedText.text }
    private let storedText: ShelvedText
    /// The UTF-8 offset at which each line starts, found once: messages and every link
    /// and image of a chapter ask for lines and columns, and scanning from the start of
    /// the file for each would make a chapter with many links quadratic to check.
    /// Four bytes a line, in an array of just the right size: a large program holds every
    /// file's index while it is checked. (A content file is at most 2 MB; the lines of a
    /// text past 4 GB would all be counted as its last.)
    private let lineStarts: [UInt32]

    public init(path: String, text: String) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        storedText = ShelvedText(text)
        var starts: [UInt32] = [0]
        // Line breaks found by `memchr`, which reads many bytes at a time: every content
        // file is indexed as it is read, counted first so that the index is made once.
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = min(bytes.count, Int(UInt32.max))
            func forEachLineStart(_ body: (Int) -> Void) {
                var offset = 0
                while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    body(offset)
                }
            }
            var lines = 1
            forEachLineStart { _ in lines += 1 }
            starts.reserveCapacity(lines)
            forEachLineStart { starts.append(UInt32($0)) }
        }
        lineStarts = starts
    }

    private init(path: String, storedText: ShelvedText, lineStarts: [UInt32]) {
        self.path = path
        self.storedText = storedText
        self.lineStarts = lineStarts
    }

    /// The same file with its text put on `shelf` (kept in memory when there is none, or
    /// it does not take it); its line index stays in memory.
    package func shelved(on shelf: (any TextShelf)?) -> SourceFile {
        guard let shelf, !storedText.isShelved else { return self }
        return SourceFile(path: path, storedText: ShelvedText(text, on: shelf), lineStarts: lineStarts)
    }

    /// The same file with its text in memory: read from the shelf once, for a stage that
    /// reads it throughout.
    public var inMemory: SourceFile {
        storedText.isShelved ? SourceFile(path: path, storedText: ShelvedText(text), lineStarts: lineStarts) : self
    }

    /// The same file with the start of its text in memory (``ShelvedText/head(_:)``), and
    /// whether that is all of it: for a stage that reads only how a file begins.
    package func inMemory(upTo maxBytes: Int) -> (file: SourceFile, isWhole: Bool) {
        guard storedText.isShelved else { return (self, true) }
        let head = storedText.head(maxBytes)
        return (SourceFile(path: path, storedText: ShelvedText(head), lineStarts: lineStarts), head.utf8.count == storedText.utf8Count)
    }

    /// Calls `body` with the text's UTF-8 bytes, read from the shelf if it is there.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result { storedText.withUTF8(body) }

    /// Whether the text is on a shelf rather than in memory.
    public var isShelved: Bool { storedText.isShelved }

    /// How many lines the file has (a final line break starts an empty last line).
    public var lineCount: Int { lineStarts.count }

    /// The UTF-8 bytes of a 1-based line, without its line break; nil past the end.
    private func lineRange(_ number: Int, in text: String) -> Range<Int>? {
        // Within the text as read: a shelf that could not give it back gives none (and
        // the build stops with that failure).
        let count = text.utf8.count
        guard number >= 1, number <= lineStarts.count, Int(lineStarts[number - 1]) <= count else { return nil }
        let start = Int(lineStarts[number - 1])
        var end = number < lineStarts.count ? min(Int(lineStarts[number]) - 1, count) : count
        if end > start, text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: end - 1)] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The text of a 1-based line, without its line break; nil past the end.
    public func line(_ number: Int) -> String? {
        let text = self.text
        guard let range = lineRange(number, in: text) else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return String(text[start..<end])
    }

    /// The 1-based column, in Unicode scalars, of the 1-based UTF-8 byte column
    /// `byteColumn` on line `number`; the byte column itself when the line is unknown.
    public func column(ofByte byteColumn: Int, onLine number: Int) -> Int {
        var columns = ScalarColumns(self)
        return columns.column(ofByte: byteColumn, onLine: number)
    }

    /// Converts byte columns to scalar columns for places visited in order (the nodes of
    /// a Markdown document): each question continues counting where the last one
    /// stopped, so many places on one long line cost one pass over it.
    public struct ScalarColumns {
        let file: SourceFile
        /// Whether the text is ASCII, where a byte column is the column (most files are).
        private let isASCII: Bool
        private var line = 0
        private var byteOffset = 0
        private var scalars = 0

        public init(_ file: SourceFile) {
            self.file = file.inMemory
            var text = self.file.text
            isASCII = text.withUTF8 { bytes in
                ByteScan.next(in: bytes, from: 0, marks: ByteScan.nonASCII) == bytes.count
            }
        }

        /// As ``SourceFile/column(ofByte:onLine:)``.
        public mutating func column(ofByte byteColumn: Int, onLine number: Int) -> Int {
            if isASCII { return max(1, byteColumn) }
            guard let range = file.lineRange(number, in: file.text), byteColumn > 1 else { return max(1, byteColumn) }
            let target = min(range.lowerBound + byteColumn - 1, range.upperBound)
            if number != line || target < byteOffset {
                line = number
                byteOffset = range.lowerBound
                scalars = 0
            }
            file.text.utf8.withContiguousStorageIfAvailable { bytes in
                // Every byte that does not continue a character starts one.
                for offset in byteOffset..<target where bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
            }
            byteOffset = target
            return scalars + 1 + (range.lowerBound + byteColumn - 1 - target)
        }
    }
}

/// The source files of one run, by path, for quoting lines in messages.
public struct SourceStore: Sendable {
    public private(set) var files: [String: SourceFile] = [:]
    public init() {}
    public mutating func add(_ file: SourceFile) { files[file.path] = file }
    /// Lets go of a file's text: no message can quote its lines after this.
    public mutating func remove(_ path: String) { files[path] = nil }
    public func line(_ number: Int, of path: String) -> String? { files[path]?.line(number) }

    /// Only the files `diagnostics` quote lines of: a command that has compiled a large
    /// program and goes on to write it needs no other file's text.
    public func quoted(by diagnostics: [Diagnostic]) -> SourceStore {
        var kept = SourceStore()
        for diagnostic in diagnostics {
            for path in diagnostic.files where kept.files[path] == nil {
                if let file = files[path] { kept.add(file) }
            }
        }
        return kept
    }
}

extension DiagnosticCode {
    public static let fileTooLarge = DiagnosticCode("file-too-large", .error, .files)
    public static let fileNotUTF8 = DiagnosticCode("file-not-utf8", .error, .files)
    public static let fileUnreadable = DiagnosticCode("file-unreadable", .error, .files)
}
