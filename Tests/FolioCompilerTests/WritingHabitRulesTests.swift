import FolioCore
import XCTest

@testable import FolioCompiler

/// The habits a paragraph's text can show are looked for only where each can be: a
/// bullet or a heading's `#` at the start of one of its lines, a `]` anywhere. Every
/// other paragraph is passed over without a closer look.
final class WritingHabitRulesTests: XCTestCase {
    func paragraph(_ text: String) -> WrittenParagraph {
        WrittenParagraph(location: .startOf("chapters/01-who-am-i.md"), bytes: Array(text.utf8))
    }

    func testAParagraphIsLookedAtOnlyWhereAHabitCouldBe() {
        for text in ["• Be kind", "Start here\n  • Be kind", "Text\n##Saying no", "· dot", "a [b](c d) e", "x]"] {
            XCTAssertTrue(paragraph(text).mayHoldAHabit, text)
        }
        // Typographic quotes and dashes start with 0xE2 too, but not a line; a hashtag
        // inside a line is not a heading.
        for text in ["", "Plain words.", "She said “no” — and meant it.", "Use #BeKind online", "a\n  b\n"] {
            XCTAssertFalse(paragraph(text).mayHoldAHabit, text)
        }
    }

    /// Told a run at a time, as a chapter's text arrives, the answer is the whole text's.
    func testTextTakenARunAtATimeIsJudgedAsTheWholeText() {
        let texts = ["• Be kind", "Start here\n  • Be kind", "Text\n##Saying no", "a [b](c d) e", "Plain words.", "She said “no”.\nThen", "a\n  \n  b"]
        for text in texts {
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                var atLineStart = true
                let first = bytes[..<cut].withUnsafeBufferPointer { WrittenParagraph.mayHoldAHabit($0, atLineStart: &atLineStart) }
                let second = first || bytes[cut...].withUnsafeBufferPointer { WrittenParagraph.mayHoldAHabit($0, atLineStart: &atLineStart) }
                XCTAssertEqual(second, paragraph(text).mayHoldAHabit, "\(text) cut at \(cut)")
            }
        }
    }

    func testAHeadingWithoutItsSpaceNeedsTwoNumberSigns() {
        XCTAssertEqual(WritingHabitRules.headingWithoutSpace("##Saying no")?.level, 2)
        XCTAssertEqual(WritingHabitRules.headingWithoutSpace("###Tips")?.text, "Tips")
        for line in ["#BeKind", "## Saying no", "#######Seven", "##", "## "] {
            XCTAssertNil(WritingHabitRules.headingWithoutSpace(line[...]), line)
        }
    }

    func testAnAddressWithASpaceIsFoundInAPictureOrALinkButNotBetweenAngleBrackets() {
        let found = WritingHabitRules.addressesWithSpaces(in: "See ![Peer pressure](../media/Peer Pressure.png) and [x](<a b.pdf>).")
        XCTAssertEqual(
            found,
            [
                .init(
                    isPicture: true, text: "Peer pressure", address: "../media/Peer Pressure.png",
                    written: "![Peer pressure](../media/Peer Pressure.png)")
            ])
        XCTAssertEqual(WritingHabitRules.addressesWithSpaces(in: "[the guide](https://example.org/a guide.html)").map(\.isPicture), [false])
        XCTAssertEqual(WritingHabitRules.addressesWithSpaces(in: "[fine](https://example.org) and (a b)"), [])
    }

    func testOnlyAWholeCommentIsANote() {
        XCTAssertTrue(WritingHabitRules.isNote("<!-- ask Jess -->"))
        XCTAssertTrue(WritingHabitRules.isNote("<!--\nask Jess\nfor a video\n-->\n"))
        XCTAssertFalse(WritingHabitRules.isNote("<!-- a --> <b>bold</b> <!-- b -->"))
        XCTAssertFalse(WritingHabitRules.isNote("<b>bold</b>"))
    }
}
