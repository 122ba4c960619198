import FolioQuiz
import Foundation
import GRDB

/// The learner's saved progress: one SQLite file, written through GRDB.
///
/// Every attempt or study session is written in one transaction with all its rows, so a
/// runner killed at any moment leaves either the whole record or none of it. The file is
/// in WAL mode with a busy timeout, so two runners at once wait for each other instead
/// of failing or corrupting it.
public final class ProgressStore: Sendable {
    /// How rows written now name the program and its items: by stable ids.
    public static let idScheme = 2

    /// The database file.
    public let path: String
    let database: DatabasePool

    /// Where progress is kept unless `--progress` says otherwise: `$FOLIO_PROGRESS`, else
    /// `$XDG_DATA_HOME/folio/progress.sqlite`, else `~/.local/share/folio/progress.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let path = environment["FOLIO_PROGRESS"], !path.isEmpty { return path }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            dataHome = home + "/.local/share"
        }
        return dataHome + "/folio/progress.sqlite"
    }

    /// Opens the file, creating it and its folder when missing, and brings its tables up
    /// to date. Throws ``ProgressError`` with a message for people.
    public init(path: String) throws {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ProgressError.cannotOpen(path: path, reason: "its folder cannot be created")
            }
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(15)
        configuration.label = "progress"
        database = try Self.openPool(path: path, configuration: configuration)
        try migrate()
    }

    /// Opens the file in WAL mode. Turning a new file into WAL needs it alone for a moment,
    /// and SQLite answers "busy" at once there instead of waiting as it does elsewhere, so
    /// several runners opening a new file together take turns here, for up to 15 seconds.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(15)
        var generator = SystemRandomNumberGenerator()
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(UInt32.random(in: 5_000...50_000, using: &generator))
            } catch let error as DatabaseError {
                throw ProgressError.from(error, path: path)
            } catch {
                throw ProgressError.cannotOpen(path: path, reason: "\(error)")
            }
        }
    }

    private func migrate() throws {
        let migrator = ProgressSchema.migrator
        do {
            if try database.read(migrator.hasBeenSuperseded) { throw ProgressError.newerFormat(path: path) }
            // Another program's SQLite file is not ours to add tables to.
            let foreign = try database.read { db in
                try !db.tableExists("grdb_migrations") && Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")! > 0
            }
            if foreign { throw ProgressError.notAProgressFile(path: path) }
            try migrator.migrate(database)
        } catch let error as ProgressError {
            throw error
        } catch let error as DatabaseError {
            // Runners opening a new file at once each try to bring it up to date, one
            // migration at a time: one that loses a race finds a migration already made
            // by another, and goes on from there until the file is up to date.
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                if (try? database.read(migrator.hasCompletedMigrations)) == true { return }
                usleep(UInt32.random(in: 5_000...30_000))
                do {
                    try migrator.migrate(database)
                    return
                } catch is DatabaseError {
                    continue
                }
            }
            throw ProgressError.from(error, path: path)
        }
    }

    /// Stores a finished attempt with a row per question, all or nothing. Returns its id.
    @discardableResult
    public func record(_ attempt: AttemptRecord, questions: [AttemptQuestionRecord]) throws -> Int64 {
        precondition(attempt.questionCount == questions.count, "an attempt's question count must match its rows")
        return try write { db in
            var attempt = attempt
            try attempt.insert(db)
            guard let id = attempt.id else { throw ProgressError.cannotWrite(path: self.path, reason: "no row id") }
            for var question in questions {
                question.attemptId = id
                try question.insert(db)
            }
            return id
        }
    }

    /// Stores a finished study session with a row per card marked, all or nothing.
    @discardableResult
    public func record(_ session: StudySessionRecord, cards: [CardReviewRecord]) throws -> Int64 {
        precondition(session.cardCount == cards.count, "a session's card count must match its rows")
        return try write { db in
            var session = session
            try session.insert(db)
            guard let id = session.id else { throw ProgressError.cannotWrite(path: self.path, reason: "no row id") }
            for var card in cards {
                card.sessionId = id
                try card.insert(db)
            }
            return id
        }
    }

    /// Stores what a learner wrote for reflection questions, all or none.
    public func record(thoughts: [ThoughtRecord]) throws {
        guard !thoughts.isEmpty else { return }
        try write { db in
            for var thought in thoughts { try thought.insert(db) }
        }
    }

    /// What a learner wrote for reflection questions in a program, newest first.
    public func thoughts(program: String) throws -> [ThoughtRecord] {
        try read { db in
            try ThoughtRecord.filter(Column("program") == program).order(Column("writtenAt").desc, Column("id").desc).fetchAll(db)
        }
    }

    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do {
            return try database.write(body)
        } catch let error as ProgressError {
            throw error
        } catch let error as DatabaseError {
            throw ProgressError.from(error, path: path)
        }
    }

    /// Reads with GRDB; errors become ``ProgressError``.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as DatabaseError {
            throw ProgressError.from(error, path: path)
        }
    }

    /// Every attempt of a program, oldest first.
    public func attempts(program: String) throws -> [AttemptRecord] {
        try read { db in
            try AttemptRecord.filter(Column("program") == program).order(Column("finishedAt"), Column("id")).fetchAll(db)
        }
    }

    /// The questions of one attempt, in the order asked.
    public func questions(ofAttempt id: Int64) throws -> [AttemptQuestionRecord] {
        try read { db in try AttemptQuestionRecord.filter(Column("attemptId") == id).order(Column("position")).fetchAll(db) }
    }

    /// Every study session of a program, oldest first.
    public func studySessions(program: String) throws -> [StudySessionRecord] {
        try read { db in
            try StudySessionRecord.filter(Column("program") == program).order(Column("finishedAt"), Column("id")).fetchAll(db)
        }
    }

    /// The cards of a deck whose latest mark is "not yet", by id; cards never studied are
    /// not in it.
    public func cardsNotYetKnown(program: String, deck: String) throws -> Set<String> {
        Set(try latestCardMarks(program: program, deck: deck).filter { !$0.value }.keys)
    }

    /// The cards of a deck whose latest mark is "known", by id.
    public func cardsKnown(program: String, deck: String) throws -> Set<String> {
        Set(try latestCardMarks(program: program, deck: deck).filter(\.value).keys)
    }

    /// When each card of a deck comes back: every saved mark replayed through the Leitner
    /// rule in the order it was saved, on the local day of its session.
    public func schedule(program: String, deck: String) throws -> LeitnerSchedule {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.cardId, r.known, s.day FROM cardReview r JOIN studySession s ON s.id = r.sessionId
                    WHERE s.program = ? AND s.deck = ? AND s.idScheme = 2 AND r.cardId IS NOT NULL
                    ORDER BY s.finishedAt, s.id, r.position
                    """, arguments: [program, deck])
            var schedule = LeitnerSchedule()
            for row in rows { schedule.mark(row["cardId"], known: row["known"], on: row["day"]) }
            return schedule
        }
    }

    private func latestCardMarks(program: String, deck: String) throws -> [String: Bool] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT r.cardId, r.known FROM cardReview r JOIN studySession s ON s.id = r.sessionId
                    WHERE s.program = ? AND s.deck = ? AND s.idScheme = 2 AND r.cardId IS NOT NULL
                    ORDER BY s.finishedAt, s.id, r.position
                    """, arguments: [program, deck])
            var latest: [String: Bool] = [:]
            for row in rows { latest[row["cardId"]] = row["known"] }
            return latest
        }
    }

    /// The ids of everything saved for a program, as saved: which questions of which
    /// quizzes were answered, which cards of which decks were marked (nil: a card of
    /// version 1 that was no longer in its deck when it was carried over).
    public func savedItems(program: String) throws -> SavedItems {
        try read { db in
            var items = SavedItems()
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT a.quiz, a.deck, q.question FROM attemptQuestion q JOIN attempt a ON a.id = q.attemptId
                    WHERE a.program = ? AND a.idScheme = 2
                    """, arguments: [program])
            {
                items.questions.insert(.init(container: row["quiz"], item: row["question"], fromDeck: (row["deck"] as String?) != nil))
            }
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT s.deck, r.cardId FROM cardReview r JOIN studySession s ON s.id = r.sessionId
                    WHERE s.program = ? AND s.idScheme = 2
                    """, arguments: [program])
            {
                items.cards.insert(.init(container: row["deck"], item: row["cardId"]))
            }
            return items
        }
    }

    /// Problems SQLite and the records' own rules find: an empty list means the file is
    /// sound and no attempt or session is missing a row.
    public func integrityProblems() throws -> [String] {
        try read { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            problems += try String.fetchAll(
                db,
                sql: """
                    SELECT 'attempt ' || a.id || ' has ' || count(q.position) || ' of ' || a.questionCount || ' questions'
                    FROM attempt a LEFT JOIN attemptQuestion q ON q.attemptId = a.id
                    GROUP BY a.id HAVING count(q.position) != a.questionCount
                    """)
            problems += try String.fetchAll(
                db,
                sql: """
                    SELECT 'study session ' || s.id || ' has ' || count(r.position) || ' of ' || s.cardCount || ' cards'
                    FROM studySession s LEFT JOIN cardReview r ON r.sessionId = s.id
                    GROUP BY s.id HAVING count(r.position) != s.cardCount
                    """)
            return problems
        }
    }
}

