import FolioModel

/// A part of the program in the language an app asked for, or, where that language has
/// no current translation of it, in the fallback language: an app shows a note then
/// (the interface's `site.untranslated-note`), as Folio's site does.
public struct InLanguage<Value: Sendable>: Sendable {
    /// The part.
    public var value: Value
    /// The language `value` is in.
    public var language: String
    /// Whether `value` is the fallback language's, because the language asked for has no
    /// current translation of it.
    public var isFallback: Bool
}

extension BundleReader {
    /// The program's languages, the default first (format 1.6 on; before it, the
    /// program's one language).
    public var languages: [String] { manifest.languages?.map(\.language) ?? [manifest.program.language] }

    /// The program's default language: the language of the bundle's top-level files.
    public var defaultLanguage: String { manifest.languages?.first { $0.isDefault == true }?.language ?? manifest.program.language }

    /// The first of `preferred` (a learner's languages, most wanted first, as BCP 47 tags)
    /// the program has, matching `es-MX` to `es` when the program has no `es-MX`; else the
    /// default language.
    public func language(matching preferred: [String]) -> String {
        let have = languages
        for tag in preferred {
            if let exact = have.first(where: { $0.lowercased() == tag.lowercased() }) { return exact }
            let base = tag.split(separator: "-").first.map { String($0).lowercased() } ?? tag.lowercased()
            if let near = have.first(where: { $0.lowercased() == base }) { return near }
        }
        return defaultLanguage
    }

    /// The chapter `id` in `language`, or in its fallback.
    public func chapter(_ id: String, in language: String) throws -> InLanguage<Chapter> {
        try part(.chapter, id, in: language, decode: Chapter.self) { try chapter(id) }
    }

    /// The quiz `id` in `language`, or in its fallback. Its ids, answers and scores are the
    /// same in every language, so progress recorded in one counts in all.
    public func quiz(_ id: String, in language: String) throws -> InLanguage<Quiz> {
        try part(.quiz, id, in: language, decode: Quiz.self) { try quiz(id) }
    }

    /// The flashcard deck `id` in `language`, or in its fallback.
    public func deck(_ id: String, in language: String) throws -> InLanguage<Deck> {
        try part(.deck, id, in: language, decode: Deck.self) { try deck(id) }
    }

    /// The welcome page in `language`, or in its fallback.
    public func welcome(in language: String) throws -> InLanguage<WelcomePage> {
        try part(.welcome, "welcome", in: language, decode: WelcomePage.self) { try welcome() }
    }

    /// The bill of rights in `language`, or in its fallback; nil when the program has none.
    public func billOfRights(in language: String) throws -> InLanguage<BillOfRights>? {
        guard manifest.hasBillOfRights else { return nil }
        return try part(.billOfRights, "bill-of-rights", in: language, decode: BillOfRights.self) { try billOfRights()! }
    }

    /// The chapters in reading order with their titles in `language` where translated.
    public func chapters(in language: String) -> [InLanguage<Manifest.ChapterSummary>] {
        let parts = translatedParts(language)
        return manifest.chapters.map { summary in
            guard let part = parts[TranslatedPartKey(kind: .chapter, id: summary.id)], part.isShownTranslated else {
                return InLanguage(value: summary, language: defaultLanguage, isFallback: language != defaultLanguage)
            }
            var translated = summary
            translated.title = part.title ?? summary.title
            translated.summary = part.summary ?? summary.summary
            return InLanguage(value: translated, language: language, isFallback: false)
        }
    }

    /// The interface's words in `language`; a language the bundle has no words for gets the
    /// default language's. Nil in a bundle written before format 1.6.
    public func interface(_ language: String) throws -> InLanguage<InterfaceStrings>? {
        guard let languages = manifest.languages else { return nil }
        if let own = languages.first(where: { $0.language == language }) {
            return InLanguage(value: try decode(InterfaceStrings.self, path: own.interface), language: language, isFallback: false)
        }
        guard let fallback = languages.first(where: { $0.isDefault == true }) else { return nil }
        return InLanguage(value: try decode(InterfaceStrings.self, path: fallback.interface), language: fallback.language, isFallback: true)
    }

    private struct TranslatedPartKey: Hashable {
        var kind: Manifest.EntryKind
        var id: String
    }

    private func translatedParts(_ language: String) -> [TranslatedPartKey: TranslatedPartSummary] {
        guard language != defaultLanguage, let parts = manifest.languages?.first(where: { $0.language == language })?.parts else { return [:] }
        return Dictionary(parts.map { (TranslatedPartKey(kind: $0.kind, id: $0.id), $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func part<Value: Decodable & Sendable>(
        _ kind: Manifest.EntryKind, _ id: String, in language: String, decode type: Value.Type, original: () throws -> Value
    ) throws -> InLanguage<Value> {
        if language != defaultLanguage, let path = translatedParts(language)[TranslatedPartKey(kind: kind, id: id)]?.path {
            return InLanguage(value: try decode(type, path: path), language: language, isFallback: false)
        }
        return InLanguage(value: try original(), language: defaultLanguage, isFallback: language != defaultLanguage)
    }
}
