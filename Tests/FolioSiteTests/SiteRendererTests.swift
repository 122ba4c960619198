import FolioModel
import Foundation
import XCTest

@testable import FolioSite

/// The site is rendered from the compiled model alone; these tests build small models
/// by hand so each page feature is seen on its own.
final class SiteRendererTests: XCTestCase {
    func program(settings: ProgramSettings = ProgramSettings(title: "Go Grrrls"), chapters: [Chapter]? = nil, quizzes: [Quiz] = [], decks: [Deck] = [])
        -> CompiledProgram
    {
        let chapter = Chapter(
            id: "who-am-i", title: "Who Am I?", summary: "What makes you, you.", order: 1, quiz: quizzes.first?.id,
            html:
                "<p>Before.</p>\n\(Chapter.videoPlaceholder(0))\n<p>See <a href=\"folio:chapter/friends#top\">friends</a> and <img src=\"media/sun.png\" alt=\"sun\" /></p>\n",
            videos: [Video(provider: .youtube, title: "Talk on <confidence>", youtubeID: "aBcDeFgHiJ0", start: 30)],
            headings: [], plainText: "Before.", previous: nil, next: "friends")
        let friends = Chapter(
            id: "friends", title: "Friends", summary: nil, order: 2, quiz: nil, html: "<p>Hi</p>\n", videos: [], headings: [], plainText: "Hi",
            previous: "who-am-i")
        return CompiledProgram(
            settings: settings, welcome: WelcomePage(title: "Welcome", html: "<p>Hello!</p>\n"), billOfRights: nil,
            chapters: chapters ?? [chapter, friends], quizzes: quizzes, decks: decks, media: [])
    }

    func page(_ path: String, of program: CompiledProgram) throws -> String {
        let files = SiteRenderer(program: program, bundleHash: "abc").files()
        let file = try XCTUnwrap(files.first { $0.path == path }, "no \(path) in \(files.map(\.path))")
        return String(decoding: file.data, as: UTF8.self)
    }

    func testAVideoBecomesAPrivacyEnhancedPlayerAtItsStartTime() throws {
        let html = try page("chapters/who-am-i.html", of: program())
        XCTAssertTrue(html.contains("<iframe src=\"https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0?start=30\" title=\"Talk on &lt;confidence&gt;\""), html)
        XCTAssertTrue(html.contains("allowfullscreen"))
        XCTAssertTrue(html.contains("<p>Before.</p>\n<figure class=\"video\">"), "the player sits where the author put it")
        XCTAssertFalse(html.contains("folio-video"), "no placeholder is left")
    }

    func testChapterAndMediaLinksBecomeRelativePageLinks() throws {
        let html = try page("chapters/who-am-i.html", of: program())
        XCTAssertTrue(html.contains("<a href=\"../chapters/friends.html#top\">friends</a>"), html)
        XCTAssertTrue(html.contains("<img src=\"../media/sun.png\" alt=\"sun\" />"))
        XCTAssertTrue(html.contains("<link rel=\"stylesheet\" href=\"../style.css\">"))
        XCTAssertTrue(html.contains("<a class=\"next\" href=\"friends.html\" rel=\"next\">"))
        var withLinks = program()
        withLinks.welcome = WelcomePage(
            title: "Welcome", html: "<p><a href=\"folio:chapter/who-am-i\">Start</a>, <a href=\"folio:bill-of-rights#be-myself\">rights</a></p>\n")
        let home = try page("index.html", of: withLinks)
        XCTAssertTrue(home.contains("<a href=\"chapters/who-am-i.html\">Start</a>, <a href=\"bill-of-rights.html#be-myself\">rights</a>"), home)
        XCTAssertTrue(home.contains("<a href=\"chapters/who-am-i.html\">"), home)
        XCTAssertTrue(home.contains("<link rel=\"stylesheet\" href=\"style.css\">"))
    }

