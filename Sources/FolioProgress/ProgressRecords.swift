import Foundation
import GRDB

/// One finished quiz attempt, as stored: table `attempt`.
public struct AttemptRecord: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    /// The table the attempts are kept in.
    public static let databaseTableName = "attempt"

    /// The row's id, set by SQLite when the attempt is saved; nil before.
    public var id: Int64?
    /// The program's id, from the bundle: progress of several programs can share a file.
    /// (Rows of ``idScheme`` 1 hold the program's title.)
    public var program: String
    /// The quiz's id.
    public var quiz: String
    /// The chapter whose quiz this is, if any.
    public var chapter: String?
    /// The deck the questions came from, for a deck quiz.
    public var deck: String?
    /// `practice` or `assessment`, as the quiz was taken.
    public var mode: String
    /// The seed that drew and shuffled the questions, its bits kept as a signed integer:
    /// with it the attempt's order can be made again.
    public var seed: Int64
    /// When the attempt began.
    public var startedAt: Date
    /// When the attempt ended.
    public var finishedAt: Date
    /// The learner's local calendar day when the attempt finished, `YYYY-MM-DD`: streaks
    /// count days as she lived them, not UTC days.
    public var day: String
    /// Seconds from the start of the attempt to its end.
    public var elapsedSeconds: Double
    /// The points earned, each question's first try counted.
    public var score: Double
    /// The points the questions asked were worth.
    public var total: Double
    /// The score as a percentage of the total, rounded to two decimals.
    public var percent: Double
    /// Reached the pass mark (or, for a quiz without one, every question right).
    public var passed: Bool
    /// Whether the attempt ran past the quiz's time limit.
    public var timedOut: Bool
    /// How many question rows belong to this attempt: a check that none is missing.
    public var questionCount: Int
    /// 2 for rows keyed by stable ids; 1 for rows written by version 1, keyed by the
    /// program's title and questions' places, until they are carried over.
    public var idScheme: Int = ProgressStore.idScheme

    /// An attempt to save, with the id scheme of this version; its question rows are saved
    /// with it.
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

    /// Takes the row id SQLite gave the saved attempt, which its question rows refer to.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// How one question of an attempt ended: table `attemptQuestion`.
public struct AttemptQuestionRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The table the questions of attempts are kept in.
    public static let databaseTableName = "attemptQuestion"

    /// The id of the attempt this question belongs to (``AttemptRecord/id``).
    public var attemptId: Int64
    /// 1-based, in the order asked.
    public var position: Int
    /// The question's id.
    public var question: String
    /// `correct`, `incorrect`, `revealed` or `unanswered`.
    public var outcome: String
    /// What the first try earned.
    public var points: Double
    /// The question's points: what a right first try earns.
    public var possible: Double
    /// How many tries the learner made.
    public var tries: Int

    /// One question's outcome; `attemptId` is set when its attempt is saved.
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
    /// The table the study sessions are kept in.
    public static let databaseTableName = "studySession"

    /// The row's id, set by SQLite when the session is saved; nil before.
    public var id: Int64?
    /// The program's id, from the bundle, as in ``AttemptRecord/program``.
    public var program: String
    /// The deck's id.
    public var deck: String
    /// When the session began.
    public var startedAt: Date
    /// When the session ended.
    public var finishedAt: Date
    /// The learner's local calendar day when the session ended, `YYYY-MM-DD`, as in
    /// ``AttemptRecord/day``.
    public var day: String
    /// Seconds from the start of the session to its end.
    public var elapsedSeconds: Double
    /// Cards marked "I knew it".
    public var known: Int
    /// Cards marked "Not yet".
    public var notYet: Int
    /// How many card rows belong to this session.
    public var cardCount: Int
    /// As in ``AttemptRecord/idScheme``.
    public var idScheme: Int = ProgressStore.idScheme

    /// A session to save, with the id scheme of this version; its card rows are saved with it.
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

    /// Takes the row id SQLite gave the saved session, which its card rows refer to.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// One card marked in a study session: table `cardReview`.
public struct CardReviewRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    /// The table the cards marked in sessions are kept in.
    public static let databaseTableName = "cardReview"

    /// The id of the session this mark belongs to (``StudySessionRecord/id``).
    public var sessionId: Int64
    /// 1-based, in the order studied.
    public var position: Int
    /// The card's 1-based place in the deck when it was studied.
    public var card: Int
    /// The card's id; nil for a mark of version 1 whose card is no longer in the deck.
    public var cardId: String?
    /// The card's front, so a review stays readable if the deck changes.
    public var front: String
    /// Whether the learner marked it "I knew it".
    public var known: Bool

    /// One card marked; `sessionId` is set when its session is saved.
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
    /// The table the thoughts are kept in.
    public static let databaseTableName = "thought"

    /// The row's id, set by SQLite when the thought is saved; nil before.
    public var id: Int64?
    /// The program's id, from the bundle, as in ``AttemptRecord/program``.
    public var program: String
    /// The id of the quiz holding the reflection question.
    public var quiz: String
    /// The chapter whose quiz this is, if any.
    public var chapter: String?
    /// The reflection's id in its quiz.
    public var reflection: String
    /// The prompt, in Markdown.
    public var prompt: String
    /// What the learner wrote.
    public var text: String
    /// When she wrote it.
    public var writtenAt: Date
    /// The learner's local calendar day, `YYYY-MM-DD`.
    public var day: String

    /// A thought to save, with the prompt as the learner saw it.
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

    /// Takes the row id SQLite gave the saved thought.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
