import FolioCore
import FolioModel

/// What learners would lose: the program about to be published, compared with the ids of
/// the bundle published before (``PublishedIdentities``). Saved progress, in the terminal
/// runner, the site and apps, is kept by the program's id, quiz and deck ids, question,
/// choice and card ids. An edit that changes or removes one of those leaves what was
/// saved under it behind: it is dropped, never given to another item, and these warnings
/// say so before it happens, with the `id:` that would keep it when the item is the same
/// one edited. `--strict` makes them stop the build.
enum ProgressKeepingRules {
    static func check(_ program: CheckedProgram, against published: PublishedIdentities, diagnostics: inout DiagnosticList) {
        if let settings = program.settings { checkProgram(settings, program.content.settings, published, diagnostics: &diagnostics) }
        checkQuizzes(program.quizzes, published, diagnostics: &diagnostics)
        checkDecks(program.decks, published, diagnostics: &diagnostics)
    }

    private static func checkProgram(
        _ settings: ProgramSettings, _ file: SourceFile?, _ published: PublishedIdentities, diagnostics: inout DiagnosticList
    ) {
        // A bundle from before stable ids kept progress under the title (the terminal) and
        // a key made from it (the site); both are carried over while either still matches.
        let before = published.program.id ?? ContentID.make(from: published.program.title, rule: .version1Key) ?? "program"
        let carried = published.program.id == nil && settings.title == published.program.title
        guard settings.id != before, !carried else { return }
        let at = line(in: file, startingWith: settings.idStated ? "id:" : "title:")
        diagnostics.warning(
            .progressDropped, at: at,
            "the program's id was `\(before)` when it was last published and is `\(settings.id)` now: every learner's saved progress stays with `\(before)`",
            help: settings.idStated
                ? "if this is the same program, write `id: \(before)` again; the title can change freely"
                : "if this is the same program, add a line `id: \(before)` to `folio.yaml`: the title can then change freely")
    }

    private static func checkQuizzes(_ quizzes: [CheckedQuiz], _ published: PublishedIdentities, diagnostics: inout DiagnosticList) {
        let current = Dictionary(quizzes.map { ($0.quiz.id, $0) }, uniquingKeysWith: { first, _ in first })
        let gone = published.quizzes.filter { current[$0.id] == nil }
        // Sets: a program has thousands of quizzes, and one rebuild compares them all.
        let publishedIDs = Set(published.quizzes.map(\.id))
        let new = quizzes.filter { !publishedIDs.contains($0.quiz.id) }
        for old in gone {
            // One quiz gone and one new: most likely its file was renamed.
            let renamed = gone.count == 1 && new.count == 1 ? new.first : nil
            diagnostics.warning(
                .progressDropped, at: renamed?.idLocation ?? .startOf("quizzes/\(old.id).yaml"),
                renamed.map { _ in "this quiz was published as `\(old.id)`: learners' results for `\(old.id)` stay with that id" }
                    ?? "the quiz `\(old.id)` was published but is no longer in the program: learners' results for it are dropped",
                help: renamed.map { _ in "if it is the same quiz, add `id: \(old.id)` to it; the file's name can stay as it is" }
                    ?? "if the quiz was renamed, add `id: \(old.id)` to it")
        }
        // Before stable ids, a question's or choice's id was its place unless written;
        // progress saved under places is carried over by place when first opened, so
        // only the new ids can be compared.
        guard !published.idsArePositional else { return }
        for old in published.quizzes where old.fromDeck == nil {
            guard let quiz = current[old.id], quiz.quiz.fromDeck == nil else { continue }
            let ids = quiz.quiz.questions.map(\.id)
            let oldIDs = Set(old.questions.map(\.id))
            let newIndices = ids.indices.filter { !oldIDs.contains(ids[$0]) }
            for (oldIndex, question) in old.questions.enumerated() {
                if let now = quiz.quiz.questions.firstIndex(where: { $0.id == question.id }) {
                    checkChoices(question, quiz.quiz.questions[now], quiz.questions[now], diagnostics: &diagnostics)
                    continue
                }
                // Paired with a new question at the same place: most likely its prompt was
                // edited.
                let edited = newIndices.contains(oldIndex) ? oldIndex : nil
                diagnostics.warning(
                    .progressDropped, at: edited.map { quiz.questions[$0].location } ?? quiz.location,
                    edited.map { _ in
                        "this question was published as `\(question.id)`; answers learners saved for it will not count for it now"
                    } ?? "the question `\(question.id)` was published but is no longer in this quiz: answers saved for it are dropped",
                    help: edited.map { _ in
                        "if it is the same question with its words edited, add `id: \(question.id)` to it; if it is a new question, nothing needs doing"
                    } ?? "if it is still here with its prompt edited, add `id: \(question.id)` to it")
            }
        }
    }

