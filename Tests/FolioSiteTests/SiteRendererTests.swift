import FolioCompiler
import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioSite

/// The site is rendered from the compiled model alone; these tests build small models
/// by hand so each page feature is seen on its own.
final class SiteRendererTests: XCTestCase {
    static func program(
        settings: ProgramSettings = ProgramSettings(id: "go-grrrls", title: "Go Grrrls"), chapters: [CompiledChapter]? = nil, quizzes: [Quiz] = [],
        decks: [Deck] = [], media: [MediaFile] = []
    ) -> CompiledProgram {
        let chapter = CompiledChapter(
            id: "who-am-i", title: "Who Am I?", summary: "What makes you, you.", order: 1, quiz: quizzes.first?.id,
            body: Body(blocks: [
                .paragraph([.text("Before.")]), .video(0),
                .paragraph([
                    .text("See "), .link(.chapter(id: "friends", suffix: "#top"), title: "", [.text("friends")]), .text(" and "),
                    .image(.media(path: "media/sun.png", suffix: ""), alt: "sun", title: ""),
                ]),
            ]),
            videos: [Video(provider: .youtube, title: "Talk on <confidence>", youtubeID: "aBcDeFgHiJ0", start: 30)],
            headings: [Heading(level: 2, text: "Your identity", id: "your-identity")], plainText: "Before. Everyone changes.", previous: nil,
            next: "friends")
        let friends = CompiledChapter(
            id: "friends", title: "Friends", summary: nil, order: 2, quiz: nil, body: Body(blocks: [.paragraph([.text("Hi")])]), videos: [],
            headings: [], plainText: "Hi", previous: "who-am-i")
        return CompiledProgram(
            settings: settings, welcome: CompiledPage(title: "Welcome", body: Body(blocks: [.paragraph([.text("Hello!")])])), billOfRights: nil,
            chapters: chapters ?? [chapter, friends], quizzes: quizzes, decks: decks, media: media)
    }

    func program(
        settings: ProgramSettings = ProgramSettings(id: "go-grrrls", title: "Go Grrrls"), chapters: [CompiledChapter]? = nil, quizzes: [Quiz] = [],
        decks: [Deck] = []
    ) -> CompiledProgram {
        Self.program(settings: settings, chapters: chapters, quizzes: quizzes, decks: decks)
    }

    static func page(_ path: String, of program: CompiledProgram) throws -> String {
        let files = SiteRenderer(program: program, version: "abc").files()
        let file = try XCTUnwrap(files.first { $0.path == path }, "no \(path) in \(files.map(\.path))")
        return String(decoding: file.data, as: UTF8.self)
    }

    func page(_ path: String, of program: CompiledProgram) throws -> String { try Self.page(path, of: program) }