/// Why progress could not be read or saved, in words for the learner or her coordinator.
public enum ProgressError: Error, CustomStringConvertible, Equatable {
    case cannotOpen(path: String, reason: String)
    case notAProgressFile(path: String)
    case newerFormat(path: String)
    case cannotWrite(path: String, reason: String)

    /// The problem in words for the learner or her coordinator, naming the file.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open the progress file `\(path)`: \(reason)"
        case .notAProgressFile(let path):
            return "`\(path)` is not a Folio progress file; it was left as it is. Choose another file with --progress"
        case .newerFormat(let path):
            return "the progress file `\(path)` was written by a newer version of Folio; update Folio to use it"
        case .cannotWrite(let path, let reason):
            return "cannot save progress in `\(path)`: \(reason)"
        }
    }

    static func from(_ error: DatabaseError, path: String) -> ProgressError {
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notAProgressFile(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            return .cannotOpen(path: path, reason: "it cannot be opened for writing (check the folder's permissions)")
        case .SQLITE_FULL: return .cannotWrite(path: path, reason: "the disk is full")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .cannotWrite(path: path, reason: "another program kept it busy for too long")
        case .SQLITE_ERROR where error.message?.contains("no such table") == true: return .notAProgressFile(path: path)
        default: return .cannotWrite(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
