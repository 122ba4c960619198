import FolioCore
import FolioModel

/// Rules across files: ids unique within their kind, chapters naming quizzes that exist
/// and that no other chapter names, quizzes used, orders distinct.
enum ProgramRules {
    static func uniqueIDs<Item>(
        _ items: [Item], kind: String, id: (Item) -> String, location: (Item) -> SourceLocation, diagnostics: inout DiagnosticList
    ) -> [Item] {
        // The place of the first item with each id: the items themselves are given back as
        // they are when no id comes twice, rather than copied one by one into a new list.
        var seen: [String: Int] = [:]
        seen.reserveCapacity(items.count)
        var repeated = Set<Int>()
        for (index, item) in items.enumerated() {
            let itemID = id(item)
            if let first = seen[itemID] {
                diagnostics.error(
                    .duplicateID, at: location(item), "another \(kind) already has the id `\(itemID)`",
                    help: "ids must be unique: rename one of the files, or give one an `id:` of its own",
                    notes: [.init(location: location(items[first]), message: "the other \(kind) with the id `\(itemID)`")])
                repeated.insert(index)
            } else {
                seen[itemID] = index
            }
        }
        guard !repeated.isEmpty else { return items }
        return items.indices.filter { !repeated.contains($0) }.map { items[$0] }
    }

    /// Checks each chapter's `quiz:`; returns quiz id -> chapter id for the chapters built.
    static func chapterQuizzes(
        _ chapters: [ParsedChapter], allChapters: [ParsedChapter], quizzes: [CheckedQuiz], quizzesSavedAsText: [String: String] = [:],
        deckIDs: Set<String>, unreadQuizIDs: Set<String>, someChapterUnread: Bool, diagnostics: inout DiagnosticList
    ) -> [String: String] {
        let quizIDs = Set(quizzes.map(\.quiz.id))
        var owner: [String: ParsedChapter] = [:]
        // Quizzes a chapter names under a misspelt id: the "did you mean" names them, so
        // they are not also reported as named by no chapter.
        var meant: Set<String> = []
        var candidates: NearestName.Candidates?
        for chapter in chapters {
            guard let quiz = chapter.quiz, let at = chapter.quizLocation else { continue }
            if unreadQuizIDs.contains(quiz) { continue }
            if let saved = quizzesSavedAsText[quiz], !quizIDs.contains(quiz) {
                // The file is there, with the wrong ending: renaming it is the whole fix.
                let meantName = ContentPath.lastComponent(ContentPath.withoutExtension(saved))
                diagnostics.error(
                    .chapterQuizMissing, at: at,
                    "the quiz `\(quiz)` is saved as `\(saved)`: the editor added `.txt` to its name, so Folio does not read it",
                    help: "rename `\(saved)` to `\(meantName)`; Finder and File Explorer show whole file names once \"file name extensions\" are turned on")
                continue
            }
            guard quizIDs.contains(quiz) else {
                // Sorted and prepared once, the first time: when the quizzes were renamed,
                // every chapter names one that is missing.
                if candidates == nil { candidates = NearestName.Candidates(quizIDs.sorted()) }
                if let suggested = missingQuiz(quiz, at: at, candidates: candidates!, quizIDs: quizIDs, deckIDs: deckIDs, diagnostics: &diagnostics) {
                    meant.insert(suggested)
                }
                continue
            }
            if let first = owner[quiz] {
                diagnostics.error(
                    .chapterQuizShared, at: at, "the quiz `\(quiz)` already ends the chapter `\(first.id)`; a quiz belongs to one chapter",
                    help: "make a copy of the quiz with its own id for this chapter",
                    notes: [.init(location: first.quizLocation!, message: "`\(first.id)` names the same quiz here")])
                continue
            }
            owner[quiz] = chapter
        }
        // A quiz named only by a draft left out of this build is not reported as unused,
        // nor is any quiz while a chapter could not be read (it may be the one naming it).
        guard !someChapterUnread else { return owner.mapValues(\.id) }
        let namedByAny = Set(allChapters.compactMap(\.quiz))
        for quiz in quizzes where owner[quiz.quiz.id] == nil && !namedByAny.contains(quiz.quiz.id) && !meant.contains(quiz.quiz.id) {
            diagnostics.warning(
                .quizUnused, at: quiz.location, "no chapter names the quiz `\(quiz.quiz.id)`, so learners will not find it at the end of a chapter",
                help: "add `quiz: \(quiz.quiz.id)` to the front matter of the chapter it belongs to")
        }
        return owner.mapValues(\.id)
    }

