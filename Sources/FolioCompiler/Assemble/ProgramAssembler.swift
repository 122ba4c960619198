import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax

/// Puts a resolved program together as the model every output renders: the last stage,
/// run only when nothing before it found an error.
enum ProgramAssembler {
    static func assemble(_ resolved: ResolvedProgram) -> CompiledProgram? {
        let checked = resolved.checked
        guard let settings = checked.settings, let welcomeBody = resolved.welcome else { return nil }
        let welcome = CompiledPage(
            title: checked.welcome?.title ?? settings.title, body: welcomeBody.body, videos: welcomeBody.videos)
        // In reading order, numbered from 1, each knowing its neighbours.
        var chapters = zip(checked.chapters, resolved.chapters).enumerated().map { position, pair in
            let (chapter, body) = pair
            return CompiledChapter(
                id: chapter.id, title: chapter.title, summary: chapter.summary, order: position + 1, quiz: chapter.quiz, body: body.body,
                videos: body.videos, headings: body.headings, plainText: body.shelvedPlainText)
        }
        CompiledChapter.linkNeighbours(&chapters)
        // Quizzes named only by left-out drafts are left out with them.
        let draftQuizzes = Set(checked.draftsLeftOut.compactMap(\.quiz))
        let quizzes = checked.quizzes.map(\.quiz)
            .filter { checked.quizOwners[$0.id] != nil || !draftQuizzes.contains($0.id) }
            .map { quiz -> Quiz in
                var quiz = quiz
                quiz.chapter = checked.quizOwners[quiz.id]
                return quiz
            }
            .sorted { $0.id < $1.id }
        let decks = checked.decks.map(\.deck).sorted { $0.id < $1.id }
        let translations = settings.otherLanguages.map {
            translation(
                $0, of: resolved, welcome: welcome, billOfRights: checked.billOfRights, chapters: chapters, quizzes: quizzes, decks: decks)
        }
        var program = CompiledProgram(
            settings: settings, welcome: welcome, billOfRights: checked.billOfRights, chapters: chapters, quizzes: quizzes,
            decks: decks, media: measured(checked.content.media), cardHTML: cardHTML(decks + translations.flatMap(\.decks)),
            translations: translations)
        program.facilitator = FacilitatorGuideNotes(
            chapters: Dictionary(
                checked.chapters.compactMap { chapter in chapter.facilitator.map { (chapter.id, $0) } }, uniquingKeysWith: { first, _ in first }),
            quizzes: Dictionary(checked.quizzes.compactMap { quiz in quiz.facilitator.map { (quiz.quiz.id, $0) } }, uniquingKeysWith: { first, _ in first }))
        return program
    }

    /// The program's parts in `language`: each part whose translation is shown, built
    /// on its original (ids, order, quiz, neighbours), and the state of every part.
    static func translation(
        _ language: String, of resolved: ResolvedProgram, welcome: CompiledPage, billOfRights: BillOfRights?, chapters: [CompiledChapter],
        quizzes: [Quiz], decks: [Deck]
    ) -> CompiledTranslation {
        var result = CompiledTranslation(language: language)
        var states: [TranslatedPart: TranslationState] = [:]
        states.reserveCapacity(chapters.count + quizzes.count + decks.count + 2)
        states[.welcome] = .missing
        if billOfRights != nil { states[.billOfRights] = .missing }
        for chapter in chapters { states[TranslatedPart(.chapter, chapter.id)] = .missing }
        for quiz in quizzes { states[TranslatedPart(.quiz, quiz.id)] = .missing }
        for deck in decks { states[TranslatedPart(.deck, deck.id)] = .missing }
        // Each translation shown, by the id of the part it translates, as its place among
        // the translations: each is read where it is, never copied whole (one thread does
        // this, while the other waits for the outputs).
        let translations = resolved.checked.translations
        var shown: [TranslatedPart: Int] = [:]
        shown.reserveCapacity(translations.count)
        for index in translations.indices where translations[index].source.language == language {
            let part = translations[index].part
            // A part the build leaves out (a draft chapter, its quiz) has no translation either.
            guard states[part] != nil else { continue }
            let state = translations[index].state
            states[part] = state
            if state.isShown { shown[part] = index }
        }
        result.states = states
        if let index = shown[.welcome], case .welcome(let page) = translations[index].form,
            let body = resolved.translatedBodies[translations[index].source.file.path]
        {
            result.welcome = CompiledPage(title: page.title ?? welcome.title, body: body.body, videos: body.videos)
        }
        if let index = shown[.billOfRights], case .billOfRights(let bill) = translations[index].form { result.billOfRights = bill }
        result.chapters = chapters.compactMap { original in
            guard let index = shown[TranslatedPart(.chapter, original.id)], case .chapter(let chapter, _) = translations[index].form,
                let body = resolved.translatedBodies[translations[index].source.file.path]
            else { return nil }
            return CompiledChapter(
                id: original.id, title: chapter.title, summary: chapter.summary, order: original.order, quiz: original.quiz, body: body.body,
                videos: body.videos, headings: body.headings, plainText: body.shelvedPlainText, previous: original.previous, next: original.next)
        }
        result.quizzes = quizzes.compactMap { original in
            guard let index = shown[TranslatedPart(.quiz, original.id)], case .quiz(var quiz) = translations[index].form else { return nil }
            quiz.chapter = original.chapter
            return quiz
        }
        result.decks = decks.compactMap { original in
            guard let index = shown[TranslatedPart(.deck, original.id)], case .deck(let deck) = translations[index].form else { return nil }
            return deck
        }
        return result
    }

    /// The cards' texts that hold inline Markdown, as HTML (as `quiz_from_deck` renders them).
    static func cardHTML(_ decks: [Deck]) -> [String: String] {
        var html: [String: String] = [:]
        for card in decks.lazy.flatMap(\.cards) {
            for text in [card.front, card.back] where html[text] == nil {
                // Plain words come back as they are, and are escaped where they are shown.
                let rendered = InlineMarkdown.html(text)
                if rendered != text { html[text] = rendered }
            }
        }
        return html
    }

    /// The media with the sizes of the pictures among them, from each one's header.
    static func measured(_ media: [MediaFile]) -> [MediaFile] {
        ParallelMap.run(media) { file in
            guard ImageSize.extensions.contains(ContentPath.fileExtension(file.bundlePath).lowercased()),
                let size = ImageSize.read(file: file.sourcePath)
            else { return file }
            var file = file
            file.width = size.width
            file.height = size.height
            return file
        }
    }
}
