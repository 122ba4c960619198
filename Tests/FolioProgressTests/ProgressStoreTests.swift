import FolioModel
import FolioQuiz
import Foundation
import GRDB
import XCTest

@testable import FolioProgress

/// The saved progress file: what is stored, all or nothing, and files that are not
/// Folio's own are never changed.
final class ProgressStoreTests: XCTestCase {
    func temporaryFile(_ name: String = "progress.sqlite") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-progress-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent("nested/\(name)").path
    }

    static func attempt(quiz: String = "who-am-i", percent: Double = 80, day: String = "2026-11-20", questions: Int = 2, seconds: Double = 60)
        -> (AttemptRecord, [AttemptQuestionRecord])
    {
        let finished = Date(timeIntervalSince1970: 1_800_000_000)
        let record = AttemptRecord(
            program: "Go Grrrls", quiz: quiz, chapter: quiz, deck: nil, mode: "practice", seed: UInt64.max, startedAt: finished - seconds,
            finishedAt: finished, day: day, elapsedSeconds: seconds, score: percent / 100 * Double(questions), total: Double(questions),
            percent: percent, passed: percent >= 70, timedOut: false, questionCount: questions)
        let rows = (1...questions).map {
            AttemptQuestionRecord(position: $0, question: "q\($0)", outcome: "correct", points: 1, possible: 1, tries: 1)
        }
        return (record, rows)
    }

    func testAnAttemptIsStoredWithEveryQuestionAndReadBack() throws {
        let path = try temporaryFile()
        let store = try ProgressStore(path: path)
        let (attempt, questions) = Self.attempt(questions: 3)
        let id = try store.record(attempt, questions: questions)
        let read = try store.attempts(program: "Go Grrrls")
        XCTAssertEqual(read.count, 1)
        XCTAssertEqual(read[0].id, id)
        XCTAssertEqual(read[0].seed, Int64(bitPattern: UInt64.max), "the seed's 64 bits are kept")
        XCTAssertEqual(read[0].percent, 80)
        XCTAssertEqual(try store.questions(ofAttempt: id).map(\.question), ["q1", "q2", "q3"])
        XCTAssertEqual(try store.attempts(program: "Another program"), [])
        XCTAssertEqual(try store.integrityProblems(), [])
        // A second store on the same file sees it: nothing is kept only in memory.
        XCTAssertEqual(try ProgressStore(path: path).attempts(program: "Go Grrrls").count, 1)
    }

    func testThoughtsAreKeptWithTheirPromptsAndShownNewestFirst() throws {
        let store = try ProgressStore(path: try temporaryFile())
        let quiz = Quiz(id: "who-am-i", title: "Quiz", questions: [])
        let reflection = Reflection(id: "like", prompt: RichText(markdown: "What do *you* like?", html: "What do <em>you</em> like?"))
        let first = Date(timeIntervalSince1970: 1_800_000_000)
        try store.record(
            thoughts: ProgressRecording.thoughts(
                [(reflection, "My laugh")], quiz: quiz, program: "go-grrrls", chapter: "who-am-i", writtenAt: first,
                timeZone: TimeZone(identifier: "UTC")!))
        try store.record(
            thoughts: ProgressRecording.thoughts(
                [(reflection, "My drawings")], quiz: quiz, program: "go-grrrls", chapter: "who-am-i",
                writtenAt: first + 86_400, timeZone: TimeZone(identifier: "UTC")!))
        try store.record(thoughts: [])
        let read = try store.thoughts(program: "go-grrrls")
        XCTAssertEqual(read.map(\.text), ["My drawings", "My laugh"])
        XCTAssertEqual(read.map(\.day), ["2027-01-16", "2027-01-15"])
        XCTAssertEqual(read[0].prompt, "What do *you* like?", "the prompt as she saw it, kept beside what she wrote")
        XCTAssertEqual(try store.thoughts(program: "another-program"), [])
        let outline = ProgramOutline(id: "go-grrrls", title: "Go Grrrls", chapters: [], decks: [], quizzes: [:])
        XCTAssertEqual(try store.summary(of: outline, today: "2027-01-16").thoughts.map(\.text), ["My drawings", "My laugh"])
    }

    func testAFailedWriteLeavesNoHalfAttempt() throws {
        let store = try ProgressStore(path: try temporaryFile())
        var (attempt, questions) = Self.attempt(questions: 3)
        // Two rows with the same position break the primary key halfway through.
        questions[2].position = 1
        XCTAssertThrowsError(try store.record(attempt, questions: questions))
        XCTAssertEqual(try store.attempts(program: "Go Grrrls"), [])
        attempt.questionCount = 2
        try store.record(attempt, questions: Array(questions.prefix(2)))
        XCTAssertEqual(try store.integrityProblems(), [])
    }

    func testStudySessionsKeepTheLatestMarkOfEachCard() throws {
        let store = try ProgressStore(path: try temporaryFile())
        func session(_ marks: [(Int, Bool)]) throws {
            let record = StudySessionRecord(
                program: "P", deck: "feelings", startedAt: Date(), finishedAt: Date(), day: "2026-11-21", elapsedSeconds: 30,
                known: marks.filter(\.1).count, notYet: marks.filter { !$0.1 }.count, cardCount: marks.count)
            try store.record(
                record,
                cards: marks.enumerated().map {
                    CardReviewRecord(
                        position: $0.offset + 1, card: $0.element.0, cardId: "card-\($0.element.0)", front: "card \($0.element.0)",
                        known: $0.element.1)
                })
        }
        try session([(1, true), (2, false), (3, false)])
        try session([(2, true)])
        XCTAssertEqual(try store.cardsKnown(program: "P", deck: "feelings"), ["card-1", "card-2"])
        XCTAssertEqual(try store.cardsNotYetKnown(program: "P", deck: "feelings"), ["card-3"])
        XCTAssertEqual(try store.studySessions(program: "P").count, 2)
    }

    func testTheScheduleReplaysEveryMarkInTheOrderSavedOnItsSessionsDay() throws {
        let store = try ProgressStore(path: try temporaryFile())
        var finished = Date(timeIntervalSince1970: 1_800_000_000)
        func session(on day: String, _ marks: [(String, Bool)], deck: String = "feelings") throws {
            finished += 60
            let record = StudySessionRecord(
                program: "P", deck: deck, startedAt: finished - 30, finishedAt: finished, day: day, elapsedSeconds: 30,
                known: marks.filter(\.1).count, notYet: marks.filter { !$0.1 }.count, cardCount: marks.count)
            try store.record(
                record,
                cards: marks.enumerated().map {
                    CardReviewRecord(position: $0.offset + 1, card: $0.offset + 1, cardId: $0.element.0, front: $0.element.0, known: $0.element.1)
                })
        }
        try session(on: "2026-11-20", [("calm", true), ("anger", false), ("anger", true)])
        try session(on: "2026-11-21", [("calm", true), ("fear", false)])
        try session(on: "2026-11-21", [("calm", false)], deck: "other")
        let schedule = try store.schedule(program: "P", deck: "feelings")
        XCTAssertEqual(schedule.cards["calm"], .init(box: 3, due: "2026-11-24"))
        XCTAssertEqual(schedule.cards["anger"], .init(box: 2, due: "2026-11-21"))
        XCTAssertEqual(schedule.cards["fear"], .init(box: 1, due: "2026-11-21"))
        XCTAssertEqual(schedule.due(["calm", "anger", "fear", "joy"], today: "2026-11-22"), ["anger", "fear", "joy"])
    }

    func testAFileThatIsNotAProgressFileIsLeftAlone() throws {
        let path = try temporaryFile()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = Data("my homework, not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try ProgressStore(path: path)) { error in
            XCTAssertEqual(error as? ProgressError, .notAProgressFile(path: path))
            XCTAssertTrue("\(error)".contains("is not a Folio progress file; it was left as it is"))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), text)

        // Another program's SQLite database gets no tables added.
        let other = try temporaryFile("other.sqlite")
        try FileManager.default.createDirectory(atPath: (other as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE recipes (name TEXT)") }
        XCTAssertThrowsError(try ProgressStore(path: other)) { XCTAssertEqual($0 as? ProgressError, .notAProgressFile(path: other)) }
        let tables = try DatabaseQueue(path: other).read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        XCTAssertEqual(tables, ["recipes"])
    }

    func testAFileFromANewerFolioIsRefused() throws {
        let path = try temporaryFile()
        _ = try ProgressStore(path: path)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')") }
        XCTAssertThrowsError(try ProgressStore(path: path)) { XCTAssertEqual($0 as? ProgressError, .newerFormat(path: path)) }
    }

    func testAFolderThatCannotBeWrittenIsAClearError() throws {
        XCTAssertThrowsError(try ProgressStore(path: "/proc/folio/progress.sqlite")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot open the progress file `/proc/folio/progress.sqlite`"), "\(error)")
        }
    }

    func testTwoWritersAtOnceLoseNothing() throws {
        let path = try temporaryFile()
        let stores = try [ProgressStore(path: path), ProgressStore(path: path)]
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let (attempt, questions) = Self.attempt(questions: 1 + index % 5)
            do {
                try stores[index % 2].record(attempt, questions: questions)
            } catch {
                XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try stores[0].attempts(program: "Go Grrrls").count, 200)
        XCTAssertEqual(try stores[1].integrityProblems(), [])
    }

    func testTheDefaultPlaceFollowsTheEnvironment() {
        XCTAssertEqual(ProgressStore.defaultPath(environment: ["HOME": "/home/amy"]), "/home/amy/.local/share/folio/progress.sqlite")
        XCTAssertEqual(ProgressStore.defaultPath(environment: ["HOME": "/home/amy", "XDG_DATA_HOME": "/data"]), "/data/folio/progress.sqlite")
        XCTAssertEqual(
            ProgressStore.defaultPath(environment: ["HOME": "/home/amy", "XDG_DATA_HOME": "relative"]), "/home/amy/.local/share/folio/progress.sqlite",
            "a relative XDG_DATA_HOME is ignored, as the XDG specification says")
        XCTAssertEqual(ProgressStore.defaultPath(environment: ["FOLIO_PROGRESS": "/tmp/p.sqlite", "HOME": "/home/amy"]), "/tmp/p.sqlite")
    }
}

