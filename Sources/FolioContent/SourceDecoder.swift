import FolioCore
import Foundation

/// Turns the bytes of a text file into a ``SourceFile`` by the rules every Folio input
/// follows: at most 2 MB, UTF-8 only (reported at the first bad byte), a leading BOM
/// dropped, `\r\n` and `\r` read as `\n`.
///
/// Content files and imported files go through this one place, so that both get the
/// same limits and the same messages.
public enum SourceDecoder {
    /// Largest text file accepted. Real chapters and quizzes are a few kilobytes; a
    /// bigger file is almost always a mistake (a pasted export, a binary file).
    public static let maxFileSize = 2 * 1024 * 1024

    /// One file, decoded: the file, or the problem that kept it from being read.
    public struct Result: Sendable {
        public init(file: SourceFile? = nil, diagnostics: [Diagnostic] = [], quotable: SourceFile? = nil) {
            self.file = file
            self.diagnostics = diagnostics
            self.quotable = quotable
        }

        /// The text, when it could be read.
        public var file: SourceFile?
        /// Why the file could not be read.
        public var diagnostics: [Diagnostic] = []
        /// A readable copy of a file that is not UTF-8, so its message can quote the line.
        public var quotable: SourceFile?
    }

    /// The problem of a file of `size` bytes, more than ``maxFileSize``.
    public static func tooLarge(size: Int, path: String) -> Result {
        let shown = size >= 10 * 1024 * 1024 ? "\(size / 1024 / 1024) MB" : "\(size / 1024) KB"
        return Result(
            diagnostics: [
                Diagnostic(
                    .fileTooLarge, at: .startOf(path), "this file is \(shown); Folio reads text files of at most \(maxFileSize / 1024 / 1024) MB",
                    help: "split it into smaller files, or check that it really is a text file")
            ])
    }

    /// Decodes `data`, the bytes of the file at `path` (the path messages show).
    public static func decode(_ data: Data, path: String) -> Result {
        if data.count > maxFileSize { return tooLarge(size: data.count, path: path) }
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        // The text is what the standard library's check makes of the bytes where they lie:
        // one pass over each file's bytes. The slow check only finds where bytes failed it.
        let (validated, hasReturn) = data.withUnsafeBytes { raw -> (String?, Bool) in
            let bytes = UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...])
            let hasReturn = bytes.baseAddress.map { memchr($0, 0x0D, bytes.count) != nil } ?? false
            return (String(validating: bytes, as: UTF8.self), hasReturn)
        }
        let bytes = validated == nil ? [UInt8](data.dropFirst(start)) : []
        if validated == nil, let bad = firstInvalidUTF8(bytes) {
            return Result(
                diagnostics: [
                    Diagnostic(
                        .fileNotUTF8, at: SourceLocation(file: path, line: bad.line, column: bad.column),
                        "this file is not UTF-8 text: the byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)) here is not a UTF-8 character (the file was probably saved as Latin-1 or Windows-1252)",
                        help: "open the file in your editor and save it with the encoding \"UTF-8\"")
                ],
                quotable: SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self)))
        }
        var text = validated ?? String(decoding: bytes, as: UTF8.self)
        if hasReturn {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        let file = SourceFile(path: path, text: text)
        let controls = ControlCharacter.find(in: text)
        guard controls.isEmpty else {
            return Result(
                diagnostics: controls.map { ControlCharacter.diagnostic($0.character, at: SourceLocation(file: path, line: $0.line, column: $0.column)) },
                quotable: file)
        }
        return Result(file: file)
    }

    /// The place of the first byte that is not valid UTF-8, or nil when all are.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> (offset: Int, line: Int, column: Int)? {
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            var length = 0
            if b < 0x80 {
                length = 1
            } else if b >= 0xC2 && b <= 0xDF {
                length = 2
            } else if b >= 0xE0 && b <= 0xEF {
                length = 3
            } else if b >= 0xF0 && b <= 0xF4 {
                length = 4
            }
            if length == 0 || i + length > bytes.count { return (i, line, column) }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return (i, line, column) }
            if length == 3 {
                let v = (UInt32(b & 0x0F) << 12) | (UInt32(bytes[i + 1] & 0x3F) << 6)
                if v < 0x800 || (v >= 0xD800 && v <= 0xDFFF) { return (i, line, column) }
            } else if length == 4 {
                let v = (UInt32(b & 0x07) << 18) | (UInt32(bytes[i + 1] & 0x3F) << 12)
                if v < 0x10000 || v > 0x10FFFF { return (i, line, column) }
            }
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += length
        }
        return nil
    }
}
