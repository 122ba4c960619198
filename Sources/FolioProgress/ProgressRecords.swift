import Foundation
import GRDB

/// One finished quiz attempt, as stored: table `attempt`.
public struct AttemptRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "attempt"

    public var id: Int64?
    /// The program's id, from the bundle: progress of several programs can share a file.
    /// (Rows of ``idScheme`` 1 hold the program's title.)
    public var program: String
    public var quiz: String
    /// The chapter whose quiz this is, if any.
    public var chapter: String?
    /// The deck the questions came from, for a deck quiz.
    public var deck: String?
    public var mode: String
    public var seed: Int64
    public var startedAt: Date
    public var finishedAt: Date
    /// The learner's local calendar day when the attempt finished, `YYYY-MM-DD`: streaks
    /// count days as she lived them, not UTC days.
    public var day: String
    public var elapsedSeconds: Double
    public var score: Double
    public var total: Double
    public var percent: Double
    /// Reached the pass mark (or, for a quiz without one, every question right).
    public var passed: Bool
    public var timedOut: Bool
    /// How many question rows belong to this attempt: a check that none is missing.
    public var questionCount: Int
    /// 2 for rows keyed by stable ids; 1 for rows written by version 1, keyed by the
    /// program's title and questions' places, until they are carried over.
    public var idScheme: Int = ProgressStore.idScheme

    public init(
        program: String, quiz: String, chapter: String?, deck: String?, mode: String, seed: UInt64, startedAt: Date,
        finishedAt: Date, day: String, elapsedSeconds: Double, score: Double, total: Double, percent: Double,
        passed: Bool, timedOut: Bool, questionCount: Int
    ) {
        self.program = program
        self.quiz = quiz
        self.chapter = chapter
        self.deck = deck
        self.mode = mode
        // SQLite integers are signed; the seed's bits are kept as they are.
        self.seed = Int64(bitPattern: seed)
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.day = day
        self.elapsedSeconds = elapsedSeconds
        self.score = score
        self.total = total
        self.percent = percent
        self.passed = passed
        self.timedOut = timedOut
        self.questionCount = questionCount
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// How one question of an attempt ended: table `attemptQuestion`.
public struct AttemptQuestionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "attemptQuestion"

    public var attemptId: Int64
    /// 1-based, in the order asked.
    public var position: Int
    public var question: String
    /// `correct`, `incorrect`, `revealed` or `unanswered`.
    public var outcome: String
    public var points: Double
    public var possible: Double
    public var tries: Int

    public init(attemptId: Int64 = 0, position: Int, question: String, outcome: String, points: Double, possible: Double, tries: Int) {
        self.attemptId = attemptId
        self.position = position
        self.question = question
        self.outcome = outcome
        self.points = points
        self.possible = possible
        self.tries = tries
    }
}

/// One flashcard study session: table `studySession`.
public struct StudySessionRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "studySession"

    public var id: Int64?
    public var program: String
    public var deck: String
    public var startedAt: Date
    public var finishedAt: Date
    public var day: String
    public var elapsedSeconds: Double
    public var known: Int
    public var notYet: Int
    /// How many card rows belong to this session.
    public var cardCount: Int
    /// As in ``AttemptRecord/idScheme``.
    public var idScheme: Int = ProgressStore.idScheme

    public init(
        program: String, deck: String, startedAt: Date, finishedAt: Date, day: String, elapsedSeconds: Double, known: Int,
        notYet: Int, cardCount: Int
    ) {
        self.program = program
        self.deck = deck
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.day = day
        self.elapsedSeconds = elapsedSeconds
        self.known = known
        self.notYet = notYet
        self.cardCount = cardCount
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// One card marked in a study session: table `cardReview`.
public struct CardReviewRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "cardReview"

    public var sessionId: Int64
    /// 1-based, in the order studied.
    public var position: Int
    /// The card's 1-based place in the deck when it was studied.
    public var card: Int
    /// The card's id; nil for a mark of version 1 whose card is no longer in the deck.
    public var cardId: String?
    /// The card's front, so a review stays readable if the deck changes.
    public var front: String
    public var known: Bool

    public init(sessionId: Int64 = 0, position: Int, card: Int, cardId: String?, front: String, known: Bool) {
        self.sessionId = sessionId
        self.position = position
        self.card = card
        self.cardId = cardId
        self.front = front
        self.known = known
    }
}

/// What a learner wrote for a reflection question: table `thought`. Kept with the
/// prompt as she saw it, so that it still reads well if the question changes or goes.
public struct ThoughtRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "thought"

    public var id: Int64?
    public var program: String
    public var quiz: String
    public var chapter: String?
    /// The reflection's id in its quiz.
    public var reflection: String
    /// The prompt, in Markdown.
    public var prompt: String
    public var text: String
    public var writtenAt: Date
    /// The learner's local calendar day, `YYYY-MM-DD`.
    public var day: String

    public init(program: String, quiz: String, chapter: String?, reflection: String, prompt: String, text: String, writtenAt: Date, day: String) {
        self.program = program
        self.quiz = quiz
        self.chapter = chapter
        self.reflection = reflection
        self.prompt = prompt
        self.text = text
        self.writtenAt = writtenAt
        self.day = day
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
