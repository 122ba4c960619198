import FolioCore
import Foundation

/// Plans `folio new chapter`, `folio new quiz` and `folio new deck`: the file's name,
/// number and id, and every reason to refuse, before anything is written.
public enum NewContent {
    /// What a plan makes, for the command to apply and report.
    public struct Plan: Sendable, Equatable {
        public var change: ContentChange
        /// The id of the new chapter, quiz or deck.
        public var id: String
        /// The new file's path inside the content folder.
        public var path: String
        /// A new chapter's number.
        public var number: Int?
        /// The quiz made with a chapter (`--with-quiz`).
        public var quizPath: String?
        /// The chapters that end with a new quiz: the one given with `--chapter`, or
        /// one that already named the quiz's id.
        public var chapters: [ContentInventory.Chapter] = []
    }

    /// The title the author meant: trimmed, one line, not empty.
    public static func title(_ text: String, kind: String) throws(AuthoringFailure) -> String {
        let title = text.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else {
            throw AuthoringFailure("the \(kind) needs a title: write it in quotes after the command, such as `folio new \(kind) \"Making Friends\"`")
        }
        guard !title.contains(where: \.isNewline) else { throw AuthoringFailure("the \(kind)'s title must be one line") }
        return title
    }

    /// The id: `given` when it is valid, or else made from the title.
    public static func id(title: String, given: String?, kind: String) throws(AuthoringFailure) -> String {
        if let given {
            guard ContentID.isValid(given) else {
                throw AuthoringFailure(
                    "`\(given)` cannot be a \(kind) id: ids use only lower-case letters, digits and single hyphens; try `\(ContentID.make(from: given) ?? "my-\(kind)")`"
                )
            }
            return given
        }
        guard let id = ContentID.make(from: title) else {
            throw AuthoringFailure(
                "Folio cannot make an id from the title \"\(title)\": ids use the letters a to z, digits and hyphens. Give one with `--id`, such as `--id my-\(kind)`"
            )
        }
        return id
    }

    /// A new chapter, numbered after every other, with its quiz when `withQuiz`.
    public static func chapter(
        title: String, id given: String?, withQuiz: Bool, in folder: ContentFolder, inventory: ContentInventory
    ) throws(AuthoringFailure) -> Plan {
        let title = try Self.title(title, kind: "chapter")
        let id = try Self.id(title: title, given: given, kind: "chapter")
        if let existing = inventory.chapter(id) {
            throw AuthoringFailure(
                "there is already a chapter `\(id)`: `\(folder.display(existing.path))`. Choose another title, or another id with `--id`")
        }
        let number = inventory.nextChapterNumber
        let digits = String(number)
        let path = "chapters/\(String(repeating: "0", count: max(0, 2 - digits.count)) + digits)-\(id).md"
        try mustBeNew(path, in: folder)
        var plan = Plan(change: ContentChange(), id: id, path: path, number: number)
        if withQuiz {
            try quizIDMustBeNew(id, in: folder, inventory: inventory)
            if let other = inventory.chapters(naming: id).first {
                throw AuthoringFailure(
                    "the chapter `\(other.id)` (`\(folder.display(other.path))`) already names the quiz `\(id)`, and a quiz ends one chapter only. Give this chapter another id with `--id`"
                )
            }
            let quizPath = "quizzes/\(id).yaml"
            plan.quizPath = quizPath
            plan.change.newFiles.append(.init(path: quizPath, text: ContentTemplate.quiz(title: "Test your knowledge", id: id)))
        }
        plan.change.newFiles.insert(.init(path: path, text: ContentTemplate.chapter(title: title, quiz: withQuiz ? id : nil)), at: 0)
        return plan
    }

