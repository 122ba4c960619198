import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import Foundation
import Mustache

/// Renders the static site from the compiled program alone: a welcome page with the
/// table of contents, the bill of rights, a page per chapter with its videos and quiz,
/// the flashcard decks, the learner's progress, search, and the scripts, stylesheet and
/// service worker. Links are relative, so the site opens from disk as well as served.
public struct SiteRenderer: Sendable {
    public let program: CompiledProgram
    public let version: String
    private let library: MustacheLibrary
    /// Where each chapter and quiz is in the program, by id (the first of an id that a
    /// checked program never repeats). Places, not values: `folio serve` makes a renderer
    /// on every save, and copying every chapter into a table was a large part of a save
    /// (docs/development.md, "Measured choices").
    private let chapterPlaces: [String: Int]
    private let quizPlaces: [String: Int]
    let pictures: PictureSizes
    /// The program's accent and logo.
    let look: SiteLook
    /// The interface's words in the language the pages are in.
    public let words: SiteWords
    /// The prepared words of the quiz markup (``QuizWords``).
    let quizWords: QuizWords
    private let searchIndex: SearchIndex?
    /// The chapter pages' frames, when every one could be made.
    private var frames: ChapterFrames?
    /// Whether chapter pages, and the rows of the home and progress pages' lists of
    /// chapters, are filled into frames (``PageFrame``) rather than rendered by Mustache
    /// one by one: the same bytes, which the tests compare.
    var usesFrames = true
    /// Where version 1's card marks go (``CardPlaces``), for `card-ids.json`.
    public var version1Places: [String: [String?]]?
    /// The bundle's file of a quiz (`quizzes/<id>.json`, pretty JSON) when this build
    /// wrote it already: a chapter's page then takes its quiz's JSON from it, compacted
    /// (``HTMLBytes/appendScriptJSON(compacting:)``), instead of encoding the quiz a
    /// second time.
    public var bundleQuiz: (@Sendable (String) -> Data?)?
    /// The language of the pages among the site's languages, and what fell back.
    public let language: SiteLanguage

    /// Nothing but the site's own files and YouTube's privacy-enhanced player, which is
    /// only loaded when a learner presses play; no inline script or style.
    public static let contentSecurityPolicy = contentSecurityPolicy(insightsURL: nil)

