import XCTest

@testable import FolioSite

/// JSON in a `<script>` block: an author's text can neither end the block nor, through
/// the two separators JavaScript once read as line ends, break the script that reads it.
final class ScriptJSONTests: XCTestCase {
    func testTheCharactersThatCouldEndTheBlockAreEscaped() {
        XCTAssertEqual(HTML.scriptJSON(#"{"a":"</script><b>&amp;"}"#), #"{"a":"\u003c/script\u003e\u003cb\u003e\u0026amp;"}"#)
    }

    func testLineAndParagraphSeparatorsAreEscapedAndOtherTextIsKept() {
        XCTAssertEqual(HTML.scriptJSON("\"a\u{2028}b\u{2029}c — “é” 🙂\""), #""a\u2028b\u2029c — “é” 🙂""#)
    }

    func testTextWithNothingToEscapeIsUnchanged() {
        let json = #"{"title":"Who am I?","n":[1,2,3]}"#
        XCTAssertEqual(HTML.scriptJSON(json), json)
        XCTAssertEqual(HTML.scriptJSON(""), "")
    }

    /// Characters that share their first two bytes with the separators (E2 80 ..) stay as
    /// they are.
    func testNeighboursOfTheSeparatorsAreKept() {
        XCTAssertEqual(HTML.scriptJSON("…\u{2027}\u{202A}"), "…\u{2027}\u{202A}")
    }
}
