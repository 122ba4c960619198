import FolioCore
import FolioModel

/// The program once its files are checked against each other: the chapters of this
/// build in reading order, ids unique, each quiz with its chapter. The third stage.
///
/// It carries forward only what the later stages read: the quizzes as they were written
/// are left behind, so that a large program does not hold both forms until its outputs
/// are written.
struct CheckedProgram {
    /// What was loaded: the files, and which could not be read.
    var content: LoadedContent
    var settings: ProgramSettings?
    var welcome: ParsedWelcome?
    var billOfRights: BillOfRights?
    /// The chapters of this build (drafts left out unless asked for), ids unique, in
    /// reading order.
    var chapters: [ParsedChapter]
    /// Draft chapters left out of this build.
    var draftsLeftOut: [ParsedChapter]
    /// Quizzes with unique ids, those made from decks given their questions.
    var quizzes: [CheckedQuiz]
    var decks: [ParsedDeck]
    /// Quiz id -> the id of the chapter it ends.
    var quizOwners: [String: String]
    /// Chapter file paths to chapter ids, read or not, for resolving links.
    var chapterIDs: [String: String]
    /// Every translation compared with its original, in the order read.
    var translations: [CheckedTranslation] = []

    /// Lets go of the texts no later stage reads: those of the quizzes and decks, which
    /// are built, and the lists of files the checks went through, unless a message quotes
    /// the file; and the places of the quizzes' questions and choices, which only the
    /// checks' messages name. The chapters' texts are let go as their bodies are resolved
    /// (``ProgramResolver``).
    mutating func releaseTextsAfterChecking(quotedBy diagnostics: [Diagnostic]) {
        let quoted = Set(diagnostics.flatMap(\.files))
        for file in content.quizzes + content.decks where !quoted.contains(file.path) { content.sources.remove(file.path) }
        for translation in content.translations where translation.kind != .chapter && translation.kind != .welcome {
            if !quoted.contains(translation.file.path) { content.sources.remove(translation.file.path) }
        }
        content.translations = []
        for index in quizzes.indices { quizzes[index].questions = [] }
        content.chapters = []
        content.quizzes = []
        content.decks = []
    }
}

