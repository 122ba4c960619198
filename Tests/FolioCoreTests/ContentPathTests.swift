import XCTest

@testable import FolioCore

/// Paths split as content paths are written, including the one-letter paths on which
/// Foundation's `NSString` methods trap on Linux.
final class ContentPathTests: XCTestCase {
    func testPartsOfPaths() {
        XCTAssertEqual(ContentPath.lastComponent("chapters/01-who-am-i.md"), "01-who-am-i.md")
        XCTAssertEqual(ContentPath.parent("chapters/01-who-am-i.md"), "chapters")
        XCTAssertEqual(ContentPath.fileExtension("media/talk.MP4"), "MP4")
        XCTAssertEqual(ContentPath.withoutExtension("media/talk.mp4"), "media/talk")
        XCTAssertEqual(ContentPath.baseName("media/talk.mp4"), "talk")
        XCTAssertEqual(ContentPath.join("", "welcome.md"), "welcome.md")
        XCTAssertEqual(ContentPath.join("media", "x.png"), "media/x.png")
    }

    func testShortAndOddPaths() {
        for path in ["b", "", "/", ".", "..", "a/", ".hidden", "x."] {
            _ = (ContentPath.lastComponent(path), ContentPath.parent(path), ContentPath.fileExtension(path), ContentPath.baseName(path))
        }
        XCTAssertEqual(ContentPath.lastComponent("b"), "b")
        XCTAssertEqual(ContentPath.parent("b"), "")
        XCTAssertEqual(ContentPath.fileExtension(".hidden"), "")
        XCTAssertEqual(ContentPath.lastComponent("a/"), "a")
        XCTAssertEqual(ContentPath.parent("/x"), "/")
    }
}
