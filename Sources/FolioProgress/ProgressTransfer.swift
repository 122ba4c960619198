import Foundation
import GRDB

/// Moving one learner's progress to another computer: her file copied out whole
/// (``ProgressStore/export(to:)``), and another file's records added to hers
/// (``ProgressStore/merge(from:)``), each record once however often it is imported.
extension ProgressStore {
    /// What a merge added, and what was there already.
    public struct MergeCount: Sendable, Equatable {
        /// Attempts added from the other file.
        public var attempts = 0
        /// Study sessions added from the other file.
        public var sessions = 0
        /// Thoughts added from the other file.
        public var thoughts = 0
        /// Records of the other file this one had already.
        public var alreadyHere = 0
        /// Records of the other file left out, each with what it is and why: a value of
        /// the wrong type, a number that is not finite or out of its range, a day that is
        /// not a day, text too long (the rules of `progress-file.schema.json`).
        public var refused: [ProgressFile.Refusal] = []
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
    ///
    /// Each record of `other` is checked first, by the rules of the progress file's
    /// schema: one that breaks them is left out (``MergeCount/refused``) and the others
    /// added, so that a damaged or crafted file never puts "NaN" or "Infinity" into her
    /// progress. The store keeps every record, so none of hers is ever removed.
    public func merge(from other: ProgressStore) throws -> MergeCount {
        var refusals: [ProgressFile.Refusal] = []
        // SQLite keeps any value in any column, and a number read from text is 0: the
        // columns of numbers are asked for numbers first.
        func checked<Record: FetchableRecord & Sendable>(
            _ table: String, numbers: [String], _ rule: @escaping @Sendable (Record) -> String?
        ) throws -> [Record] {
            let (records, refused) = try other.read { db -> ([Record], [ProgressFile.Refusal]) in
                var records: [Record] = []
                var refused: [ProgressFile.Refusal] = []
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY rowid")
                var index = 0
                while let row = try rows.next() {
                    defer { index += 1 }
                    let typed = numbers.allSatisfy { column in
                        switch row[column] as DatabaseValue? {
                        case .some(let value):
                            if case .int64 = value.storage { return true }
                            if case .double = value.storage { return true }
                            return false
                        case nil: return true
                        }
                    }
                    guard typed, let record = try? Record(row: row) else {
                        refused.append(ProgressFile.Refusal(place: "\(table)[\(index)]", reason: "a value of it is not of its type"))
                        continue
                    }
                    if let reason = rule(record) {
                        refused.append(ProgressFile.Refusal(place: "\(table)[\(index)]", reason: reason))
                    } else {
                        records.append(record)
                    }
                }
                return (records, refused)
            }
            refusals += refused
            return records
        }
        let attempts: [AttemptRecord] = try checked(
            AttemptRecord.databaseTableName, numbers: ["seed", "elapsedSeconds", "score", "total", "percent", "passed", "timedOut", "questionCount"],
            { ProgressFile.problem($0) })
        let sessions: [StudySessionRecord] = try checked(
            StudySessionRecord.databaseTableName, numbers: ["elapsedSeconds", "known", "notYet", "cardCount"], { ProgressFile.problem($0) })
        let thoughts: [ThoughtRecord] = try checked(ThoughtRecord.databaseTableName, numbers: [], { ProgressFile.problem($0) })
        let questions: [AttemptQuestionRecord] = try checked(
            AttemptQuestionRecord.databaseTableName, numbers: ["attemptId", "position", "points", "possible", "tries"], { ProgressFile.problem($0) })
        let cards: [CardReviewRecord] = try checked(
            CardReviewRecord.databaseTableName, numbers: ["sessionId", "position", "card", "known"], { ProgressFile.problem($0) })
        let refused = refusals
        return try write { db in
            var count = MergeCount()
            count.refused = refused
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

/// The rules of the progress file's schema, for the records of the terminal's file.
extension ProgressFile {
    static func problem(_ record: AttemptRecord) -> String? {
        if let problem = dates(record.startedAt, record.finishedAt, day: record.day) { return problem }
        if !isAmount(record.elapsedSeconds, max: Limits.seconds) { return "its time spent is not a number of seconds from 0 to a week" }
        if !isAmount(record.score, max: Limits.points) || !isAmount(record.total, max: Limits.points) {
            return "its score or total is not a number of points from 0 to \(Int(Limits.points))"
        }
        if !isAmount(record.percent, max: 100) { return "its percent is not a number from 0 to 100" }
        if !isAmount(Double(record.questionCount), max: Limits.count) { return "its number of questions is not a count" }
        return texts([record.program, record.quiz, record.chapter ?? "", record.deck ?? "", record.mode])
    }

    static func problem(_ record: AttemptQuestionRecord) -> String? {
        if !isAmount(record.points, max: Limits.points) || !isAmount(record.possible, max: Limits.points) {
            return "its points are not a number from 0 to \(Int(Limits.points))"
        }
        if record.tries < 0 || record.position < 0 { return "its tries or place is not a count" }
        return texts([record.question, record.outcome])
    }

    static func problem(_ record: StudySessionRecord) -> String? {
        if let problem = dates(record.startedAt, record.finishedAt, day: record.day) { return problem }
        if !isAmount(record.elapsedSeconds, max: Limits.seconds) { return "its time spent is not a number of seconds from 0 to a week" }
        if ![record.known, record.notYet, record.cardCount].allSatisfy({ isAmount(Double($0), max: Limits.count) }) {
            return "its numbers of cards are not counts"
        }
        return texts([record.program, record.deck])
    }

    static func problem(_ record: CardReviewRecord) -> String? {
        if record.position < 0 || record.card < 0 { return "its place is not a count" }
        if record.front.unicodeScalars.count > Limits.textLength { return "its front is longer than \(Limits.textLength) characters" }
        return texts([record.cardId ?? ""])
    }

    static func problem(_ record: ThoughtRecord) -> String? {
        if let problem = dates(record.writtenAt, record.writtenAt, day: record.day) { return problem }
        if record.text.isEmpty || record.text.unicodeScalars.count > Limits.textLength {
            return "its words are not text of 1 to \(Limits.textLength) characters"
        }
        if record.prompt.unicodeScalars.count > Limits.promptLength { return "its question's words are longer than \(Limits.promptLength) characters" }
        return texts([record.program, record.quiz, record.reflection, record.chapter ?? ""])
    }

    /// Times between 1970 and the last day JavaScript's dates reach, the first not after
    /// the second, and a day of the calendar.
    static func dates(_ start: Date, _ end: Date, day: String) -> String? {
        let limit = Limits.time / 1000
        guard isAmount(start.timeIntervalSince1970, max: limit), isAmount(end.timeIntervalSince1970, max: limit), start <= end else {
            return "its times are not times"
        }
        return isDay(day) ? nil : "its day is not a day of the calendar"
    }

    /// Names and ids of at most 200 characters.
    static func texts(_ values: [String]) -> String? {
        values.allSatisfy({ $0.unicodeScalars.count <= Limits.keyLength }) ? nil : "a name in it is longer than \(Limits.keyLength) characters"
    }
}