    /// The policy of a program's pages: with `insights.url`, the scripts may also send to
    /// that address, and to no other.
    public static func contentSecurityPolicy(insightsURL: String?) -> String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; "
            + "frame-src https://www.youtube-nocookie.com; connect-src 'self'\(insightsURL.map { " " + $0 } ?? ""); worker-src 'self'; manifest-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'"
    }

    /// `searchIndex` and `pictures`, when the build has made them already for the bundle;
    /// else they are made here. The pages are in the language of `words`, by default the
    /// program's own (`language:` of `folio.yaml`, with its `interface/<language>.yaml`).
    public init(
        program: CompiledProgram, version: String, searchIndex: SearchIndex? = nil, pictures: PictureSizes? = nil, words: SiteWords? = nil,
        language: SiteLanguage? = nil
    ) {
        self.program = program
        self.language = language ?? SiteLanguage(settings: program.settings)
        self.version = version
        let words = words ?? SiteWords.of(program, language: program.settings.language)
        self.words = words
        quizWords = QuizWords(words)
        self.searchIndex = searchIndex
        var library = MustacheLibrary()
        // The templates are constants of this module; a failure here is a bug in them.
        for (name, text) in SiteTemplates.all {
            try! library.register(text, named: name)
        }
        self.library = library
        chapterPlaces = Self.places(of: program.chapters.lazy.map(\.id))
        quizPlaces = Self.places(of: program.quizzes.lazy.map(\.id))
        self.pictures = pictures ?? program.pictureSizes()
        look = SiteLook(program: program)
        frames = makeChapterFrames()
    }

    /// One file of the site.
    public enum Page: Sendable {
        case home, billOfRights, chapter(Int), deckList, deck(Int), progress, search, asset(String), serviceWorker
        /// `manifest.webmanifest` and the icons it names, which make the site an app a
        /// phone can add to its home screen.
        case webAppManifest, appIcon(Int)
        /// `accent.css`, the program's accent in the site's colours, when it sets one.
        case accentStyles
        /// `card-ids.json`: each deck's card ids in order, which carries marks that
        /// version 1 saved by a card's place over to its id (`site.js`).
        case cardIDs
        /// The interface's words for the scripts (``SiteWords/scriptFile()``).
        case scriptWords
        /// `workbook.html`: the welcome page, the bill of rights and every chapter with its
        /// worksheet, one after another, to print (``workbookPage(_:)``).
        case workbook
    }

    /// Every page of the site, to render one by one (and in parallel).
    public func pages() -> [Page] {
        var pages: [Page] = [.home, .workbook]
        if program.billOfRights != nil { pages.append(.billOfRights) }
        pages += program.chapters.indices.map(Page.chapter)
        if !program.decks.isEmpty { pages += [.deckList, .cardIDs] }
        pages += program.decks.indices.map(Page.deck)
        pages += [.progress, .search]
        pages += SiteAssets.files.keys.filter { $0 != "sw.js" && !FacilitatorGuide.assets.contains($0) }.sorted().map(Page.asset)
        pages.append(.scriptWords)
        // Another language's pages use the default language's scripts, styles and media.
        guard language.isDefault else { return pages.filter(\.isLanguagePage) + [.scriptWords] }
        if look.palette != nil { pages.append(.accentStyles) }
        pages.append(.webAppManifest)
        pages += AppIcon.sizes.map(Page.appIcon)
        pages.append(.serviceWorker)
        return pages
    }

    /// A page's path in the site and its bytes.
    public func render(_ page: Page) -> (path: String, data: Data) {
        let text: String
        switch page {
        case .home:
            text = layout(page: page, home(), title: program.settings.title, depth: 0, current: "home")
        case .billOfRights:
            let rights = program.billOfRights!
            var content = render("rights", ["title": rights.title, "list": rightsList(rights, asHeadings: true)])
            if language.fallbacks.contains(.billOfRights) { content = inDefaultLanguage(content, note: true) }
            text = layout(page: page, content, title: rights.title, depth: 0, current: "rights", styles: ["rights.css"])
        case .chapter(let index):
            let chapter = program.chapters[index]
            if usesFrames, let frames, let data = chapterPage(chapter, frames: frames) { return (pagePath(page), data) }
            text = layout(
                page: page, self.chapter(chapter), title: chapter.title, depth: 1, current: "", scripts: chapterScripts(hasQuiz: hasQuiz(chapter)))
        case .deckList:
            text = layout(page: page, render("decks", ["decks": deckSummaries()]), title: words.text("deck.list-title"), depth: 1, current: "decks")
        case .deck(let index):
            let deck = program.decks[index]
            var content = render(
                "deck",
                [
                    "id": deck.id, "title": deck.title,
                    "cards": deck.cards.map { ["id": $0.id, "front": cardPicture($0.image) + cardHTML($0.front), "back": cardHTML($0.back)] },
                    "quiz": deckQuiz(deck),
                ])
            if language.fallbacks.contains(TranslatedPart(.deck, deck.id)) { content = inDefaultLanguage(content, note: true) }
            text = layout(page: page, content, title: deck.title, depth: 1, current: "decks", scripts: ["scheduler.js", "cards.js"])
        case .progress:
            text = layout(
                page: page, progress(), title: words.text("progress-page.title"), depth: 0, current: "progress",
                scripts: ["progress-file.js", "progress.js"] + insightsScripts)
        case .search:
            var data = Data()
            do {
                try searchPage { data.append(contentsOf: $0) }
            } catch {
                data = wholeSearchPage()
            }
            return (pagePath(page), data)
        case .asset(let name):
            let asset = SiteAssets.files[name] ?? ""
            text = AssetCompactor.compact(name == "favicon.svg" ? look.favicon(asset) : asset, name: name)
        case .accentStyles:
            text = AssetCompactor.compact(look.styles() ?? "", name: SiteLook.stylesPath)
        case .webAppManifest:
            return (pagePath(page), WebAppManifest(settings: program.settings, look: look).json())
        case .appIcon(let size):
            return (pagePath(page), AppIcon(size: size, background: look.accent).png())
        case .serviceWorker:
            // The workbook is for printing, and as large as every chapter together: not kept offline.
            let offline = pages().filter { if case .workbook = $0 { false } else { true } }
            text = ServiceWorker(program: program, version: version, pages: offline.map(pagePath) + otherLanguagesPaths()).script()
        case .scriptWords:
            text = words.scriptFile()
        case .workbook:
            var data = Data()
            workbookPage { data.append(contentsOf: $0) }
            return (pagePath(page), data)
        case .cardIDs:
            // Sorted keys (JSONOutput), so the file is the same from build to build.
            let ids = CardIDs(
                decks: Dictionary(program.decks.map { ($0.id, $0.cards.map(\.id)) }, uniquingKeysWith: { first, _ in first }),
                version1Places: version1Places)
            return (pagePath(page), (try? JSONOutput.compact(ids)) ?? Data("{}".utf8))
        }
        return (pagePath(page), Data(text.utf8))
    }

    /// The search page a piece at a time, each handed to `emit` in order: its index is
    /// tens of megabytes in a large program, and written as it is made, never held whole
    /// (``SiteOutput``). The index goes into the page's bytes where a marker stands, rather
    /// than through the templates as text, which would hold several copies of it at once.
    /// Throws ``SearchPageUnwritable`` before emitting anything for a program whose own
    /// text holds the marker: the page is then made whole (``wholeSearchPage()``).
    public func searchPage(_ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        let marker = "\u{1}search-index\u{1}"
        let parts = searchPageAround(marker).components(separatedBy: marker)
        guard parts.count == 2 else { throw SearchPageUnwritable() }
        // Each entry's text in the page is the same whatever is around it
        // (``SearchPageIndex/pageText(_:)``), so the entries are written one by one,
        // gathered into pieces of about a megabyte.
        var piece: [UInt8] = []
        piece.reserveCapacity(1 << 20 + 1 << 16)
        func flush() throws {
            try piece.withUnsafeBytes(emit)
            piece.removeAll(keepingCapacity: true)
        }
        piece += parts[0].utf8
        piece.append(UInt8(ascii: "["))
        for (position, entry) in searchPageIndex.index.entries.enumerated() {
            if position > 0 { piece.append(UInt8(ascii: ",")) }
            piece += SearchPageIndex.pageText(entry).utf8
            if piece.count >= 1 << 20 { try flush() }
        }
        piece.append(UInt8(ascii: "]"))
        piece += parts[1].utf8
        try flush()
    }

    /// The search page made whole, the slow way: for a program whose own text holds the
    /// marker ``searchPage(_:)`` writes the index at.
    public func wholeSearchPage() -> Data {
        Data(searchPageAround(HTML.scriptJSON(String(decoding: searchPageIndex.jsonData(), as: UTF8.self))).utf8)
    }

    /// The search page with `index` where its index goes.
    private func searchPageAround(_ index: String) -> String {
        layout(
            page: .search, render("search", ["index": index]), title: words.text("search.title"), depth: 0, current: "search",
            scripts: ["quiz-engine.js", "search.js"])
    }

    /// The given index, else the one of what the pages show: in another language, titled
    /// in its words (``SearchIndex/init(program:shelf:)``) as the bundle's is.
    private var searchPageIndex: SearchPageIndex {
        if let searchIndex { return SearchPageIndex(index: searchIndex) }
        return SearchPageIndex(program: program)
    }

    /// Thrown by ``searchPage(_:)`` when the page must be made whole instead.
    public struct SearchPageUnwritable: Error {}

    /// Every file of the site by path, media excluded (the builder copies those).
    public func files() -> [(path: String, data: Data)] {
        pages().map(render)
    }

    /// Every page by the path it is written to, for serving pages one at a time.
    public func pagesByPath() -> [String: Page] {
        Dictionary(pages().map { (pagePath($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The paths of the pages and words of the site's other languages, which the service
    /// worker keeps with the default language's: the same pages, a folder down.
    private func otherLanguagesPaths() -> [String] {
        guard language.isDefault else { return [] }
        let own = pages().filter { page in
            guard case .workbook = page else { return page.isLanguagePage }
            return false
        }.map(languagePath)
        return language.all.filter { $0 != language.current }.flatMap { other in
            own.map { language.folder(of: other) + $0 } + ["words-\(other).js"]
        }
    }

    /// Where a page is written, without rendering it: a page of another language in its
    /// folder (`es/chapters/who-am-i.html`).
    func pagePath(_ page: Page) -> String {
        page.isLanguagePage ? language.folder + languagePath(page) : languagePath(page)
    }

    /// Where a page is within its language's folder.
    func languagePath(_ page: Page) -> String {
        switch page {
        case .home: return "index.html"
        case .workbook: return "workbook.html"
        case .billOfRights: return "bill-of-rights.html"
        case .chapter(let index): return "chapters/\(program.chapters[index].id).html"
        case .deckList: return "decks/index.html"
        case .deck(let index): return "decks/\(program.decks[index].id).html"
        case .progress: return "progress.html"
        case .search: return "search.html"
        case .asset(let name): return name
        case .serviceWorker: return "sw.js"
        case .webAppManifest: return WebAppManifest.path
        case .appIcon(let size): return AppIcon.path(size: size)
        case .accentStyles: return SiteLook.stylesPath
        case .cardIDs: return CardIDs.path
        case .scriptWords: return words.scriptPath
        }
    }

    /// The bill of rights' intro and list (``SiteTemplates/rightsList``): each right a
    /// heading with its id on its page, a paragraph in the workbook.
    func rightsList(_ rights: BillOfRights, asHeadings: Bool) -> String {
        var values: [String: Any] = ["rights": rights.rights, "anchored": asHeadings, "rightTag": asHeadings ? "h2" : "p"]
        if let intro = rights.intro { values["intro"] = intro }
        return render("rightsList", values)
    }

    /// `object` through `template`; a template given values by name is given the
    /// interface's words as well (`t`).
    func render(_ template: String, _ object: Any) -> String {
        guard var values = object as? [String: Any] else { return library.render(object, withTemplate: template) ?? "" }
        values["t"] = words.templateValues
        return library.render(values, withTemplate: template) ?? ""
    }

    private func deckSummaries() -> [[String: Any]] {
        program.decks.map {
            [
                "id": $0.id, "title": $0.title, "cardCount": $0.cards.count, "cardIDs": $0.cards.map(\.id).joined(separator: " "),
                "cardLabel": words.text("deck.card-count", count: $0.cards.count),
                "knownLabel": words.text("progress-page.cards-known", ["known": words.number(0), "count": words.number(Double($0.cards.count))]),
            ]
        }
    }

    /// A chapter's values for the home and progress pages' rows.
    private static func summary(of chapter: CompiledChapter) -> [String: Any] {
        ["id": chapter.id, "title": chapter.title, "summary": shown(chapter.summary), "order": chapter.order, "quiz": shown(chapter.quiz)]
    }

    /// A value that may be missing, as a template's section takes it: Mustache reads a
    /// missing optional as a value, and shows it as `nil` (a page described as "nil", a
    /// chapter's summary "nil"); `false` hides the section.
    private static func shown(_ value: String?) -> Any { value.map { $0 as Any } ?? false }

    /// A row for each chapter, as the template `homeChapter` or `progressChapter` makes
    /// it, one after another: each filled into a frame of the template (``PageFrame``)
    /// for its shape (with or without a quiz, with or without a summary). Rendered by
    /// Mustache one by one, every value of every row was looked up by name, and cast,
    /// several times.
    private func chapterRows(_ template: String) -> String {
        var frames: [Int: PageFrame?] = [:]
        var out: [UInt8] = []
        for chapter in program.chapters {
            let shape = (chapter.quiz == nil ? 0 : 1) | (chapter.summary == nil ? 0 : 2)
            if usesFrames, frames[shape] == nil {
                frames[shape] = PageFrame(slots: 5) { marker in
                    render(
                        template,
                        [
                            "id": marker(0), "quiz": shape & 1 != 0 ? marker(1) : false, "order": marker(2), "title": marker(3),
                            "summary": shape & 2 != 0 ? marker(4) : false,
                        ] as [String: Any])
                }
            }
            // A chapter shown in the default language says so in its row, which no frame has.
            let fellBack = language.fallbacks.contains(TranslatedPart(.chapter, chapter.id))
            guard usesFrames, !fellBack, let frame = frames[shape] ?? nil else {
                var values = Self.summary(of: chapter)
                if fellBack { values["lang"] = language.defaultLanguage }
                out += render(template, values).utf8
                continue
            }
            frame.fill(
                [.text(chapter.id), .text(chapter.quiz ?? ""), .text(String(chapter.order)), .text(chapter.title), .text(chapter.summary ?? "")],
                into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func home() -> String {
        let html = BodyHTML.render(
            program.welcome.body,
            style: SiteBodyStyle(
                root: root(depth: 0), mediaRoot: assetRoot(depth: 0), videos: program.welcome.videos, share: nil, pictures: pictures, words: words,
                baseURL: program.settings.baseURL))
        let fellBack = language.fallbacks.contains(.welcome)
        return render(
            "home",
            [
                "title": program.welcome.title, "untranslatedNote": fellBack ? words.text("site.untranslated-note") : false,
                "titleLang": fellBack ? language.defaultLanguage : false,
                "html": fellBack ? inDefaultLanguage(Self.belowTitle(html)) : Self.belowTitle(html),
                "chapterRows": chapterRows("homeChapter"), "hasDecks": !program.decks.isEmpty, "decks": deckSummaries(),
            ] as [String: Any])
    }

    /// The welcome's text under the page's title, the one `h1`: a heading the author wrote
    /// with one `#` (warned of as `heading-level-one`) is shown as the level below it.
    /// Folio rendered the text and escaped its `<`, so a tag is a heading Markdown made.
    static func belowTitle(_ html: String) -> String {
        guard html.contains("<h1") else { return html }
        return html.replacingOccurrences(of: "<h1", with: "<h2").replacingOccurrences(of: "</h1>", with: "</h2>")
    }

    private func progress() -> String {
        render(
            "progress",
            [
                "chapterRows": chapterRows("progressChapter"), "hasDecks": !program.decks.isEmpty, "decks": deckSummaries(),
                "insights": insightsValues() ?? false,
            ] as [String: Any])
    }

    /// The progress page's part on anonymous insights: the setting as a share of answers,
    /// and the privacy loss of a report (``InsightsRule/epsilon``).
    private func insightsValues() -> [String: Any]? {
        guard let settings = program.settings.insights, let rule = InsightsRule(randomize: settings.randomize) else { return nil }
        let percent = words.number((settings.randomize * 1000).rounded() / 10) + "%"
        let epsilon = words.number((rule.epsilon * 10).rounded() / 10)
        return [
            "how": words.text("insights.how", ["percent": percent]), "parents": words.text("insights.parents", ["epsilon": epsilon]),
            "sharesFile": settings.url == nil,
        ]
    }

    /// "Quiz me on this deck": each card's back to pick among four, the quiz `folio study
    /// --quiz choices` asks, in every question; none for a deck with fewer than four
    /// different backs. Card text is HTML as the cards show it.
    private func deckQuiz(_ deck: Deck) -> String {
        guard DeckQuiz.canAsk(deck, style: .choices) else { return "" }
        var quiz = DeckQuiz.quiz(for: deck, style: .choices)
        quiz.questions = DeckQuiz.questions(for: deck, style: .choices, html: cardHTML)
        return QuizMarkup(quiz: quiz, words: quizWords, chapter: "", deck: deck.id).html()
    }

    /// A card's front or back as HTML: its inline Markdown rendered by the compiler, or
    /// its plain words escaped.
    private func cardHTML(_ text: String) -> String {
        program.cardHTML[text] ?? HTML.escape(text)
    }

    /// A card's picture, shown above its front, from the deck page one folder down.
    private func cardPicture(_ image: Deck.CardImage?) -> String {
        guard let image else { return "" }
        var html = "<img class=\"card-image\" src=\"" + assetRoot(depth: 1) + BodyHTML.escapeAddress(image.path) + "\" alt=\"" + HTML.escape(image.alt) + "\""
        if let size = pictures.size(.media(path: image.path, suffix: "")) { html += " width=\"\(size.width)\" height=\"\(size.height)\"" }
        return html + ">"
    }

    private static func places(of ids: some Collection<String>) -> [String: Int] {
        var places: [String: Int] = [:]
        places.reserveCapacity(ids.count)
        for (place, id) in ids.enumerated() where places[id] == nil { places[id] = place }
        return places
    }

    private func chapter(id: String?) -> CompiledChapter? { id.flatMap { chapterPlaces[$0] }.map { program.chapters[$0] } }

    func quiz(id: String?) -> Quiz? { id.flatMap { quizPlaces[$0] }.map { program.quizzes[$0] } }

    private func hasQuiz(_ chapter: CompiledChapter) -> Bool { chapter.quiz.flatMap { quizPlaces[$0] } != nil }

    /// A chapter's scripts: with a quiz, the engine and the quiz's page, and, when the
    /// program asks for anonymous insights, `insights.js`.
    func chapterScripts(hasQuiz: Bool) -> [String] {
        hasQuiz ? ["quiz-engine.js", "quiz.js"] + insightsScripts : []
    }

    /// `insights.js`, for a program that asks for anonymous insights (`insights:`).
    var insightsScripts: [String] { program.settings.insights == nil ? [] : ["insights.js"] }

    /// A number as JavaScript and the settings write it: `0.3`, not `0.29999...`.
    static func decimal(_ value: Double) -> String { "\(value)" }

    /// What a chapter's page shows of it, but for what the program says of every page:
    /// its body and quiz as UTF-8, as a framed page takes them.
    private struct ChapterParts {
        var html: [UInt8]
        var quiz: [UInt8]
        var shareLinks: [[String: String]]
    }

    private func parts(of chapter: CompiledChapter) -> ChapterParts {
        // Quiz text points into the media from the bundle's root; the page is a folder down.
        let quiz =
            quiz(id: chapter.quiz).map { quiz in
                let onPage = MediaAddresses.rewrite(quiz, from: "media/", to: assetRoot(depth: 1) + "media/")
                // The bundle's JSON is the page's unless an address changed on the way.
                let json = onPage == quiz ? bundleQuiz?(quiz.id) : nil
                var out = HTMLBytes()
                out += QuizMarkup(quiz: onPage, words: quizWords, chapter: chapter.id, json: json).htmlBytes()
                Worksheet(quiz: onPage, words: quizWords).html(into: &out)
                return out.bytes
            } ?? [UInt8]()
        let share = SharePage(settings: program.settings, path: language.folder + "chapters/\(chapter.id).html", words: words)
        var html = BodyHTML.renderBytes(
            chapter.body,
            style: SiteBodyStyle(
                root: root(depth: 1), mediaRoot: assetRoot(depth: 1), videos: chapter.videos, share: share, quizID: chapter.quiz, pictures: pictures,
                words: words, baseURL: program.settings.baseURL))
        var shownQuiz = quiz
        let chapterFellBack = language.fallbacks.contains(TranslatedPart(.chapter, chapter.id))
        if chapterFellBack { html = Array(inDefaultLanguage(String(decoding: html, as: UTF8.self)).utf8) }
        if let id = chapter.quiz, !quiz.isEmpty, language.fallbacks.contains(TranslatedPart(.quiz, id)) {
            // A quiz is shown whole in one language: the note says so when the chapter
            // above it is translated.
            shownQuiz = Array(inDefaultLanguage(String(decoding: quiz, as: UTF8.self), note: !chapterFellBack).utf8)
        }
        return ChapterParts(html: html, quiz: shownQuiz, shareLinks: share.links(title: chapter.title, fragment: nil))
    }

    private func chapter(_ chapter: CompiledChapter) -> String {
        func neighbour(_ id: String?) -> Any {
            guard let other = self.chapter(id: id) else { return false }
            return ["id": other.id, "title": other.title]
        }
        let parts = parts(of: chapter)
        let fellBack = language.fallbacks.contains(TranslatedPart(.chapter, chapter.id))
        return render(
            "chapter",
            [
                "id": chapter.id, "chapterNumber": words.text("chapter.number", ["number": String(chapter.order)]), "title": chapter.title,
                "untranslatedNote": fellBack ? words.text("site.untranslated-note") : false, "titleLang": fellBack ? language.defaultLanguage : false,
                "html": String(decoding: parts.html, as: UTF8.self),
                "quiz": String(decoding: parts.quiz, as: UTF8.self), "previous": neighbour(chapter.previous), "next": neighbour(chapter.next),
                "shareLinks": parts.shareLinks, "hasShareLinks": !parts.shareLinks.isEmpty,
            ] as [String: Any])
    }

    /// A chapter's page filled into its frames; nil when its shape has none.
    private func chapterPage(_ chapter: CompiledChapter, frames: ChapterFrames) -> Data? {
        // A chapter shown in the default language says so above its title, which no
        // frame has.
        guard !language.fallbacks.contains(TranslatedPart(.chapter, chapter.id)) else { return nil }
        let previous = self.chapter(id: chapter.previous)
        let next = self.chapter(id: chapter.next)
        let parts = parts(of: chapter)
        guard parts.shareLinks.count == frames.shareLinkCount,
            let content = frames.content[ChapterFrames.shape(previous: previous != nil, next: next != nil)],
            let layout = frames.layout[hasQuiz(chapter)]
        else { return nil }
        var values: [PageFrame.Value] = [
            .text(chapter.id), .text(String(chapter.order)), .text(chapter.title), .bytes(parts.html), .bytes(parts.quiz),
            .text(previous?.id ?? ""), .text(previous?.title ?? ""), .text(next?.id ?? ""), .text(next?.title ?? ""),
        ]
        values += parts.shareLinks.map { .text($0["url"] ?? "") }
        var body: [UInt8] = []
        body.reserveCapacity(content.fixedSize + parts.html.count + parts.quiz.count + 512)
        content.fill(values, into: &body)
        var page: [UInt8] = []
        page.reserveCapacity(layout.fixedSize + body.count + 512)
        layout.fill(
            [
                .text(pageTitle(chapter.title)), .text(canonical(.chapter(0), path: language.folder + "chapters/\(chapter.id).html") ?? ""),
                .bytes(body), .text(contactAddress(title: chapter.title) ?? ""), .text(chapter.id),
            ],
            into: &page)
        return Data(page)
    }

    /// The way from a page `depth` folders down back to the site's root: always relative,
    /// whatever `base_url` says, so that the same build works from disk (`file://`), from
    /// a preview on another host and from the published address.
    func root(depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    /// The way from a page `depth` folders down in its language's folder to the site's
    /// root, where the scripts, styles and media are.
    func assetRoot(depth: Int) -> String {
        root(depth: depth) + (language.isDefault ? "" : "../")
    }

    /// HTML of a part shown in the default language on a page of another: marked with
    /// its language, so that a screen reader reads it so, after a note in the page's
    /// language that it is not translated yet.
    func inDefaultLanguage(_ html: String, note: Bool = false) -> String {
        let opening = "<div lang=\"" + HTML.escape(language.defaultLanguage) + "\">"
        let shownNote = note ? "<p class=\"notice untranslated\" role=\"note\">" + HTML.escape(words.text("site.untranslated-note")) + "</p>\n" : ""
        return shownNote + opening + html + "</div>"
    }

    /// The page in each of the site's languages, for its switcher and its alternate
    /// links: the same page, relative to this one, or published when `base_url` is an
    /// absolute address.
    /// `path` is the page's within its language's folder, when not `page`'s own.
    private func languageValues(page: Page, depth: Int, path: String? = nil) -> [String: Any] {
        guard language.all.count > 1, page.isLanguagePage else { return ["hasLanguages": false, "alternates": [] as [Any]] }
        let path = path ?? languagePath(page)
        let links: [[String: Any]] = language.all.map { tag in
            [
                "tag": tag, "name": SiteLanguage.name(of: tag), "current": tag == language.current,
                "href": assetRoot(depth: depth) + language.folder(of: tag) + path,
            ]
        }
        func published(_ tag: String) -> String {
            canonical(page, path: language.folder(of: tag) + path) ?? assetRoot(depth: depth) + language.folder(of: tag) + path
        }
        let alternates =
            language.all.map { ["tag": $0, "href": published($0)] } + [["tag": "x-default", "href": published(language.defaultLanguage)]]
        return ["hasLanguages": true, "languageLinks": links, "alternates": alternates]
    }

    /// The page's published address, from an absolute `base_url`: for search engines and
    /// share links only, never to load anything.
    private func canonical(_ page: Page, path: String? = nil) -> String? {
        guard let base = program.settings.baseURL, base.hasPrefix("http://") || base.hasPrefix("https://") else { return nil }
        let path = path ?? pagePath(page)
        // A folder's address, not its index file's: `https://example.org/spring/`.
        return base + (path.hasSuffix("index.html") ? String(path.dropLast("index.html".count)) : path)
    }

    func layout(
        page: Page, _ content: String, title: String, depth: Int, current: String, scripts: [String] = [], styles: [String] = []
    ) -> String {
        render("layout", layoutValues(page: page, content, title: title, depth: depth, current: current, scripts: scripts, styles: styles))
    }

    /// `languagePath` is the page's within its language's folder, when not `page`'s own.
    private func layoutValues(
        page: Page, _ content: String, title: String, depth: Int, current: String, scripts: [String] = [], styles: [String] = [],
        languagePath: String? = nil
    ) -> [String: Any] {
        let settings = program.settings
        var values: [String: Any] = [
            "language": words.language, "description": Self.shown(settings.description), "wordsScript": words.scriptPath,
            "pageTitle": pageTitle(title),
            "programTitle": settings.title, "programKey": settings.id,
            "legacyProgramKey": ContentID.make(from: settings.title, rule: .version1Key) ?? "program", "root": root(depth: depth),
            "canonical": Self.shown(canonical(page)),
            "content": content, "scripts": scripts, "styles": styles, "contentSecurityPolicy": Self.contentSecurityPolicy(insightsURL: settings.insights?.url),
            "isHome": current == "home", "isRights": current == "rights", "isDecks": current == "decks",
            "isProgress": current == "progress", "isSearch": current == "search",
            // A chapter with a quiz: "Skip to the quiz" follows "Skip to the content".
            "hasQuiz": scripts.contains("quiz.js"),
            "hasBillOfRights": program.billOfRights != nil, "billOfRightsTitle": program.billOfRights?.title ?? "",
            "hasDecks": !program.decks.isEmpty, "contact": Self.shown(contactAddress(title: title)),
            "hasAccent": look.palette != nil, "accentStyles": SiteLook.stylesPath, "logo": logoValues() ?? false,
            "assetRoot": assetRoot(depth: depth),
            // Links the scripts make to pages stay in the page's language.
            "pagesRoot": language.isDefault ? false : (depth == 0 ? "./" : root(depth: depth)),
            "insights": settings.insights.map { ["randomize": Self.decimal($0.randomize), "url": $0.url ?? false] as [String: Any] } ?? false,
        ]
        values.merge(languageValues(page: page, depth: depth, path: languagePath)) { _, new in new }
        return values
    }

    /// The frames of the chapter pages: the chapter template for each of the four shapes
    /// of a chapter (with or without a previous and a next one), and the layout around it
    /// with and without a quiz's scripts. Slots, in order: the chapter's id, number, title,
    /// text and quiz; the previous chapter's id and title, the next one's; then each share
    /// link's address. The layout's: the page's title, its published address, its content,
    /// the address to report a problem to, and the chapter's id, where the links to the
    /// page in the site's other languages name it.
    private func makeChapterFrames() -> ChapterFrames? {
        let marker = PageFrame.marker
        let links = SharePage(settings: program.settings, path: "", words: words).links(title: "", fragment: nil)
        var content: [Int: PageFrame] = [:]
        for (previous, next) in [(false, false), (true, false), (false, true), (true, true)] {
            let frame = PageFrame(slots: 9 + links.count) { marker in
                render(
                    "chapter",
                    [
                        "id": marker(0), "chapterNumber": words.text("chapter.number", ["number": marker(1)]), "title": marker(2), "html": marker(3),
                        "quiz": marker(4),
                        "previous": previous ? ["id": marker(5), "title": marker(6)] : false as Any,
                        "next": next ? ["id": marker(7), "title": marker(8)] : false as Any,
                        "shareLinks": links.indices.map { ["name": links[$0]["name"] ?? "", "url": marker(9 + $0)] },
                        "hasShareLinks": !links.isEmpty,
                    ] as [String: Any])
            }
            guard let frame else { return nil }
            content[ChapterFrames.shape(previous: previous, next: next)] = frame
        }
        var layout: [Bool: PageFrame] = [:]
        for hasQuiz in [false, true] {
            var values = layoutValues(
                page: .chapter(0), "", title: "", depth: 1, current: "", scripts: chapterScripts(hasQuiz: hasQuiz),
                languagePath: "chapters/" + marker(4) + ".html")
            values["pageTitle"] = marker(0)
            if canonical(.home) != nil { values["canonical"] = marker(1) }
            values["content"] = marker(2)
            if program.settings.contact != nil { values["contact"] = marker(3) }
            guard let frame = PageFrame(slots: 5, render: { _ in render("layout", values) }) else { return nil }
            layout[hasQuiz] = frame
        }
        return ChapterFrames(content: content, layout: layout, shareLinkCount: links.count)
    }

    /// The logo's address from the site's root, and its size when known, for the header.
    private func logoValues() -> [String: Any]? {
        guard let logo = look.logo else { return nil }
        var values: [String: Any] = ["src": BodyHTML.escapeAddress(logo.bundlePath)]
        if let width = logo.width, let height = logo.height { values["size"] = ["width": width, "height": height] }
        return values
    }

    func pageTitle(_ title: String) -> String {
        title == program.settings.title ? title : words.text("site.page-title", ["title": title, "program": program.settings.title])
    }

    /// Where "Report a problem with this page" goes, naming the page in an email's subject.
    private func contactAddress(title: String) -> String? {
        guard let address = program.settings.contact else { return nil }
        return address.hasPrefix("mailto:") ? address + "?subject=" + HTML.queryValue(words.text("site.problem-subject", ["title": title])) : address
    }
}

/// The frames of a site's chapter pages (``PageFrame``).
struct ChapterFrames: Sendable {
    /// The chapter template's, by ``shape(previous:next:)``.
    var content: [Int: PageFrame]
    /// The layout's, with a quiz's scripts and without.
    var layout: [Bool: PageFrame]
    /// The share links every chapter page has (the program's `share:` list).
    var shareLinkCount: Int

    static func shape(previous: Bool, next: Bool) -> Int { (previous ? 1 : 0) + (next ? 2 : 0) }
}

/// Plain share links (no third-party script), for a page or a place in it. They need
/// the page's full address, so there are none unless `base_url` is an absolute address.
struct SharePage {
    let settings: ProgramSettings
    let path: String
    /// The words of the page's language, which name each service.
    let words: SiteWords

    func links(title: String, fragment: String?) -> [[String: String]] {
        guard let base = settings.baseURL, base.hasPrefix("http") else { return [] }
        let url = HTML.queryValue(base + path + (fragment.map { "#" + $0 } ?? ""))
        return settings.share.compactMap { target in
            switch target {
            case "twitter":
                return ["name": words.text("site.share-twitter"), "url": "https://twitter.com/intent/tweet?text=\(HTML.queryValue(title))&url=\(url)"]
            case "facebook": return ["name": words.text("site.share-facebook"), "url": "https://www.facebook.com/sharer/sharer.php?u=\(url)"]
            default: return nil
            }
        }
    }
}

/// The language of a site's pages among its languages (docs/output.md, "Languages"): the
/// default language's pages are at the site's root, another's in a folder named by its
/// tag (`es/`), with the same pages and paths.
public struct SiteLanguage: Sendable {
    /// Every language of the site, as `languages` lists them.
    public var all: [String]
    /// The program's default language.
    public var defaultLanguage: String
    /// The language of the pages.
    public var current: String
    /// The parts shown in the default language on these pages (``LocalizedProgram``).
    public var fallbacks: Set<TranslatedPart>

    /// `current` among the languages of a program with `settings`.
    public init(settings: ProgramSettings, current: String? = nil, fallbacks: Set<TranslatedPart> = []) {
        all = settings.languages
        defaultLanguage = settings.language
        self.current = current ?? settings.language
        self.fallbacks = fallbacks
    }

    /// Whether the pages are the default language's, at the site's root.
    public var isDefault: Bool { current == defaultLanguage }

    /// The folder of the pages, from the site's root: `""` or `"es/"`.
    public var folder: String { folder(of: current) }

    /// The folder of `language`'s pages, from the site's root.
    public func folder(of language: String) -> String { language == defaultLanguage ? "" : language + "/" }

    /// A language's name as it writes it (`English`, `Español`), for the switcher, where a
    /// learner looks for their own.
    public static func name(of tag: String) -> String {
        guard let name = Locale(identifier: tag).localizedString(forIdentifier: tag), !name.isEmpty else { return tag }
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}

extension SiteRenderer.Page {
    /// Whether each language has the page, in its folder: the pages learners read, and
    /// not the scripts, styles, icons and files every language shares.
    var isLanguagePage: Bool {
        switch self {
        case .home, .billOfRights, .chapter, .deckList, .deck, .progress, .search, .workbook: return true
        default: return false
        }
    }
}
