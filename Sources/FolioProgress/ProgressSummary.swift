import Foundation

/// What `folio progress` shows: per chapter, whether its quiz is passed, the best score,
/// the attempts and the time spent; per deck, the cards known and the time spent; the
/// total time and the current streak of days studied.
public struct ProgressSummary: Sendable, Equatable, Encodable {
    /// A chapter of the program and how its quiz went.
    public struct ChapterProgress: Sendable, Equatable, Encodable {
        /// The chapter's id.
        public var chapter: String
        /// The chapter's title.
        public var title: String
        /// Nil when the chapter has no quiz.
        public var quiz: String?
        /// How many times the chapter's quiz was attempted.
        public var attempts: Int
        /// Whether some attempt passed the quiz.
        public var passed: Bool
        /// The best percentage reached, nil before the first attempt.
        public var bestPercent: Double?
        /// Seconds spent on the chapter's quiz, over every attempt.
        public var timeSeconds: Double

        /// A chapter's line of the summary.
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
        /// The deck's id.
        public var deck: String
        /// The deck's title.
        public var title: String
        /// How many cards the deck has now.
        public var cardCount: Int
        /// Cards whose latest mark is "known".
        public var cardsKnown: Int
        /// How many study sessions the deck has had.
        public var sessions: Int
        /// Attempts at quizzes made from the deck (`folio study --quiz`).
        public var quizAttempts: Int
        /// Seconds spent on the deck, its sessions and its quizzes together.
        public var timeSeconds: Double

        /// A deck's line of the summary.
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

    /// What is saved about items the program no longer has: kept in the file, counted
    /// here, never given to another item.
    public struct Dropped: Sendable, Equatable, Encodable {
        /// Questions answered that are no longer in their quiz, as `quiz/question`.
        public var questions: [String]
        /// Cards marked that are no longer in their deck, as `deck/card` (`deck/?` for a
        /// card of version 1 that was gone when its mark was carried over).
        public var cards: [String]
        /// Quizzes and decks with saved progress that the program no longer has.
        public var quizzes: [String]
        /// Decks with saved progress that the program no longer has.
        public var decks: [String]
        /// Lists of what was dropped, each empty by default.
        public init(questions: [String] = [], cards: [String] = [], quizzes: [String] = [], decks: [String] = []) {
            self.questions = questions
            self.cards = cards
            self.quizzes = quizzes
            self.decks = decks
        }
        /// Whether nothing was dropped.
        public var isEmpty: Bool { questions.isEmpty && cards.isEmpty && quizzes.isEmpty && decks.isEmpty }
    }

    /// The program's title.
    public var program: String
    /// The program's id, which its progress is kept under.
    public var programID = ""
    /// Every chapter of the program, in reading order.
    public var chapters: [ChapterProgress]
    /// Every deck of the program, in order.
    public var decks: [DeckProgress]
    /// Attempts at quizzes that no chapter ends (they count in the totals).
    public var otherAttempts: Int
    /// Seconds spent on quizzes and decks in all.
    public var totalTimeSeconds: Double
    /// Days in a row with some study, ending today, or yesterday when nothing is done yet
    /// today: a streak is not lost until a whole day passes without study.
    public var streakDays: Int
    /// Whether the learner studied today, so the streak already counts today.
    public var studiedToday: Bool
    /// The last day with some study, `YYYY-MM-DD`.
    public var lastStudied: String?
    /// Saved progress about items the program no longer has.
    public var dropped = Dropped()
    /// What she wrote for reflection questions ("My thoughts"), newest first.
    public var thoughts: [Thought] = []
    /// The last four weeks, Monday to Sunday, each day `YYYY-MM-DD` with whether she
    /// studied (a quiz or a deck, as the streak counts). Empty without a today.
    public var calendar: [[CalendarDay]] = []

    /// One day of ``calendar``.
    public struct CalendarDay: Sendable, Equatable, Encodable {
        /// The day, `YYYY-MM-DD`.
        public var day: String
        /// Whether the learner did a quiz or studied a deck that day.
        public var studied: Bool
        /// After today.
        public var future: Bool
    }

    /// One thought written for a reflection question.
    public struct Thought: Sendable, Equatable, Encodable {
        /// The id of the quiz holding the reflection question.
        public var quiz: String
        /// The chapter whose quiz this is, if any.
        public var chapter: String?
        /// The reflection's id in its quiz.
        public var reflection: String
        /// The prompt, in Markdown, as she saw it.
        public var prompt: String
        /// What the learner wrote.
        public var text: String
        /// The learner's local calendar day when she wrote it, `YYYY-MM-DD`.
        public var day: String

        /// The thought as saved.
        public init(_ record: ThoughtRecord) {
            quiz = record.quiz
            chapter = record.chapter
            reflection = record.reflection
            prompt = record.prompt
            text = record.text
            day = record.day
        }
    }

