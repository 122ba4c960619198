import FolioSyntax
import XCTest

/// Quiz text in a terminal: Markdown's inline styles as styled runs of plain text.
final class MarkdownSpansTests: XCTestCase {
    func testInlineStylesBecomeRuns() {
        XCTAssertEqual(
            InlineMarkdown.spans("What is *self-esteem*, **really**? Try `folio study`, or [the rights](bill-of-rights.md)."),
            [
                StyledSpan("What is "), StyledSpan("self-esteem", style: .emphasis), StyledSpan(", "), StyledSpan("really", style: .strong),
                StyledSpan("? Try "), StyledSpan("folio study", style: .code), StyledSpan(", or "), StyledSpan("the rights", style: .link),
                StyledSpan("."),
            ])
        XCTAssertEqual(InlineMarkdown.spans("Plain words"), [StyledSpan("Plain words")])
    }

    func testBlocksAreSeparatedAndHTMLIsLeftOut() {
        let text = InlineMarkdown.spans("First \"quoted\" paragraph\ncontinues.\n\n- one\n- two\n\n<b>raw</b> end").map(\.text).joined()
        XCTAssertEqual(text, "First “quoted” paragraph continues.\n\n• one\n• two\n\nraw end")
    }
}
