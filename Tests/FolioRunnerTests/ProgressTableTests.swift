import FolioProgress
import FolioRunner
import XCTest

/// `folio progress` as a table for people.
final class ProgressTableTests: XCTestCase {
    func testChaptersDecksTimeAndStreak() {
        let summary = ProgressSummary(
            program: "Go Grrrls",
            chapters: [
                .init(chapter: "who-am-i", title: "Who Am I?", quiz: "who-am-i", attempts: 2, passed: true, bestPercent: 87.5, timeSeconds: 250),
                .init(
                    chapter: "friendship", title: "Good Friends, Real Friends, and a Title That Goes On", quiz: "friendship", attempts: 1, passed: false,
                    bestPercent: 40, timeSeconds: 60),
                .init(chapter: "feelings", title: "Big Feelings", quiz: "feelings-check", attempts: 0, passed: false, bestPercent: nil, timeSeconds: 0),
                .init(chapter: "life-online", title: "Life Online", quiz: nil, attempts: 0, passed: false, bestPercent: nil, timeSeconds: 0),
            ],
            decks: [.init(deck: "feelings", title: "Feelings words", cardCount: 11, cardsKnown: 8, sessions: 3, quizAttempts: 1, timeSeconds: 185)],
            otherAttempts: 0, totalTimeSeconds: 495, streakDays: 3, studiedToday: true, lastStudied: "2026-11-22")
        let text = ProgressTable(summary: summary, width: 60, style: .plain).text
        XCTAssertEqual(
            text,
            """
            Go Grrrls: your progress

            #  Chapter              Quiz      Best  Attempts  Time
            1  Who Am I?            passed   87.5%         2  4 min 10 s
            2  Good Friends, Re...  not yet    40%         1  1 min
            3  Big Feelings         to do                  0
            4  Life Online          no quiz

            Flashcards      Known    Sessions  Quizzes  Time
            Feelings words  8 of 11         3        1  3 min 5 s

            Time studying: 8 min 15 s
            Streak: 3 days in a row (you studied today)

            """)
        for line in text.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 60, String(line)) }
    }

    /// On a computer shared by sisters, the header says whose table it is.
    func testTheHeaderNamesTheLearner() {
        let summary = ProgressSummary(
            program: "Go Grrrls", chapters: [], decks: [], otherAttempts: 0, totalTimeSeconds: 0, streakDays: 0, studiedToday: false, lastStudied: nil)
        let text = ProgressTable(summary: summary, width: 60, style: .plain, learner: "Zoë", followUpOptions: " --learner Zoë").text
        XCTAssertTrue(text.hasPrefix("Go Grrrls: Zoë's progress\n"), text)
        XCTAssertTrue(ProgressTable(summary: summary, width: 60, style: .plain).text.hasPrefix("Go Grrrls: your progress\n"))
    }
}
