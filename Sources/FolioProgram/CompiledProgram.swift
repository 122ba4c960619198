import FolioCore
import FolioModel

/// Everything a compiled program holds, in memory: what the compiler hands to each
/// output (the bundle, the site). Chapter and page texts are ``Body`` values, decided
/// once; each output renders them its own way.
public struct CompiledProgram: Sendable {
    public var settings: ProgramSettings
    public var welcome: CompiledPage
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

    public init(
        settings: ProgramSettings, welcome: CompiledPage, billOfRights: BillOfRights?, chapters: [CompiledChapter],
        quizzes: [Quiz], decks: [Deck], media: [MediaFile], cardHTML: [String: String] = [:]
    ) {
        self.settings = settings
        self.welcome = welcome
        self.billOfRights = billOfRights
        self.chapters = chapters
        self.quizzes = quizzes
        self.decks = decks
        self.media = media
        self.cardHTML = cardHTML
    }

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
    public var id: String
    public var title: String
    public var summary: String?
    public var order: Int
    /// The id of the quiz shown at the end of the chapter.
    public var quiz: String?
    public var body: Body
    /// The videos, by the index their slots in ``body`` give.
    public var videos: [Video]
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
    public var next: String?

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
    public var body: Body
    public var videos: [Video]
    public var headings: [Heading]
    public var plainText: String

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
    public var title: String
    public var body: Body
    public var videos: [Video]

    public init(title: String, body: Body, videos: [Video] = []) {
        self.title = title
        self.body = body
        self.videos = videos
    }
}
