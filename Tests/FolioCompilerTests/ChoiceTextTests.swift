import XCTest

@testable import FolioCompiler

/// Two choices are the same to a learner when their texts differ only in case or in
/// spacing (`quiz-duplicate-choice`).
final class ChoiceTextTests: XCTestCase {
    func testChoiceTextsAreComparedWithoutCaseOrSpacing() {
        XCTAssertEqual(QuizRules.normalized("  Be  KIND\tto\n yourself "), "be kind to yourself")
        XCTAssertEqual(QuizRules.normalized("Zoë  ÉTÉ\u{00A0}ok"), "zoë été ok", "beyond ASCII, Unicode's spaces and case")
        XCTAssertEqual(QuizRules.normalized(""), "")
        XCTAssertEqual(QuizRules.normalized(" \n\t "), "")
    }

    /// Whatever the text, as lower case and words split at Unicode white space.
    func testEveryTextIsNormalizedAsTheRuleSays() {
        let alphabet = Array("aZq 9\t\n\r\u{0B}\u{0C}-.,!é\u{00A0}".unicodeScalars)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = String(String.UnicodeScalarView((0..<Int.random(in: 0...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
            XCTAssertEqual(
                QuizRules.normalized(text), text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " "), text.debugDescription)
        }
    }
}
