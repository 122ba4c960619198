import FolioContent
import FolioCore
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// Pages and pictures of `media/` that a browser would run as a part of the site are
/// refused where what runs is written; clean ones are published as they are.
final class MediaContentRulesTests: XCTestCase {
    /// The spec examples with `media` added, compiled in memory.
    func compile(_ media: [String: Data]) throws -> Compiler.Result {
        var files = TestFixtures.snapshot(Fixtures.specExamples)
        for (path, data) in media { files[path] = data }
        return try Compiler(content: ContentInMemory(files: files)).compile()
    }

    func places(_ result: Compiler.Result) -> [String] {
        result.diagnostics.sorted.map { "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column)" }
    }

    func testACleanPictureAndACleanHandoutArePublished() throws {
        let picture = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
              <title>A sun</title>
              <style><![CDATA[ circle { fill: gold } ]]></style>
              <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
              <a xlink:href="https://example.org/sun"><circle cx="20" cy="20" r="18"/></a>
              <image href="data:image/png;base64,iVBORw0KGgo=" width="4" height="4"/>
              <use xlink:href="#g"/>
              <animate attributeName="r" from="16" to="18" dur="2s" repeatCount="indefinite"/>
            </svg>
            """
        let handout = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Feelings at home</title>
            <style>body { font-family: sans-serif }</style><link rel="stylesheet" href="handout.css"></head>
            <body><h1>Feelings at home</h1><p>Say how you feel, <a href="https://kidshelpphone.ca">or call</a>.</p>
            <img src="sun.svg" alt="A sun"><form action="https://example.org/ask"><button>Ask</button></form>
            <p>Online is not the same as one-to-one.</p></body></html>
            """
        let result = try compile(["media/sun.svg": Data(picture.utf8), "media/handout.html": Data(handout.utf8)])
        XCTAssertEqual(places(result), [])
        XCTAssertEqual(result.program?.media.map(\.bundlePath).sorted(), ["media/handout.html", "media/sun.svg"])
    }

    /// What an XML parser reads and an HTML parser does not is refused in an SVG: an
    /// element the HTML parser takes as the text of `<textarea>`, an entity, a style
    /// sheet that may be XSLT, and a script element with any prefix.
    func testWhatOnlyAnXMLParserWouldReadIsRefusedInAPicture() throws {
        let picture = """
            <!DOCTYPE svg [ <!ENTITY run "<script>alert(1)</script>"> ]>
            <?xml-stylesheet type="text/xsl" href="page.xsl"?>
            <svg xmlns="http://www.w3.org/2000/svg">
              <title><textarea><script>alert(2)</script></textarea></title>
              <x:script xmlns:x="http://www.w3.org/2000/svg">alert(3)</x:script>
              &run;
            </svg>
            """
        let result = try compile(["media/trick.svg": Data(picture.utf8)])
        XCTAssertEqual(
            places(result),
            [
                // The entity, and the `<` of its `</script>`, which the HTML parser reads as text.
                "media-active-content media/trick.svg:1:17", "media-active-content media/trick.svg:1:47", "media-active-content media/trick.svg:2:1",
                "media-active-content media/trick.svg:4:20", "media-active-content media/trick.svg:5:3",
            ])
        XCTAssertNil(result.program)
        // The same `<textarea>` in a web page holds text, as a browser reads it there.
        let page = try compile(["media/page.html": Data("<p><textarea><script>alert(2)</script></textarea></p>".utf8)])
        XCTAssertEqual(places(page), [])
    }

    /// An SVG animation may set an address, each of its `values` in turn, or an event
    /// handler; animating anything else is a picture's own business.
    func testAnimationsThatSetAScriptAreRefused() throws {
        let picture = MarkedText(
            """
            <svg xmlns="http://www.w3.org/2000/svg"><a>
              <animate attributeName="href" 1️⃣values="https://example.org; javascript:alert(1)" dur="1s"/>
              <set 2️⃣attributeName="onclick" to="alert(1)"/>
              <animate attributeName="r" values="1;2;3" dur="1s"/>
            </a></svg>
            """)
        XCTAssertEqual(
            places(try compile(["media/moving.svg": Data(picture.text.utf8)])),
            ["media-active-content media/moving.svg:" + picture.place("1️⃣"), "media-active-content media/moving.svg:" + picture.place("2️⃣")])
    }

    /// Nesting past the bound is refused before it is parsed: Gumbo's time grows with the
    /// depth, and it frees its tree by recursion.
    func testAPictureNestedTooDeepIsRefusedUnparsed() throws {
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<g>", count: 1000) + String(repeating: "</g>", count: 1000) + "</svg>"
        XCTAssertEqual(places(try compile(["media/deep.svg": Data(deep.utf8)])), ["media-active-content media/deep.svg:1:1"])
        // A handout's paragraphs and list items left open, as HTML allows, are not nesting.
        let open = "<ul>" + String(repeating: "<li><p>An item", count: 2000) + "</ul>"
        XCTAssertEqual(places(try compile(["media/open.html": Data(open.utf8)])), [])
    }

    /// A picture written on one line of many thousands of elements is read in one pass:
    /// a place is found only for a problem, and no more problems than a message shows.
    func testAPictureOnOneLongLineIsCheckedAtOnce() throws {
        let picture = "<svg xmlns=\"http://www.w3.org/2000/svg\">" + String(repeating: "<path d=\"M0\" onclick=\"x()\"/>", count: 30000) + "</svg>"
        let started = Date()
        let found = places(try compile(["media/line.svg": Data(picture.utf8)]))
        XCTAssertEqual(found.count, DiagnosticList.perFileLimit)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "about a tenth of a second; reading the line for each element took minutes")
    }

    func testAPageInUTF16IsReadAsABrowserReadsIt() throws {
        let page = "<p>Hello</p>\n<script>alert(1)</script>"
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in page.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertEqual(places(try compile(["media/page.htm": Data(bytes)])), ["media-active-content media/page.htm:2:1"])
        // Without its mark, the file cannot be read the way a browser might, and is refused.
        XCTAssertEqual(places(try compile(["media/page.htm": Data(bytes.dropFirst(2))])), ["media-active-content media/page.htm:1:2"])
    }

    func testACompressedPictureIsRefusedAndOtherMediaAreNotRead() throws {
        let result = try compile([
            "media/logo.svgz": Data([0x1F, 0x8B, 0x08, 0x00]),
            // Not read: a picture and a text that a browser shows as they are.
            "media/notes.txt": Data("<script>alert(1)</script>".utf8), "media/photo.png": Data("<script>".utf8),
        ])
        XCTAssertEqual(places(result), ["media-active-content media/logo.svgz:1:1"])
    }

    func testAddressesAreReadAsABrowserReadsThem() {
        XCTAssertEqual(MediaContentRules.unsafeScheme(" \u{1}java\tscript:alert(1)"), "javascript:")
        XCTAssertEqual(MediaContentRules.unsafeScheme("VBScript:msgbox"), "vbscript:")
        XCTAssertEqual(MediaContentRules.unsafeScheme("data:text/html,<script>alert(1)</script>"), "data:")
        XCTAssertNil(MediaContentRules.unsafeScheme("data:image/png;base64,AAAA"))
        XCTAssertNil(MediaContentRules.unsafeScheme("https://example.org/javascript:"))
        XCTAssertNil(MediaContentRules.unsafeScheme("notes/javascript.html"))
    }
}
