import FolioContent
import FolioCore
import FolioDigest
import FolioModel
import FolioProgram
import Foundation

/// A translation compared with its original: the part it translates, as learners would
/// see it (the original's ids and structure, the translation's texts), how far it is
/// translated, and what its record would say of it now.
struct CheckedTranslation {
    var source: TranslationSource
    var part: TranslatedPart
    var state: TranslationState
    var form: Form
    /// The original's items as they are now, for the record (``TranslationRecord``).
    var items: [TranslationRecord.Item]
    /// Whether it matches its original: only such a translation is shown or recorded.
    var matches: Bool
    /// Where the translation of each item is, by the original item's key, for messages.
    var places: [String: SourceLocation] = [:]
    /// How the original's structure no longer matches the translation, when the original
    /// changed since the translation was marked current: then the translation is outdated,
    /// not wrong, and these are said in its `translation-outdated` warning.
    var structureChanges: [String] = []

    /// Kept in a box of its own, as ``ParsedTranslation/Form`` is.
    indirect enum Form {
        case welcome(ParsedWelcome)
        case billOfRights(BillOfRights)
        /// The translated chapter's front matter and text; its id, order and quiz are
        /// its original's.
        case chapter(ParsedChapter, original: ParsedChapter)
        case quiz(Quiz)
        case deck(Deck)
    }
}

/// The rules between a translation and its original: it has one; it has the same items
/// (by stated id, else by place), the same right answers, the same settings where it
/// repeats them, the same videos and pictures. Builds each translated part from the
/// original's structure and the translation's texts.
enum TranslationRules {
    /// The originals a translation is compared with, by path.
    struct Originals {
        var welcome: ParsedWelcome?
        var billOfRights: (bill: BillOfRights, stated: [Bool])?
        var chapters: ByPath<ParsedChapter>
        var quizzes: ByPath<CheckedQuiz>
        var decks: ByPath<ParsedDeck>
        /// Whether each card of a deck states its id, by the deck's path.
        var statedCards: [String: [Bool]]
    }

    /// Originals by their paths, each looked up where it is kept: a dictionary of copies
    /// was a copy of every original made, and later let go, by one thread.
    struct ByPath<Value> {
        private let values: [Value]
        private var places: [String: Int] = [:]

        /// `values` by `path(value)`; of two with one path, the first.
        init(_ values: [Value], path: (Value) -> String) {
            self.values = values
            places.reserveCapacity(values.count)
            for index in values.indices {
                let key = path(values[index])
                if places[key] == nil { places[key] = index }
            }
        }

        subscript(path: String) -> Value? { places[path].map { values[$0] } }
    }

    /// Each translation is let go as soon as it is checked: what it became is kept
    /// instead, and a large program does not hold both forms of every translated quiz.
    static func check(
        _ translations: consuming [ParsedTranslation], originals: Originals, records: [String: TranslationRecord],
        recordSource: (any ContentSource)? = nil, defaultLanguage: String, keepingTexts: Bool = false,
        diagnostics: inout DiagnosticList
    ) -> [CheckedTranslation] {
        var checked: [CheckedTranslation] = []
        let recordWords = RecordWords(source: recordSource)
        // Moved, never copied, from here to the checks: a copy of each, let go later, was
        // work for one thread (docs/development.md, "Measured guards").
        var decks: [ParsedTranslation] = []
        var rest: [ParsedTranslation] = []
        rest.reserveCapacity(translations.count)
        translations.removeEach { translation in
            if translation.source.isDeck { decks.append(translation) } else { rest.append(translation) }
        }
        // Decks first, one by one: a quiz made from a deck is translated with it.
        var translatedDecks: [String: (deck: ParsedDeck, state: TranslationState)] = [:]
        decks.removeEach { translation in
            var local = DiagnosticList()
            let result = checkOne(
                translation, originals: originals, translatedDecks: translatedDecks, records: records, recordWords: recordWords,
                defaultLanguage: defaultLanguage, keepingTexts: keepingTexts, diagnostics: &local)
            diagnostics.append(contentsOf: local.all)
            guard let (result, deck) = result else { return }
            if let deck { translatedDecks[result.part.id] = (deck, result.matches || result.state == .outdated ? result.state : .missing) }
            checked.append(result)
        }
        // The rest on all cores, each let go by the thread that checked it: what it
        // became is kept instead. In one pass, not in batches: each batch's end kept a
        // core waiting for the other's last translation (docs/development.md, "Measured
        // guards").
        var results = ParallelMap.run(taking: consume rest) { translation -> (CheckedTranslation?, [Diagnostic]) in
            var local = DiagnosticList()
            let result = checkOne(
                translation, originals: originals, translatedDecks: translatedDecks, records: records, recordWords: recordWords,
                defaultLanguage: defaultLanguage, keepingTexts: keepingTexts, diagnostics: &local)
            return (result?.0, local.all)
        }
        checked.reserveCapacity(checked.count + results.count)
        results.removeEach { result in
            diagnostics.append(contentsOf: result.1)
            if let one = result.0 { checked.append(one) }
        }
        return checked
    }

