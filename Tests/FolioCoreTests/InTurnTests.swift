import FolioCore
import XCTest

/// Lists taken in turn: the first of each, then the second of each; a list that has run
/// out passed over.
final class InTurnTests: XCTestCase {
    func testEachListGivesOneInTurn() {
        XCTAssertEqual(Array(inTurnFrom: [[1, 2, 3], [], [10, 11], [20]]), [1, 10, 20, 2, 11, 3])
        XCTAssertEqual(Array(inTurnFrom: [["a"], ["b", "c", "d"]]), ["a", "b", "c", "d"])
        XCTAssertEqual(Array<Int>(inTurnFrom: []), [])
        XCTAssertEqual(Array<Int>(inTurnFrom: [[], []]), [])
    }
}
