import FolioCore
import XCTest

/// Sorting by places gives what sorting the elements gives.
final class SortedByPlaceTests: XCTestCase {
    struct Record: Equatable {
        var key: Int
        var name: String
    }

    func testTheOrderIsTheOrderOfSortingTheElements() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 100, 2_000] {
            let records = (0..<count).shuffled(using: &random).map { Record(key: $0 % 37, name: "record \($0)") }
            let order: (Record, Record) -> Bool = { ($0.key, $0.name) < ($1.key, $1.name) }
            XCTAssertEqual(records.sortedByPlace(by: order), records.sorted(by: order), "\(count) records")
        }
    }

    func testAnErrorThrownWhileComparingIsThrown() {
        struct Refused: Error {}
        XCTAssertThrowsError(try [3, 1, 2].sortedByPlace { _, _ in throw Refused() })
    }
}
