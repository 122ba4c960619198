/// Where a learner's progress is kept: what an app's screens need to save a finished
/// quiz or study session and to show what was done. ``ProgressStore`` keeps it in SQLite
/// through GRDB (the terminal runners' file, and an app's); an app that keeps progress
/// elsewhere (its own database, a server) conforms its store and keeps the records'
/// meaning: ids are the bundle's stable ids (docs/ids-and-progress.md), never positions.
public protocol LearnerProgressStore: Sendable {
    /// Saves a finished attempt with a row per question, all or nothing; returns its id.
    @discardableResult
    func record(_ attempt: AttemptRecord, questions: [AttemptQuestionRecord]) throws -> Int64
    /// Saves a finished study session with a row per card marked, all or nothing.
    @discardableResult
    func record(_ session: StudySessionRecord, cards: [CardReviewRecord]) throws -> Int64
    /// Every attempt of a program, oldest first.
    func attempts(program: String) throws -> [AttemptRecord]
    /// The questions of one attempt, in the order asked.
    func questions(ofAttempt id: Int64) throws -> [AttemptQuestionRecord]
    /// Every study session of a program, oldest first.
    func studySessions(program: String) throws -> [StudySessionRecord]
    /// The cards of a deck whose latest mark is "known", by id.
    func cardsKnown(program: String, deck: String) throws -> Set<String>
    /// The cards of a deck whose latest mark is "not yet", by id.
    func cardsNotYetKnown(program: String, deck: String) throws -> Set<String>
}

extension ProgressStore: LearnerProgressStore {}
