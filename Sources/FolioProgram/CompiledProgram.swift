import FolioCore
import FolioInterface
import FolioModel

/// Everything a compiled program holds, in memory: what the compiler hands to each
/// output (the bundle, the site). Chapter and page texts are ``Body`` values, decided
/// once; each output renders them its own way.
public struct CompiledProgram: Sendable {
    /// The program's title and settings, from `folio.yaml`.
    public var settings: ProgramSettings
    /// The welcome page, the first page learners see.
    public var welcome: CompiledPage
    /// The rights every learner has, when the program states them.
    public var billOfRights: BillOfRights?
    /// In reading order.
    public var chapters: [CompiledChapter]
    /// Sorted by id.
    public var quizzes: [Quiz]
    /// Sorted by id.
    public var decks: [Deck]
    /// Media files by bundle path (`media/...`) with their content folder path.
    public var media: [MediaFile]
    /// The HTML of each card front or back written with inline Markdown (`**bold**`,
    /// `*italic*`, a link), by its text; a text not here is plain, and shown escaped. The
    /// bundle keeps the Markdown, as the terminal and `quiz_from_deck` read it.
    public var cardHTML: [String: String]
    /// The program's own interface catalogues (`interface/<language>.yaml`), by language:
    /// each goes over Folio's own (``InterfaceCatalogue/forLanguage(_:adding:)``).
    public var interfaceCatalogues: [String: InterfaceCatalogue] = [:]
    /// The program in each of its other languages, in the order `languages` lists them;
    /// empty for a program in one language.
    public var translations: [CompiledTranslation]
    /// What the author wrote for facilitators, for the facilitator's guide alone.
    public var facilitator = FacilitatorGuideNotes()

    /// A compiled program from its parts, as the compiler assembles it.
    public init(
        settings: ProgramSettings, welcome: CompiledPage, billOfRights: BillOfRights?, chapters: [CompiledChapter],
        quizzes: [Quiz], decks: [Deck], media: [MediaFile], cardHTML: [String: String] = [:], translations: [CompiledTranslation] = []
    ) {
        self.settings = settings
        self.welcome = welcome
        self.billOfRights = billOfRights
        self.chapters = chapters
        self.quizzes = quizzes
        self.decks = decks
        self.media = media
        self.cardHTML = cardHTML
        self.translations = translations
    }

    /// The program's parts in `language`, when it is one of its other languages.
    public func translation(_ language: String) -> CompiledTranslation? { translations.first { $0.language == language } }

    /// The quiz `id`, or nil when the program has none by that id.
    public func quiz(_ id: String) -> Quiz? { quizzes.first { $0.id == id } }

    /// The pictures among the media whose size is known, by bundle path.
    public func pictureSizes() -> PictureSizes {
        PictureSizes(
            Dictionary(
                media.compactMap { file in
                    guard let width = file.width, let height = file.height else { return nil }
                    return (file.bundlePath, ChapterImage(source: file.bundlePath, width: width, height: height))
                }, uniquingKeysWith: { first, _ in first }))
    }
}

/// A chapter as the compiler leaves it: what the bundle's ``Chapter`` holds, with its
/// text as a ``Body`` rather than as HTML.
public struct CompiledChapter: Sendable, Hashable {
    /// The chapter's id: its file's name, unless its front matter states one.
    public var id: String
    /// The chapter's title, from its front matter.
    public var title: String
    /// One line on what the chapter is about, when the author wrote one.
    public var summary: String?
    /// The chapter's place in reading order, from 1.
    public var order: Int
    /// The id of the quiz shown at the end of the chapter.
    public var quiz: String?
    /// The chapter's text, resolved and sanitised, for each output to render.
    public var body: Body
    /// The videos, by the index their slots in ``body`` give.
    public var videos: [Video]
    /// The chapter's headings, with the ids their anchors take, in order.
    public var headings: [Heading]
    /// The text without markup, for search, read from the shelf if it is there.
    public var plainText: String {
        get { shelvedPlainText.text }
        set { shelvedPlainText = ShelvedText(newValue) }
    }
    /// The text without markup, in memory or on a shelf (``shelved(on:)``).
    package var shelvedPlainText: ShelvedText
    /// The neighbouring chapters in reading order.
    public var previous: String?
    /// The id of the chapter after this one; nil for the last.
    public var next: String?

    /// A chapter whose plain text is in memory.
    public init(
        id: String, title: String, summary: String?, order: Int, quiz: String?, body: Body, videos: [Video], headings: [Heading],
        plainText: String, previous: String? = nil, next: String? = nil
    ) {
        self.init(
            id: id, title: title, summary: summary, order: order, quiz: quiz, body: body, videos: videos, headings: headings,
            plainText: ShelvedText(plainText), previous: previous, next: next)
    }

    /// A chapter whose plain text may be on a shelf already.
    package init(
        id: String, title: String, summary: String?, order: Int, quiz: String?, body: Body, videos: [Video], headings: [Heading],
        plainText: ShelvedText, previous: String? = nil, next: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.order = order
        self.quiz = quiz
        self.body = body
        self.videos = videos
        self.headings = headings
        self.shelvedPlainText = plainText
        self.previous = previous
        self.next = next
    }
}

/// What a chapter's text below its front matter compiles to: the part of a
/// ``CompiledChapter`` its front matter does not decide.
public struct ChapterText: Sendable {
    /// The text, resolved and sanitised.
    public var body: Body
    /// The videos, by the index their slots in ``body`` give.
    public var videos: [Video]
    /// The headings, with the ids their anchors take, in order.
    public var headings: [Heading]
    /// The text without markup, for search.
    public var plainText: String

    /// A chapter's compiled text from its parts.
    public init(body: Body, videos: [Video], headings: [Heading], plainText: String) {
        self.body = body
        self.videos = videos
        self.headings = headings
        self.plainText = plainText
    }
}

extension CompiledChapter {
    /// Gives each chapter of `chapters`, in reading order, its neighbours.
    public static func linkNeighbours(_ chapters: inout [CompiledChapter]) {
        for i in chapters.indices {
            chapters[i].previous = i > 0 ? chapters[i - 1].id : nil
            chapters[i].next = i + 1 < chapters.count ? chapters[i + 1].id : nil
        }
    }
}

/// A page of text that is not a chapter (the welcome page), as the compiler leaves it.
public struct CompiledPage: Sendable, Hashable {
    /// The page's title.
    public var title: String
    /// The page's text, resolved and sanitised.
    public var body: Body
    /// The videos, by the index their slots in ``body`` give.
    public var videos: [Video]

    /// A page from its title, text and videos.
    public init(title: String, body: Body, videos: [Video] = []) {
        self.title = title
        self.body = body
        self.videos = videos
    }
}