    /// One translation compared with its original and with the record; nil when it has
    /// no original (reported). A deck's translation comes with the deck it makes.
    private static func checkOne(
        _ translation: ParsedTranslation, originals: Originals, translatedDecks: [String: (deck: ParsedDeck, state: TranslationState)],
        records: [String: TranslationRecord], recordWords: RecordWords, defaultLanguage: String, keepingTexts: Bool,
        diagnostics: inout DiagnosticList
    ) -> (CheckedTranslation, ParsedDeck?)? {
        let source = translation.source
        var translatedDeck: ParsedDeck?
        var result: CheckedTranslation?
        switch translation.form {
        case .welcome(let welcome):
            guard let original = originals.welcome else { break }
            result = CheckedTranslation(
                source: source, part: .welcome, state: .unmarked, form: .welcome(welcome),
                items: TranslationRecord.items(ofWelcome: original), matches: true,
                places: ["body": SourceLocation(file: source.file.path, line: welcome.bodyLineOffset + 1, column: 1)])
        case .billOfRights(let bill, let places, let stated):
            guard let original = originals.billOfRights else { break }
            let translated = billOfRights(
                bill, places: places, stated: stated, original: original.bill, originalStated: original.stated, in: source, diagnostics: &diagnostics)
            result = CheckedTranslation(
                source: source, part: .billOfRights, state: .unmarked, form: .billOfRights(translated.bill),
                items: TranslationRecord.items(ofBillOfRights: original.bill, stated: original.stated), matches: true, places: translated.places)
        case .chapter(let chapter):
            guard let original = originals.chapters[source.original] else { break }
            chapterSettings(chapter, original: original, in: source, diagnostics: &diagnostics)
            result = CheckedTranslation(
                source: source, part: TranslatedPart(.chapter, original.id), state: .unmarked, form: .chapter(chapter, original: original),
                items: TranslationRecord.items(ofChapter: original), matches: true,
                places: ["body": SourceLocation(file: source.file.path, line: chapter.bodyLineOffset + 1, column: 1)])
        case .quiz(let written, let built):
            guard let original = originals.quizzes[source.original] else { break }
            var (quiz, places) = quiz(written, built, original: original, in: source, diagnostics: &diagnostics)
            var deckState: TranslationState?
            if let request = original.fromDeck {
                // Its questions are the translated deck's cards, or it is not translated.
                if let deck = translatedDecks[request.deck] {
                    var copy = original
                    copy.quiz.title = quiz.title
                    var ignored = DiagnosticList()
                    DeckQuizBuilder.build(&copy, decks: [request.deck: deck.deck], diagnostics: &ignored)
                    quiz = copy.quiz
                    deckState = deck.state
                } else {
                    deckState = .missing
                }
            }
            if original.fromDeck != nil { places = [:] }
            result = CheckedTranslation(
                source: source, part: TranslatedPart(.quiz, original.quiz.id), state: .unmarked, form: .quiz(quiz),
                items: TranslationRecord.items(ofQuiz: original), matches: true, places: places)
            if let deckState { result?.state = deckState }
        case .deck(let deck):
            guard let original = originals.decks[source.original] else { break }
            let translated = self.deck(
                deck, original: original, stated: originals.statedCards[source.original] ?? [], in: source, diagnostics: &diagnostics)
            result = CheckedTranslation(
                source: source, part: TranslatedPart(.deck, original.deck.id), state: .unmarked, form: .deck(translated.deck.deck),
                items: TranslationRecord.items(ofDeck: original, stated: originals.statedCards[source.original] ?? []), matches: true,
                places: translated.places)
            translatedDeck = translated.deck
        }
        guard var result else {
            diagnostics.error(
                .translationWithoutOriginal, at: .startOf(source.file.path),
                "`\(source.file.path)` is named as the \(source.language) translation of `\(source.original)`, which is not in the content folder",
                help:
                    "rename it after the file it translates (`\(ContentKind.translationPath(of: "chapters/01-who-am-i.md", language: source.language))` translates `chapters/01-who-am-i.md`), or add `\(source.original)`"
            )
            return nil
        }
        // Diagnostics holds this translation's findings alone. An original edited since its
        // translation was marked may have gained an item or a picture, or changed an answer:
        // staff editing an original must not break the build, so the translation is then
        // outdated rather than wrong. A translation that differs from an original as the
        // record has it, or that was never marked, is the translator's to fix.
        if diagnostics.hasErrors, let recorded = records[source.language]?.files[source.file.path],
            !TranslationRecord.changedItems(result.items, since: recorded).isEmpty,
            diagnostics.all.allSatisfy({ $0.severity != .error || structureCodes[$0.code] != nil })
        {
            let errors = diagnostics.all.filter { $0.severity == .error }
            result.structureChanges = errors.map { "\(structureCodes[$0.code] ?? "it changed") (\($0.message))" }
            diagnostics = DiagnosticList(diagnostics.all.filter { $0.severity != .error })
        }
        result.matches = !diagnostics.hasErrors && result.structureChanges.isEmpty
        let fromDeck = result.state
        result.state = TranslationRecord.state(
            of: result, recorded: records[source.language],
            withWords: { recordWords.record(source.language) },
            defaultLanguage: defaultLanguage,
            diagnostics: &diagnostics)
        // A quiz made from a deck is no further translated than its deck.
        if case .quiz = result.form, fromDeck != .unmarked, result.state.isShown { result.state = fromDeck }
        // The words of the originals' items are kept only for the record; the messages
        // that quote them have been made.
        if !keepingTexts { result.items = result.items.map { TranslationRecord.Item(key: $0.key, fingerprint: $0.fingerprint, text: nil) } }
        return (result, translatedDeck)
    }

