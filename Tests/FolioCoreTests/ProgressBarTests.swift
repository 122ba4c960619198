import FolioCore
import XCTest

/// The line the progress of a long build is drawn as.
final class ProgressBarTests: XCTestCase {
    func testTheBarFillsInProportionAndTheCountFollowsIt() {
        XCTAssertEqual(
            ProgressBar(phase: .site, done: 0, total: 3012).line(color: false),
            "Writing the site              [........................]  0/3012")
        XCTAssertEqual(
            ProgressBar(phase: .site, done: 1506, total: 3012).line(color: false),
            "Writing the site              [############............]  1506/3012")
        XCTAssertEqual(
            ProgressBar(phase: .parsing, done: 6000, total: 6000).line(color: false),
            "Reading chapters and quizzes  [########################]  6000/6000")
    }

    func testEveryPhaseStartsItsBarInTheSameColumn() {
        let columns = Set(
            BuildPhase.allCases.map { phase in
                let line = ProgressBar(phase: phase, total: 9).line(color: false)
                return line.distance(from: line.startIndex, to: line.firstIndex(of: "[")!)
            })
        XCTAssertEqual(columns.count, 1, "the bar does not jump from phase to phase")
    }

    func testAPhaseWithoutACountShowsItsNameAlone() {
        XCTAssertEqual(ProgressBar(phase: .reading).line(color: false), "Reading files...")
        XCTAssertEqual(ProgressBar(phase: .checking, done: 0, total: 0).line(color: false), "Checking chapters...")
    }

    func testACountPastTheTotalNeverOverflowsTheBar() {
        XCTAssertEqual(
            ProgressBar(phase: .bundle, done: 12, total: 10).line(color: false),
            "Writing the bundle            [########################]  10/10")
    }

    func testColourMakesTheNameBoldAndTheBarCyanWithoutChangingTheColumns() {
        let bar = ProgressBar(phase: .site, done: 1, total: 24)
        XCTAssertEqual(bar.line(color: true), "\u{1B}[1mWriting the site            \u{1B}[0m  [\u{1B}[36m#.......................\u{1B}[0m]  1/24")
        XCTAssertEqual(bar.columns, bar.line(color: false).count)
    }
}