    func testAuthorTextIsAlwaysEscaped() throws {
        let deck = Deck(id: "tricky", title: "<script>alert(1)</script>", cards: [.init(front: "<b>bold</b>", back: "\"quoted\" & more")])
        let chapter = Chapter(
            id: "x", title: "<img src=x onerror=alert(1)>", summary: "<i>sum</i>", order: 1, quiz: nil, html: "", videos: [], headings: [], plainText: "")
        let program = program(chapters: [chapter], decks: [deck])
        let deckPage = try page("decks/tricky.html", of: program)
        XCTAssertFalse(deckPage.contains("<script>alert"))
        XCTAssertTrue(deckPage.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(deckPage.contains("<summary>&lt;b&gt;bold&lt;/b&gt;</summary><p>&quot;quoted&quot; &amp; more</p>"), deckPage)
        let home = try page("index.html", of: program)
        XCTAssertFalse(home.contains("<img src=x"))
        XCTAssertFalse(home.contains("<i>sum</i>"))
    }

    func testTheQuizFollowsTheChapterWithHintsForWrongChoices() throws {
        let question = Question(
            id: "q1", type: .single, prompt: RichText(markdown: "Pick", html: "Pick"),
            choices: [
                Choice(id: "c1", text: RichText(markdown: "Right", html: "Right"), correct: true, feedback: RichText(markdown: "Yes!", html: "Yes!")),
                Choice(
                    id: "c2", text: RichText(markdown: "Wrong", html: "Wrong"), correct: false, hint: RichText(markdown: "Think again.", html: "Think again.")),
            ])
        let quiz = Quiz(id: "who-am-i", title: "Test your knowledge", passPercent: 70, questions: [question])
        let html = try page("chapters/who-am-i.html", of: program(quizzes: [quiz]))
        let article = try XCTUnwrap(html.range(of: "</article>")).lowerBound
        let quizStart = try XCTUnwrap(html.range(of: "<section class=\"quiz\"")).lowerBound
        XCTAssertLessThan(article, quizStart, "the quiz comes after the chapter")
        XCTAssertTrue(html.contains("<h2 id=\"quiz-title\">Test your knowledge</h2>"))
        XCTAssertTrue(
            html.contains(
                "<label for=\"who-am-i-q1-c2\">Wrong</label><div class=\"response wrong\" role=\"status\"><p><strong>Not quite.</strong> Think again.</p></div>"
            ), html)
        XCTAssertTrue(html.contains("<strong>Right!</strong> Yes!"))
        XCTAssertTrue(html.contains("pass mark 70%"))
    }

    func testShareLinksNeedAnAbsoluteBaseAndUseNoScripts() throws {
        let relative = try page("chapters/who-am-i.html", of: program(settings: ProgramSettings(title: "G", share: ["twitter"])))
        XCTAssertFalse(relative.contains("twitter.com"), "without base_url there is no address to share")
        let settings = ProgramSettings(title: "G", baseURL: "https://example.org/go/", share: ["twitter", "facebook"], contact: "mailto:staff@example.org")
        let html = try page("chapters/who-am-i.html", of: program(settings: settings))
        XCTAssertTrue(
            html.contains("https://twitter.com/intent/tweet?text=Who%20Am%20I%3F&amp;url=https%3A%2F%2Fexample.org%2Fgo%2Fchapters%2Fwho-am-i.html"), html)
        XCTAssertTrue(html.contains("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.org%2Fgo%2Fchapters%2Fwho-am-i.html"))
        XCTAssertTrue(html.contains("href=\"mailto:staff@example.org?subject=Problem%20with%20%22Who%20Am%20I%3F%22\""), html)
        XCTAssertTrue(html.contains("href=\"https://example.org/go/style.css\""))
        XCTAssertFalse(html.contains("<script"))
    }

    func testEveryPageHasOneH1AMainLandmarkAndTheLanguage() throws {
        let program = program(decks: [Deck(id: "feelings", title: "Feelings", cards: [.init(front: "Joy", back: "Happy")])])
        for file in SiteRenderer(program: program, bundleHash: "abc").files() where file.path.hasSuffix(".html") {
            let html = String(decoding: file.data, as: UTF8.self)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"), file.path)
            XCTAssertEqual(html.components(separatedBy: "<h1").count - 1, 1, "\(file.path) has one h1")
            XCTAssertTrue(html.contains("<main id=\"main\">"), file.path)
            XCTAssertTrue(html.contains("Content-Security-Policy"), file.path)
        }
    }
}