/// Another learner's file added to hers: each record checked by the progress file's
/// rules first.
final class ProgressTransferTests: XCTestCase {
    func temporaryFile(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent(name).path
    }

    func testRecordsOfTheWrongTypeOrOutOfRangeAreLeftOutAndTheOthersAdded() throws {
        let mine = try ProgressStore(path: try temporaryFile("mine.sqlite"))
        let (own, ownQuestions) = ProgressStoreTests.attempt(quiz: "mine", percent: 90)
        _ = try mine.record(own, questions: ownQuestions)
        let other = try ProgressStore(path: try temporaryFile("other.sqlite"))
        let (good, questions) = ProgressStoreTests.attempt(quiz: "good")
        _ = try other.record(good, questions: questions)
        // A file written by hand: the store's column types do not hold SQLite to them.
        for (quiz, percent, day, seconds) in [
            ("infinite", "9e999", "'2026-11-20'", "60"), ("words", "'eighty'", "'2026-11-20'", "60"), ("negative", "-5", "'2026-11-20'", "60"),
            ("not-a-day", "80", "'2026-13-45'", "60"), ("too-long", "80", "'2026-11-20'", "1e12"),
        ] {
            try other.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO attempt (program, quiz, chapter, mode, seed, startedAt, finishedAt, day, elapsedSeconds, score, total, percent,
                        passed, timedOut, questionCount, idScheme) VALUES ('Go Grrrls', '\(quiz)', NULL, 'practice', 1, '2026-11-20 10:00:00.000',
                        '2026-11-20 10:01:00.000', \(day), \(seconds), 1, 2, \(percent), 1, 0, 2, 2)
                        """)
            }
        }
        let count = try mine.merge(from: other)
        XCTAssertEqual(count.attempts, 1)
        XCTAssertEqual(count.refused.count, 5, "\(count.refused)")
        XCTAssertTrue(count.refused.contains { $0.reason == "its percent is not a number from 0 to 100" }, "\(count.refused)")
        XCTAssertTrue(count.refused.contains { $0.reason == "a value of it is not of its type" }, "\(count.refused)")
        XCTAssertTrue(count.refused.contains { $0.reason == "its day is not a day of the calendar" }, "\(count.refused)")
        let kept = try mine.attempts(program: "Go Grrrls")
        XCTAssertEqual(Set(kept.map(\.quiz)), ["mine", "good"])
        XCTAssertTrue(kept.allSatisfy { $0.percent.isFinite && $0.percent >= 0 && $0.percent <= 100 })
    }
}
