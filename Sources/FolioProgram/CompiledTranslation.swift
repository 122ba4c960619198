import FolioModel

/// A program's parts in one of its other languages: what the compiler made of the
/// translations beside the originals (`chapters/01-who-am-i.es.md`).
///
/// Each part keeps its original's ids and structure (correct answers, scores, modes, pass
/// marks, time limits, reading order) and takes only its texts from the translation, so a
/// learner's progress is one record across languages. A part is here only when its
/// translation exists, is whole and is not outdated; otherwise an output shows the
/// original in its place, whole, with a note (``states``).
public struct CompiledTranslation: Sendable {
    /// The language, one of the program's ``ProgramSettings/otherLanguages``.
    public var language: String
    /// The welcome page, translated.
    public var welcome: CompiledPage?
    /// The bill of rights, translated.
    public var billOfRights: BillOfRights?
    /// The chapters translated, in reading order, each with its original's id, order,
    /// quiz and neighbours.
    public var chapters: [CompiledChapter] { didSet { chapterPlaces = Self.places(chapters, \.id) } }
    /// The quizzes translated, sorted by id.
    public var quizzes: [Quiz] { didSet { quizPlaces = Self.places(quizzes, \.id) } }
    /// The decks translated, sorted by id.
    public var decks: [Deck] { didSet { deckPlaces = Self.places(decks, \.id) } }
    // Where each part is, by id: an output looks up a part for every original's.
    private var chapterPlaces: [String: Int] = [:]
    private var quizPlaces: [String: Int] = [:]
    private var deckPlaces: [String: Int] = [:]
    /// How far each part of the program is translated, by part; every part of the
    /// program is here.
    public var states: [TranslatedPart: TranslationState]

    /// A translation from its parts.
    public init(
        language: String, welcome: CompiledPage? = nil, billOfRights: BillOfRights? = nil, chapters: [CompiledChapter] = [], quizzes: [Quiz] = [],
        decks: [Deck] = [], states: [TranslatedPart: TranslationState] = [:]
    ) {
        self.language = language
        self.welcome = welcome
        self.billOfRights = billOfRights
        self.chapters = chapters
        self.quizzes = quizzes
        self.decks = decks
        self.states = states
        chapterPlaces = Self.places(chapters, \.id)
        quizPlaces = Self.places(quizzes, \.id)
        deckPlaces = Self.places(decks, \.id)
    }

    private static func places<Part>(_ parts: [Part], _ id: KeyPath<Part, String>) -> [String: Int] {
        Dictionary(parts.enumerated().map { ($1[keyPath: id], $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The translated chapter `id`, when it is shown translated.
    public func chapter(_ id: String) -> CompiledChapter? { chapterPlaces[id].map { chapters[$0] } }
    /// The translated quiz `id`, when it is shown translated.
    public func quiz(_ id: String) -> Quiz? { quizPlaces[id].map { quizzes[$0] } }
    /// The translated deck `id`, when it is shown translated.
    public func deck(_ id: String) -> Deck? { deckPlaces[id].map { decks[$0] } }
    /// How far `part` is translated; `missing` for a part the program does not have.
    public func state(of part: TranslatedPart) -> TranslationState { states[part] ?? .missing }
}

/// A part of a program that is translated as a whole, and falls back as a whole.
public struct TranslatedPart: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What kind of part it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case welcome, billOfRights = "bill-of-rights", chapter, quiz, deck

        /// In the order a program's parts are listed: pages first.
        public static func < (a: Kind, b: Kind) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    /// What kind of part it is.
    public var kind: Kind
    /// The part's id; for the welcome page and the bill of rights, the kind's name.
    public var id: String

    /// A part by its kind and id.
    public init(_ kind: Kind, _ id: String) {
        self.kind = kind
        self.id = id
    }

    /// The welcome page.
    public static let welcome = TranslatedPart(.welcome, "welcome")
    /// The bill of rights.
    public static let billOfRights = TranslatedPart(.billOfRights, "bill-of-rights")

    /// By kind, then id.
    public static func < (a: TranslatedPart, b: TranslatedPart) -> Bool { (a.kind, a.id) < (b.kind, b.id) }

    /// `chapter who-am-i`.
    public var description: String { "\(kind.rawValue) \(id)" }
}

/// How far a part is translated into a language.
public enum TranslationState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Translated from the original as it is now, as `folio translate mark-current` recorded.
    case translated
    /// Translated from an earlier original: some of its items changed since. Shown in
    /// the default language.
    case outdated
    /// Translated, but never marked current: shown to learners, not counted as translated.
    case unmarked
    /// Not translated (or its translation does not match its original): shown in the
    /// default language.
    case missing

    /// Whether learners see the part translated.
    public var isShown: Bool { self == .translated || self == .unmarked }
}
