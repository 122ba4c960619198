import Foundation
import XCTest

@testable import FolioProgress

/// What `folio progress` reports, from the stored records.
final class ProgressSummaryTests: XCTestCase {
    let outline = ProgramOutline(
        id: "go-grrrls", title: "Go Grrrls",
        chapters: [
            .init(id: "who-am-i", title: "Who Am I?", quiz: "who-am-i"), .init(id: "friendship", title: "Friends", quiz: "friendship"),
            .init(id: "life-online", title: "Life Online", quiz: nil),
        ],
        decks: [.init(id: "feelings", title: "Feelings words", cardIDs: ["joy", "empathy", "calm"])],
        quizzes: ["who-am-i": ["nervous", "strengths"], "friendship": ["trust"]])

    func attempt(_ quiz: String, percent: Double, passed: Bool, day: String, seconds: Double, deck: String? = nil) -> AttemptRecord {
        var (record, _) = ProgressStoreTests.attempt(quiz: quiz, percent: percent, day: day, seconds: seconds)
        record.passed = passed
        record.deck = deck
        return record
    }

    func testChaptersShowPassedBestAttemptsAndTime() {
        let summary = ProgressSummary(
            outline: outline,
            attempts: [
                attempt("who-am-i", percent: 60, passed: false, day: "2026-11-20", seconds: 100),
                attempt("who-am-i", percent: 90, passed: true, day: "2026-11-21", seconds: 50),
                attempt("who-am-i", percent: 70, passed: true, day: "2026-11-21", seconds: 30),
                attempt("feelings", percent: 100, passed: true, day: "2026-11-21", seconds: 40, deck: "feelings"),
                attempt("unused-quiz", percent: 10, passed: false, day: "2026-11-21", seconds: 5),
            ],
            sessions: [
                StudySessionRecord(
                    program: "Go Grrrls", deck: "feelings", startedAt: Date(), finishedAt: Date(), day: "2026-11-22", elapsedSeconds: 20,
                    known: 2, notYet: 1, cardCount: 3)
            ],
            cardsKnown: ["feelings": ["joy", "calm", "gone-card"]], today: "2026-11-22")
        XCTAssertEqual(summary.chapters.map(\.attempts), [3, 0, 0])
        XCTAssertEqual(summary.chapters[0].passed, true)
        XCTAssertEqual(summary.chapters[0].bestPercent, 90)
        XCTAssertEqual(summary.chapters[0].timeSeconds, 180)
        XCTAssertNil(summary.chapters[1].bestPercent)
        XCTAssertNil(summary.chapters[2].quiz)
        XCTAssertEqual(summary.decks[0].cardsKnown, 2, "a card no longer in the deck is not counted")
        XCTAssertEqual(summary.decks[0].sessions, 1)
        XCTAssertEqual(summary.decks[0].quizAttempts, 1)
        XCTAssertEqual(summary.decks[0].timeSeconds, 60)
        XCTAssertEqual(summary.otherAttempts, 1)
        XCTAssertEqual(summary.totalTimeSeconds, 245)
        XCTAssertEqual(summary.streakDays, 3)
        XCTAssertTrue(summary.studiedToday)
    }

    func testTheStreakCountsDaysInARowEndingTodayOrYesterday() {
        XCTAssertEqual(StudyStreak(days: ["2026-11-22", "2026-11-21", "2026-11-19"], today: "2026-11-22").current, 2)
        XCTAssertEqual(StudyStreak(days: ["2026-11-21", "2026-11-20"], today: "2026-11-22").current, 2, "nothing yet today: yesterday's streak still counts")
        XCTAssertEqual(StudyStreak(days: ["2026-11-20"], today: "2026-11-22").current, 0, "a whole day missed ends it")
        XCTAssertEqual(StudyStreak(days: ["2024-03-01", "2024-02-29", "2024-02-28"], today: "2024-03-01").current, 3, "across a leap day")
        XCTAssertEqual(StudyStreak(days: ["2027-01-01", "2026-12-31"], today: "2027-01-01").current, 2, "across a year")
        XCTAssertEqual(StudyStreak(days: [], today: "2026-11-22").current, 0)
        XCTAssertEqual(StudyStreak(days: ["garbage", "2026-13-01"], today: "2026-11-22").current, 0)
    }

    func testTheCalendarIsFourWeeksFromMondayEndingWithThisWeek() {
        // 2026-11-25 is a Wednesday.
        let calendar = StudyCalendar(days: ["2026-11-25", "2026-11-02", "2026-11-01", "2026-11-24", "nonsense"], today: "2026-11-25")
        XCTAssertEqual(calendar.weeks.count, 4)
        XCTAssertTrue(calendar.weeks.allSatisfy { $0.count == 7 })
        XCTAssertEqual(calendar.weeks.first?.first?.day, "2026-11-02", "a Monday, three weeks before this week's")
        XCTAssertEqual(calendar.weeks.last?.last?.day, "2026-11-29", "this week's Sunday")
        XCTAssertEqual(calendar.studiedDays, 3, "2026-11-01 is before the first Monday")
        XCTAssertEqual(calendar.weeks[3].map(\.future), [false, false, false, true, true, true, true])
        XCTAssertEqual(calendar.weeks[3].map(\.studied), [false, true, true, false, false, false, false])
        // Across a year and a leap day, every day follows the one before it.
        let leap = StudyCalendar(days: [], today: "2024-03-01", weeks: 10)
        XCTAssertEqual(leap.weeks.first?.first?.day, "2023-12-25")
        let all = leap.weeks.joined().map(\.day)
        XCTAssertTrue(all.contains("2024-02-29"))
        XCTAssertEqual(Set(all).count, 70)
        XCTAssertEqual(all, all.sorted())
        XCTAssertEqual(StudyCalendar(days: [], today: "someday").weeks, [])
    }

    func testDaysAreTheLearnersLocalDays() {
        // 23:30 UTC on 21 November is already 22 November in Berlin and still 21 in New York.
        let late = Date(timeIntervalSince1970: 1_795_303_800)
        XCTAssertEqual(StudyStreak.day(of: late, in: TimeZone(identifier: "UTC")!), "2026-11-21")
        XCTAssertEqual(StudyStreak.day(of: late, in: TimeZone(identifier: "Europe/Berlin")!), "2026-11-22")
        XCTAssertEqual(StudyStreak.day(of: late, in: TimeZone(identifier: "America/New_York")!), "2026-11-21")
    }
}
