import Foundation
import XCTest

@testable import FolioInlineMarkdown

/// Inline Markdown skips the parser for plain words; that shortcut must give exactly what
/// cmark gives.
final class InlineMarkdownTests: XCTestCase {
    func testPlainTextTakesTheShortcutOnlyWhenCmarkWouldNotChangeIt() throws {
        var samples = [
            "How much you value yourself", "Yes. It is about you.", "Talking to a friend", "9 hours",
            "Wait... really", "A -- B", "Rock 'n' roll", "She said \"hi\"", "1. First", "- item", "# Title",
            "a  b", "trailing ", "*bold*", "x < y", "Tom & Jerry", "café au lait", "well-known fact", "C:\\path",
            "https://example.org", "a_b_c", "back`tick`", "[link](x)", "Line\nbreak", "Ünïcödé words", "3.14 is pi",
        ]
        // Every line of the CommonMark spec's examples, as more varied input.
        let url = TestPaths.external.appendingPathComponent("commonmark/spec-0.30.json")
        let examples = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[String: Any]]
        for example in examples {
            samples += (example["markdown"] as! String).split(separator: "\n").map(String.init)
        }
        var shortcuts = 0
        for text in samples where InlineMarkdown.isPlain(text) {
            XCTAssertEqual(InlineMarkdown.html(text), InlineMarkdown.cmarkHTML(text), text)
            shortcuts += 1
        }
        XCTAssertGreaterThan(shortcuts, 50)
        XCTAssertEqual(InlineMarkdown.html("What is *self-esteem*?"), "What is <em>self-esteem</em>?")
    }

    /// A text of one paragraph is written without its `<p>`; a text of more keeps them.
    func testOneParagraphLosesItsTagsAndMoreKeepThem() {
        XCTAssertEqual(InlineMarkdown.cmarkHTML("*One* paragraph"), "<em>One</em> paragraph")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("One\n\nTwo"), "<p>One</p>\n<p>Two</p>")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("Say <p> here"), "Say <!-- raw HTML omitted --> here")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("- a\n- b"), "<ul>\n<li>a</li>\n<li>b</li>\n</ul>")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("A `<p>` tag"), "A <code>&lt;p&gt;</code> tag")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("One\n\n***\n\nTwo"), "<p>One</p>\n<hr />\n<p>Two</p>")
        XCTAssertEqual(InlineMarkdown.cmarkHTML("***"), "<hr />")
    }
}
