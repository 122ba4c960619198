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
    /// choices' ids, and its reflection questions; each deck's cards; the program's id
    /// when `folio.yaml` states none.
    public struct Ids: Sendable {
        public var program: String?
        /// Quiz id -> graded question ids in order, each with its choice ids in order.
        public var quizzes: [String: [(question: String, choices: [String])]]
        /// Quiz id -> reflection question ids in order. The bundle keeps them apart from
        /// the graded questions, but in the file they stand among them.
        public var reflections: [String: [String]]
        /// Deck id -> card ids in order.
        public var decks: [String: [String]]

        public init(
            program: String?, quizzes: [String: [(question: String, choices: [String])]], reflections: [String: [String]] = [:],
            decks: [String: [String]]
        ) {
            self.program = program
            self.quizzes = quizzes
            self.reflections = reflections
            self.decks = decks
        }
    }

    /// What a file gets.
    public struct Pinned: Sendable, Equatable {
        public var path: String
        public var questions = 0
        public var reflections = 0
        public var choices = 0
        public var cards = 0
        public var program = false
    }

    /// A file with items to pin that is left as it is, and why, in words for its author.
    public struct Skipped: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    /// The edits for `files` (path -> bytes, as on disk): a change to apply, what each
    /// edited file gets, and the files that have items without ids but are left as they
    /// are, each with its reason. Files whose items all state ids are left out.
    public static func plan(_ ids: Ids, files: [String: [UInt8]]) -> (change: ContentChange, pinned: [Pinned], skipped: [Skipped]) {
        var change = ContentChange()
        var pinned: [Pinned] = []
        var skipped: [Skipped] = []
        for path in files.keys.sorted() {
            guard let bytes = files[path], let original = String(validating: bytes, as: UTF8.self) else { continue }
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
                case .sequence(let items) = list.value.kind
            {
                let reflections = ids.reflections[fileID] ?? []
                // The build keeps reflection questions apart from graded ones; here each
                // item takes the next id of its own kind, in the file's order.
                let kinds = items.map(isReflection)
                guard kinds.filter({ $0 }).count == reflections.count, kinds.filter({ !$0 }).count == questions.count else {
                    if items.contains(where: lacksID) {
                        skipped.append(Skipped(path: path, reason: "its questions are not the ones the program builds; nothing was written to it"))
                    }
                    continue
                }
                var nextQuestion = questions.makeIterator()
                var nextReflection = reflections.makeIterator()
                for (item, reflection) in zip(items, kinds) {
                    if reflection {
                        guard let id = nextReflection.next() else { break }
                        if case .mapping(let fields) = item.kind, let first = fields.first, !fields.contains(where: { $0.key == "id" }) {
                            insertions.append(Insertion(at: first.keyLocation, id: id))
                            report.reflections += 1
                        }
                        continue
                    }
                    guard let ids = nextQuestion.next() else { break }
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
                case .sequence(let items) = list.value.kind
            {
                guard items.count == cards.count else {
                    if items.contains(where: lacksID) {
                        skipped.append(Skipped(path: path, reason: "its cards are not the ones the program builds; nothing was written to it"))
                    }
                    continue
                }
                for (item, id) in zip(items, cards) {
                    guard case .mapping(let fields) = item.kind, let first = fields.first, !fields.contains(where: { $0.key == "id" }) else { continue }
                    insertions.append(Insertion(at: first.keyLocation, id: id))
                    report.cards += 1
                }
            }
            guard !insertions.isEmpty else { continue }
            // A lone CR ends a line for Folio but not for the line arithmetic here: such a
            // file is left as it is.
            if original.utf8.enumerated().contains(where: { $0.element == 0x0D && ($0.offset + 1 >= bytes.count || bytes[$0.offset + 1] != 0x0A) }) {
                skipped.append(Skipped(path: path, reason: "some of its lines end with a carriage return alone; save it with ordinary line ends first"))
                continue
            }
            guard let edited = apply(insertions, to: original) else {
                skipped.append(Skipped(path: path, reason: "its items are not where its YAML says; nothing was written to it"))
                continue
            }
            change.edits.append(.init(path: path, original: bytes, text: edited))
            pinned.append(report)
        }
        return (change, pinned, skipped)
    }

    /// Whether a quiz's item is a reflection question, as the compiler tells them apart.
    static func isReflection(_ item: YAMLNode) -> Bool {
        guard case .mapping(let fields) = item.kind, let type = fields.first(where: { $0.key == "type" }),
            case .scalar(let text, _) = type.value.kind
        else { return false }
        return text == "reflection"
    }

    /// Whether an item of a list states no id.
    static func lacksID(_ item: YAMLNode) -> Bool {
        guard case .mapping(let fields) = item.kind else { return false }
        return !fields.contains { $0.key == "id" }
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
