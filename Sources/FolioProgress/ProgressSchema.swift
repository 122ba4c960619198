import GRDB

/// The progress database's tables, as GRDB migrations: a file made by an older Folio is
/// brought up to date when opened, and one made by a newer Folio is refused rather than
/// misread.
enum ProgressSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "attempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("program", .text).notNull()
                t.column("quiz", .text).notNull()
                t.column("chapter", .text)
                t.column("deck", .text)
                t.column("mode", .text).notNull()
                t.column("seed", .integer).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime).notNull()
                t.column("day", .text).notNull()
                t.column("elapsedSeconds", .double).notNull()
                t.column("score", .double).notNull()
                t.column("total", .double).notNull()
                t.column("percent", .double).notNull()
                t.column("passed", .boolean).notNull()
                t.column("timedOut", .boolean).notNull()
                t.column("questionCount", .integer).notNull()
            }
            try db.create(index: "attemptByQuiz", on: "attempt", columns: ["program", "quiz"])
            try db.create(table: "attemptQuestion") { t in
                t.column("attemptId", .integer).notNull().references("attempt", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("question", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("points", .double).notNull()
                t.column("possible", .double).notNull()
                t.column("tries", .integer).notNull()
                t.primaryKey(["attemptId", "position"])
            }
            try db.create(table: "studySession") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("program", .text).notNull()
                t.column("deck", .text).notNull()
                t.column("startedAt", .datetime).notNull()
                t.column("finishedAt", .datetime).notNull()
                t.column("day", .text).notNull()
                t.column("elapsedSeconds", .double).notNull()
                t.column("known", .integer).notNull()
                t.column("notYet", .integer).notNull()
                t.column("cardCount", .integer).notNull()
            }
            try db.create(index: "studySessionByDeck", on: "studySession", columns: ["program", "deck"])
            try db.create(table: "cardReview") { t in
                t.column("sessionId", .integer).notNull().references("studySession", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("card", .integer).notNull()
                t.column("front", .text).notNull()
                t.column("known", .boolean).notNull()
                t.primaryKey(["sessionId", "position"])
            }
        }
        // Version 2 keeps progress by stable ids: the program's id instead of its title,
        // questions and choices by ids that do not move when they are reordered, cards by
        // id instead of by place. Rows written before are marked `idScheme` 1 and are
        // carried over to the new ids by ``ProgressStore/carryOver(_:)`` the first time a
        // runner opens the file with the program, while the program is still as it was.
        migrator.registerMigration("v2") { db in
            try db.alter(table: "attempt") { t in t.add(column: "idScheme", .integer).notNull().defaults(to: 1) }
            try db.alter(table: "studySession") { t in t.add(column: "idScheme", .integer).notNull().defaults(to: 1) }
            try db.alter(table: "cardReview") { t in t.add(column: "cardId", .text) }
        }
        // Version 3 keeps what a learner wrote for reflection questions, which are never graded.
        migrator.registerMigration("v3") { db in
            try db.create(table: "thought") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("program", .text).notNull()
                t.column("quiz", .text).notNull()
                t.column("chapter", .text)
                t.column("reflection", .text).notNull()
                t.column("prompt", .text).notNull()
                t.column("text", .text).notNull()
                t.column("writtenAt", .datetime).notNull()
                t.column("day", .text).notNull()
            }
            try db.create(index: "thoughtByProgram", on: "thought", columns: ["program"])
        }
        return migrator
    }
}
