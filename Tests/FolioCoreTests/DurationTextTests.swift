import XCTest

@testable import FolioCore

/// One way to write a duration, in the site and in the terminal.
final class DurationTextTests: XCTestCase {
    func testEveryPartThatIsNotZeroIsShown() {
        XCTAssertEqual(DurationText.words(0), "0 s")
        XCTAssertEqual(DurationText.words(45), "45 s")
        XCTAssertEqual(DurationText.words(120), "2 min")
        XCTAssertEqual(DurationText.words(125), "2 min 5 s")
        XCTAssertEqual(DurationText.words(3600), "1 h")
        XCTAssertEqual(DurationText.words(3601), "1 h 1 s")
        XCTAssertEqual(DurationText.words(5400), "1 h 30 min")
    }

    func testTheProgramKeyOfVersionOneIsKept() {
        XCTAssertEqual(ContentID.make(from: "Go Grrrls", rule: .version1Key), "go-grrrls")
        XCTAssertEqual(ContentID.make(from: "Élan Girls' Club", rule: .version1Key), "lan-girls-club")
        XCTAssertEqual(ContentID.make(from: "Élan Girls' Club"), "elan-girls-club")
    }
}
