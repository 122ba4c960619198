import XCTest

@testable import FolioQuiz

final class TextAnswerTests: XCTestCase {
    func testTheASCIIShortcutAgreesWithTheFullComparison() {
        for text in ["Who I am!", "  who   I\tam ", "don't", "C-3PO", "50%", "", "!!!", "MySelf.", "a\nb"] {
            let shortcut = TextAnswer.asciiNormalized(text)
            XCTAssertNotNil(shortcut, text)
            // Append a non-ASCII letter so the full path runs, then remove it again.
            let full = TextAnswer.normalized(text + " é")
            XCTAssertEqual(shortcut.map { $0.isEmpty ? "e" : $0 + " e" }, full, text)
        }
        XCTAssertNil(TextAnswer.asciiNormalized("café"))
        XCTAssertEqual(TextAnswer.normalized("CAFÉ  au   lait!"), "cafe au lait")
        XCTAssertTrue(TextAnswer.matches("Who I AM!", accept: ["who I am"]))
        XCTAssertFalse(TextAnswer.matches("   ", accept: [""]), "an empty answer never matches")
    }
}
