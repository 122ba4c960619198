import FolioCore
import FolioSyntax
import Foundation

/// Replaces texts of a content file where they are written, leaving every other byte as
/// it is: comments, ids, order, and the quoting of what does not change.
enum TextReplacement {
    /// `text` with each place's words replaced.
    static func apply(_ replacements: [(place: ContentText.Place, text: String)], to text: String) -> String {
        let positions = TextPositions(text)
        var bytes = positions.bytes
        let ranges = replacements.map { replacement -> (Range<Int>, [UInt8]) in
            switch replacement.place {
            case .body(let offset):
                return (offset..<bytes.count, Array(replacement.text.utf8))
            case .line(let range, _):
                return (range, Array(replacement.text.utf8))
            case .scalar(let start, let end, let style, let inFlow):
                let range = positions.offset(start)..<positions.offset(end)
                let written = String(decoding: bytes[range], as: UTF8.self)
                let column = start.column - 1
                return (
                    range,
                    Array(scalar(replacement.text, like: style, inFlow: inFlow, written: written, column: column, positions: positions, start: start).utf8)
                )
            case .list(let start, let end):
                let answers = ContentPO.answers(replacement.text)
                return (positions.offset(start)..<positions.offset(end), Array(("[" + answers.map { flowItem($0) }.joined(separator: ", ") + "]").utf8))
            }
        }
        for (range, replacement) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: replacement)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` written as a scalar in the style of the one it replaces, when that style can
    /// hold it: a block scalar stays a block at its indentation, a plain one plain unless
    /// the words need quotes, a quoted one in its quotes.
    static func scalar(
        _ text: String, like style: YAMLNode.ScalarStyle, inFlow: Bool, written: String, column: Int, positions: TextPositions, start: SourceLocation
    ) -> String {
        switch style {
        case .literal, .folded:
            if let block = literalBlock(text, replacing: written, positions: positions, start: start) { return block }
            return YAMLQuoting.doubleQuoted(text)
        case .plain:
            return canBePlain(text, inFlow: inFlow) ? text : YAMLQuoting.doubleQuoted(text)
        case .singleQuoted:
            return text.contains("\n") ? YAMLQuoting.doubleQuoted(text) : "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .doubleQuoted:
            return YAMLQuoting.doubleQuoted(text)
        }
    }

    /// `text` as a literal block (`|`) at the indentation of the block it replaces, with
    /// the blank lines that followed that block; nil when a literal block cannot say it
    /// as it is (a first line that starts with a space, trailing blank lines, a control
    /// character).
    static func literalBlock(_ text: String, replacing written: String, positions: TextPositions, start: SourceLocation) -> String? {
        guard !text.isEmpty, !text.hasPrefix(" "), !text.hasSuffix("\n\n"),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" })
        else { return nil }
        // The indentation of the block's first line of text, the line after its `|`.
        let lineBelow = start.line
        guard lineBelow < positions.lineStarts.count else { return nil }
        var indent = 0
        var offset = positions.lineStarts[lineBelow]
        while offset < positions.bytes.count, positions.bytes[offset] == UInt8(ascii: " ") {
            indent += 1
            offset += 1
        }
        guard indent > 0 else { return nil }
        let margin = String(repeating: " ", count: indent)
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : margin + $0 }
        // What the block's reader took in after the text (blank lines) stays after it.
        var trailing = Substring(written)
        while let last = trailing.last, last == " " || last == "\n" { trailing = trailing.dropLast() }
        let kept = written.dropFirst(trailing.count).drop { $0 != "\n" }
        let after = kept.isEmpty ? "\n" : String(kept)
        return (text.hasSuffix("\n") ? "|" : "|-") + "\n" + lines.joined(separator: "\n") + after
    }

    /// Whether `text` reads back as itself written without quotes, where it is.
    static func canBePlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\n") || text.contains("\t") { return false }
        if inFlow, text.contains(where: { ",[]{}".contains($0) }) { return false }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        if YAMLScalar.isNull(text) || YAMLScalar.bool(text) != nil || Double(text) != nil || Int(text) != nil { return false }
        return !["y", "n", "yes", "no", "on", "off"].contains(text.lowercased())
    }

    /// An answer of a flow list (`[a, b]`).
    static func flowItem(_ text: String) -> String { canBePlain(text, inFlow: true) ? text : YAMLQuoting.doubleQuoted(text) }
}
