import FolioCore
import FolioModel
import XCTest

@testable import FolioProgram

/// A body put on a shelf keeps its HTML and every slot, written as text after the runs,
/// and comes back the same body: the same segments and HTML.
final class ShelvedBodyTests: XCTestCase {
    /// Every kind of slot, with texts that hold the marks the slots' text is made of
    /// (digits, `:` and `;`), nothing, and letters of several bytes.
    let segments: [BodySegment] = [
        .html("<h2 id=\""), .headingID("12:34;-été"), .html("\">Été</h2>\n<p><a href=\""), .href(.chapter(id: "next", suffix: "#part-2")),
        .html("\">a</a><a href=\""), .href(.welcome(suffix: "")), .html("\">b</a><a href=\""), .href(.billOfRights(suffix: "?x=1;y=2")),
        .html("\">c</a><a href=\""), .href(.media(path: "media/checklist.pdf", suffix: "")), .html("\">d</a><a href=\""),
        .href(.asWritten("https://example.org/a:b;c?q=10")), .html("\">e</a> "),
        .image(.media(path: "media/a b.png", suffix: "#x"), alt: "Ünïcode 🌱 alt", title: "3:4"), .html(" "),
        .image(.remote("https://example.org/tree.png"), alt: "", title: ""), .image(.asWritten("pic.png"), alt: "p", title: "t"),
        .html("</p>\n"), .video(0), .video(12), .html("\n"),
    ]

    func body() -> Body {
        var body = Body(blocks: [])
        body.segments = segments
        return body
    }

    func testABodyOnAShelfIsTheBodyInMemory() {
        let inMemory = body()
        let shelf = ShelvedTextsTests.CountingShelf()
        let shelved = inMemory.shelved(on: shelf)
        XCTAssertTrue(shelved.isShelved)
        XCTAssertFalse(inMemory.isShelved)
        XCTAssertEqual(shelf.puts, 1, "the runs and the slots together")
        XCTAssertEqual(shelved.segments, segments)
        // Comparing and hashing read no shelf: a body on one is equal to itself, at the same
        // place, and never to one in memory, which would take reading it to tell.
        let takes = shelf.takes
        XCTAssertEqual(shelved, shelved.shelved(on: shelf))
        XCTAssertEqual(shelved.hashValue, shelved.shelved(on: shelf).hashValue)
        XCTAssertNotEqual(shelved, inMemory)
        XCTAssertEqual(shelf.takes, takes, "compared and hashed without reading the shelf")
        XCTAssertEqual(shelved.size, inMemory.size)
        XCTAssertEqual(BodyHTML.bundle(shelved), BodyHTML.bundle(inMemory))
        XCTAssertEqual(shelved.shelved(on: shelf).segments, segments, "shelved once")
        XCTAssertEqual(shelf.puts, 1)
        var other = body()
        other.segments = segments.dropLast(2) + [.video(13), .html("\n")]
        XCTAssertNotEqual(other.shelved(on: shelf), shelved, "another video in the last slot")
    }

    /// Whether a body shows pictures of the media is known without reading it back.
    func testTheMediaPicturesOfABodyAreFoundWithoutReadingItWhenItHasNone() {
        let shelf = ShelvedTextsTests.CountingShelf()
        let withPictures = body().shelved(on: shelf)
        XCTAssertTrue(withPictures.holdsMediaPictures)
        XCTAssertEqual(PictureSizes().images(in: withPictures).map(\.source), ["media/a b.png"])
        XCTAssertEqual(shelf.takes, 1)
        var remoteOnly = Body(blocks: [])
        remoteOnly.segments = segments.filter {
            if case .image(.media, _, _) = $0 { return false }
            return true
        }
        let shelved = remoteOnly.shelved(on: shelf)
        XCTAssertFalse(shelved.holdsMediaPictures)
        XCTAssertFalse(remoteOnly.holdsMediaPictures)
        XCTAssertEqual(PictureSizes().images(in: shelved), [])
        XCTAssertEqual(shelf.takes, 1, "not read")
    }

    /// A chapter's bundle JSON takes its HTML and its pictures from one reading of its
    /// body: at 10,000 chapters, reading each body twice read 100 MB more.
    func testAChapterOfTheBundleReadsItsShelvedBodyOnce() {
        let shelf = ShelvedTextsTests.CountingShelf()
        let inMemory = body()
        let pictures = PictureSizes(["media/a b.png": ChapterImage(source: "media/a b.png", width: 3, height: 2)])
        func chapter(_ body: Body) -> Chapter {
            Chapter(
                CompiledChapter(id: "c", title: "C", summary: nil, order: 1, quiz: nil, body: body, videos: [], headings: [], plainText: "C"),
                pictures: pictures)
        }
        let shelved = chapter(inMemory.shelved(on: shelf))
        XCTAssertEqual(shelf.takes, 1)
        XCTAssertEqual(shelved, chapter(inMemory))
        XCTAssertEqual(shelved.images, [ChapterImage(source: "media/a b.png", alt: "Ünïcode 🌱 alt", width: 3, height: 2)])
        XCTAssertEqual(shelved.images, pictures.images(in: inMemory))
        XCTAssertTrue(shelved.html.contains(#"width="3" height="2""#))
    }

    func testABodyOfNothingOrOfRunsAloneComesBack() {
        let shelf = ShelvedTextsTests.CountingShelf()
        var runs = Body(blocks: [])
        runs.segments = [.html("<p>Only text.</p>\n")]
        XCTAssertEqual(runs.shelved(on: shelf).segments, runs.segments)
        var slots = Body(blocks: [])
        slots.segments = [.video(0)]
        XCTAssertEqual(slots.shelved(on: shelf).segments, [.video(0)])
        XCTAssertFalse(Body(blocks: []).shelved(on: shelf).isShelved, "nothing to keep")
    }

    /// A shelf that has lost the text gives a body of nothing, which fails the build
    /// (`ScratchShelf`), rather than a crash.
    func testABodyWhoseTextIsLostIsEmpty() {
        let lost = body().shelved(on: ShelvedTextsTests.LosingShelf())
        XCTAssertEqual(lost.segments, [])
        XCTAssertEqual(BodyHTML.bundle(lost), "")
    }

    /// Any text cut short or with a byte changed reads back as nil or as slots, and a
    /// body made of it renders without crashing.
    func testDamagedSlotTextIsReadWithoutCrashing() {
        var text: [UInt8] = []
        BodySlotText.write(body().slots, to: &text)
        XCTAssertEqual(text.withUnsafeBufferPointer { BodySlotText.read($0) }, body().slots)
        for end in 0..<text.count {
            let slots = text[..<end].withUnsafeBufferPointer { BodySlotText.read($0) }
            if let slots { XCTAssertLessThan(slots.count, body().slots.count, "cut at \(end)") }
        }
        var state: UInt64 = 0x9E37_79B9
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var damaged = text
            damaged[Int(state >> 33) % damaged.count] = UInt8(truncatingIfNeeded: state >> 17)
            if let slots = damaged.withUnsafeBufferPointer({ BodySlotText.read($0) }) {
                _ = BodyHTML.bundle(Body(runs: Array("<p>some runs</p>".utf8), slots: slots))
            }
        }
    }
}
