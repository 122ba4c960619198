import Foundation

/// What `folio progress` shows: per chapter, whether its quiz is passed, the best score,
/// the attempts and the time spent; per deck, the cards known and the time spent; the
/// total time and the current streak of days studied.
public struct ProgressSummary: Sendable, Equatable, Encodable {
    /// A chapter of the program and how its quiz went.
    public struct ChapterProgress: Sendable, Equatable, Encodable {
        public var chapter: String
        public var title: String
        /// Nil when the chapter has no quiz.
        public var quiz: String?
        public var attempts: Int
        public var passed: Bool
        /// The best percentage reached, nil before the first attempt.
        public var bestPercent: Double?
        public var timeSeconds: Double

        public init(
            chapter: String, title: String, quiz: String?, attempts: Int, passed: Bool, bestPercent: Double?, timeSeconds: Double
        ) {
            self.chapter = chapter
            self.title = title
            self.quiz = quiz
            self.attempts = attempts
            self.passed = passed
            self.bestPercent = bestPercent
            self.timeSeconds = timeSeconds
        }
    }

    /// A deck and how studying it went.
    public struct DeckProgress: Sendable, Equatable, Encodable {
        public var deck: String
        public var title: String
        public var cardCount: Int
        /// Cards whose latest mark is "known".
        public var cardsKnown: Int
        public var sessions: Int
        /// Attempts at quizzes made from the deck (`folio study --quiz`).
        public var quizAttempts: Int
        public var timeSeconds: Double

        public init(
            deck: String, title: String, cardCount: Int, cardsKnown: Int, sessions: Int, quizAttempts: Int, timeSeconds: Double
        ) {
            self.deck = deck
            self.title = title
            self.cardCount = cardCount
            self.cardsKnown = cardsKnown
            self.sessions = sessions
            self.quizAttempts = quizAttempts
            self.timeSeconds = timeSeconds
        }
    }

    public var program: String
    public var chapters: [ChapterProgress]
    public var decks: [DeckProgress]
    /// Attempts at quizzes that no chapter ends (they count in the totals).
    public var otherAttempts: Int
    public var totalTimeSeconds: Double
    /// Days in a row with some study, ending today, or yesterday when nothing is done yet
    /// today: a streak is not lost until a whole day passes without study.
    public var streakDays: Int
    public var studiedToday: Bool
    /// The last day with some study, `YYYY-MM-DD`.
    public var lastStudied: String?

    public init(
        program: String, chapters: [ChapterProgress], decks: [DeckProgress], otherAttempts: Int, totalTimeSeconds: Double,
        streakDays: Int, studiedToday: Bool, lastStudied: String?
    ) {
        self.program = program
        self.chapters = chapters
        self.decks = decks
        self.otherAttempts = otherAttempts
        self.totalTimeSeconds = totalTimeSeconds
        self.streakDays = streakDays
        self.studiedToday = studiedToday
        self.lastStudied = lastStudied
    }
}

/// What the summary needs to know of the program: its chapters and decks in order.
public struct ProgramOutline: Sendable {
    public struct Chapter: Sendable {
        public var id: String
        public var title: String
        public var quiz: String?
        public init(id: String, title: String, quiz: String?) {
            self.id = id
            self.title = title
            self.quiz = quiz
        }
    }

    public struct Deck: Sendable {
        public var id: String
        public var title: String
        public var cardCount: Int
        public init(id: String, title: String, cardCount: Int) {
            self.id = id
            self.title = title
            self.cardCount = cardCount
        }
    }

    public var title: String
    public var chapters: [Chapter]
    public var decks: [Deck]

    public init(title: String, chapters: [Chapter], decks: [Deck]) {
        self.title = title
        self.chapters = chapters
        self.decks = decks
    }
}

extension ProgressStore {
    /// The summary of `outline`'s progress as of `today` (a local `YYYY-MM-DD` day).
    public func summary(of outline: ProgramOutline, today: String) throws -> ProgressSummary {
        var known: [String: Set<Int>] = [:]
        for deck in outline.decks { known[deck.id] = try cardsKnown(program: outline.title, deck: deck.id) }
        return ProgressSummary(
            outline: outline, attempts: try attempts(program: outline.title), sessions: try studySessions(program: outline.title),
            cardsKnown: known, today: today)
    }

    /// The summary before anything is saved.
    public static func emptySummary(of outline: ProgramOutline) -> ProgressSummary {
        ProgressSummary(outline: outline, attempts: [], sessions: [], cardsKnown: [:], today: "")
    }
}

extension ProgressSummary {
    /// Works the summary out from the saved records: pure, so it is tested without a file.
    /// `cardsKnown` gives, per deck, the 1-based places of the cards whose latest mark is known.
    public init(
        outline: ProgramOutline, attempts: [AttemptRecord], sessions: [StudySessionRecord], cardsKnown: [String: Set<Int>],
        today: String
    ) {
        var chapterQuizzes = Set<String>()
        let chapters = outline.chapters.map { chapter -> ChapterProgress in
            let mine = chapter.quiz.map { quiz in attempts.filter { $0.quiz == quiz && $0.deck == nil } } ?? []
            if let quiz = chapter.quiz { chapterQuizzes.insert(quiz) }
            return ChapterProgress(
                chapter: chapter.id, title: chapter.title, quiz: chapter.quiz, attempts: mine.count,
                passed: mine.contains(where: \.passed), bestPercent: mine.map(\.percent).max(),
                timeSeconds: mine.map(\.elapsedSeconds).reduce(0, +))
        }
        let decks = outline.decks.map { deck -> DeckProgress in
            let studied = sessions.filter { $0.deck == deck.id }
            let quizzed = attempts.filter { $0.deck == deck.id }
            let known = (cardsKnown[deck.id] ?? []).filter { $0 <= deck.cardCount }
            return DeckProgress(
                deck: deck.id, title: deck.title, cardCount: deck.cardCount, cardsKnown: known.count, sessions: studied.count,
                quizAttempts: quizzed.count,
                timeSeconds: studied.map(\.elapsedSeconds).reduce(0, +) + quizzed.map(\.elapsedSeconds).reduce(0, +))
        }
        let days = Set(attempts.map(\.day) + sessions.map(\.day))
        self.init(
            program: outline.title, chapters: chapters, decks: decks,
            otherAttempts: attempts.filter { $0.deck == nil && !chapterQuizzes.contains($0.quiz) }.count,
            totalTimeSeconds: attempts.map(\.elapsedSeconds).reduce(0, +) + sessions.map(\.elapsedSeconds).reduce(0, +),
            streakDays: StudyStreak(days: days, today: today).current, studiedToday: days.contains(today),
            lastStudied: days.max())
    }
}
