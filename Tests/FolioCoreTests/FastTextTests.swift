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
