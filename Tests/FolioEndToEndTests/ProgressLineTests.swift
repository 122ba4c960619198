import Foundation
import XCTest

/// The progress line of a long build: on a terminal it shows the phase and its count,
/// redrawn in place and cleared at the end; in a pipe, or with `--quiet`, it never
/// appears, so logs and pipelines see only the messages.
final class ProgressLineTests: XCTestCase {
    /// A program with enough pages for the count to say something; written once for
    /// every test here.
    nonisolated(unsafe) static var folder: URL!

    override class func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-e2e-progress-\(UUID().uuidString)")
        try! SyntheticProgram.write(chapters: 500, to: folder.appendingPathComponent("Content"))
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    var folder: URL { Self.folder }

    /// The line normally waits 0.3 s, so that quick builds do not flicker; here it shows
    /// from the start, however fast the build.
    static let showAtOnce = ["FOLIO_PROGRESS_DELAY_MS": "0"]

    let built = "built 500 chapters, 500 quizzes, 0 decks into Output (bundle "

    func testAPipedBuildPrintsNoProgressLine() throws {
        let result = try FolioProcess.run(["build"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix(built), result.stderr)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "the \"built\" line alone: \(result.stderr)")
        XCTAssertFalse(result.stderr.contains("\r"), "nothing is redrawn in a pipe")
        XCTAssertFalse(result.stderr.contains("Writing the site"))
        XCTAssertEqual(result.stdout, "")
    }

    func testOnATerminalTheLineShowsThePhaseAndCountAndIsClearedBeforeTheLastMessage() throws {
        let result = try FolioProcess.runInTerminal(["build"], in: folder, environment: Self.showAtOnce)
        XCTAssertEqual(result.status, 0, result.stdout)
        let shown = result.stdout
        XCTAssertTrue(shown.contains("\r\u{1B}[1mWriting the site"), "the line shows the phase: \(shown.suffix(500))")
        XCTAssertTrue(shown.contains("]  521/521"), "the site's 500 chapters and 21 other pages, all counted: \(shown.suffix(300))")
        XCTAssertTrue(shown.contains("\u{1B}[36m####"), "the bar is in colour")
        // Spaces over the last line, back to its start, then the message.
        let cleared = try XCTUnwrap(shown.range(of: "\r" + String(repeating: " ", count: 5)), shown)
        let end = try XCTUnwrap(shown.range(of: built))
        XCTAssertLessThan(cleared.lowerBound, end.lowerBound)
        XCTAssertTrue(shown[..<end.lowerBound].hasSuffix(" \r"), "the message starts on the cleared line: \(shown.suffix(300))")
        XCTAssertFalse(shown[end.lowerBound...].contains("Writing"), "nothing of the line after the message")
    }

    func testOnATerminalWithNoColorTheLineHasNoColour() throws {
        let result = try FolioProcess.runInTerminal(["build"], in: folder, environment: Self.showAtOnce.merging(["NO_COLOR": "1"]) { $1 })
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("\rWriting the site" + String(repeating: " ", count: 14) + "[########"), result.stdout.suffix(500).description)
        XCTAssertFalse(result.stdout.contains("\u{1B}["), "no terminal codes at all")
    }

    func testOnATerminalQuietPrintsNothing() throws {
        let result = try FolioProcess.runInTerminal(["build", "--quiet"], in: folder, environment: Self.showAtOnce)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stdout, "")
    }
}
