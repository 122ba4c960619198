import FolioModel

/// The program as a learner reading one of its languages sees it: each part translated
/// where learners see its translation, the default language's part, whole, where they do
/// not, and which parts those are, for an output to say so on them.
public struct LocalizedProgram: Sendable {
    /// The program in the language: its settings' `language` is the language, and every
    /// part is the translated one or the original.
    public var program: CompiledProgram
    /// The language learners chose.
    public var language: String
    /// The parts shown in the default language because their translation is missing or
    /// outdated; empty in the default language.
    public var fallbacks: Set<TranslatedPart>

    /// Whether `part` is shown in the default language in place of this one.
    public func fallsBack(_ part: TranslatedPart) -> Bool { fallbacks.contains(part) }
}

extension CompiledProgram {
    /// The program as a learner reading `language` sees it. The default language, or a
    /// language the program does not have, is the program itself with nothing falling back.
    public func localized(to language: String) -> LocalizedProgram {
        guard language != settings.language, let translation = translation(language) else {
            return LocalizedProgram(program: self, language: settings.language, fallbacks: [])
        }
        var fallbacks: Set<TranslatedPart> = []
        var program = self
        program.settings.language = language
        if let welcome = translation.welcome {
            program.welcome = welcome
        } else {
            fallbacks.insert(.welcome)
        }
        if billOfRights != nil {
            if let rights = translation.billOfRights { program.billOfRights = rights } else { fallbacks.insert(.billOfRights) }
        }
        program.chapters = chapters.map { chapter in
            if let translated = translation.chapter(chapter.id) { return translated }
            fallbacks.insert(TranslatedPart(.chapter, chapter.id))
            return chapter
        }
        program.quizzes = quizzes.map { quiz in
            if let translated = translation.quiz(quiz.id) { return translated }
            fallbacks.insert(TranslatedPart(.quiz, quiz.id))
            return quiz
        }
        program.decks = decks.map { deck in
            if let translated = translation.deck(deck.id) { return translated }
            fallbacks.insert(TranslatedPart(.deck, deck.id))
            return deck
        }
        return LocalizedProgram(program: program, language: language, fallbacks: fallbacks)
    }
}
