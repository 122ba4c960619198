import FolioModel
import Foundation
import Mustache

/// Renders the static site from the compiled program alone: a welcome page with the
/// table of contents, the bill of rights, a page per chapter with its videos and quiz,
/// and the flashcard decks. Links are relative, so the site opens from disk.
public struct SiteRenderer {
    public let program: CompiledProgram
    public let bundleHash: String
    private let library: MustacheLibrary
    private let chaptersByID: [String: Chapter]
    private let quizzesByID: [String: Quiz]

    public init(program: CompiledProgram, bundleHash: String) {
        self.program = program
        self.bundleHash = bundleHash
        var library = MustacheLibrary()
        // The templates are constants of this module; a failure here is a bug in them.
        for (name, text) in [
            ("layout", SiteTemplates.layout), ("home", SiteTemplates.home), ("rights", SiteTemplates.rights),
            ("chapter", SiteTemplates.chapter), ("decks", SiteTemplates.decks), ("deck", SiteTemplates.deck),
        ] {
            try! library.register(text, named: name)
        }
        self.library = library
        chaptersByID = Dictionary(program.chapters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        quizzesByID = Dictionary(program.quizzes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One file of the site.
    public enum Page: Sendable {
        case home, billOfRights, chapter(Int), deckList, deck(Int), stylesheet
    }

    /// Every page of the site, to render one by one (and in parallel).
    public func pages() -> [Page] {
        var pages: [Page] = [.home]
        if program.billOfRights != nil { pages.append(.billOfRights) }
        pages += program.chapters.indices.map(Page.chapter)
        if !program.decks.isEmpty { pages.append(.deckList) }
        pages += program.decks.indices.map(Page.deck)
        pages.append(.stylesheet)
        return pages
    }

    /// A page's path in the site and its bytes.
    public func render(_ page: Page) -> (path: String, data: Data) {
        let (path, text): (String, String)
        switch page {
        case .home:
            (path, text) = ("index.html", self.page(home(), title: program.settings.title, depth: 0, current: "home"))
        case .billOfRights:
            let rights = program.billOfRights!
            (path, text) = ("bill-of-rights.html", self.page(render("rights", rights), title: rights.title, depth: 0, current: "rights"))
        case .chapter(let index):
            let chapter = program.chapters[index]
            (path, text) = ("chapters/\(chapter.id).html", self.page(self.chapter(chapter), title: chapter.title, depth: 1, current: ""))
        case .deckList:
            (path, text) = ("decks/index.html", self.page(render("decks", ["decks": deckSummaries()]), title: "Flashcards", depth: 1, current: "decks"))
        case .deck(let index):
            let deck = program.decks[index]
            let content = render("deck", ["title": deck.title, "cards": deck.cards.map { ["front": $0.front, "back": $0.back] }])
            (path, text) = ("decks/\(deck.id).html", self.page(content, title: deck.title, depth: 1, current: "decks"))
        case .stylesheet:
            (path, text) = ("style.css", SiteStyle.css)
        }
        return (path, Data(text.utf8))
    }

    /// Every file of the site by path, media excluded (the builder copies those).
    public func files() -> [(path: String, data: Data)] {
        pages().map(render)
    }

    private func render(_ template: String, _ object: Any) -> String {
        library.render(object, withTemplate: template) ?? ""
    }

    private func deckSummaries() -> [[String: Any]] {
        program.decks.map { ["id": $0.id, "title": $0.title, "cardLabel": $0.cards.count == 1 ? "1 card" : "\($0.cards.count) cards"] }
    }

    private func home() -> String {
        render(
            "home",
            [
                "title": program.welcome.title, "html": ChapterHTML.forSite(program.welcome.html, videos: program.welcome.videos, root: root(depth: 0)),
                "chapters": program.chapters.map { ["id": $0.id, "title": $0.title, "summary": $0.summary as Any, "order": $0.order] },
                "hasDecks": !program.decks.isEmpty, "decks": deckSummaries(),
            ] as [String: Any])
    }

    private func chapter(_ chapter: Chapter) -> String {
        func neighbour(_ id: String?) -> Any {
            guard let id, let other = chaptersByID[id] else { return false }
            return ["id": other.id, "title": other.title]
        }
        let quiz = chapter.quiz.flatMap { quizzesByID[$0] }.map { QuizMarkup(quiz: $0).html() } ?? ""
        let share = shareLinks(path: "chapters/\(chapter.id).html", title: chapter.title)
        return render(
            "chapter",
            [
                "order": chapter.order, "title": chapter.title, "html": ChapterHTML.forSite(chapter.html, videos: chapter.videos, root: root(depth: 1)),
                "quiz": quiz, "previous": neighbour(chapter.previous), "next": neighbour(chapter.next),
                "shareLinks": share, "hasShareLinks": !share.isEmpty,
            ] as [String: Any])
    }

    /// Plain share links (no third-party script). They need the page's full address, so
    /// they appear only when `base_url` is an absolute `https://` address.
    private func shareLinks(path: String, title: String) -> [[String: String]] {
        guard let base = program.settings.baseURL, base.hasPrefix("http") else { return [] }
        let url = HTML.queryValue(base + path)
        return program.settings.share.compactMap { target in
            switch target {
            case "twitter": return ["name": "X (Twitter)", "url": "https://twitter.com/intent/tweet?text=\(HTML.queryValue(title))&url=\(url)"]
            case "facebook": return ["name": "Facebook", "url": "https://www.facebook.com/sharer/sharer.php?u=\(url)"]
            default: return nil
            }
        }
    }

    /// The way from a page `depth` folders down back to the site's root.
    private func root(depth: Int) -> String {
        program.settings.baseURL ?? String(repeating: "../", count: depth)
    }

    private func page(_ content: String, title: String, depth: Int, current: String) -> String {
        let settings = program.settings
        let root = root(depth: depth)
        var contact: Any = false
        if let address = settings.contact {
            contact =
                address.hasPrefix("mailto:")
                ? address + "?subject=" + HTML.queryValue("Problem with \"\(title)\"") : address
        }
        return render(
            "layout",
            [
                "language": settings.language, "description": settings.description as Any,
                "pageTitle": title == settings.title ? title : "\(title) · \(settings.title)",
                "programTitle": settings.title, "root": root, "content": content,
                "isHome": current == "home", "isRights": current == "rights", "isDecks": current == "decks",
                "hasBillOfRights": program.billOfRights != nil, "billOfRightsTitle": program.billOfRights?.title ?? "",
                "hasDecks": !program.decks.isEmpty, "contact": contact,
            ] as [String: Any])
    }
}