    private static func checkChoices(
        _ old: PublishedIdentities.QuestionIDs, _ question: Question, _ located: CheckedQuiz.Located, diagnostics: inout DiagnosticList
    ) {
        let ids = question.choices.map(\.id)
        for (oldIndex, choice) in old.choices.enumerated() where !ids.contains(choice.id) {
            let edited = ids.indices.contains(oldIndex) && !old.choices.contains { $0.id == ids[oldIndex] } ? oldIndex : nil
            diagnostics.warning(
                .progressDropped,
                at: edited.flatMap { located.choiceLocations.indices.contains($0) ? located.choiceLocations[$0] : nil } ?? located.location,
                edited.map { _ in "this choice was published as `\(choice.id)`; answers recorded with it will not be graded as this choice" }
                    ?? "the choice `\(choice.id)` was published but is no longer in this question: answers recorded with it are not graded",
                help: edited.map { _ in "if it is the same choice with its words edited, add `id: \(choice.id)` to it" }
                    ?? "if it is still here with its text edited, add `id: \(choice.id)` to it")
        }
    }

    private static func checkDecks(_ decks: [ParsedDeck], _ published: PublishedIdentities, diagnostics: inout DiagnosticList) {
        let current = Dictionary(decks.map { ($0.deck.id, $0) }, uniquingKeysWith: { first, _ in first })
        let gone = published.decks.filter { current[$0.id] == nil }
        let publishedIDs = Set(published.decks.map(\.id))
        let new = decks.filter { !publishedIDs.contains($0.deck.id) }
        for old in gone {
            let renamed = gone.count == 1 && new.count == 1 ? new.first : nil
            diagnostics.warning(
                .progressDropped, at: renamed?.idLocation ?? .startOf("decks/\(old.id).yaml"),
                renamed.map { _ in "this deck was published as `\(old.id)`: learners' card marks for `\(old.id)` stay with that id" }
                    ?? "the deck `\(old.id)` was published but is no longer in the program: learners' card marks for it are dropped",
                help: renamed.map {
                    $0.idLocation.file.lowercased().hasSuffix(".txt")
                        ? "if it is the same deck, name its file `\(old.id).txt` again" : "if it is the same deck, add `id: \(old.id)` to it"
                } ?? "if the deck was renamed, give it the id `\(old.id)` again")
        }
        guard !published.idsArePositional else { return }
        for old in published.decks {
            guard let deck = current[old.id] else { continue }
            let ids = deck.deck.cards.map(\.id)
            let cardIDs = Set(ids)
            let oldIDs = Set(old.cards.compactMap(\.id))
            let isText = deck.idLocation.file.lowercased().hasSuffix(".txt")
            for (oldIndex, card) in old.cards.enumerated() {
                guard let id = card.id, !cardIDs.contains(id) else { continue }
                let edited = ids.indices.contains(oldIndex) && !oldIDs.contains(ids[oldIndex]) ? oldIndex : nil
                let excerpt = short(card.front)
                diagnostics.warning(
                    .progressDropped, at: edited.map { deck.cardLocations[$0] } ?? deck.idLocation,
                    edited.map { _ in "this card was published as `\(id)` (\"\(excerpt)\"); learners' marks for it will not count for it now" }
                        ?? "the card `\(id)` (\"\(excerpt)\") was published but is no longer in this deck: learners' marks for it are dropped",
                    help: isText
                        ? "a card of a TXT deck is known by its front: if it is the same card, keep its front as it was, or move the deck to YAML and give the card `id: \(id)`"
                        : edited.map { _ in "if it is the same card with its words edited, add `id: \(id)` to it" }
                            ?? "if it is still here with its front edited, add `id: \(id)` to it")
            }
        }
    }

    /// The first 40 characters of `text`, for a message.
    private static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }

    /// The first line of `file` that starts with `prefix`, else its start.
    private static func line(in file: SourceFile?, startingWith prefix: String) -> SourceLocation {
        guard let file else { return .startOf("folio.yaml") }
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.hasPrefix(prefix) {
            return SourceLocation(file: file.path, line: index + 1, column: 1)
        }
        return .startOf(file.path)
    }
}

extension DiagnosticCode {
    /// An edit that leaves learners' saved progress behind, against the published bundle.
    public static let progressDropped = DiagnosticCode("progress-dropped", .warning, .layout)
}