    /// Reports a chapter's `quiz:` that names no quiz, with the quiz most likely meant;
    /// returns that quiz's id, if there is one.
    private static func missingQuiz(
        _ quiz: String, at: SourceLocation, candidates: NearestName.Candidates, quizIDs: Set<String>, deckIDs: Set<String>,
        diagnostics: inout DiagnosticList
    ) -> String? {
        // A misspelt id, or one cut short (`saying-no` for `saying-no-to-peer-pressure`).
        if let near = NearestName.find(quiz, among: candidates) ?? NearestName.extending(quiz, among: candidates.names) {
            diagnostics.error(
                .chapterQuizMissing, at: at, "there is no quiz with the id `\(quiz)`; did you mean `\(near)`?", help: "change it to `quiz: \(near)`")
            return near
        } else if let named = Identifier.nearest(quiz, among: candidates, ids: quizIDs) {
            diagnostics.error(
                .chapterQuizMissing, at: at, "there is no quiz with the id `\(quiz)`; did you mean `\(named)`?",
                help: "name the quiz by its id, which is its file name without `.yaml`: `quiz: \(named)`")
            return named
        } else if deckIDs.contains(quiz) {
            diagnostics.error(
                .chapterQuizMissing, at: at, "`\(quiz)` is a flashcard deck, not a quiz",
                help:
                    "to end the chapter with a quiz on the deck's cards, create `quizzes/\(quiz).yaml` with `title:` and `quiz_from_deck: { deck: \(quiz) }`"
            )
            return nil
        } else {
            diagnostics.error(
                .chapterQuizMissing, at: at, "there is no quiz with the id `\(quiz)`",
                help: "create `quizzes/\(quiz).yaml`, or remove the `quiz:` line; the quiz id is the quiz file's name without `.yaml`")
            return nil
        }
    }

    static func distinctOrders(_ chapters: [ParsedChapter], diagnostics: inout DiagnosticList) {
        var seen: [Int: ParsedChapter] = [:]
        for chapter in chapters where chapter.order != Int.max {
            if let earlier = seen[chapter.order] {
                // The message goes where the number was most likely changed: an `order:`
                // line rather than a file name.
                let (here, other) = chapter.orderLocation == nil && earlier.orderLocation != nil ? (earlier, chapter) : (chapter, earlier)
                func place(_ chapter: ParsedChapter) -> SourceLocation { chapter.orderLocation ?? .startOf(chapter.file.path) }
                func source(_ chapter: ParsedChapter) -> String { chapter.orderLocation == nil ? "its file name" : "its `order:`" }
                diagnostics.warning(
                    .chapterOrderShared, at: place(here),
                    "this chapter and `\(other.id)` both have the number \(chapter.order), so Folio puts them in the alphabetical order of their ids",
                    help: "give each chapter its own number, by the number its file name starts with (`03-feelings.md`) or by `order:` in its front matter",
                    notes: [.init(location: place(other), message: "`\(other.id)` has the number \(chapter.order) from \(source(other))")])
            } else {
                seen[chapter.order] = chapter
            }
        }
    }
}

extension DiagnosticCode {
    public static let duplicateID = DiagnosticCode("duplicate-id", .error, .fields)
    public static let chapterQuizMissing = DiagnosticCode("chapter-quiz-missing", .error, .chaptersAndQuizzes)
    public static let chapterQuizShared = DiagnosticCode("chapter-quiz-shared", .error, .chaptersAndQuizzes)
    public static let quizUnused = DiagnosticCode("quiz-unused", .warning, .chaptersAndQuizzes)
    public static let chapterOrderShared = DiagnosticCode("chapter-order-shared", .warning, .chaptersAndQuizzes)
}
