import FolioCore
import FolioSyntax
import Foundation

/// Plans `folio pin-ids`: writes into the content files the ids that questions, choices,
/// cards and the program have now without stating them, so that their words can then be
/// edited without leaving learners' progress behind.
///
/// Each id is inserted as a line `id: ...` before the first field of its item, lined up
/// with it (`- id: x` then the item's fields below it); an item written as `{ ... }`
/// gets `id: x, ` after its brace. Nothing else in a file changes: its comments, blank
/// lines, quotes and line ends stay as they are. The ids come from the program as it
/// builds (``Ids``); the command checks the result builds with the very same ids before
/// writing.
public enum IDPinning {
    /// The ids a program has now: each quiz's questions, in order, each with its
    /// choices' ids; each deck's cards; the program's id when `folio.yaml` states none.
    public struct Ids: Sendable {
        public var program: String?
        /// Quiz id -> question ids in order, each with its choice ids in order.
        public var quizzes: [String: [(question: String, choices: [String])]]
        /// Deck id -> card ids in order.
        public var decks: [String: [String]]

        public init(program: String?, quizzes: [String: [(question: String, choices: [String])]], decks: [String: [String]]) {
            self.program = program
            self.quizzes = quizzes
            self.decks = decks
        }
    }

    /// What a file gets.
    public struct Pinned: Sendable, Equatable {
        public var path: String
        public var questions = 0
        public var choices = 0
        public var cards = 0
        public var program = false
    }

    /// The edits for `files` (path -> bytes, as on disk): a change to apply, and what each
    /// edited file gets. Files whose items all state ids are left out.
    public static func plan(_ ids: Ids, files: [String: [UInt8]]) -> (change: ContentChange, pinned: [Pinned]) {
        var change = ContentChange()
        var pinned: [Pinned] = []
        for path in files.keys.sorted() {
            guard let bytes = files[path], let original = String(validating: bytes, as: UTF8.self) else { continue }
            // A lone CR ends a line for Folio but not for the line arithmetic here: such a
            // file is left as it is.
            if original.utf8.enumerated().contains(where: { $0.element == 0x0D && ($0.offset + 1 >= bytes.count || bytes[$0.offset + 1] != 0x0A) }) {
                continue
            }
            guard let root = yamlRoot(original, path: path), case .mapping(let pairs) = root.kind else { continue }
            // The file's id, as the compiler gives it: stated, else from the file's name.
            var fileID = ContentID.fromFileName(ContentPath.lastComponent(path)).id
            if let stated = pairs.first(where: { $0.key == "id" }), case .scalar(let text, _) = stated.value.kind { fileID = text }
            var insertions: [Insertion] = []
            var report = Pinned(path: path)
            if path == "folio.yaml", let program = ids.program, !pairs.contains(where: { $0.key == "id" }),
                let title = pairs.first(where: { $0.key == "title" })
            {
                insertions.append(Insertion(at: title.keyLocation, id: program))
                report.program = true
            }
            if path.hasPrefix("quizzes/"), let questions = ids.quizzes[fileID], let list = pairs.first(where: { $0.key == "questions" }),
                case .sequence(let items) = list.value.kind,
                items.count == questions.count
            {
                for (item, ids) in zip(items, questions) {
                    guard case .mapping(let fields) = item.kind else { continue }
                    if let first = fields.first, !fields.contains(where: { $0.key == "id" }) {
                        insertions.append(Insertion(at: first.keyLocation, id: ids.question))
                        report.questions += 1
                    }
                    guard let list = fields.first(where: { $0.key == "choices" }), case .sequence(let choices) = list.value.kind,
                        choices.count == ids.choices.count
                    else { continue }
                    for (choice, id) in zip(choices, ids.choices) {
                        guard case .mapping(let fields) = choice.kind, let first = fields.first, !fields.contains(where: { $0.key == "id" }) else { continue }
                        insertions.append(Insertion(at: first.keyLocation, id: id))
                        report.choices += 1
                    }
                }
            }
            if path.hasPrefix("decks/"), let cards = ids.decks[fileID], let list = pairs.first(where: { $0.key == "cards" }),
                case .sequence(let items) = list.value.kind,
                items.count == cards.count
            {
                for (item, id) in zip(items, cards) {
                    guard case .mapping(let fields) = item.kind, let first = fields.first, !fields.contains(where: { $0.key == "id" }) else { continue }
                    insertions.append(Insertion(at: first.keyLocation, id: id))
                    report.cards += 1
                }
            }
            guard !insertions.isEmpty, let edited = apply(insertions, to: original) else { continue }
            change.edits.append(.init(path: path, original: bytes, text: edited))
            pinned.append(report)
        }
        return (change, pinned)
    }

    /// A file's YAML as Folio reads it: without a byte-order mark, `\r\n` read as `\n`.
    public static func yamlRoot(_ text: String, path: String) -> YAMLNode? {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return YAMLReader().read(text, file: path).root
    }

    /// `id: <id>` before the field at `location`.
    struct Insertion {
        var at: SourceLocation
        var id: String
    }

    /// The text with each insertion made, the last first so that earlier places stay
    /// where they were read; nil if a place is not where the YAML said.
    static func apply(_ insertions: [Insertion], to original: String) -> String? {
        let lineEnd = original.utf8.contains(0x0D) ? "\r\n" : "\n"
        // Split by bytes: as Characters, `\r\n` is one, which no `\n` would split.
        var lines = original.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let bom = original.hasPrefix("\u{FEFF}")
        for insertion in insertions.sorted(by: { ($0.at.line, $0.at.column) > ($1.at.line, $1.at.column) }) {
            let row = insertion.at.line - 1
            guard lines.indices.contains(row) else { return nil }
            var line = lines[row]
            // Columns count characters, after a byte-order mark on the first line.
            let column = insertion.at.column - 1 + (row == 0 && bom ? 1 : 0)
            guard column >= 0, column < line.count else { return nil }
            let index = line.index(line.startIndex, offsetBy: column)
            // In a `{ ... }` item the field follows `{` or `,`; in a block it starts a line
            // or follows `- `.
            let before = line[..<index].last { !$0.isWhitespace }
            let flow = before == "{" || before == ","
            let text = flow ? "id: \(insertion.id), " : "id: \(insertion.id)" + lineEnd + String(repeating: " ", count: column)
            line.insert(contentsOf: text, at: index)
            lines[row] = line
        }
        return lines.joined(separator: "\n")
    }
}