    /// A summary with its totals; ``dropped``, ``thoughts`` and ``calendar`` start empty.
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
    /// A chapter: its id, its title and its quiz's id.
    public struct Chapter: Sendable {
        /// The chapter's id.
        public var id: String
        /// The chapter's title.
        public var title: String
        /// The id of the chapter's quiz; nil when it has none.
        public var quiz: String?
        /// A chapter with its id, title and quiz.
        public init(id: String, title: String, quiz: String?) {
            self.id = id
            self.title = title
            self.quiz = quiz
        }
    }

    /// A deck: its id, its title and its cards' ids.
    public struct Deck: Sendable {
        /// The deck's id.
        public var id: String
        /// The deck's title.
        public var title: String
        /// The ids of the deck's cards, in order.
        public var cardIDs: [String]
        /// How many cards the deck has.
        public var cardCount: Int { cardIDs.count }
        /// A deck with its id, title and cards.
        public init(id: String, title: String, cardIDs: [String]) {
            self.id = id
            self.title = title
            self.cardIDs = cardIDs
        }
    }

    /// The program's id, which its progress is kept under.
    public var id: String
    /// The program's title.
    public var title: String
    /// The program's chapters, in reading order.
    public var chapters: [Chapter]
    /// The program's decks, in order.
    public var decks: [Deck]
    /// Question ids of every quiz.
    public var quizzes: [String: [String]]

    /// The program as its bundle gives it.
    public init(id: String, title: String, chapters: [Chapter], decks: [Deck], quizzes: [String: [String]]) {
        self.id = id
        self.title = title
        self.chapters = chapters
        self.decks = decks
        self.quizzes = quizzes
    }
}

extension ProgressStore {
    /// The summary of `outline`'s progress as of `today` (a local `YYYY-MM-DD` day).
    public func summary(of outline: ProgramOutline, today: String) throws -> ProgressSummary {
        var known: [String: Set<String>] = [:]
        for deck in outline.decks { known[deck.id] = try cardsKnown(program: outline.id, deck: deck.id) }
        var summary = ProgressSummary(
            outline: outline, attempts: try attempts(program: outline.id), sessions: try studySessions(program: outline.id),
            cardsKnown: known, today: today)
        summary.dropped = ProgressSummary.dropped(try savedItems(program: outline.id), outline: outline)
        summary.thoughts = try thoughts(program: outline.id).map(ProgressSummary.Thought.init)
        return summary
    }

    /// The summary before anything is saved.
    public static func emptySummary(of outline: ProgramOutline) -> ProgressSummary {
        ProgressSummary(outline: outline, attempts: [], sessions: [], cardsKnown: [:], today: "")
    }
}

extension ProgressSummary {
    /// Works the summary out from the saved records: pure, so it is tested without a file.
    /// `cardsKnown` gives, per deck, the ids of the cards whose latest mark is known.
    public init(
        outline: ProgramOutline, attempts: [AttemptRecord], sessions: [StudySessionRecord], cardsKnown: [String: Set<String>],
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
            let known = (cardsKnown[deck.id] ?? []).intersection(deck.cardIDs)
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
        calendar = StudyCalendar(days: days, today: today).weeks.map { week in
            week.map { CalendarDay(day: $0.day, studied: $0.studied, future: $0.future) }
        }
        programID = outline.id
    }
}

extension ProgressSummary {
    /// What of `saved` the program of `outline` no longer has, sorted.
    public static func dropped(_ saved: SavedItems, outline: ProgramOutline) -> Dropped {
        let decks = Dictionary(outline.decks.map { ($0.id, Set($0.cardIDs)) }, uniquingKeysWith: { first, _ in first })
        let quizzes = outline.quizzes.mapValues(Set.init)
        var dropped = Dropped()
        var goneQuizzes = Set<String>()
        var goneDecks = Set<String>()
        for question in saved.questions {
            let current = question.fromDeck ? decks[question.container] : quizzes[question.container]
            guard let current else {
                if question.fromDeck { goneDecks.insert(question.container) } else { goneQuizzes.insert(question.container) }
                continue
            }
            if let id = question.item, !current.contains(id) { dropped.questions.append("\(question.container)/\(id)") }
        }
        for card in saved.cards {
            guard let current = decks[card.container] else {
                goneDecks.insert(card.container)
                continue
            }
            if card.item.map(current.contains) != true { dropped.cards.append("\(card.container)/\(card.item ?? "?")") }
        }
        dropped.questions.sort()
        dropped.cards.sort()
        dropped.quizzes = goneQuizzes.sorted()
        dropped.decks = goneDecks.sorted()
        return dropped
    }
}