    /// The mismatches an edit of the original makes, with what each says of the
    /// original's change.
    static let structureCodes: [DiagnosticCode: String] = [
        .translationItemMissing: "an item was added", .translationItemExtra: "an item was removed",
        .translationAnswerDiffers: "an answer changed", .translationMediaDiffers: "a picture or video changed",
        .translationSettingDiffers: "a setting changed",
    ]

    /// Each language's record with its words, read the first time an outdated
    /// translation's message needs them, and then kept, whichever thread asks.
    final class RecordWords: @unchecked Sendable {
        private let source: (any ContentSource)?
        private let lock = NSLock()
        private var read: [String: TranslationRecord?] = [:]

        init(source: (any ContentSource)?) { self.source = source }

        func record(_ language: String) -> TranslationRecord? {
            lock.lock()
            defer { lock.unlock() }
            if let known = read[language] { return known }
            let record = source.flatMap { ContentLoader.record("translations/\(language).yaml", in: $0, keepingTexts: true) }
            read[language] = record
            return record
        }
    }

    // MARK: Matching items

    /// How a translation's items pair with its original's: a translation item that states
    /// an id pairs with the original item of that id; one that states none, with the
    /// original item in its place. Originals left are missing, translation items left
    /// are extra.
    struct Pairing {
        /// For each original item, the translation item paired with it.
        var pairs: [Int: Int] = [:]
        var missing: [Int] = []
        var extra: [Int] = []
    }