    func testAYouTubeVideoLoadsNothingUntilPlayIsPressed() throws {
        let html = try page("chapters/who-am-i.html", of: program())
        XCTAssertFalse(html.contains("<iframe"), "no player is in the page until the learner presses play")
        XCTAssertTrue(
            html.contains(
                "<figure class=\"video\" id=\"video-1\"><div class=\"video-frame\"><a class=\"video-facade\" href=\"https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0?start=30\" data-youtube=\"aBcDeFgHiJ0\" data-start=\"30\" data-title=\"Talk on &lt;confidence&gt;\">"
            ), html)
        XCTAssertTrue(html.contains("<span class=\"video-title\">Talk on &lt;confidence&gt;</span>"))
        // On paper (`@media print`), the video is its title, its short address and a QR code.
        let onPaper = try XCTUnwrap(html.firstRange(of: #/<div class="video-print">.*?</p></div>/#))
        let paper = String(html[onPaper])
        XCTAssertTrue(paper.contains("<svg class=\"qr-code\""), paper)
        XCTAssertTrue(paper.contains("aria-label=\"QR code of youtu.be/aBcDeFgHiJ0?t=30\""), paper)
        XCTAssertTrue(paper.contains("<span class=\"video-print-title\">Talk on &lt;confidence&gt;</span>"), paper)
        XCTAssertTrue(paper.contains("<span class=\"video-address\">youtu.be/aBcDeFgHiJ0?t=30</span>"), paper)
        let onScreen = html.replacingCharacters(in: onPaper, with: "")
        XCTAssertEqual(onScreen.components(separatedBy: ">Talk on &lt;confidence&gt;<").count, 2, "the player shows the title; no caption repeats it")
        XCTAssertFalse(html.contains("<figcaption>"), "without share links a YouTube video has no caption")
        XCTAssertTrue(html.contains("<p>Before.</p>\n<figure class=\"video\""), "the player sits where the author put it")
        XCTAssertFalse(html.contains("folio-video"), "no placeholder is left")
        XCTAssertFalse(html.contains("ytimg.com"), "not even a thumbnail")
    }

    func testALocalVideoPlaysWithItsCaptions() throws {
        var chapters = program().chapters
        chapters[0].videos = [Video(provider: .file, title: "Our trip", source: "media/trip.mp4", captions: "media/trip.vtt")]
        let html = try page("chapters/who-am-i.html", of: program(chapters: chapters))
        XCTAssertTrue(
            html.contains(
                "<video controls preload=\"none\" src=\"../media/trip.mp4\" aria-label=\"Our trip\"><track kind=\"captions\" src=\"../media/trip.vtt\" label=\"Captions\" default></video>"
                    + "<div class=\"video-print\"><p><span class=\"video-print-title\">Our trip</span><br>Watch it in the program&#39;s site.</p></div>"
                    + "<figcaption>Our trip</figcaption>"
            ), "without base_url, paper cannot point at the file: \(html)")
    }

    /// Each right is a heading, so that a screen reader can go from right to right.
    func testEachRightIsANumberedHeadingWithItsMeaningBelowIt() throws {
        var program = program()
        program.billOfRights = BillOfRights(
            title: "Girl Bill of Rights", intro: nil,
            rights: [
                .init(id: "be-me", text: RichText(markdown: "I have the right to be me.", html: "I have the right to be me."), detail: nil),
                .init(
                    id: "say-no", text: RichText(markdown: "I have the right to say *no*.", html: "I have the right to say <em>no</em>."),
                    detail: RichText(markdown: "No is enough.", html: "<p>No is enough.</p>\n")),
            ])
        let html = try page("bill-of-rights.html", of: program)
        XCTAssertTrue(
            html.contains(
                "<ol class=\"rights-list\">\n<li id=\"be-me\"><h2 class=\"right\">I have the right to be me.</h2></li>\n"
                    + "<li id=\"say-no\"><h2 class=\"right\">I have the right to say <em>no</em>.</h2><div class=\"detail\"><p>No is enough.</p>\n</div></li>"
            ), html)
    }

    func testChapterAndMediaLinksBecomeRelativePageLinks() throws {
        let html = try page("chapters/who-am-i.html", of: program())
        XCTAssertTrue(html.contains("<a href=\"../chapters/friends.html#top\">friends</a>"), html)
        XCTAssertTrue(html.contains("<img src=\"../media/sun.png\" alt=\"sun\" />"))
        XCTAssertTrue(html.contains("<link rel=\"stylesheet\" href=\"../site.css\">"))
        XCTAssertTrue(html.contains("<a class=\"next\" href=\"friends.html\" rel=\"next\">"))
        var withLinks = program()
        withLinks.welcome = CompiledPage(
            title: "Welcome",
            body: Body(blocks: [
                .paragraph([
                    .link(.chapter(id: "who-am-i", suffix: ""), title: "", [.text("Start")]), .text(", "),
                    .link(.billOfRights(suffix: "#be-myself"), title: "", [.text("rights")]),
                ])
            ]))
        let home = try page("index.html", of: withLinks)
        XCTAssertTrue(home.contains("<a href=\"chapters/who-am-i.html\">Start</a>, <a href=\"bill-of-rights.html#be-myself\">rights</a>"), home)
        XCTAssertTrue(home.contains("<link rel=\"stylesheet\" href=\"site.css\">"))
    }

    func testAnImageFromAnotherWebsiteBecomesALink() throws {
        var chapters = program().chapters
        chapters[0].body = Body(blocks: [.paragraph([.image(.remote("https://example.com/a.png?x=1&y=2"), alt: "A map", title: "")])])
        let html = try page("chapters/who-am-i.html", of: program(chapters: chapters))
        XCTAssertFalse(html.contains("<img src=\"https://"))
        XCTAssertTrue(
            html.contains(
                "<a class=\"remote-image\" href=\"https://example.com/a.png?x=1&amp;y=2\" rel=\"noopener noreferrer\">Image: A map (on example.com)</a>"),
            html)
    }

    func testAuthorTextIsAlwaysEscaped() throws {
        let deck = Deck(id: "tricky", title: "<script>alert(1)</script>", cards: [.init(id: "bold", front: "<b>bold</b>", back: "\"quoted\" & more")])
        let chapter = CompiledChapter(
            id: "x", title: "<img src=x onerror=alert(1)>", summary: "<i>sum</i>", order: 1, quiz: nil, body: Body(blocks: []), videos: [],
            headings: [], plainText: "")
        let program = program(chapters: [chapter], decks: [deck])
        let deckPage = try page("decks/tricky.html", of: program)
        XCTAssertFalse(deckPage.contains("<script>alert"))
        XCTAssertTrue(deckPage.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(deckPage.contains("<summary>&lt;b&gt;bold&lt;/b&gt;</summary><p class=\"back\">&quot;quoted&quot; &amp; more</p>"), deckPage)
        let home = try page("index.html", of: program)
        XCTAssertFalse(home.contains("<img src=x"))
        XCTAssertFalse(home.contains("<i>sum</i>"))
        let search = try page("search.html", of: program)
        XCTAssertFalse(search.contains("<script>alert"), "author text in the search index cannot end its block")
        XCTAssertTrue(search.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"), search)
    }

    /// A quotation mark or `<` followed by a combining mark is one `Character` in Swift;
    /// escaping by character would leave it as it is, and the text could leave the
    /// attribute or element it stands in.
    func testAuthorTextIsEscapedByteByByteEvenBeforeACombiningMark() throws {
        let accented = "\"\u{301} onmouseover=alert(1) x=\"\u{301} <\u{301}b>"
        let escaped = "&quot;\u{301} onmouseover=alert(1) x=&quot;\u{301} &lt;\u{301}b&gt;"
        let chapter = CompiledChapter(
            id: "x", title: accented, summary: accented, order: 1, quiz: nil, body: Body(blocks: []), videos: [], headings: [], plainText: "")
        let deck = Deck(id: "d", title: accented, cards: [.init(id: "c", front: "Front", back: "Back")])
        let program = program(
            settings: ProgramSettings(id: "g", title: accented, description: accented), chapters: [chapter], decks: [deck])
        var mustache = SiteRenderer(program: program, version: "abc")
        mustache.usesFrames = false
        let pages =
            SiteRenderer(program: program, version: "abc").files().filter { $0.path.hasSuffix(".html") && $0.path != "search.html" }
            + [mustache.render(.chapter(0))]
        XCTAssertEqual(pages.count, 7, "\(pages.map(\.path))")
        for (path, data) in pages {
            // Compared as bytes: Strings compare by canonical equivalence.
            let bytes = [UInt8](data)
            for raw in ["\"\u{301}", "<\u{301}"] {
                XCTAssertNil(bytes.firstRange(of: Array(raw.utf8)), "\(path) holds \(raw) unescaped")
            }
            XCTAssertNotNil(bytes.firstRange(of: Array(escaped.utf8)), "\(path): \(String(decoding: data, as: UTF8.self))")
        }
    }

    /// The bundle's quiz text points at `media/` from the bundle's root; a chapter's page
    /// is a folder down, so the quiz on it points one folder up, in its markup and in
    /// the data its script reads. Wherever the address is: a choice, a hint, a reflection.
    func testAQuizOnAChapterPagePointsAtTheMediaFromThePage() throws {
        let picture = #"<img src="media/sun.png" alt="sun">"#
        let link = #"<a href="media/notes.pdf">notes</a>"#
        let question = Question(
            id: "q1", type: .single, prompt: RichText(markdown: "Pick", html: "Pick"),
            choices: [
                Choice(id: "c1", text: RichText(markdown: "![sun](../media/sun.png)", html: picture), correct: true),
                Choice(id: "c2", text: RichText(markdown: "Other", html: "Other"), correct: false, hint: RichText(markdown: "See", html: link)),
            ])
        let quiz = Quiz(id: "who-am-i", title: "Check", passPercent: nil, questions: [question])
        let page = try page("chapters/who-am-i.html", of: program(quizzes: [quiz]))
        XCTAssertTrue(page.contains(#"<img src="../media/sun.png" alt="sun">"#), page)
        XCTAssertFalse(page.contains(#"src="media/sun.png""#), page)
        XCTAssertTrue(page.contains(#"href=\"../media/notes.pdf\""#), "the hint in the script's data: \(page)")
        XCTAssertFalse(page.contains(#"href=\"media/notes.pdf\""#), page)

        // The only address in a reflection, never graded but shown on the page.
        var reflective = Quiz(
            id: "who-am-i", title: "Check", passPercent: nil,
            questions: [Question(id: "q1", type: .trueFalse, prompt: RichText(markdown: "True?", html: "True?"), answer: true)])
        reflective.reflections = [
            Reflection(
                id: "think", prompt: RichText(markdown: "![moon](../media/moon.png)", html: #"<img src="media/moon.png" alt="moon">"#),
                discussion: RichText(markdown: "[more](../media/more.pdf)", html: #"<a href="media/more.pdf">more</a>"#))
        ]
        let thinking = try self.page("chapters/who-am-i.html", of: program(quizzes: [reflective]))
        XCTAssertTrue(thinking.contains(#"<img src="../media/moon.png" alt="moon">"#), thinking)
        XCTAssertTrue(thinking.contains(#"<a href="../media/more.pdf">more</a>"#), thinking)
        XCTAssertFalse(thinking.contains(#"src="media/moon.png""#), thinking)
        XCTAssertFalse(thinking.contains(#"src=\"media/moon.png\""#), "the script's data: \(thinking)")
    }

    func testTheQuizFollowsTheChapterWithItsDataForTheScriptAndAQuizWithoutIt() throws {
        let question = Question(
            id: "q1", type: .single, prompt: RichText(markdown: "Pick", html: "Pick"),
            choices: [
                Choice(id: "c1", text: RichText(markdown: "Right", html: "Right"), correct: true, feedback: RichText(markdown: "Yes!", html: "Yes!")),
                Choice(
                    id: "c2", text: RichText(markdown: "Wrong </script>", html: "Wrong &lt;/script&gt;"), correct: false,
                    hint: RichText(markdown: "Think again.", html: "Think again.")),
            ])
        let quiz = Quiz(id: "who-am-i", title: "Test your knowledge", passPercent: 70, questions: [question])
        let html = try page("chapters/who-am-i.html", of: program(quizzes: [quiz]))
        let article = try XCTUnwrap(html.range(of: "</article>")).lowerBound
        let quizStart = try XCTUnwrap(html.range(of: "<section class=\"quiz\"")).lowerBound
        XCTAssertLessThan(article, quizStart, "the quiz comes after the chapter")
        XCTAssertTrue(html.contains("data-quiz=\"who-am-i\" data-chapter=\"who-am-i\" data-source=\"quiz-data\""), html)
        XCTAssertTrue(html.contains("<h2 id=\"quiz-title\">Test your knowledge</h2>"))
        XCTAssertTrue(
            html.contains(
                "<label for=\"who-am-i-q1-c2\">Wrong &lt;/script&gt;</label><div class=\"response wrong\" role=\"status\"><p><strong>Not quite.</strong> Think again.</p></div>"
            ), html)
        XCTAssertTrue(html.contains("pass mark 70%"))
        // The data block is the bundle's quiz JSON, with `<` escaped so author text cannot end it.
        let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"quiz-data\">")).upperBound
        let end = try XCTUnwrap(html[start...].range(of: "</script>")).lowerBound
        let data = String(html[start..<end])
        XCTAssertFalse(data.contains("<"))
        XCTAssertEqual(try JSONDecoder().decode(Quiz.self, from: Data(data.utf8)), quiz)
        XCTAssertTrue(html.contains("<script src=\"../quiz-engine.js\" defer></script>\n<script src=\"../quiz.js\" defer></script>"), html)
    }

    func testShareLinksForChaptersAndVideosNeedAnAbsoluteBaseAndUseNoScripts() throws {
        let relative = try page("chapters/who-am-i.html", of: program(settings: ProgramSettings(id: "g", title: "G", share: ["twitter"])))
        XCTAssertFalse(relative.contains("twitter.com"), "without base_url there is no address to share")
        let settings = ProgramSettings(
            id: "g", title: "G", baseURL: "https://example.org/go/", share: ["twitter", "facebook"], contact: "mailto:staff@example.org")
        let html = try page("chapters/who-am-i.html", of: program(settings: settings))
        XCTAssertTrue(
            html.contains("https://twitter.com/intent/tweet?text=Who%20Am%20I%3F&amp;url=https%3A%2F%2Fexample.org%2Fgo%2Fchapters%2Fwho-am-i.html\""), html)
        XCTAssertTrue(html.contains("https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.org%2Fgo%2Fchapters%2Fwho-am-i.html\""))
        XCTAssertTrue(
            html.contains(
                "</p></div><figcaption><span class=\"share\">Share this video: <a href=\"https://twitter.com/intent/tweet?text=Talk%20on%20%3Cconfidence%3E&amp;url=https%3A%2F%2Fexample.org%2Fgo%2Fchapters%2Fwho-am-i.html%23video-1\""
            ), html)
        XCTAssertTrue(html.contains("href=\"mailto:staff@example.org?subject=Problem%20with%20%22Who%20Am%20I%3F%22\""), html)
        // base_url names the page; it never loads anything, so the site works from any address.
        XCTAssertTrue(html.contains("<link rel=\"canonical\" href=\"https://example.org/go/chapters/who-am-i.html\">"), html)
        XCTAssertTrue(html.contains("href=\"../site.css\""), html)
        XCTAssertFalse(html.contains("href=\"https://example.org/go/site.css\""), html)
        XCTAssertFalse(html.contains("platform.twitter.com") || html.contains("connect.facebook.net"), "no third-party script")
    }

    func testChapterPagesFilledIntoFramesAreTheBytesMustacheRenders() throws {
        func chapter(_ id: String, _ title: String, order: Int, quiz: String?, previous: String?, next: String?) -> CompiledChapter {
            CompiledChapter(
                id: id, title: title, summary: nil, order: order, quiz: quiz,
                body: Body(blocks: [.paragraph([.text("About "), .link(.chapter(id: "first", suffix: ""), title: "", [.text(title)])])]),
                videos: [], headings: [], plainText: title, previous: previous, next: next)
        }
        let question = Question(
            id: "q1", type: .trueFalse, prompt: RichText(markdown: "True?", html: "True?"), answer: true)
        let quiz = Quiz(id: "middle", title: "Check", passPercent: nil, questions: [question])
        // First, middle and last, alone: every shape a chapter page has. Titles hold every
        // character escaping changes.
        let chapters = [
            chapter("first", "Tom & Jerry's <first>", order: 1, quiz: nil, previous: nil, next: "middle"),
            chapter("middle", "\"Quoted\" middle", order: 2, quiz: "middle", previous: "first", next: "last"),
            chapter("last", "Last > least", order: 3, quiz: nil, previous: "middle", next: nil),
        ]
        let alone = [chapter("alone", "Alone", order: 1, quiz: "middle", previous: nil, next: nil)]
        let plain = ProgramSettings(id: "g", title: "G & co")
        let published = ProgramSettings(
            id: "g", title: "G", description: "A \"program\"", baseURL: "https://example.org/go/", share: ["twitter", "facebook"],
            contact: "mailto:staff@example.org")
        let elsewhere = ProgramSettings(id: "g", title: "G", baseURL: "https://example.org/", share: ["twitter"], contact: "https://example.org/help")
        for settings in [plain, published, elsewhere] {
            for chapters in [chapters, alone] {
                let program = Self.program(settings: settings, chapters: chapters, quizzes: [quiz])
                var framed = SiteRenderer(program: program, version: "abc")
                var mustache = framed
                mustache.usesFrames = false
                framed.usesFrames = true
                for index in program.chapters.indices {
                    let page = SiteRenderer.Page.chapter(index)
                    let (path, bytes) = framed.render(page)
                    XCTAssertEqual(
                        String(decoding: bytes, as: UTF8.self), String(decoding: mustache.render(page).data, as: UTF8.self),
                        "\(path) with \(settings)")
                }
            }
        }
    }

    /// Every page of the sample, and of programs made at random (titles and summaries
    /// with every character escaping changes, chapters with and without a quiz, a summary
    /// and neighbours, every setting a page shows or not), is the same filled into frames
    /// (``PageFrame``) as rendered by Mustache alone.
    func testEveryPageOfTheSampleAndOfRandomProgramsIsTheSameFramedOrRenderedByMustache() throws {
        var programs = [try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)]
        var generator = SeededGenerator(seed: 3)
        let pieces = ["A", "word", " ", "&", "<", ">", "\"", "'", "é", "🙂", "{{x}}", "&amp;", "\u{301}", "/"]
        func text() -> String { (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        let quiz = Quiz(
            id: "check", title: "Check", questions: [Question(id: "q1", type: .trueFalse, prompt: RichText(markdown: "T?", html: "T?"), answer: true)])
        for _ in 0..<12 {
            let count = Int.random(in: 1...6, using: &generator)
            let chapters = (0..<count).map { index in
                CompiledChapter(
                    id: "c\(index)", title: text(), summary: Bool.random(using: &generator) ? text() : nil, order: index + 1,
                    quiz: Bool.random(using: &generator) ? "check" : nil, body: Body(blocks: [.paragraph([.text(text())])]), videos: [], headings: [],
                    plainText: "", previous: index > 0 ? "c\(index - 1)" : nil, next: index < count - 1 ? "c\(index + 1)" : nil)
            }
            let settings = ProgramSettings(
                id: "g", title: text(), description: Bool.random(using: &generator) ? text() : nil,
                baseURL: Bool.random(using: &generator) ? "https://example.org/go/" : nil,
                share: Array(["twitter", "facebook", "whatsapp"].prefix(Int.random(in: 0...3, using: &generator))),
                contact: [nil, "mailto:staff@example.org", "https://example.org/help"].randomElement(using: &generator)!)
            programs.append(Self.program(settings: settings, chapters: chapters, quizzes: [quiz]))
        }
        for program in programs {
            let framed = SiteRenderer(program: program, version: "abc")
            var mustache = framed
            mustache.usesFrames = false
            for page in framed.pages() {
                let (path, bytes) = framed.render(page)
                XCTAssertEqual(
                    String(decoding: bytes, as: UTF8.self), String(decoding: mustache.render(page).data, as: UTF8.self), "\(path) of \(program.settings.title)")
            }
        }
    }

    /// What a program leaves out is left out of its pages: no description, a chapter
    /// without a summary or a quiz show nothing, never the word "nil".
    func testWhatIsNotGivenIsNotShown() throws {
        let bare = CompiledChapter(
            id: "bare", title: "Bare", summary: nil, order: 1, quiz: nil, body: Body(blocks: [.paragraph([.text("Text.")])]), videos: [],
            headings: [], plainText: "Text.")
        let program = Self.program(settings: ProgramSettings(id: "g", title: "G", description: nil), chapters: [bare])
        var mustache = SiteRenderer(program: program, version: "abc")
        mustache.usesFrames = false
        let pages =
            SiteRenderer(program: program, version: "abc").files().filter { $0.path.hasSuffix(".html") }
            + [.home, .progress, .chapter(0)].map { mustache.render($0) }
        XCTAssertGreaterThanOrEqual(pages.count, 7)
        for (path, data) in pages {
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.contains("\"nil\""), "\(path) shows nil in an attribute")
            XCTAssertFalse(text.contains(">nil<"), "\(path) shows nil as text")
            XCTAssertFalse(text.contains("<meta name=\"description\""), "\(path) describes the program as nothing")
        }
        let progress = String(decoding: SiteRenderer(program: program, version: "abc").render(.progress).data, as: UTF8.self)
        XCTAssertTrue(
            progress.contains(
                #"<tr role="row" data-chapter="bare"><th scope="row" role="rowheader"><a href="chapters/bare.html">Bare</a></th><td role="cell" colspan="4" class="muted">No quiz</td></tr>"#
            ))
    }

    /// The home and progress pages list every chapter, a row each: filled into a frame
    /// of its template, a row is what Mustache makes of that template for the chapter,
    /// with or without a quiz and a summary, whatever its text holds.
    func testChapterRowsInFramesAreTheRowsMustacheRenders() throws {
        let quiz = Quiz(
            id: "q", title: "Check", passPercent: nil,
            questions: [Question(id: "q1", type: .trueFalse, prompt: RichText(markdown: "True?", html: "True?"), answer: true)])
        let chapters = [
            ("both", "Tom & Jerry's <first>", "A \"summary\" & more" as String?, "q" as String?),
            ("quiz-only", "\"Quoted\"", nil, "q"), ("summary-only", "Last > least", "<b>not bold</b>", nil), ("neither", "Plain", nil, nil),
            ("empty-summary", "Empty", "", nil), ("both-again", "Again", "Twice", "q"),
        ].enumerated().map { index, row in
            CompiledChapter(
                id: row.0, title: row.1, summary: row.2, order: index + 1, quiz: row.3, body: Body(blocks: []), videos: [], headings: [],
                plainText: "")
        }
        let program = Self.program(chapters: chapters, quizzes: [quiz])
        var framed = SiteRenderer(program: program, version: "abc")
        framed.usesFrames = true
        var mustache = framed
        mustache.usesFrames = false
        for page in [SiteRenderer.Page.home, .progress] {
            let (path, bytes) = framed.render(page)
            let text = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(text, String(decoding: mustache.render(page).data, as: UTF8.self), path)
            for chapter in chapters { XCTAssertTrue(text.contains("data-chapter=\"\(chapter.id)\""), "\(path) lists \(chapter.id)") }
            XCTAssertFalse(text.contains("<b>not bold</b>"), "\(path) escapes a summary")
        }
        let home = String(decoding: framed.render(.home).data, as: UTF8.self)
        XCTAssertTrue(
            home.contains(
                #"<li data-chapter="summary-only"><a href="chapters/summary-only.html"><span class="chapter-number">3</span> <span class="chapter-title">Last &gt; least</span></a><p>&lt;b&gt;not bold&lt;/b&gt;</p></li>"#
            ))
        XCTAssertTrue(
            home.contains(
                #"<li data-chapter="quiz-only" data-quiz="q"><a href="chapters/quiz-only.html"><span class="chapter-number">2</span> <span class="chapter-title">&quot;Quoted&quot;</span></a></li>"#
            ))
        let progress = String(decoding: framed.render(.progress).data, as: UTF8.self)
        XCTAssertTrue(
            progress.contains(
                #"<tr role="row" data-chapter="neither"><th scope="row" role="rowheader"><a href="chapters/neither.html">Plain</a></th><td role="cell" colspan="4" class="muted">No quiz</td></tr>"#
            ))
    }

    func testEveryPageHasOneH1AMainLandmarkTheLanguageAndTheSecurityPolicy() throws {
        let program = program(decks: [Deck(id: "feelings", title: "Feelings", cards: [.init(id: "joy", front: "Joy", back: "Happy")])])
        let pages = SiteRenderer(program: program, version: "abc").files().filter { $0.path.hasSuffix(".html") }
        XCTAssertEqual(
            Set(pages.map(\.path)),
            [
                "index.html", "workbook.html", "chapters/who-am-i.html", "chapters/friends.html", "decks/index.html", "decks/feelings.html", "progress.html",
                "search.html",
            ])
        for file in pages {
            let html = String(decoding: file.data, as: UTF8.self)
            XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\" data-program=\"go-grrrls\""), file.path)
            XCTAssertEqual(html.components(separatedBy: "<h1").count - 1, 1, "\(file.path) has one h1")
            XCTAssertTrue(html.contains("<main id=\"main\">"), file.path)
            XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"), file.path)
            // Scripts are files of the site, or JSON data blocks that are never run.
            for script in html.components(separatedBy: "<script").dropFirst() {
                XCTAssertTrue(script.hasPrefix(" src=\"") || script.hasPrefix(" type=\"application/json\""), "\(file.path): <script\(script.prefix(40))")
            }
            XCTAssertFalse(html.contains(" style=\""), "\(file.path) has an inline style")
            XCTAssertFalse(html.range(of: " on[a-z]+=", options: .regularExpression) != nil, "\(file.path) has an inline event handler")
        }
    }

    func testTheSearchIndexHoldsFoldedWordsOfChaptersQuizzesAndDecks() throws {
        let question = Question(
            id: "q", type: .text, prompt: RichText(markdown: "Who is *Zoë*?", html: ""), accept: ["secret answer"])
        let program = program(
            quizzes: [Quiz(id: "who-am-i", title: "Test", questions: [question])],
            decks: [Deck(id: "feelings", title: "Feelings words", cards: [.init(id: "empathy", front: "Empathy", back: "Understanding")])])
        let entries = SearchPageIndex(program: program).entries()
        XCTAssertEqual(entries.map(\.k), ["chapter", "quiz", "chapter", "deck"])
        XCTAssertEqual(entries[0].u, "chapters/who-am-i.html")
        XCTAssertEqual(entries[0].n, "who am i")
        XCTAssertEqual(entries[0].w, "what makes you your identity talk on confidence before everyone changes", "with the video's title")
        XCTAssertEqual(entries[1].u, "chapters/who-am-i.html#quiz")
        XCTAssertEqual(entries[1].w, "who is zoe", "accents folded; accepted answers are not searchable")
        XCTAssertEqual(entries[3].w, "empathy understanding")
    }

    /// The index goes into the search page's bytes where the template puts it, escaped so
    /// that no text can end its `<script>` early, whatever the program's own text holds.
    func testTheSearchPageHoldsTheIndexEscapedOnceWhereverItsTextComesFrom() throws {
        var chapters = Self.program().chapters
        chapters[0].summary = "Tags like </script> & more"
        for settings in [
            ProgramSettings(id: "go-grrrls", title: "Go Grrrls"),
            // A title holding what the page marks the index's place with still gives the page.
            ProgramSettings(id: "go-grrrls", title: "Go \u{1}search-index\u{1} <Grrrls>"),
        ] {
            let program = program(settings: settings, chapters: chapters)
            let html = try page("search.html", of: program)
            let json = String(decoding: try JSONOutput.compact(SearchPageIndex(program: program).entries()), as: UTF8.self)
            XCTAssertTrue(json.contains("Tags like </script> & more"))
            let script = #"<script type="application/json" id="search-index">"# + HTML.scriptJSON(json) + "</script>"
            XCTAssertEqual(html.components(separatedBy: script).count, 2, html)
            XCTAssertTrue(html.contains(#"Tags like \u003c/script\u003e \u0026 more"#), html)
            XCTAssertEqual(
                html.components(separatedBy: "</script>").count, html.components(separatedBy: "<script").count, "no text ends a script: \(html)")
            XCTAssertTrue(html.contains("<title>Search · \(HTML.escape(settings.title))</title>"), html)
        }
    }

    /// The quiz without its script: what a page says about the quiz, each answer a typed
    /// question takes, and its text escaped once.
    func testTheQuizWithoutScriptStatesItsRulesAndTheAnswersOfTypedQuestions() throws {
        let quiz = Quiz(
            id: "numbers", title: "Numbers & words", passPercent: 80, draw: 2, timeLimitSeconds: 300,
            questions: [
                Question(
                    id: "pi", type: .number, prompt: RichText(markdown: "About?", html: "About?"), explanation: RichText(markdown: "", html: "<em>Close</em>"),
                    number: 3.5, tolerance: 0.25),
                Question(
                    id: "and", type: .text, prompt: RichText(markdown: "", html: "Say"), hints: [RichText(markdown: "", html: "One")], accept: ["a & b", "<c>"]),
                Question(id: "yes", type: .trueFalse, prompt: RichText(markdown: "", html: "True?"), answer: false),
            ])
        let html = QuizMarkup(quiz: quiz, chapter: "who-am-i").html()
        for expected in [
            #"<section class="quiz" id="quiz" aria-labelledby="quiz-title" data-quiz="numbers" data-chapter="who-am-i" data-source="quiz-data">"#,
            "<h2 id=\"quiz-title\">Test your knowledge: Numbers &amp; words</h2>",
            "<p class=\"muted\">2 of 3 questions each time · pass mark 80% · time limit \(DurationText.words(300))</p>",
            #"<input type="text" inputmode="decimal" id="numbers-pi-answer" name="numbers-pi" autocomplete="off">"#,
            "<summary>Show the answer</summary><p>3.5 (give or take 0.25)</p><p class=\"explanation\"><em>Close</em></p></details>",
            "<summary>Show the answer</summary><p>a &amp; b or &lt;c&gt;</p></details>",
            #"<details class="hints"><summary>Need a hint?</summary><ol><li>One</li></ol></details>"#,
            #"<input type="radio" name="numbers-yes" id="numbers-yes-false" value="false"><label for="numbers-yes-false">False</label>"#
                + #"<div class="response right" role="status"><p><strong>Right!</strong></p></div>"#,
            #"<label for="numbers-yes-true">True</label><div class="response wrong" role="status"><p><strong>Not quite.</strong> </p></div>"#,
        ] {
            XCTAssertTrue(html.contains(expected), "\(expected)\n---\n\(html)")
        }
        XCTAssertTrue(QuizMarkup(quiz: Quiz(id: "q", title: "Test Your Knowledge", questions: []), chapter: "c").html().contains("Test your knowledge</h2>"))
    }

    func testTheServiceWorkerKeepsEveryFileButVideosUnderThisBuildsVersionAndProgram() throws {
        let media = [
            MediaFile(bundlePath: "media/sun.png", sourcePath: "/x"), MediaFile(bundlePath: "media/trip.MP4", sourcePath: "/y"),
            MediaFile(bundlePath: "media/trip.vtt", sourcePath: "/z"), MediaFile(bundlePath: "media/my handout.pdf", sourcePath: "/w"),
        ]
        let program = Self.program(media: media)
        let renderer = SiteRenderer(program: program, version: "0123abcd")
        let script = try XCTUnwrap(renderer.files().first { $0.path == "sw.js" }).data
        let text = String(decoding: script, as: UTF8.self)
        XCTAssertTrue(text.contains("var VERSION = '0123abcd';"))
        // Programs sharing an origin keep their own caches (Tests/Browser: TwoProgramsOnOneOrigin).
        XCTAssertTrue(text.contains("var PROGRAM = 'go-grrrls';"))
        for file in [
            "'index.html'", "'chapters/who-am-i.html'", "'search.html'", "'progress.html'", "'site.css'", "'quiz-engine.js'", "'media/sun.png'",
            "'media/trip.vtt'", "'media/my%20handout.pdf'",
        ] {
            XCTAssertTrue(text.contains(file), "\(file) is not kept: \(text)")
        }
        XCTAssertFalse(text.contains("trip.MP4"), "videos stay online")
        XCTAssertFalse(text.contains("'sw.js'"))
    }

    /// Pages light on a phone: each page's CSS and JavaScript, counted as the files it
    /// loads, stays under 64 KB (docs/output.md says why 64).
    func testADeckPageOffersAQuizOfEachCardsBackAmongFourLoadedOnlyWhenAskedFor() throws {
        let cards: [Deck.Card] = [
            .init(id: "calm", front: "Calm", back: "Peaceful <inside>"), .init(id: "angry", front: "Angry", back: "Very cross"),
            .init(id: "shy", front: "Shy", back: "Quiet with new people"), .init(id: "proud", front: "Proud", back: "Pleased with yourself"),
        ]
        let html = try Self.page("decks/feelings.html", of: program(decks: [Deck(id: "feelings", title: "Feelings", cards: cards)]))
        XCTAssertTrue(html.contains("<section class=\"quiz\" id=\"quiz\" aria-labelledby=\"quiz-title\" data-quiz=\"feelings\" data-deck=\"feelings\""), html)
        XCTAssertTrue(html.contains("<h2 id=\"quiz-title\">Quiz me on this deck</h2>"), html)
        XCTAssertTrue(html.contains("Peaceful &lt;inside&gt;"), "card text is plain text, as the cards show it")
        let json = try XCTUnwrap(html.firstMatch(of: /<script type="application\/json" id="quiz-data">(.*?)<\/script>/)?.1)
        let quiz = try JSONDecoder().decode(Quiz.self, from: Data(json.utf8))
        XCTAssertEqual(quiz.questions.map(\.id), ["calm", "angry", "shy", "proud"])
        XCTAssertEqual(quiz.questions.map { $0.choices.count }, [4, 4, 4, 4])
        XCTAssertEqual(quiz.fromDeck, "feelings")
        let scripts = html.matches(of: /<script src="([^"]+)"/).map { String($0.1) }
        XCTAssertEqual(scripts, ["../site.js", "../words-en.js", "../scheduler.js", "../cards.js"], "the quiz engine loads when she starts the quiz")

        let threeBacks = try Self.page("decks/feelings.html", of: program(decks: [Deck(id: "feelings", title: "Feelings", cards: Array(cards.prefix(3)))]))
        XCTAssertFalse(threeBacks.contains("Quiz me on this deck"), "four choices need four different backs")
    }

    func testACardShowsTheHTMLOfItsMarkdownAndOtherwiseItsWordsEscaped() throws {
        var program = program(
            decks: [
                Deck(
                    id: "d", title: "D",
                    cards: [.init(id: "calm", front: "**Calm**", back: "Peaceful"), .init(id: "less", front: "a < b", back: "Less & more")])
            ])
        program.cardHTML = ["**Calm**": "<strong>Calm</strong>"]
        let html = try Self.page("decks/d.html", of: program)
        XCTAssertTrue(html.contains("<summary><strong>Calm</strong></summary><p class=\"back\">Peaceful</p>"), html)
        XCTAssertTrue(html.contains("<summary>a &lt; b</summary><p class=\"back\">Less &amp; more</p>"), html)
    }

    /// The interface's words for the scripts (one file per language, ``SiteWords``) are
    /// counted on their own: the same file for every page, kept by the offline cache.
    func testEachPageLoadsLessThan68KBOfStylesAndScriptsAndLessThan20KBOfWords() throws {
        let quiz = Quiz(
            id: "who-am-i", title: "T", questions: [Question(id: "q", type: .trueFalse, prompt: RichText(markdown: "T", html: "T"), answer: true)])
        let program = program(quizzes: [quiz], decks: [Deck(id: "d", title: "D", cards: [.init(id: "a", front: "a", back: "b")])])
        let files = Dictionary(uniqueKeysWithValues: SiteRenderer(program: program, version: "abc").files().map { ($0.path, $0.data) })
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let depth = path.split(separator: "/").count - 1
            let references = html.matches(of: /(?:src|href)="([^"]+\.(?:js|css))"/).map { String($0.1) }
            let loaded = references.filter { !$0.hasSuffix("words-en.js") }
            XCTAssertEqual(loaded.count, references.count - 1, "\(path) loads the words once")
            XCTAssertLessThan(try XCTUnwrap(files["words-en.js"]).count, 20 * 1024)
            let bytes = loaded.reduce(0) { sum, reference in
                let name = String(reference.dropFirst(depth * 3))
                XCTAssertNotNil(files[name], "\(path) loads \(reference), which the site does not have")
                return sum + (files[name]?.count ?? 0)
            }
            XCTAssertLessThan(bytes, 68 * 1024, "\(path) loads \(bytes) bytes of CSS and JavaScript: \(loaded)")
            XCTAssertTrue(loaded.contains { $0.hasSuffix("site.css") } && loaded.contains { $0.hasSuffix("site.js") }, path)
        }
    }

    /// A program that asks for anonymous insights adds `insights.js`, and only to the
    /// pages where a report is made (a chapter's quiz) or chosen (the progress page).
    func testInsightsAddUnder6KBToTheirPagesAndNothingElsewhere() throws {
        let quiz = Quiz(
            id: "who-am-i", title: "T", questions: [Question(id: "q", type: .trueFalse, prompt: RichText(markdown: "T", html: "T"), answer: true)])
        var settings = ProgramSettings(id: "go-grrrls", title: "Go Grrrls")
        settings.insights = InsightsSettings(randomize: 0.3, url: "https://insights.example.org/reports")
        let program = program(settings: settings, quizzes: [quiz])
        let files = Dictionary(uniqueKeysWithValues: SiteRenderer(program: program, version: "abc").files().map { ($0.path, $0.data) })
        XCTAssertLessThan(try XCTUnwrap(files["insights.js"]).count, 6 * 1024)
        var withInsights: [String] = []
        for (path, data) in files where path.hasSuffix(".html") && !path.hasPrefix("workbook") {
            let html = String(decoding: data, as: UTF8.self)
            if html.contains("insights.js\"") { withInsights.append(path) }
            XCTAssertTrue(html.contains("data-insights=\"0.3\" data-insights-url=\"https://insights.example.org/reports\""), path)
            XCTAssertTrue(html.contains("connect-src 'self' https://insights.example.org/reports;"), path)
        }
        XCTAssertEqual(withInsights.sorted(), ["chapters/who-am-i.html", "progress.html"])
    }
}

/// Headings keep the ids the compiler gave them, unless the page uses the id already.
final class HeadingAnchorTests: XCTestCase {
    func testAHeadingWhoseIDThePageUsesIsRenamedAndOthersAreKept() throws {
        var chapters = SiteRendererTests.program().chapters
        chapters[0].quiz = nil
        chapters[0].body = Body(blocks: [
            .heading(level: 2, id: "sleep", [.text("Sleep")]), .heading(level: 2, id: "main", [.text("Main")]),
            .heading(level: 2, id: "video-1", [.text("Video 1")]),
        ])
        let html = try SiteRendererTests.page("chapters/who-am-i.html", of: SiteRendererTests.program(chapters: chapters))
        XCTAssertTrue(html.contains("<h2 id=\"sleep\">Sleep</h2>\n<h2 id=\"h-main\">Main</h2>\n<h2 id=\"h-video-1\">Video 1</h2>"), html)
        XCTAssertEqual(html.components(separatedBy: "id=\"main\"").count, 2, "one element with the id main")
    }
}
