import XCTest

@testable import FolioQuiz

final class TextAnswerTests: XCTestCase {
    func testTheASCIIShortcutAgreesWithTheFullComparison() {
        var texts = ["Who I am!", "  who   I\tam ", "don't", "C-3PO", "50%", "", "!!!", "MySelf.", "a\nb", "x\u{1C}y"]
        // Every ASCII character on its own and in every pair, so that each one is seen at
        // the start, the end and between two others.
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ascii
        for first in ascii {
            for second in ascii { texts.append(first + second) }
        }
        texts += ascii.map { "a" + $0 + "b" }
        for text in texts {
            let shortcut = TextAnswer.asciiNormalized(text)
            XCTAssertNotNil(shortcut, text)
            XCTAssertEqual(shortcut, TextAnswer.unicodeNormalized(text), "\(text.unicodeScalars.map { $0.value })")
        }
        XCTAssertNil(TextAnswer.asciiNormalized("café"))
        XCTAssertNil(TextAnswer.asciiNormalized("who\u{A0}am"))
    }

    /// Chapters have typographic quotes, dashes and ellipses: the shortcut drops them as
    /// the full rule does, and leaves any other character beyond ASCII to the full rule.
    func testTheShortcutKeepsTypographicPunctuationAndAgreesWithTheFullComparison() {
        let typographic = ["\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2013}", "\u{2014}", "\u{2026}"]
        let pieces = typographic + ["a", "B", "7", " ", "\t", "'", "-", ".", "don", "t"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let shortcut = TextAnswer.asciiNormalized(text)
            XCTAssertNotNil(shortcut, text)
            XCTAssertEqual(shortcut, TextAnswer.unicodeNormalized(text), text)
        }
        XCTAssertEqual(TextAnswer.normalized("Don\u{2019}t \u{201C}say\u{201D} it\u{2026} \u{2014} twice"), "dont say it twice")
        // Other characters that start with the same byte are left to the full rule.
        for other in ["\u{2020}", "\u{2122}", "\u{20AC}", "\u{2190}", "\u{2003}"] {
            XCTAssertNil(TextAnswer.asciiNormalized("a" + other + "b"), other)
        }
    }

    func testTheRule() {
        for (text, normalized) in [
            ("CAFÉ  au   lait!", "cafe au lait"),
            ("cafe\u{301}", "cafe"),
            ("Łódź", "lodz"),
            ("ŒUVRE", "oeuvre"),
            ("Ærø", "aero"),
            ("Þór Øðinn", "thor odinn"),
            ("Đakovo", "dakovo"),
            ("Ħamrun", "hamrun"),
            ("ŀl", "ll"),  // NFKD: l and a middle dot
            ("ıstanbul", "istanbul"),
            ("İSTANBUL", "istanbul"),
            ("Straße", "strasse"),
            ("STRAẞE", "strasse"),
            ("ΟΔΟΣ", "οδοσ"),
            ("ὁδός", "οδοσ"),
            ("\u{FF14}\u{FF12}", "42"),
            ("\u{FF26}\u{FF29}\u{FF2E}", "fin"),
            ("\u{FB01}nal", "final"),
            ("x²", "x2"),
            ("①", "1"),
            ("don't", "dont"),
            ("don’t", "dont"),
            ("who\u{A0}I\u{3000}am\u{2028}", "who i am"),
            ("\u{FEFF}who\u{200D}am", "whoam"),
            ("👍", ""),
            ("👍🏽 ok", "ok"),
            ("हिन्दी", "हिनदी"),  // the virama is Mn; the vowel sign ि is Mc and stays
            ("Привет, мир!", "привет мир"),
            ("Йод", "иод"),
        ] {
            XCTAssertEqual(TextAnswer.normalized(text), normalized, text)
        }
    }

    func testMatching() {
        XCTAssertTrue(TextAnswer.matches("Who I AM!", accept: ["who I am"]))
        XCTAssertTrue(TextAnswer.matches("lodz", accept: ["Łódź"]))
        XCTAssertTrue(TextAnswer.matches("lodz", normalizedAccept: [TextAnswer.normalized("Łódź")]))
        XCTAssertFalse(TextAnswer.matches("   ", accept: [""]), "an empty answer never matches")
        XCTAssertFalse(TextAnswer.matches("👍", accept: ["👍"]), "an emoji alone is empty")
        XCTAssertFalse(TextAnswer.matches("who-I-am", accept: ["who I am"]), "a hyphen joins words")
    }

    /// Forms that String's `==` calls equal (canonical equivalence) but that are different
    /// code points are different answers, as in any other language.
    func testAnswersAreComparedCodePointByCodePoint() {
        // Two marks that keep their place (Mc, combining classes 226 and 216), in both orders.
        let given = "x\u{1D16D},\u{1D165}", accepted = "x\u{1D165}\u{1D16D}"
        XCTAssertEqual(TextAnswer.normalized(given), TextAnswer.normalized(accepted), "canonically equivalent")
        XCTAssertFalse(TextAnswer.same(TextAnswer.normalized(given), TextAnswer.normalized(accepted)))
        XCTAssertFalse(TextAnswer.matches(given, accept: [accepted]))
        XCTAssertFalse(TextAnswer.matches(given, normalizedAccept: [TextAnswer.normalized(accepted)]))
        XCTAssertTrue(TextAnswer.matches(accepted, accept: [accepted]))
    }
}