    static func pair(originalIDs: [String], translationStated: [String?]) -> Pairing {
        var pairing = Pairing()
        let byID = Dictionary(originalIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var taken: Set<Int> = []
        for (index, stated) in translationStated.enumerated() {
            let original: Int?
            if let stated { original = byID[stated] } else { original = index < originalIDs.count ? index : nil }
            if let original, !taken.contains(original) {
                pairing.pairs[original] = index
                taken.insert(original)
            } else {
                pairing.extra.append(index)
            }
        }
        pairing.missing = originalIDs.indices.filter { !taken.contains($0) }
        return pairing
    }

    /// The name of an original's item in messages: its id, or its place (`#3`).
    static func itemName(_ kind: String, id: String, stated: Bool, place: Int) -> String {
        stated ? "the \(kind) `\(id)`" : "\(kind) \(place) (`#\(place)`)"
    }

    private static func reportMissing(
        _ what: String, in source: TranslationSource, at location: SourceLocation, diagnostics: inout DiagnosticList
    ) {
        diagnostics.error(
            .translationItemMissing, at: location, "this translation has no \(what), which `\(source.original)` has",
            help: "translate it here, in the same place as in `\(source.original)`, so that the two match item by item")
    }

    private static func reportExtra(_ what: String, in source: TranslationSource, at location: SourceLocation, diagnostics: inout DiagnosticList) {
        diagnostics.error(
            .translationItemExtra, at: location, "this \(what) is not in `\(source.original)`",
            help:
                "a translation has the items of its original and no others: remove it, or, if it translates an item of the original, give it that item's `id` or put it in that item's place"
        )
    }

    private static func reportSetting(
        _ field: String, _ translated: String, _ original: String, in source: TranslationSource, at location: SourceLocation,
        diagnostics: inout DiagnosticList
    ) {
        diagnostics.error(
            .translationSettingDiffers, at: location,
            "`\(field)` is \(translated) here but \(original) in `\(source.original)`; a translation takes its settings from its original",
            help: "remove `\(field)` from the translation (it keeps the original's), or write the original's value")
    }

    // MARK: Chapters

    private static func chapterSettings(_ chapter: ParsedChapter, original: ParsedChapter, in source: TranslationSource, diagnostics: inout DiagnosticList) {
        if chapter.id != original.id {
            reportSetting("id", "`\(chapter.id)`", "`\(original.id)`", in: source, at: chapter.idLocation, diagnostics: &diagnostics)
        }
        if let at = chapter.orderLocation, chapter.order != original.order {
            reportSetting("order", "`\(chapter.order)`", "`\(original.order)`", in: source, at: at, diagnostics: &diagnostics)
        }
        if let at = chapter.quizLocation, chapter.quiz != original.quiz {
            reportSetting("quiz", "`\(chapter.quiz ?? "")`", original.quiz.map { "`\($0)`" } ?? "not set", in: source, at: at, diagnostics: &diagnostics)
        }
        if chapter.draft != original.draft {
            reportSetting(
                "draft", "`\(chapter.draft)`", "`\(original.draft)`", in: source, at: .startOf(source.file.path), diagnostics: &diagnostics)
        }
    }

    /// Videos and pictures of a translated page against its original's: the same
    /// videos, in order, and the same pictures, in order.
    /// Of an outdated translation, whose original was edited since it was marked, a
    /// difference is the original's change: said in a `translation-outdated` warning,
    /// since the page falls back whole to its original.
    /// A video as the rule compares it: by where it plays from, whatever its title.
    private static func address(_ video: Video) -> String { video.youtubeID.map { "youtube:\($0)" } ?? video.source ?? "" }

    /// A digest of what ``media(videos:images:originalVideos:originalImages:in:at:outdated:diagnostics:)``
    /// compares of a translated page: the same for two versions of it that the rule
    /// finds the same, so that an edit of a translation that keeps it needs no original
    /// to be checked against (``ChapterTextBaseline``).
    static func mediaDigest(videos: [Video], images: [String]) -> String {
        FileDigest.sha256(Data((videos.map(address) + ["-"] + images).joined(separator: "\n").utf8))
    }

    static func media(
        videos: [Video], images: [String], originalVideos: [Video], originalImages: [String], in source: TranslationSource, at location: SourceLocation,
        outdated: Bool = false, diagnostics: inout DiagnosticList
    ) {
        func report(_ what: String, _ difference: String, help: String) {
            if outdated {
                diagnostics.warning(
                    .translationOutdated, at: location,
                    "`\(source.file.path)` was translated from an earlier `\(source.original)`, whose \(what) changed since: \(difference)",
                    help:
                        "show the original's \(what) as it has them now, translate what changed, then run `folio translate mark-current \(source.language) \(source.file.path)`"
                )
            } else {
                diagnostics.error(.translationMediaDiffers, at: location, difference, help: help)
            }
        }
        let translated = videos.map(Self.address)
        let original = originalVideos.map(Self.address)
        if translated != original {
            report(
                "videos", "the videos here (\(listed(translated))) are not those of `\(source.original)` (\(listed(original))), in the same order",
                help: "show the same videos as the original, in its order; a video's title may be translated")
        }
        if images != originalImages {
            report(
                "pictures", "the pictures here (\(listed(images))) are not those of `\(source.original)` (\(listed(originalImages))), in the same order",
                help: "show the same pictures as the original, in its order; a picture's description (its alt text) may be translated")
        }
    }

    private static func listed(_ items: [String]) -> String {
        items.isEmpty ? "none" : items.map { "`\($0)`" }.joined(separator: ", ")
    }

    // MARK: Quizzes

    /// The original quiz with the translation's texts, every difference of structure
    /// reported.
    static func quiz(_ written: WrittenQuiz, _ built: CheckedQuiz, original: CheckedQuiz, in source: TranslationSource, diagnostics: inout DiagnosticList)
        -> (Quiz, places: [String: SourceLocation])
    {
        var places: [String: SourceLocation] = [:]
        var quiz = original.quiz
        quiz.title = built.quiz.title
        let theirs = built.quiz
        if let mode = written.mode, theirs.mode != quiz.mode {
            reportSetting("mode", "`\(theirs.mode.rawValue)`", "`\(quiz.mode.rawValue)`", in: source, at: mode.location, diagnostics: &diagnostics)
        }
        if let shuffle = written.shuffle, theirs.shuffle != quiz.shuffle {
            reportSetting("shuffle", "`\(theirs.shuffle.rawValue)`", "`\(quiz.shuffle.rawValue)`", in: source, at: shuffle.location, diagnostics: &diagnostics)
        }
        if let pass = written.pass, theirs.passPercent != quiz.passPercent {
            reportSetting(
                "pass", theirs.passPercent.map { "\($0)%" } ?? "not set", quiz.passPercent.map { "\($0)%" } ?? "not set", in: source, at: pass.location,
                diagnostics: &diagnostics)
        }
        if let limit = written.timeLimit, theirs.timeLimitSeconds != quiz.timeLimitSeconds {
            reportSetting(
                "time_limit", theirs.timeLimitSeconds.map { "\($0) s" } ?? "not set", quiz.timeLimitSeconds.map { "\($0) s" } ?? "not set", in: source,
                at: limit.location, diagnostics: &diagnostics)
        }
        if let draw = written.draw, theirs.draw != quiz.draw, original.fromDeck == nil {
            reportSetting(
                "draw", "`\(draw.value)`", quiz.draw.map { "`\($0)`" } ?? "not set", in: source, at: draw.location, diagnostics: &diagnostics)
        }
        if let show = written.showAnswers, theirs.showAnswers != quiz.showAnswers {
            reportSetting(
                "show_answers", "`\(show.value)`", "`\(quiz.showsAnswers)`", in: source, at: show.location, diagnostics: &diagnostics)
        }
        if let request = written.fromDeck {
            let theirsDeck = built.fromDeck
            if original.fromDeck == nil {
                reportSetting("quiz_from_deck", "a deck", "not used", in: source, at: request.location, diagnostics: &diagnostics)
            } else if let mine = original.fromDeck, let theirsDeck,
                theirsDeck.deck != mine.deck || theirsDeck.count != mine.count || theirsDeck.style != mine.style
            {
                reportSetting(
                    "quiz_from_deck", "`\(theirsDeck.deck)` (\(theirsDeck.style.rawValue))", "`\(mine.deck)` (\(mine.style.rawValue))", in: source,
                    at: request.location, diagnostics: &diagnostics)
            }
            return (quiz, places)
        }
        guard original.fromDeck == nil else {
            reportSetting(
                "questions", "listed", "made from a deck (`quiz_from_deck`)", in: source, at: written.questionsKey ?? written.location,
                diagnostics: &diagnostics)
            return (quiz, places)
        }
        // Questions, by stated id else by place among the questions as written.
        // By index, reading each question's id where it is: zipping the arrays copied every
        // question, much of checking a translated quiz.
        func ids(_ questions: [Question], _ located: [CheckedQuiz.Located]) -> [String] {
            (0..<min(questions.count, located.count)).map { located[$0].idStated ? questions[$0].id : "#\(located[$0].position)" }
        }
        let originalIDs = ids(quiz.questions, original.questions)
        let theirIDs = ids(theirs.questions, built.questions)
        // A place is the same place in both: the written position, whatever was stated.
        let byPlace = Dictionary(original.questions.enumerated().map { ($1.position, $0) }, uniquingKeysWith: { first, _ in first })
        var pairs: [Int: Int] = [:]
        var taken: Set<Int> = []
        var extra: [Int] = []
        let byID = Dictionary(originalIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, located) in built.questions.enumerated() {
            let match = located.idStated ? byID[theirIDs[index]] : byPlace[located.position]
            if let match, !taken.contains(match) {
                pairs[match] = index
                taken.insert(match)
            } else {
                extra.append(index)
            }
        }
        let end = written.questionsKey ?? written.location
        for index in quiz.questions.indices where !taken.contains(index) {
            let located = original.questions[index]
            reportMissing(
                itemName("question", id: quiz.questions[index].id, stated: located.idStated, place: located.position), in: source, at: end,
                diagnostics: &diagnostics)
        }
        for index in extra {
            let located = built.questions[index]
            reportExtra(
                located.idStated ? "question (`\(theirs.questions[index].id)`)" : "question (`#\(located.position)`)", in: source,
                at: located.idStated ? located.idLocation : located.location, diagnostics: &diagnostics)
        }
        let writtenByPosition = Dictionary(written.questions.indices.map { (written.questions[$0].position, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, theirIndex) in pairs.sorted(by: { $0.key < $1.key }) {
            let located = built.questions[theirIndex]
            places[originalIDs[index]] = located.location
            translate(
                &quiz.questions[index], from: theirs.questions[theirIndex], located: located,
                written: writtenByPosition[located.position].map { written.questions[$0] }, originalPlace: original.questions[index].position,
                in: source, diagnostics: &diagnostics)
        }
        // Reflections, by stated id else by their order among the reflections.
        let originalReflections = quiz.reflections ?? []
        let theirReflections = theirs.reflections ?? []
        let writtenReflections = written.questions.filter(ReflectionRules.isReflection)
        let reflectionPairing = pair(
            originalIDs: originalReflections.map(\.id),
            translationStated: writtenReflections.map { $0.id?.value })
        for index in reflectionPairing.missing {
            reportMissing("reflection question `\(originalReflections[index].id)`", in: source, at: end, diagnostics: &diagnostics)
        }
        for index in reflectionPairing.extra where index < writtenReflections.count {
            reportExtra("reflection question", in: source, at: writtenReflections[index].location, diagnostics: &diagnostics)
        }
        for (index, theirIndex) in reflectionPairing.pairs where theirIndex < theirReflections.count {
            quiz.reflections?[index].prompt = theirReflections[theirIndex].prompt
            quiz.reflections?[index].discussion = theirReflections[theirIndex].discussion
            if theirIndex < writtenReflections.count { places[originalReflections[index].id] = writtenReflections[theirIndex].location }
        }
        return (quiz, places)
    }

    /// The original `question` given the translation's texts, in its place: made a copy
    /// and put back, each question was copied twice more, much of checking a translated
    /// quiz. What is compared is what a translation does not change.
    private static func translate(
        _ question: inout Question, from theirs: Question, located: CheckedQuiz.Located, written: WrittenQuestion?, originalPlace: Int,
        in source: TranslationSource, diagnostics: inout DiagnosticList
    ) {
        question.prompt = theirs.prompt
        question.hints = theirs.hints
        question.explanation = theirs.explanation
        if question.accept != nil, let accept = theirs.accept { question.accept = accept }
        let at = located.location
        if theirs.type != question.type, let type = written?.type {
            reportSetting("type", "`\(type.value)`", "`\(question.type.rawValue)`", in: source, at: type.location, diagnostics: &diagnostics)
            return
        }
        if theirs.type != question.type {
            reportAnswer(
                "this question is \(kindName(theirs.type)) here but \(kindName(question.type)) in `\(source.original)`", in: source,
                at: written?.type?.location ?? at, diagnostics: &diagnostics)
            return
        }
        if let points = written?.points, points.value != question.points {
            reportSetting("points", "`\(points.value)`", "`\(question.points)`", in: source, at: points.location, diagnostics: &diagnostics)
        }
        if let partial = written?.partial, partial != question.partial, let key = written?.keys["partial"] {
            reportSetting("partial", "`\(partial)`", "`\(question.partial)`", in: source, at: key, diagnostics: &diagnostics)
        }
        switch question.type {
        case .trueFalse:
            if theirs.answer != question.answer {
                reportAnswer(
                    "the answer is `\(theirs.answer.map(String.init) ?? "-")` here but `\(question.answer.map(String.init) ?? "-")` in `\(source.original)`",
                    in: source, at: written?.answer?.location ?? at, diagnostics: &diagnostics)
            }
        case .number:
            if theirs.number != question.number {
                reportAnswer(
                    "the answer is `\(theirs.number.map { "\($0)" } ?? "-")` here but `\(question.number.map { "\($0)" } ?? "-")` in `\(source.original)`",
                    in: source, at: written?.answer?.location ?? at, diagnostics: &diagnostics)
            } else if theirs.tolerance != question.tolerance {
                reportAnswer(
                    "the tolerance is `\(theirs.tolerance.map { "\($0)" } ?? "none")` here but `\(question.tolerance.map { "\($0)" } ?? "none")` in `\(source.original)`",
                    in: source, at: written?.tolerance?.location ?? at, diagnostics: &diagnostics)
            }
        case .single, .multiple:
            let pairing = pair(
                originalIDs: question.choices.map(\.id),
                translationStated: (written?.choices ?? []).map { $0.id?.value })
            let choiceLocations = located.choiceLocations
            for index in pairing.missing {
                reportMissing(
                    "choice \(index + 1) (`#\(originalPlace).\(index + 1)`, \"\(question.choices[index].text.markdown)\")", in: source,
                    at: located.choicesLocation ?? at, diagnostics: &diagnostics)
            }
            for index in pairing.extra {
                reportExtra(
                    "choice (`#\(located.position).\(index + 1)`)", in: source, at: index < choiceLocations.count ? choiceLocations[index] : at,
                    diagnostics: &diagnostics)
            }
            for (index, theirIndex) in pairing.pairs where theirIndex < theirs.choices.count {
                let choice = theirs.choices[theirIndex]
                if choice.correct != question.choices[index].correct {
                    reportAnswer(
                        "this choice is \(choice.correct ? "right" : "wrong") here but \(question.choices[index].correct ? "right" : "wrong") in `\(source.original)`",
                        in: source, at: theirIndex < choiceLocations.count ? choiceLocations[theirIndex] : at, diagnostics: &diagnostics)
                }
                question.choices[index].text = choice.text
                question.choices[index].hint = choice.hint
                question.choices[index].feedback = choice.feedback
            }
        case .text:
            break
        }
    }

    private static func kindName(_ kind: Question.Kind) -> String {
        switch kind {
        case .single: return "a one-answer question"
        case .multiple: return "a several-answers question"
        case .trueFalse: return "a true-false question"
        case .text: return "a typed-answer question"
        case .number: return "a number question"
        }
    }

    private static func reportAnswer(_ message: String, in source: TranslationSource, at location: SourceLocation, diagnostics: inout DiagnosticList) {
        diagnostics.error(
            .translationAnswerDiffers, at: location, message,
            help: "a translation keeps its original's answers: write the same answer as in `\(source.original)`, in its own words where it is text")
    }

    // MARK: Decks and the bill of rights

    /// The original deck with the translation's texts.
    static func deck(_ deck: ParsedDeck, original: ParsedDeck, stated: [Bool], in source: TranslationSource, diagnostics: inout DiagnosticList)
        -> (deck: ParsedDeck, places: [String: SourceLocation])
    {
        var places: [String: SourceLocation] = [:]
        var translated = original
        translated.deck.title = deck.deck.title
        let pairing = pair(
            originalIDs: original.deck.cards.map(\.id), translationStated: deck.deck.cards.map { $0.id.isEmpty ? nil : $0.id })
        for index in pairing.missing {
            let card = original.deck.cards[index]
            reportMissing(
                itemName("card", id: card.id, stated: index < stated.count && stated[index], place: index + 1) + " (\"\(card.front)\")", in: source,
                at: deck.idLocation, diagnostics: &diagnostics)
        }
        for index in pairing.extra {
            reportExtra("card", in: source, at: deck.cardLocations[index], diagnostics: &diagnostics)
        }
        for (index, theirIndex) in pairing.pairs {
            let card = deck.deck.cards[theirIndex]
            places[index < stated.count && stated[index] ? original.deck.cards[index].id : "#\(index + 1)"] = deck.cardLocations[theirIndex]
            translated.deck.cards[index].front = card.front
            translated.deck.cards[index].back = card.back
            translated.deck.cards[index].frontText = card.frontText
            translated.deck.cards[index].backText = card.backText
            let picture = deck.cardImages[theirIndex]?.path?.value
            let originalPicture = original.cardImages[index]?.path?.value
            if picture != originalPicture {
                diagnostics.error(
                    .translationMediaDiffers, at: deck.cardImages[theirIndex]?.path?.location ?? deck.cardLocations[theirIndex],
                    "this card's picture is \(picture.map { "`\($0)`" } ?? "none") here but \(originalPicture.map { "`\($0)`" } ?? "none") in `\(source.original)`",
                    help: "show the original's picture; its description (`alt`) may be translated")
            }
            if let alt = deck.cardImages[theirIndex]?.alt?.value, translated.deck.cards[index].image != nil {
                translated.deck.cards[index].image?.alt = alt
            }
        }
        return (translated, places)
    }

    /// The original bill of rights with the translation's texts.
    static func billOfRights(
        _ bill: BillOfRights, places: [SourceLocation], stated: [Bool], original: BillOfRights, originalStated: [Bool], in source: TranslationSource,
        diagnostics: inout DiagnosticList
    ) -> (bill: BillOfRights, places: [String: SourceLocation]) {
        func statesID(_ index: Int) -> Bool { index < originalStated.count && originalStated[index] }
        var translatedPlaces: [String: SourceLocation] = [:]
        var translated = original
        translated.title = bill.title
        translated.intro = bill.intro ?? original.intro
        let pairing = pair(
            originalIDs: original.rights.map(\.id), translationStated: zip(bill.rights, stated).map { $1 ? $0.id : nil })
        for index in pairing.missing {
            reportMissing("right `\(original.rights[index].id)`", in: source, at: .startOf(source.file.path), diagnostics: &diagnostics)
        }
        for index in pairing.extra {
            reportExtra("right", in: source, at: places[index], diagnostics: &diagnostics)
        }
        for (index, theirIndex) in pairing.pairs {
            translated.rights[index].text = bill.rights[theirIndex].text
            translated.rights[index].detail = bill.rights[theirIndex].detail
            translatedPlaces[statesID(index) ? original.rights[index].id : "#\(index + 1)"] = places[theirIndex]
        }
        return (translated, translatedPlaces)
    }
}

extension DiagnosticCode {
    /// A file is named as a translation of a file that is not there.
    public static let translationWithoutOriginal = DiagnosticCode("translation-no-original", .error, .translations)
    /// An item of the original (a question, choice, card or right) has no translation.
    public static let translationItemMissing = DiagnosticCode("translation-item-missing", .error, .translations)
    /// A translation has an item its original does not.
    public static let translationItemExtra = DiagnosticCode("translation-item-extra", .error, .translations)
    /// A translated question has another right answer than its original.
    public static let translationAnswerDiffers = DiagnosticCode("translation-answer-differs", .error, .translations)
    /// A translation repeats a setting with another value than its original's.
    public static let translationSettingDiffers = DiagnosticCode("translation-setting-differs", .error, .translations)
    /// A translated page shows other videos or pictures than its original.
    public static let translationMediaDiffers = DiagnosticCode("translation-media-differs", .error, .translations)
}
