import FolioCore
import FolioSyntax
import XCTest

@testable import FolioRunner

/// Wrapping by words to a width, measured as a terminal shows characters.
final class TextLayoutTests: XCTestCase {
    let layout = TextLayout(width: 24, style: .plain)

    func testWordsWrapWithAHangingIndent() {
        XCTAssertEqual(
            layout.wrap("Popularity is about what others think about you.", first: "  1. ", indent: 5),
            "  1. Popularity is about\n     what others think\n     about you.\n")
    }

    func testALongWordIsCutWhereTheLineEnds() {
        XCTAssertEqual(layout.wrap("a supercalifragilisticexpialidocious word"), "a\nsupercalifragilisticexpi\nalidocious word\n")
    }

    func testLineBreaksInTheTextAreKept() {
        XCTAssertEqual(layout.wrap("one\ntwo  three"), "one\ntwo three\n")
    }

    func testWideCharactersAndAccentsAreMeasuredAsShown() {
        XCTAssertEqual(TerminalText.displayWidth("café"), 4)
        XCTAssertEqual(TerminalText.displayWidth("cafe\u{301}"), 4, "a combining accent takes no column")
        XCTAssertEqual(TerminalText.displayWidth("日本"), 4)
        XCTAssertEqual(TerminalText.displayWidth("👍"), 2)
        XCTAssertEqual(TerminalText.displayWidth("\u{1B}[1;32mok\u{1B}[0m"), 2, "colour codes take no column")
        XCTAssertEqual(TextLayout(width: 20, style: .plain).wrap("日本語 日本語 日本語 日本語"), "日本語 日本語 日本語\n日本語\n")
    }

    func testStylesBecomeColourOnlyWhenColourIsOn() {
        let spans = [StyledSpan("What is "), StyledSpan("self-esteem", style: .emphasis), StyledSpan("?")]
        XCTAssertEqual(layout.wrap(spans), "What is self-esteem?\n")
        let colour = TextLayout(width: 40, style: TerminalStyle(color: true, unicode: true))
        XCTAssertEqual(colour.wrap(spans), "What is \u{1B}[3mself-esteem\u{1B}[0m?\n")
    }

    func testTextIsCutToAWidthWithAnEllipsis() {
        XCTAssertEqual(TerminalText.truncated("Good Friends, Real Friends", to: 16, ellipsis: "..."), "Good Friends,...")
        XCTAssertEqual(TerminalText.truncated("Good Friends", to: 12, ellipsis: "..."), "Good Friends")
        XCTAssertEqual(TerminalText.truncated("日本語の本", to: 6, ellipsis: "…"), "日本…")
        XCTAssertEqual(TerminalText.truncated("abc", to: 2, ellipsis: "..."), "...")
    }

    func testTheWidthStaysReadable() {
        XCTAssertEqual(TextLayout(width: 5, style: .plain).width, 20)
        XCTAssertEqual(TextLayout(width: 300, style: .plain).width, 100)
    }
}
