import FolioCore
import FolioModel

/// Rules across files: ids unique within their kind, chapters naming quizzes that exist
/// and that no other chapter names, quizzes used, orders distinct.
enum ProgramRules {
    static func uniqueIDs<Item>(
        _ items: [Item], kind: String, id: (Item) -> String, location: (Item) -> SourceLocation, diagnostics: inout DiagnosticList
    ) -> [Item] {
        var seen: [String: SourceLocation] = [:]
        var kept: [Item] = []
        for item in items {
            let itemID = id(item)
            if let first = seen[itemID] {
                diagnostics.error(
                    .duplicateID, at: location(item), "another \(kind) already has the id `\(itemID)`",
                    help: "ids must be unique: rename one of the files, or give one an `id:` of its own",
                    notes: [.init(location: first, message: "the other \(kind) with the id `\(itemID)`")])
            } else {
                seen[itemID] = location(item)
                kept.append(item)
            }
        }
        return kept
    }

    /// Checks each chapter's `quiz:`; returns quiz id -> chapter id for the chapters built.
    static func chapterQuizzes(
        _ chapters: [ParsedChapter], allChapters: [ParsedChapter], quizzes: [ParsedQuiz], unreadQuizIDs: Set<String>, someChapterUnread: Bool,
        diagnostics: inout DiagnosticList
    ) -> [String: String] {
        let quizIDs = Set(quizzes.map(\.quiz.id))
        var owner: [String: ParsedChapter] = [:]
        for chapter in chapters {
            guard let quiz = chapter.quiz, let at = chapter.quizLocation else { continue }
            if unreadQuizIDs.contains(quiz) { continue }
            guard quizIDs.contains(quiz) else {
                let suggestion = NearestName.find(quiz, among: quizIDs.sorted())
                diagnostics.error(
                    .chapterQuizMissing, at: at, "there is no quiz with the id `\(quiz)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: suggestion.map { "change it to `quiz: \($0)`" } ?? "create `quizzes/\(quiz).yaml`, or remove the `quiz:` line")
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
        for quiz in quizzes where owner[quiz.quiz.id] == nil && !namedByAny.contains(quiz.quiz.id) {
            diagnostics.warning(
                .quizUnused, at: quiz.location, "no chapter names the quiz `\(quiz.quiz.id)`, so learners will not find it at the end of a chapter",
                help: "add `quiz: \(quiz.quiz.id)` to the front matter of the chapter it belongs to")
        }
        return owner.mapValues(\.id)
    }

    static func distinctOrders(_ chapters: [ParsedChapter], diagnostics: inout DiagnosticList) {
        var seen: [Int: ParsedChapter] = [:]
        for chapter in chapters where chapter.order != Int.max {
            if let first = seen[chapter.order] {
                diagnostics.warning(
                    .chapterOrderShared, at: chapter.idLocation, "this chapter and `\(first.id)` both have order \(chapter.order), so their order is by id",
                    help: "give each chapter its own number (file name prefix or `order:`)",
                    notes: [.init(location: first.idLocation, message: "`\(first.id)` has the same order")])
            } else {
                seen[chapter.order] = chapter
            }
        }
    }
}
