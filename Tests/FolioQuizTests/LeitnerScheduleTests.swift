import FolioQuiz
import XCTest

final class LeitnerScheduleTests: XCTestCase {
    func testBoxesComeBackAfterZeroOneThreeSevenAndFourteenDays() {
        XCTAssertEqual(LeitnerSchedule.intervals, [0, 1, 3, 7, 14])
        XCTAssertEqual(LeitnerSchedule.boxCount, 5)
    }

    func testACardNeverMarkedIsDue() {
        XCTAssertTrue(LeitnerSchedule().isDue("hello", today: "2026-03-01"))
    }

    func testKnewItOnANewCardPutsItInBoxTwoUntilTomorrow() {
        var schedule = LeitnerSchedule()
        schedule.mark("a", known: true, on: "2026-03-01")
        XCTAssertEqual(schedule.cards["a"], .init(box: 2, due: "2026-03-02"))
        XCTAssertFalse(schedule.isDue("a", today: "2026-03-01"))
        XCTAssertTrue(schedule.isDue("a", today: "2026-03-02"))
        XCTAssertTrue(schedule.isDue("a", today: "2026-03-20"))
    }

    func testNotYetKeepsTheCardDueTheSameDay() {
        var schedule = LeitnerSchedule(cards: ["a": .init(box: 4, due: "2026-03-10")])
        schedule.mark("a", known: false, on: "2026-03-05")
        XCTAssertEqual(schedule.cards["a"], .init(box: 1, due: "2026-03-05"))
        XCTAssertTrue(schedule.isDue("a", today: "2026-03-05"))
    }

    func testKnowingACardBeforeItsDayDoesNotMoveItUp() {
        var schedule = LeitnerSchedule(cards: ["a": .init(box: 3, due: "2026-03-10")])
        schedule.mark("a", known: true, on: "2026-03-09")
        XCTAssertEqual(schedule.cards["a"], .init(box: 3, due: "2026-03-10"))
    }

    func testBoxFiveIsTheTop() {
        var schedule = LeitnerSchedule(cards: ["a": .init(box: 5, due: "2026-03-10")])
        schedule.mark("a", known: true, on: "2026-03-10")
        XCTAssertEqual(schedule.cards["a"], .init(box: 5, due: "2026-03-24"))
    }

    func testDueCardsKeepTheOrderGiven() {
        let schedule = LeitnerSchedule(cards: ["b": .init(box: 2, due: "2026-03-02"), "c": .init(box: 3, due: "2026-03-09")])
        XCTAssertEqual(schedule.due(["c", "b", "a"], today: "2026-03-02"), ["b", "a"])
    }

    func testAHandEditedDueDayMakesTheCardDue() {
        let schedule = LeitnerSchedule(cards: ["a": .init(box: 2, due: "soon")])
        XCTAssertTrue(schedule.isDue("a", today: "2026-03-02"))
    }
}
