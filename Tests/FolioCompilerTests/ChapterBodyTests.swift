import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// What a chapter's Markdown becomes: links, images and videos, including the ones
/// written inside each other, which Markdown allows and authors do write.
final class ChapterBodyTests: XCTestCase {
    /// The spec examples with the chapter's text (after its front matter) replaced.
    func compile(chapterText: String, settings: String? = nil) throws -> Compiler.Result {
        try Fixtures.compile(chapterText: chapterText, settings: settings, in: self)
    }

    func codes(_ result: Compiler.Result) -> [String] {
        result.diagnostics.sorted.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column)" }
    }

    func testALinkInAVideosTitleIsCheckedAndTheTitleIsItsText() throws {
        let result = try compile(chapterText: "![Watch [part two](01-who-am-i.md)](https://youtu.be/aBcDeFgHiJ0)\n")
        XCTAssertEqual(codes(result), [])
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertEqual(chapter.videos.map(\.title), ["Watch part two"])
        XCTAssertEqual(chapter.html, "<figure class=\"folio-video\" data-video=\"0\"></figure>\n")
    }

    /// As quiz text already is: quotes, apostrophes, dashes and ellipses typographic in
    /// the page and the search text, code as the author typed it.
    func testAChaptersStraightQuotesBecomeCurlyAndItsCodeKeepsThem() throws {
        let result = try compile(chapterText: "She said \"I'm ready\" -- and 'went'... Type `don't \"stop\"`.\n")
        XCTAssertEqual(codes(result), [])
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertEqual(
            chapter.html,
            "<p>She said \u{201C}I\u{2019}m ready\u{201D} \u{2013} and \u{2018}went\u{2019}\u{2026} Type <code>don't &quot;stop&quot;</code>.</p>\n")
        XCTAssertEqual(chapter.plainText, "She said \u{201C}I\u{2019}m ready\u{201D} \u{2013} and \u{2018}went\u{2019}\u{2026} Type don't \"stop\".")
    }

    /// The chapter's text with places marked, starting on the line after its front matter.
    func marked(_ text: String) -> MarkedText { MarkedText(text, firstLine: 6) }

    func testABrokenLinkInAVideosTitleIsReportedWhereItIs() throws {
        let text = marked("![Watch 1️⃣[part two](02-other.md)](https://youtu.be/aBcDeFgHiJ0)\n")
        XCTAssertEqual(codes(try compile(chapterText: text.text)), ["link-target-missing " + text.place("1️⃣")])
    }

    func testAnUnsafeLinkInAnImagesDescriptionIsReported() throws {
        let text = marked("![a 1️⃣[b](javascript:x)](https://youtu.be/aBcDeFgHiJ0)\n\nText 2️⃣![a 3️⃣[b](javascript:alert(1))](../welcome.md) more.\n")
        XCTAssertEqual(
            codes(try compile(chapterText: text.text)),
            ["link-unsafe " + text.place("1️⃣"), "link-target-missing " + text.place("2️⃣"), "link-unsafe " + text.place("3️⃣")])
    }

    func testAVideoInsideAVideosTitleIsOneVideo() throws {
        let result = try compile(chapterText: "![Watch ![inner](https://youtu.be/aBcDeFgHiJ0) now](https://youtu.be/aBcDeFgHiJ1)\n")
        XCTAssertEqual(codes(result), [])
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertEqual(chapter.videos.map(\.youtubeID), ["aBcDeFgHiJ1"])
        XCTAssertEqual(chapter.videos.map(\.title), ["Watch inner now"])
    }

    func testVideosInsideALinkAndInlineKeepTheirPlaces() throws {
        let result = try compile(
            chapterText: "See [this ![clip](https://youtu.be/aBcDeFgHiJ0) here](01-who-am-i.md) and ![second](https://youtu.be/aBcDeFgHiJ1).\n")
        XCTAssertEqual(codes(result), [])
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertEqual(chapter.videos.map(\.youtubeID), ["aBcDeFgHiJ0", "aBcDeFgHiJ1"])
        XCTAssertEqual(
            chapter.html,
            "<p>See <a href=\"folio:chapter/who-am-i\">this <figure class=\"folio-video\" data-video=\"0\"></figure> here</a> and "
                + "<figure class=\"folio-video\" data-video=\"1\"></figure>.</p>\n")
    }

    func testDeepNestingIsReportedAndCutNotFollowed() throws {
        let result = try compile(chapterText: String(repeating: "> ", count: 5000) + "deep\n")
        // The 65th quote is the first left out: 64 `> ` before it.
        XCTAssertEqual(codes(result), ["markdown-nesting-limit 6:129"])
    }
}

/// Every heading of a chapter gets an id for links to it, in its HTML and its list of
/// headings: its text made an id, unique within the chapter.
final class HeadingIDTests: XCTestCase {
    func testHeadingsGetIDsFromTheirTextUniqueWithinTheChapter() throws {
        let result = try Fixtures.compile(
            chapterText: "## Sleep\n\nText.\n\n## Sleep\n\n### Élan & *Grant's* `code`\n\n## !!!\n\n## Sleep 2\n\n## Sleep\n", in: self)
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertEqual(chapter.headings.map(\.id), ["sleep", "sleep-2", "elan-grants-code", "section", "sleep-2-2", "sleep-3"])
        XCTAssertEqual(chapter.headings.map(\.text), ["Sleep", "Sleep", "Élan & Grant\u{2019}s code", "!!!", "Sleep 2", "Sleep"])
        XCTAssertTrue(
            chapter.html.hasPrefix("<h2 id=\"sleep\">Sleep</h2>\n<p>Text.</p>\n<h2 id=\"sleep-2\">Sleep</h2>\n<h3 id=\"elan-grants-code\">"), chapter.html)
    }
}
