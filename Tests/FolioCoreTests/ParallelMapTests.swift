import FolioCore
import Foundation
import XCTest

/// Work spread over every core gives back its results in the order of its inputs, each
/// made once, and lets go of everything it was handed.
final class ParallelMapTests: XCTestCase {
    /// A value that counts how many of its kind are alive, to show nothing is copied out of
    /// existence or left behind.
    final class Tracked: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var alive = 0
        let number: Int
        init(_ number: Int) {
            self.number = number
            Self.lock.withLock { Self.alive += 1 }
        }
        deinit { Self.lock.withLock { Self.alive -= 1 } }
    }

    func testResultsComeBackInTheOrderOfTheirInputs() {
        let inputs = Array(0..<10_000)
        XCTAssertEqual(ParallelMap.run(inputs) { $0 * 3 }, inputs.map { $0 * 3 })
        XCTAssertEqual(ParallelMap.run([7]) { $0 + 1 }, [8])
        XCTAssertEqual(ParallelMap.run([Int]()) { $0 }, [])
    }

    func testResultsHoldingReferencesAreEachKeptOnce() {
        do {
            let results = ParallelMap.run(Array(0..<5_000)) { Tracked($0) }
            XCTAssertEqual(results.map(\.number), Array(0..<5_000))
            XCTAssertEqual(Tracked.lock.withLock { Tracked.alive }, 5_000)
        }
        XCTAssertEqual(Tracked.lock.withLock { Tracked.alive }, 0, "every result let go with the array")
    }

    func testInputsHandedOverAreEachTransformedOnceAndLetGo() {
        do {
            var inputs = (0..<5_000).map { Tracked($0) }
            let numbers = ParallelMap.run(taking: inputs) { tracked -> Int in tracked.number * 2 }
            inputs = []
            XCTAssertEqual(numbers, (0..<5_000).map { $0 * 2 })
            XCTAssertEqual(Tracked.lock.withLock { Tracked.alive }, 0, "each input let go by the work it was handed to")
        }
        XCTAssertEqual(ParallelMap.run(taking: [Tracked]()) { $0.number }, [])
        let kept = ParallelMap.run(taking: [Tracked(1), Tracked(2)]) { $0 }
        XCTAssertEqual(kept.map(\.number), [1, 2], "an input may become its result")
        XCTAssertEqual(Tracked.lock.withLock { Tracked.alive }, 2)
    }
}
