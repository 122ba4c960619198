import FolioSyntax
import Foundation

/// Adds a line to a Markdown file's front matter, touching nothing else: the line goes
/// right after the field it belongs with (`quiz:` after `summary:`, else `title:`), so
/// that it is seen at the top rather than after long notes; without that field, just
/// before the closing `---`. The file's own line ends, its comments and a leading BOM
/// stay. The result is read back to make sure the front matter still holds every field
/// it had, in order, and the new one where it was meant to go.
enum FrontMatterEdit {
    /// Why the line could not be added.
    enum Problem: Error, Equatable {
        /// The file does not start with a `---` line.
        case noFrontMatter
        /// The front matter is never closed.
        case unclosed
        /// The front matter is not a list of `name: value` fields Folio can read.
        case unreadable
        /// The front matter already has a field `key`.
        case fieldPresent
    }

    /// `text` with `key: value` added to its front matter after the first of the fields
    /// `after` it has (with that field's value, however many lines it takes), or else as
    /// the last field.
    static func adding(_ key: String, _ value: String, after: [String] = [], to text: String) -> Result<String, Problem> {
        let before: [FieldPair]
        switch fields(of: text) {
        case .success(let pairs): before = pairs
        case .failure(let problem): return .failure(problem)
        }
        if before.contains(where: { $0.key == key }) { return .failure(.fieldPresent) }

        var bytes = Array(text.utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = bytes.starts(with: bom) ? 3 : 0
        let crlf = bytes.indices.contains { $0 > 0 && bytes[$0] == 0x0A && bytes[$0 - 1] == 0x0D }
        // Line starts; the closing fence is the first line after the first that is
        // `---` or `...` (trailing spaces and tabs allowed), as FrontMatter reads it.
        var lineStarts = [start]
        for index in start..<bytes.count where bytes[index] == 0x0A { lineStarts.append(index + 1) }
        func line(_ number: Int) -> String {
            let from = lineStarts[number]
            var to = number + 1 < lineStarts.count ? lineStarts[number + 1] : bytes.count
            while to > from, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[to - 1]) { to -= 1 }
            return String(decoding: bytes[from..<to], as: UTF8.self)
        }
        guard let closing = (1..<lineStarts.count).first(where: { line($0) == "---" || line($0) == "..." }) else { return .failure(.unclosed) }
        // The field to follow, with the line it starts on (written plainly at the left
        // edge; one written otherwise is left alone and the new field goes last).
        let anchor = after.lazy.compactMap { name in
            before.contains { $0.key == name } ? (1..<closing).first { line($0).hasPrefix(name + ":") }.map { (name, $0) } : nil
        }.first
        var insertion = closing
        if let (_, fieldLine) = anchor {
            // The field's value goes on while lines are indented (a block or a long value
            // written on several lines); blank lines count only when more of it follows.
            // A note at the left edge after it is about what comes next, and stays there.
            var last = fieldLine
            for number in (fieldLine + 1)..<closing {
                guard let first = bytes[lineStarts[number]...].first, first == 0x20 || first == 0x09 || line(number).isEmpty else { break }
                if !line(number).isEmpty { last = number }
            }
            insertion = last + 1
        }
        bytes.insert(contentsOf: Array("\(key): \(value)\(crlf ? "\r\n" : "\n")".utf8), at: lineStarts[insertion])
        let edited = String(decoding: bytes, as: UTF8.self)

        var expected = before
        let position = anchor.flatMap { name, _ in before.firstIndex { $0.key == name } }.map { $0 + 1 } ?? before.count
        expected.insert(FieldPair(key: key, value: value), at: position)
        guard case .success(let read) = fields(of: edited), read == expected else { return .failure(.unreadable) }
        return .success(edited)
    }

    /// A top-level field as read: its name and, for a single value, the value without
    /// the line breaks that end it (a block scalar that was the last field gains one when
    /// a field follows it, in the front matter as read, not in the file).
    struct FieldPair: Equatable {
        var key: String
        var value: String?
    }

    /// The top-level fields of `text`'s front matter.
    static func fields(of text: String) -> Result<[FieldPair], Problem> {
        var normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        if normalized.hasPrefix("\u{FEFF}") { normalized.removeFirst() }
        guard case .success(let split) = FrontMatter.split(normalized) else { return .failure(.unclosed) }
        guard let yaml = split.yaml else { return .failure(.noFrontMatter) }
        let read = YAMLReader().read(yaml, file: "")
        guard read.diagnostics.isEmpty, case .mapping(let pairs)? = read.root?.kind else { return .failure(.unreadable) }
        return .success(
            pairs.map { pair in
                if case .scalar(var value, _) = pair.value.kind {
                    while value.hasSuffix("\n") { value.removeLast() }
                    return FieldPair(key: pair.key, value: value)
                }
                return FieldPair(key: pair.key, value: nil)
            })
    }
}
