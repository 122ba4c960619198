import FolioQuiz
import XCTest

@testable import FolioModel

/// Quiz text points into the media from the bundle's root; a chapter's page, a folder
/// down, rewrites those addresses, found wherever they stand in the text.
final class MediaAddressesTests: XCTestCase {
    func testATextHoldsAnAddressWhereverItStands() {
        var random = SeededGenerator(seed: 6)
        let pieces = ["m", "media", "media/", "edia/", "/", "é", "src=\"", " ", "x"]
        for _ in 0..<3_000 {
            let text = (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let expected = text.utf8.indices.contains { text.utf8[$0...].starts(with: "media/".utf8) }
            XCTAssertEqual(MediaAddresses.contains(text, "media/"), expected, text)
        }
        XCTAssertTrue(MediaAddresses.contains("anything", ""))
        XCTAssertFalse(MediaAddresses.contains("medi", "media/"))
    }

    func testOnlyAddressesAreRewrittenNotTheWordsAroundThem() {
        let html = #"See <img src="media/a.png" alt="media/a.png"> and <a href="media/b.pdf">media/b.pdf</a>"#
        XCTAssertEqual(
            MediaAddresses.rewrite(html, from: "media/", to: "../media/"),
            #"See <img src="../media/a.png" alt="media/a.png"> and <a href="../media/b.pdf">media/b.pdf</a>"#)
        XCTAssertEqual(MediaAddresses.rewrite("No address here.", from: "media/", to: "../media/"), "No address here.")
    }
}
