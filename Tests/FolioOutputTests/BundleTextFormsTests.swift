import FolioBundle
import FolioClient
import FolioCompiler
import FolioModel
import FolioOutput
import FolioTestSupport
import Foundation
import XCTest

/// What format 1.4 adds for apps, from the sample program with a few lines added: cards
/// carry their text as quiz text does, chapter pictures their words, media their types.
final class BundleTextFormsTests: XCTestCase {
    /// The sample with a deck of formatted cards, a chapter showing one picture twice with
    /// different words and once with none, and media of several kinds.
    func built() throws -> URL {
        let content = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        try """
        title: Formatted words
        cards:
          - front: "**Calm** & quiet"
            back: "Peaceful, like a *still* lake: ![A lake](../media/sunrise.png)"
          - front: Plain
            back: a < b
        """.write(to: content.appendingPathComponent("decks/formatted.yaml"), atomically: true, encoding: .utf8)
        let chapter = content.appendingPathComponent("chapters/04-body-and-health.md")
        try (try String(contentsOf: chapter, encoding: .utf8) + "\n![The same sunrise, again](../media/sunrise.png)\n\n![](../media/dawn.png)\n")
            .write(to: chapter, atomically: true, encoding: .utf8)
        let media = content.appendingPathComponent("media")
        try FileManager.default.copyItem(at: media.appendingPathComponent("sunrise.png"), to: media.appendingPathComponent("dawn.png"))
        for name in ["talk.MP4", "talk.vtt", "worksheet.pdf", "notes.unknown-kind"] {
            try Data("not really a \(name)".utf8).write(to: media.appendingPathComponent(name))
        }
        let program = try XCTUnwrap(try Compiler(contentFolder: content).compile().program)
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer()])
        try driver.build(program, into: output)
        let bundle = output.appendingPathComponent("bundle")
        let schema = try TestFixtures.runTool(
            ["python3", TestFixtures.repository.appendingPathComponent("Tests/Support/validate_bundle.py").path, bundle.path])
        XCTAssertEqual(schema.status, 0, "the bundle passes its schema: \(schema.text)")
        return bundle
    }

    func testCardsCarryTheirTextAsMarkdownAndHTMLBesideTheTextAsWritten() throws {
        let bundle = try built()
        let deck = try JSONDecoder().decode(Deck.self, from: Data(contentsOf: bundle.appendingPathComponent("decks/formatted.json")))
        let calm = deck.cards[0]
        XCTAssertEqual(calm.front, "**Calm** & quiet", "as 1.3 readers had it")
        XCTAssertEqual(calm.frontText, RichText(markdown: "**Calm** & quiet", html: "<strong>Calm</strong> &amp; quiet"))
        XCTAssertEqual(calm.backText?.markdown, calm.back)
        XCTAssertEqual(
            calm.backText?.html, #"Peaceful, like a <em>still</em> lake: <img src="media/sunrise.png" alt="A lake" />"#,
            "a picture's address from the bundle's root, as in quiz text")
        XCTAssertEqual(deck.cards[1].frontText, RichText(markdown: "Plain", html: "Plain"))
        XCTAssertEqual(deck.cards[1].backText, RichText(markdown: "a < b", html: "a &lt; b"), "plain words are escaped too")
    }

    /// A card's raw HTML reaches no `html` of the bundle as markup: the compiler leaves
    /// it out (with a warning), and a text the program's HTML does not hold is escaped.
    func testACardsScriptNeverReachesItsHTML() throws {
        let content = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        try """
        title: Tricky words
        cards:
          - front: <script>alert(document.cookie)</script>Empathy
            back: Feeling <img src=x onerror=alert(1)> with others.
        """.write(to: content.appendingPathComponent("decks/tricky.yaml"), atomically: true, encoding: .utf8)
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.filter { $0.location.file == "decks/tricky.yaml" }.map(\.code), [.rawHTMLOmitted, .rawHTMLOmitted])
        let program = try XCTUnwrap(result.program)
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer()])
        try driver.build(program, into: output)
        let deck = try JSONDecoder().decode(Deck.self, from: Data(contentsOf: output.appendingPathComponent("bundle/decks/tricky.json")))
        let card = try XCTUnwrap(deck.cards.first)
        XCTAssertEqual(card.front, "<script>alert(document.cookie)</script>Empathy", "the Markdown as written, for 1.0 to 1.3 readers")
        XCTAssertEqual(card.frontText?.markdown, card.front)
        for html in [card.frontText?.html, card.backText?.html] {
            let html = try XCTUnwrap(html)
            XCTAssertFalse(html.contains("<script"), html)
            XCTAssertFalse(html.contains("<img"), html)
        }
        XCTAssertTrue(try XCTUnwrap(card.backText?.html).contains("with others."))

        // A text the program's HTML does not hold is escaped, not taken as HTML.
        let unrendered = Deck(id: "d", title: "D", cards: [.init(id: "c", front: "<script>alert(1)</script>", back: "Plain words")]).withRichText([:])
        XCTAssertEqual(unrendered.cards[0].frontText?.html, "&lt;script&gt;alert(1)&lt;/script&gt;")
        XCTAssertEqual(unrendered.cards[0].backText?.html, "Plain words")
    }

    func testAChaptersPicturesCarryTheWordsTheyFirstAppearWith() throws {
        let bundle = try built()
        let chapter = try JSONDecoder().decode(Chapter.self, from: Data(contentsOf: bundle.appendingPathComponent("chapters/body-and-health.json")))
        XCTAssertEqual(
            chapter.images,
            [
                ChapterImage(source: "media/sunrise.png", alt: "A sunrise over green hills: a new day starts with good sleep", width: 320, height: 180),
                ChapterImage(source: "media/dawn.png", alt: "", width: 320, height: 180),
            ])
        XCTAssertTrue(chapter.html.contains(#"alt="The same sunrise, again""#), "the HTML keeps each picture's own words")
    }

    func testMediaEntriesCarryTheirTypeAndNoOtherEntryDoes() throws {
        let bundle = try built()
        let manifest = try BundleFormat.manifest(from: Data(contentsOf: bundle.appendingPathComponent("manifest.json")))
        let types = Dictionary(uniqueKeysWithValues: manifest.entries.filter { $0.kind == .media }.map { ($0.path, $0.mimeType) })
        XCTAssertEqual(
            types,
            [
                "media/dawn.png": "image/png", "media/sunrise.png": "image/png", "media/feelings-checklist.txt": "text/plain",
                "media/talk.MP4": "video/mp4", "media/talk.vtt": "text/vtt", "media/worksheet.pdf": "application/pdf",
                "media/notes.unknown-kind": "application/octet-stream",
            ])
        XCTAssertEqual(manifest.entries.filter { $0.kind != .media && $0.mimeType != nil }.map(\.path), [])
    }
}
