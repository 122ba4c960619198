import FolioProgress
import FolioTestSupport
import Foundation
import XCTest

/// Progress saved by version 1 is carried over to the stable ids on first use.
/// `Tests/Fixtures/progress-v1/progress.sqlite` was written by version 1's runners
/// (`record.py` there says how): a quiz taken, both decks studied, a deck quiz taken.
final class ProgressCarryOverTests: XCTestCase {
    let fixture = TestFixtures.root.appendingPathComponent("progress-v1")

    /// The recorded file, copied, and a copy of the program it was recorded with.
    func copies() throws -> (progress: String, content: URL) {
        let folder = try TestFixtures.temporaryFolder(self)
        let progress = folder.appendingPathComponent("progress.sqlite")
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("progress.sqlite"), to: progress)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("Content"), to: content)
        return (progress.path, content)
    }

    func summary(_ content: URL, _ progress: String) throws -> [String: Any] {
        let result = try FolioProcess.run(["progress", "--content", content.path, "--progress", progress, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    func testVersionOnesRecordsAreCarriedOverToTheItemsTheyWereAbout() throws {
        let (progress, content) = try copies()
        let before = try ProgressStore(path: progress)
        XCTAssertEqual(try before.attempts(program: "go-grrrls"), [], "version 1 kept it under the title")
        XCTAssertTrue(try before.needsCarryOver(programID: "go-grrrls", title: "Go Grrrls"))

        let summary = try summary(content, progress)
        let chapter = try XCTUnwrap((summary["chapters"] as? [[String: Any]])?.first)
        XCTAssertEqual(chapter["passed"] as? Bool, true)
        XCTAssertEqual(chapter["attempts"] as? Int, 1)
        let decks = try XCTUnwrap(summary["decks"] as? [[String: Any]])
        XCTAssertEqual(decks.map { $0["deck"] as? String }, ["body-words", "feelings"])
        XCTAssertEqual(decks.map { $0["cardsKnown"] as? Int }, [2, 2])
        XCTAssertEqual(decks[1]["quizAttempts"] as? Int, 1)
        let dropped = try XCTUnwrap(summary["dropped"] as? [String: [String]])
        XCTAssertEqual(dropped.values.flatMap { $0 }, [], "nothing was dropped")

        let store = try ProgressStore(path: progress)
        XCTAssertFalse(try store.needsCarryOver(programID: "go-grrrls", title: "Go Grrrls"), "carried over once")
        let attempts = try store.attempts(program: "go-grrrls")
        XCTAssertEqual(attempts.map(\.quiz), ["who-am-i", "feelings"])
        XCTAssertEqual(
            try store.questions(ofAttempt: attempts[0].id!).map(\.question),
            ["everyone-feels-nervous-sometimes-a08d", "which-of-these-help-with-af4e", "first-right"],
            "q1 and q2 were the first and second questions; a stated id stays")
        XCTAssertEqual(
            try store.questions(ofAttempt: attempts[1].id!).map(\.question), ["empathy-9fa5", "calm-864b", "jealous-5640"],
            "a deck quiz's card-1, card-3, card-2 are those cards")
        XCTAssertEqual(try store.cardsKnown(program: "go-grrrls", deck: "feelings"), ["empathy-9fa5", "calm-864b"])
        XCTAssertEqual(try store.cardsNotYetKnown(program: "go-grrrls", deck: "feelings"), ["jealous-5640"])
        XCTAssertEqual(try store.cardsNotYetKnown(program: "go-grrrls", deck: "body-words"), ["puberty-87d4"])
        XCTAssertEqual(try store.integrityProblems(), [])
        XCTAssertEqual(try self.summary(content, progress) as NSDictionary, summary as NSDictionary, "a second run changes nothing")
    }

    func testAMarkWhoseCardIsGoneIsDroppedAndACardMovedMeanwhileIsStillFoundByItsFront() throws {
        let (progress, content) = try copies()
        // Edited before the upgrade's first use: a card added at the top, Jealous removed.
        try
            "title: Feelings words\ncards:\n  - front: Proud\n    back: Glad of what you did.\n  - front: Calm\n    back: Peaceful.\n  - front: Empathy\n    back: Feeling with.\n"
            .write(to: content.appendingPathComponent("decks/feelings.yaml"), atomically: true, encoding: .utf8)
        let summary = try summary(content, progress)
        let feelings = try XCTUnwrap((summary["decks"] as? [[String: Any]])?.first { $0["deck"] as? String == "feelings" })
        XCTAssertEqual(feelings["cardsKnown"] as? Int, 2, "Calm and Empathy, found by their fronts; nothing given to Proud")
        XCTAssertEqual((summary["dropped"] as? [String: [String]])?["cards"], ["feelings/?"], "Jealous's mark is kept, counted as dropped")
        let store = try ProgressStore(path: progress)
        XCTAssertEqual(try store.cardsNotYetKnown(program: "go-grrrls", deck: "feelings"), [], "Jealous's \"not yet\" went to no other card")
    }

    func testANewTitleWithThePinnedIDStillFindsTheProgress() throws {
        let (progress, content) = try copies()
        try "id: go-grrrls\ntitle: Go Grrrls Spring\n".write(to: content.appendingPathComponent("folio.yaml"), atomically: true, encoding: .utf8)
        _ = try summary(content, progress)
        try "id: go-grrrls\ntitle: Go Grrrls Fall\n".write(to: content.appendingPathComponent("folio.yaml"), atomically: true, encoding: .utf8)
        let chapter = try XCTUnwrap((try summary(content, progress)["chapters"] as? [[String: Any]])?.first)
        XCTAssertEqual(chapter["passed"] as? Bool, true, "kept under the id, which the new titles share")
    }
}
