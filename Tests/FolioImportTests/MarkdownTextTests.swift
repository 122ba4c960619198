import FolioCore
import FolioQuiz
import FolioSyntax
import XCTest

@testable import FolioImport

/// GIFT text becomes Markdown that shows what Moodle would show; checked through the
/// compiler's own Markdown renderer.
final class MarkdownTextTests: XCTestCase {
    func text(_ value: String, _ format: GIFTFormat) -> GIFTText {
        GIFTText(
            value: value, format: format, file: "quiz.gift",
            positions: (0..<value.unicodeScalars.count).map { GIFTPosition(line: 1, column: $0 + 1) })
    }

    func markdown(_ value: String, _ format: GIFTFormat, blank: Int? = nil) -> (String, [Diagnostic]) {
        var diagnostics = DiagnosticList()
        let markdown = MarkdownText.markdown(text(value, format), blank: blank, diagnostics: &diagnostics)
        return (markdown, diagnostics.all)
    }

    func testPlainTextShowsEveryCharacterAsWritten() {
        let samples = [
            "2*3 = 6 and 2_000 [sic] <b>not bold</b> `code` back\\slash",
            "# not a heading", "- not a list", "+ not a list", "1. not a list", "12) not either", "> not a quote", "= not a heading",
            "Tom & Jerry &amp; friends",
        ]
        for sample in samples {
            for format in [GIFTFormat.plain, .moodle] where format == .plain || !MarkdownText.containsTag(sample) {
                let (markdown, diagnostics) = self.markdown(sample, format)
                XCTAssertEqual(diagnostics.reported, [])
                let html = InlineMarkdown.html(markdown)
                XCTAssertFalse(html.contains("<em>") || html.contains("<h1>") || html.contains("<li>") || html.contains("<blockquote>"), "\(sample) -> \(html)")
                XCTAssertTrue(html.contains(htmlEscaped(sample.prefix(5))), "\(sample) -> \(markdown) -> \(html)")
            }
        }
        XCTAssertEqual(markdown("2*3 [x] # y", .plain).0, "2\\*3 \\[x\\] # y", "only what Markdown would read is escaped")
    }

    func testAnyPlainTextRendersBackToItself() {
        let atoms = [
            "- dash", "# hash", "1. one", "2) two", "> quote", "= eq", "*star*", "_under_", "<tag>", "&amp;", "[x](y)", "`code`", "back\\slash",
            "~~~ fence", "+ plus", "1.5", "-4", "#tag", "===", "- - -", "___", "a_b_c", "**bold**", "![img](x)", "<http://x>", "&#123;", "\\*", "* item",
            "10.", "|a|b|", "    four spaces",
        ]
        var generator = SeededGenerator(seed: 2024)
        for _ in 0..<500 {
            var text = atoms.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                text += (Bool.random(using: &generator) ? " " : "\n") + atoms.randomElement(using: &generator)!
            }
            text = text.trimmingCharacters(in: .whitespaces)
            let html = InlineMarkdown.html(MarkdownText.plain(text))
            let shown = html.replacingOccurrences(of: "<br />\n", with: "\n").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            let expected = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }.joined(separator: "\n")
            XCTAssertEqual(shown, expected, "\(text) -> \(MarkdownText.plain(text))")
        }
    }

    func testLineBreaksInPlainTextStayLineBreaks() {
        let (markdown, _) = self.markdown("one\ntwo\n- three", .plain)
        XCTAssertEqual(markdown, "one\\\ntwo\\\n\\- three")
        XCTAssertEqual(InlineMarkdown.html(markdown), "one<br />\ntwo<br />\n- three")
    }

    func testMarkdownIsKeptAsWritten() {
        XCTAssertEqual(markdown("Is *this* **bold**?\nYes.", .markdown).0, "Is *this* **bold**?\nYes.")
    }

    func testSimpleHTMLBecomesMarkdown() {
        let (markdown, diagnostics) = self.markdown(
            "<p>Is <b> this </b> <em>really</em> a <a href=\"https://example.org/a (b)\">link</a>?</p><p>Yes &amp; no&nbsp;&#233;<br/>2 &lt; 3</p>",
            .html)
        XCTAssertEqual(diagnostics.reported, [])
        XCTAssertEqual(markdown, "Is **this** *really* a [link](https://example.org/a%20%28b%29)?\\\nYes & no\u{A0}é\\\n2 \\< 3")
        XCTAssertEqual(
            InlineMarkdown.html(markdown),
            "Is <strong>this</strong> <em>really</em> a <a href=\"https://example.org/a%20%28b%29\">link</a>?<br />\nYes &amp; no\u{A0}é<br />\n2 &lt; 3")
    }

    func testOtherHTMLIsLeftOutKeepingItsTextAndReportedOnceAtItsPlace() {
        let (markdown, diagnostics) = self.markdown(
            "A <span style=\"color:red\">red</span> <img src=\"x.png\"> <a href=\"javascript:alert(1)\">link</a><script>alert(1)</script>!", .html)
        XCTAssertEqual(markdown, "A red link!")
        XCTAssertEqual(diagnostics.reported, [Reported(.giftChanged, at: SourceLocation(file: "quiz.gift", line: 1, column: 3))])
        XCTAssertTrue(diagnostics[0].message.contains("`<span>`, `<img>`, `<a>`"), diagnostics[0].message)
    }

    func testMoodleTextWithTagsIsReadAsHTMLKeepingItsLineBreaks() {
        XCTAssertEqual(markdown("Is <b>this</b>\nbold?", .moodle).0, "Is **this**\\\nbold?")
        XCTAssertEqual(markdown("Is 2 < 3?", .moodle).0, "Is 2 \\< 3?")
    }

    func testTheBlankOfAMissingWordQuestion() {
        XCTAssertEqual(markdown("Grant is  in *Grant's* tomb.", .plain, blank: 9).0, "Grant is _____ in \\*Grant's\\* tomb.")
        XCTAssertEqual(markdown(" is the largest.", .markdown, blank: 0).0, "_____ is the largest.")
        XCTAssertEqual(markdown("Born in <b>Ohio</b> in .", .html, blank: 23).0, "Born in **Ohio** in _____.")
        XCTAssertEqual(InlineMarkdown.html("Grant is _____ in \\*Grant's\\* tomb."), "Grant is _____ in *Grant’s* tomb.")
    }

    func testBrokenHTMLNeverStopsTheConversion() {
        for sample in ["<", "<b", "<!-- never closed", "<a href=\"", "&#99999999;", "&", "<<<>>>", "<script>", String(repeating: "<a \"", count: 5000)] {
            _ = markdown(sample, .html)
        }
    }

    private func htmlEscaped(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
