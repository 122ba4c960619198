import FolioCore
import XCTest

/// The one wrapping rule for what Folio prints: the runner's defaults, and the choices
/// `folio explain` makes for running prose.
final class TerminalTextTests: XCTestCase {
    func testWrapsByWordsWithAHangingIndent() {
        XCTAssertEqual(
            TerminalText.wrap([.init("Popularity is about what others think about you.")], width: 24, first: "  1. ", indent: "     "),
            "  1. Popularity is about\n     what others think\n     about you.")
    }

    func testWideCharactersTakeTwoColumns() {
        XCTAssertEqual(TerminalText.wrap([.init("日本語 日本語 日本語")], width: 14), "日本語 日本語\n日本語")
    }

    func testColourCodesPaintEachWordAndTakeNoColumns() {
        XCTAssertEqual(TerminalText.wrap([.init("two words", codes: "1")], width: 9), "\u{1B}[1mtwo\u{1B}[0m \u{1B}[1mwords\u{1B}[0m")
    }

    func testProseRulesKeepCodeSpansWholeAndLongWordsUncut() {
        let rules = TerminalText.Rules(cutLongWords: false, keepCodeSpans: true, keepLineBreaks: false)
        XCTAssertEqual(
            TerminalText.wrap([.init("add `pass: 70%` to\nthe quiz")], width: 12, rules: rules), "add\n`pass: 70%`\nto the quiz")
        XCTAssertEqual(
            TerminalText.wrap([.init("see chapters/01-who-am-i.md now")], width: 12, rules: rules), "see\nchapters/01-who-am-i.md\nnow")
    }

    func testTheRunnerDefaultsCutLongWordsAndKeepLineBreaks() {
        XCTAssertEqual(TerminalText.wrap([.init("ab\nsupercalifragilistic")], width: 8), "ab\nsupercal\nifragili\nstic")
    }
}