/// Checks the rules between files (`Check/`).
enum ProgramChecker {
    static func check(
        _ parsed: consuming ParsedProgram, includeDrafts: Bool, published: PublishedIdentities? = nil, cache: CompileCache? = nil,
        keepsTranslationTexts: Bool = false, diagnostics: inout DiagnosticList
    ) -> CheckedProgram {
        let content = parsed.content
        LayoutRules.check(parsed, diagnostics: &diagnostics)
        let chapters = ProgramRules.uniqueIDs(
            parsed.chapters.filter { includeDrafts || !$0.draft }, kind: "chapter", id: \.id, location: \.idLocation, diagnostics: &diagnostics
        ).sortedByPlace { ($0.order, $0.id) < ($1.order, $1.id) }
        let built = parsed.quizzes
        parsed.quizzes = []  // so that the quizzes are held once, as `quizzes` changes them
        var quizzes = ProgramRules.uniqueIDs(built, kind: "quiz", id: \.quiz.id, location: \.idLocation, diagnostics: &diagnostics)
        var decks = ProgramRules.uniqueIDs(parsed.decks, kind: "deck", id: \.deck.id, location: \.idLocation, diagnostics: &diagnostics)
        let files = Set(content.listing.files)
        // Which cards state their ids, before every card is given one: a translation's
        // record keys a card by its stated id, else by its place.
        let statedCards =
            parsed.translations.isEmpty
            ? [:] : Dictionary(decks.map { ($0.idLocation.file, $0.deck.cards.map { !$0.id.isEmpty }) }, uniquingKeysWith: { first, _ in first })
        for index in decks.indices {
            let publishedDeck = published?.decks.first { $0.id == decks[index].deck.id }
            DeckRules.identifyCards(&decks[index], published: publishedDeck, diagnostics: &diagnostics)
            DeckRules.checkImages(&decks[index], files: files, diagnostics: &diagnostics)
        }
        let decksByID = Dictionary(uniqueKeysWithValues: decks.map { ($0.deck.id, $0) })
        // The rules within one quiz look at that quiz alone: on all cores, their findings
        // kept in the quizzes' order.
        let rulesFound = ParallelMap.run(quizzes) { quiz -> [Diagnostic] in
            func check(_ quiz: CheckedQuiz) -> [Diagnostic] {
                var local = DiagnosticList()
                QuizRules.check(quiz, diagnostics: &local)
                return local.all
            }
            return cache?.quizRules(quiz, check) ?? check(quiz)
        }
        for index in quizzes.indices {
            diagnostics.append(contentsOf: rulesFound[index])
            DeckQuizBuilder.build(&quizzes[index], decks: decksByID, diagnostics: &diagnostics)
        }
        ProgramRules.distinctOrders(chapters, diagnostics: &diagnostics)
        // How chapters and quizzes name each other and their ids, which translations do
        // not change: checked on the other core while translations are checked on all.
        nonisolated(unsafe) let (allChapters, checkedQuizzes, orderedChapters) = (parsed.chapters, quizzes, chapters)
        let deckIDs = Set(decksByID.keys)
        let loaded = content
        let chaptersAndQuizzes = { @Sendable () -> ([String: String], [String: String], [Diagnostic]) in
            var found = DiagnosticList()
            let (content, chapters, quizzes) = (loaded, orderedChapters, checkedQuizzes)
            // The id every chapter and quiz file has, read or not: its name's, unless it
            // states one. A file that could not be read still has its id, so naming it is
            // not a second error.
            func idFromName(_ path: String) -> String { Identifier.fromFileName(ContentPath.lastComponent(path)).id }
            let chapterPaths = content.chapters.map(\.path) + content.unreadable.filter { $0.hasPrefix("chapters/") } + content.misnamedChapters
            let chapterIDs = Dictionary(
                chapterPaths.map { ($0, idFromName($0)) } + allChapters.map { ($0.file.path, $0.id) }, uniquingKeysWith: { _, stated in stated })
            let quizPaths = content.quizzes.map(\.path) + content.unreadable.filter { $0.hasPrefix("quizzes/") }
            let unreadQuizIDs = Set(quizPaths.map(idFromName)).subtracting(quizzes.map(\.quiz.id))
            // Quiz files an editor saved with `.txt` after `.yaml`, by the id they would have.
            let quizzesSavedAsText = Dictionary(
                content.allFiles.filter { $0.hasPrefix("quizzes/") && ($0.hasSuffix(".yaml.txt") || $0.hasSuffix(".yml.txt")) }
                    .map { (idFromName(ContentPath.withoutExtension($0)), $0) }, uniquingKeysWith: min)
            let quizOwners = ProgramRules.chapterQuizzes(
                chapters, allChapters: allChapters, quizzes: quizzes, quizzesSavedAsText: quizzesSavedAsText, deckIDs: deckIDs,
                unreadQuizIDs: unreadQuizIDs,
                someChapterUnread: allChapters.count < content.chapters.count
                    || (content.unreadable + content.leftOut).contains { $0.hasPrefix("chapters/") },
                diagnostics: &found)
            return (chapterIDs, quizOwners, found.all)
        }
        let beside = parsed.translations.isEmpty ? nil : MadeBeside(chaptersAndQuizzes)
        var translations: [CheckedTranslation] = []
        if !parsed.translations.isEmpty {
            let originals = TranslationRules.Originals(
                welcome: parsed.welcome, billOfRights: parsed.billOfRights.map { ($0, parsed.billOfRightsStated) },
                chapters: .init(parsed.chapters, path: \.file.path), quizzes: .init(quizzes, path: \.file),
                decks: .init(decks, path: \.idLocation.file), statedCards: statedCards)
            let read = parsed.translations
            parsed.translations = []
            translations = TranslationRules.check(
                read, originals: originals, records: content.translationRecords, recordSource: content.recordSource,
                defaultLanguage: parsed.settings?.language ?? "en", keepingTexts: keepsTranslationTexts, diagnostics: &diagnostics)
        }
        let (chapterIDs, quizOwners, found) = beside?.value ?? chaptersAndQuizzes()
        diagnostics.append(contentsOf: found)
        return CheckedProgram(
            content: content, settings: parsed.settings, welcome: parsed.welcome, billOfRights: parsed.billOfRights, chapters: chapters,
            draftsLeftOut: includeDrafts ? [] : parsed.chapters.filter(\.draft), quizzes: quizzes,
            decks: decks, quizOwners: quizOwners, chapterIDs: chapterIDs, translations: translations)
    }
}
