import FolioQuiz
import Foundation
import GRDB

/// The collector's database: one row per report, with the report's fields and nothing
/// else (no address, no header, no time of arrival). SQLite in WAL mode with full sync, so
/// a report is on disk before the collector answers that it is stored.
public final class InsightsStore: Sendable {
    let database: DatabaseQueue
    public let path: String

    /// Opens the database at `path`, making it if there is none.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.label = "insights"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
        }
        try Self.migrator.migrate(database)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("reports") { db in
            try db.create(table: "report") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("program", .text).notNull()
                table.column("quiz", .text).notNull()
                table.column("question", .text).notNull()
                table.column("day", .text).notNull()
                table.column("randomize", .double).notNull()
                table.column("missed", .boolean).notNull()
                table.column("workedOut", .boolean).notNull()
                table.column("passed", .boolean).notNull()
            }
        }
        return migrator
    }

    /// Stores `reports` together: all of them, or none.
    public func store(_ reports: [InsightsReport]) throws {
        try database.write { db in
            for report in reports {
                try db.execute(
                    sql: "INSERT INTO report (program, quiz, question, day, randomize, missed, workedOut, passed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        report.program, report.quiz, report.question, report.day, report.randomize, report.missed, report.workedOut, report.passed,
                    ])
            }
        }
    }

    /// Every report stored, in the order stored.
    public func reports() throws -> [InsightsReport] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT program, quiz, question, day, randomize, missed, workedOut, passed FROM report ORDER BY id").map { row in
                InsightsReport(
                    program: row["program"], quiz: row["quiz"], question: row["question"], day: row["day"], randomize: row["randomize"],
                    missed: row["missed"], workedOut: row["workedOut"], passed: row["passed"])
            }
        }
    }

    /// The names of the table's columns: what a stored report is made of.
    public func columns() throws -> [String] {
        try database.read { db in try db.columns(in: "report").map(\.name) }
    }

    /// Whether the file at `path` is an SQLite database (the collector's), by its header.
    public static func isDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }
}
