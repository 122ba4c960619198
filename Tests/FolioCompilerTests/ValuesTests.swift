import FolioCore
import XCTest

@testable import FolioCompiler

/// The small readers behind ids, suggestions and quiz settings.
final class ValuesTests: XCTestCase {
    func testIDsFromFileNamesDropTheNumberAndExtension() {
        XCTAssertEqual(Identifier.fromFileName("01-who-am-i.md").id, "who-am-i")
        XCTAssertEqual(Identifier.fromFileName("01-who-am-i.md").number, 1)
        XCTAssertEqual(Identifier.fromFileName("feelings.yaml").id, "feelings")
        XCTAssertNil(Identifier.fromFileName("feelings.yaml").number)
        XCTAssertEqual(Identifier.fromFileName("2024.md").id, "2024", "a name that is only a number keeps it")
    }

    func testIDRules() {
        for valid in ["who-am-i", "a", "chapter-10", "3d"] { XCTAssertTrue(Identifier.isValid(valid), valid) }
        for invalid in ["", "Who", "who--am", "-who", "who-", "who_am", "qui-é", "who am"] { XCTAssertFalse(Identifier.isValid(invalid), invalid) }
        XCTAssertEqual(Identifier.suggestion(for: "More_Friends!"), "more-friends")
    }

    func testNearestNameSuggestsPlausibleTyposOnly() {
        let fields = ["text", "correct", "hint", "feedback"]
        XCTAssertEqual(NearestName.find("hnit", among: fields), "hint")
        XCTAssertEqual(NearestName.find("corect", among: fields), "correct")
        XCTAssertEqual(NearestName.find("Feedbak", among: fields), "feedback")
        XCTAssertNil(NearestName.find("colour", among: fields))
        XCTAssertEqual(NearestName.editDistance("hint", "hnit"), 1, "a swap is one mistake")
    }

    func testDurationsAndPercentages() {
        XCTAssertEqual(QuizValues.seconds("10m"), 600)
        XCTAssertEqual(QuizValues.seconds("1h 30m"), 5400)
        XCTAssertEqual(QuizValues.seconds("90s"), 90)
        XCTAssertNil(QuizValues.seconds("10"), "a bare number is ambiguous for a time limit")
        XCTAssertEqual(QuizValues.seconds("10", plainSeconds: true), 10)
        XCTAssertNil(QuizValues.seconds("m"))
        XCTAssertNil(QuizValues.seconds("ten minutes"))
    }
}
