import FolioModel
import FolioProgram
import XCTest

/// A body is its HTML in runs between slots: read back as segments, the runs and slots
/// alternate as written, and a body made again of its segments is the same body.
final class BodyTests: XCTestCase {
    let blocks: [BodyNode] = [
        .heading(level: 2, id: "first", [.text("First")]),
        .paragraph([
            .text("See "), .link(.chapter(id: "next", suffix: ""), title: "", [.text("the next")]), .text(" and "),
            .image(.media(path: "media/a.png", suffix: ""), alt: "A", title: ""),
        ]),
        .video(0),
        .paragraph([.link(.asWritten("https://example.org"), title: "", [.text("out")])]),
    ]

    func testTheSegmentsAlternateRunsAndSlotsInOrder() {
        let body = Body(blocks: blocks)
        XCTAssertEqual(
            body.segments,
            [
                .html("<h2 id=\""), .headingID("first"), .html("\">First</h2>\n<p>See <a href=\""), .href(.chapter(id: "next", suffix: "")),
                .html("\">the next</a> and "), .image(.media(path: "media/a.png", suffix: ""), alt: "A", title: ""), .html("</p>\n"), .video(0),
                .html("\n<p><a href=\""), .href(.asWritten("https://example.org")), .html("\">out</a></p>\n"),
            ])
        var copy = Body(blocks: [])
        copy.segments = body.segments
        XCTAssertEqual(copy, body)
        XCTAssertEqual(BodyHTML.bundle(copy), BodyHTML.bundle(body))
        XCTAssertEqual(
            BodyHTML.bundle(body),
            "<h2 id=\"first\">First</h2>\n<p>See <a href=\"folio:chapter/next\">the next</a> and <img src=\"media/a.png\" alt=\"A\" /></p>\n"
                + Chapter.videoPlaceholder(0) + "\n<p><a href=\"https://example.org\">out</a></p>\n")
    }

    func testRunsSetSideBySideAreOneRunAndEmptyOnesNone() {
        var split = Body(blocks: [])
        split.segments = [.html("<p>"), .html(""), .html("a"), .headingID("x"), .html("b"), .html("</p>\n")]
        XCTAssertEqual(split.segments, [.html("<p>a"), .headingID("x"), .html("b</p>\n")])
        var joined = Body(blocks: [])
        joined.segments = [.html("<p>a"), .headingID("x"), .html("b</p>\n")]
        XCTAssertEqual(split, joined, "the same HTML and slots")
        XCTAssertEqual(split.size, joined.size)
    }

    func testABodyOfNothingHasNoSegments() {
        XCTAssertEqual(Body(blocks: []).segments, [])
        XCTAssertEqual(BodyHTML.bundle(Body(blocks: [])), "")
        XCTAssertEqual(Body(blocks: [.video(1)]).segments, [.video(1), .html("\n")])
    }
}
