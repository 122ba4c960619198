import FolioCore
import XCTest

/// Text placed in HTML: the five characters that could end an attribute or start markup
/// are written as references, and nothing else changes.
final class HTMLTextTests: XCTestCase {
    func testTheFiveMarkupCharactersAreEscapedAndNothingElse() {
        XCTAssertEqual(HTMLText.escape(#"<b class="x">Tom & Jerry's</b>"#), "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;")
        XCTAssertEqual(HTMLText.escape("&"), "&amp;")
        XCTAssertEqual(HTMLText.escape("a<"), "a&lt;")
        XCTAssertEqual(HTMLText.escape("<<>>"), "&lt;&lt;&gt;&gt;")
        XCTAssertEqual(HTMLText.escape("Zoë — “quoted” ✓ 😀 <ok>"), "Zoë — “quoted” ✓ 😀 &lt;ok&gt;")
        XCTAssertEqual(HTMLText.escape(""), "")
        XCTAssertEqual(HTMLText.escape("Who Am I?"), "Who Am I?")
        XCTAssertEqual(HTMLText.escape("&amp;"), "&amp;amp;", "text is text: a reference in it is escaped too")
    }

    func testEveryByteOfRandomTextSurvivesEscapingAndUnescaping() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab <>&\"' é😀\n\t".unicodeScalars)
        for _ in 0..<200 {
            let length = Int.random(in: 0...40, using: &generator)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
            let escaped = HTMLText.escape(text)
            XCTAssertFalse(escaped.contains { "<>\"'".contains($0) }, escaped)
            let back = escaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            XCTAssertEqual(back, text)
        }
    }
}