    /// A new quiz; with `chapter`, also named in that chapter's front matter.
    public static func quiz(
        title: String, id given: String?, chapter: String?, in folder: ContentFolder, inventory: ContentInventory
    ) throws(AuthoringFailure) -> Plan {
        let title = try Self.title(title, kind: "quiz")
        let id = try Self.id(title: title, given: given, kind: "quiz")
        try quizIDMustBeNew(id, in: folder, inventory: inventory)
        let path = "quizzes/\(id).yaml"
        var plan = Plan(change: ContentChange(newFiles: [.init(path: path, text: ContentTemplate.quiz(title: title, id: id))]), id: id, path: path)
        let naming = inventory.chapters(naming: id)
        guard let chapter else {
            plan.chapters = naming
            return plan
        }
        guard let target = inventory.chapter(chapter) else {
            let suggestion = NearestName.find(chapter, among: inventory.chapters.map(\.id)).map { " Did you mean `\($0)`?" } ?? ""
            throw AuthoringFailure("there is no chapter `\(chapter)` in `\(folder.shown)`.\(suggestion)")
        }
        if let existing = target.quiz {
            throw AuthoringFailure(
                "the chapter `\(target.id)` already ends with the quiz `\(existing)` (its front matter says `quiz: \(existing)`), and a chapter has one quiz. Add the questions to that quiz, or choose another chapter"
            )
        }
        if target.hasQuizLine {
            throw AuthoringFailure(
                "the chapter `\(target.id)` has an empty `quiz:` line in its front matter: write `quiz: \(id)` there yourself after making the quiz without `--chapter`"
            )
        }
        if let other = naming.first(where: { $0.path != target.path }) {
            throw AuthoringFailure(
                "the chapter `\(other.id)` (`\(folder.display(other.path))`) already names the quiz `\(id)`, and a quiz ends one chapter only. Give the quiz another id with `--id`"
            )
        }
        let file = folder.url.appendingPathComponent(target.path)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw AuthoringFailure("cannot read `\(folder.display(target.path))`: check that you may read it")
        }
        let original = [UInt8](data)
        switch FrontMatterEdit.adding("quiz", id, after: ["summary", "title"], to: String(decoding: original, as: UTF8.self)) {
        case .success(let text):
            plan.change.edits.append(.init(path: target.path, original: original, text: text))
            plan.chapters = [target]
        case .failure(let problem):
            let shown = folder.display(target.path)
            switch problem {
            case .noFrontMatter: throw AuthoringFailure("`\(shown)` has no front matter to add `quiz: \(id)` to; `folio check` says how to give it one")
            case .unclosed: throw AuthoringFailure("the front matter of `\(shown)` is never closed; `folio check` shows where, fix it first")
            case .unreadable, .fieldPresent:
                throw AuthoringFailure(
                    "Folio cannot safely add `quiz: \(id)` to the front matter of `\(shown)`; make the quiz without `--chapter`, then add that line yourself")
            }
        }
        return plan
    }

    /// A new deck with two example cards.
    public static func deck(title: String, id given: String?, in folder: ContentFolder, inventory: ContentInventory) throws(AuthoringFailure) -> Plan {
        let title = try Self.title(title, kind: "deck")
        let id = try Self.id(title: title, given: given, kind: "deck")
        if let existing = inventory.decks[id] {
            throw AuthoringFailure("there is already a deck `\(id)`: `\(folder.display(existing))`. Choose another title, or another id with `--id`")
        }
        let path = "decks/\(id).yaml"
        try mustBeNew(path, in: folder)
        return Plan(change: ContentChange(newFiles: [.init(path: path, text: ContentTemplate.deck(title: title, id: id))]), id: id, path: path)
    }

    private static func quizIDMustBeNew(_ id: String, in folder: ContentFolder, inventory: ContentInventory) throws(AuthoringFailure) {
        if let existing = inventory.quizzes[id] {
            throw AuthoringFailure("there is already a quiz `\(id)`: `\(folder.display(existing))`. Choose another title, or another id with `--id`")
        }
        try mustBeNew("quizzes/\(id).yaml", in: folder)
    }

    private static func mustBeNew(_ path: String, in folder: ContentFolder) throws(AuthoringFailure) {
        if folder.exists(path) { throw AuthoringFailure("`\(folder.display(path))` already exists, and Folio never replaces a file") }
    }
}
