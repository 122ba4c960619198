import Foundation
import GRDB

/// Moving one learner's progress to another computer: her file copied out whole
/// (``ProgressStore/export(to:)``), and another file's records added to hers
/// (``ProgressStore/merge(from:)``), each record once however often it is imported.
extension ProgressStore {
    /// What a merge added, and what was there already.
    public struct MergeCount: Sendable, Equatable {
        public var attempts = 0
        public var sessions = 0
        public var thoughts = 0
        /// Records of the other file this one had already.
        public var alreadyHere = 0
    }

    /// Writes a copy of this file to `path`, which must not exist: an export never
    /// replaces a file.
    public func export(to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw ProgressError.cannotWrite(path: path, reason: "a file is there already; choose a new name so that nothing is replaced")
        }
        do {
            let copy = try DatabaseQueue(path: path)
            try database.backup(to: copy)
        } catch let error as DatabaseError {
            try? FileManager.default.removeItem(atPath: path)
            throw ProgressError.from(error, path: path)
        }
    }

    /// Adds the records of `other` that this file does not have, all in one transaction.
    /// An attempt is the same attempt when its program, quiz, seed and end match; a study
    /// session, its program, deck and end; a thought, its program, quiz, reflection,
    /// time and words.
    public func merge(from other: ProgressStore) throws -> MergeCount {
        let attempts = try other.read { db in try AttemptRecord.fetchAll(db) }
        let sessions = try other.read { db in try StudySessionRecord.fetchAll(db) }
        let thoughts = try other.read { db in try ThoughtRecord.fetchAll(db) }
        let questions = try other.read { db in try AttemptQuestionRecord.fetchAll(db) }
        let cards = try other.read { db in try CardReviewRecord.fetchAll(db) }
        return try write { db in
            var count = MergeCount()
            for attempt in attempts {
                let here = try AttemptRecord.filter(
                    Column("program") == attempt.program && Column("quiz") == attempt.quiz && Column("seed") == attempt.seed
                        && Column("finishedAt") == attempt.finishedAt
                ).fetchCount(db)
                guard here == 0 else {
                    count.alreadyHere += 1
                    continue
                }
                var copy = attempt
                copy.id = nil
                try copy.insert(db)
                for var question in questions where question.attemptId == attempt.id {
                    question.attemptId = copy.id!
                    try question.insert(db)
                }
                count.attempts += 1
            }
            for session in sessions {
                let here = try StudySessionRecord.filter(
                    Column("program") == session.program && Column("deck") == session.deck && Column("finishedAt") == session.finishedAt
                ).fetchCount(db)
                guard here == 0 else {
                    count.alreadyHere += 1
                    continue
                }
                var copy = session
                copy.id = nil
                try copy.insert(db)
                for var card in cards where card.sessionId == session.id {
                    card.sessionId = copy.id!
                    try card.insert(db)
                }
                count.sessions += 1
            }
            for thought in thoughts {
                let here = try ThoughtRecord.filter(
                    Column("program") == thought.program && Column("quiz") == thought.quiz && Column("reflection") == thought.reflection
                        && Column("writtenAt") == thought.writtenAt && Column("text") == thought.text
                ).fetchCount(db)
                guard here == 0 else {
                    count.alreadyHere += 1
                    continue
                }
                var copy = thought
                copy.id = nil
                try copy.insert(db)
                count.thoughts += 1
            }
            return count
        }
    }
}
