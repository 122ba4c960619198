import FolioModel

/// A program as a learner in one of its languages sees it: each part translated where
/// learners see it translated (``TranslationState/isShown``), the original elsewhere,
/// whole, and which parts fell back so.
public struct LocalizedProgram: Sendable {
    /// The language the learner reads.
    public var language: String
    /// The program with its translated parts in place of the originals: the same ids,
    /// order, quizzes, decks and media.
    public var program: CompiledProgram
    /// The parts shown in the default language because their translation is missing or
    /// outdated; empty in the default language.
    public var fallbacks: Set<TranslatedPart>

    /// Whether `part` is shown in the default language, with a note that it is not
    /// translated yet.
    public func fellBack(_ part: TranslatedPart) -> Bool { fallbacks.contains(part) }
}

extension CompiledProgram {
    /// The program as a learner in `language` sees it; the program itself, with no
    /// fallbacks, in the default language or a language it does not have.
    public func localized(to language: String) -> LocalizedProgram {
        guard language != settings.language, let translation = translation(language) else {
            return LocalizedProgram(language: settings.language, program: self, fallbacks: [])
        }
        var fallbacks: Set<TranslatedPart> = []
        var localized = self
        // A part is in the translation only when learners see it translated, so the
        // original stands wherever the translation has none.
        if let welcome = translation.welcome, translation.state(of: .welcome).isShown {
            localized.welcome = welcome
        } else {
            fallbacks.insert(.welcome)
        }
        if let rights = billOfRights {
            if let translated = translation.billOfRights, translation.state(of: .billOfRights).isShown {
                localized.billOfRights = translated
            } else {
                fallbacks.insert(.billOfRights)
                localized.billOfRights = rights
            }
        }
        localized.chapters = chapters.map { chapter in
            let part = TranslatedPart(.chapter, chapter.id)
            guard let translated = translation.chapter(chapter.id), translation.state(of: part).isShown else {
                fallbacks.insert(part)
                return chapter
            }
            return translated
        }
        localized.quizzes = quizzes.map { quiz in
            let part = TranslatedPart(.quiz, quiz.id)
            guard let translated = translation.quiz(quiz.id), translation.state(of: part).isShown else {
                fallbacks.insert(part)
                return quiz
            }
            return translated
        }
        localized.decks = decks.map { deck in
            let part = TranslatedPart(.deck, deck.id)
            guard let translated = translation.deck(deck.id), translation.state(of: part).isShown else {
                fallbacks.insert(part)
                return deck
            }
            return translated
        }
        return LocalizedProgram(language: language, program: localized, fallbacks: fallbacks)
    }
}
