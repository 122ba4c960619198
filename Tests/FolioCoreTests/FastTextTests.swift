import FolioCore
import Foundation
import XCTest

/// The byte-level text helpers give what Foundation gives.
final class FastTextTests: XCTestCase {
    func testTrimmedSpacesIsFoundationsTrimmingOfWhitespaces() {
        let texts = [
            "", " ", "\t", "word", " word", "word\t", "  two words  ", "\u{A0}word\u{A0}", "word\u{2003}", "\u{3000}全角\u{3000}", "é", " é ",
            "\nline\n", "a\u{A0}", "\u{A0}", "x y",
        ]
        for text in texts {
            XCTAssertEqual(text.trimmedSpaces, text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
        }
    }
}

/// Whether a text is an id is decided byte by byte: the same as the rule said in words
/// (letters a to z, digits and single hyphens, none first or last), for every text.
final class ContentIDValidityTests: XCTestCase {
    func testAnIDIsValidExactlyWhenTheRuleSaysSo() {
        func byTheRule(_ id: String) -> Bool {
            guard !id.isEmpty, !id.hasPrefix("-"), !id.hasSuffix("-"), !id.contains("--") else { return false }
            return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("az09-_A é.".unicodeScalars)
        var texts = ["", "-", "a", "a-", "-a", "a--b", "a-b", "who-am-i", "Who", "café", "q-9c1e"]
        for _ in 0..<5_000 {
            texts.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })))
        }
        for text in texts { XCTAssertEqual(ContentID.isValid(text), byTheRule(text), text) }
    }
}
