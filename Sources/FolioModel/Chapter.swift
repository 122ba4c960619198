/// One chapter as the bundle carries it: `chapters/<id>.json`.
public struct Chapter: Codable, Sendable, Hashable {
    /// The chapter's id, which names its file (`chapters/<id>.json`) and the links to it
    /// (`folio:chapter/<id>`).
    public var id: String
    /// The chapter's title.
    public var title: String
    /// One line on what the chapter is about, when the author wrote one: for a list of
    /// chapters.
    public var summary: String?
    /// The chapter's place in reading order, from 1.
    public var order: Int
    /// The id of the quiz shown at the end of the chapter.
    public var quiz: String?
    /// The chapter body as HTML. Each video stands in it as a placeholder element
    /// `<figure class="folio-video" data-video="N"></figure>`, N indexing ``videos``,
    /// so that each app and the site can embed players its own way. Links to other
    /// chapters use `folio:chapter/<id>`; media use `media/<path>`.
    public var html: String
    /// The chapter's videos, indexed by the placeholders in ``html``.
    public var videos: [Video]
    /// The chapter's pictures from `media/`, in the order they first appear, with their
    /// sizes when known (format 1.1 on), which ``html`` also gives each `<img>` as
    /// `width` and `height`: a layout can keep their place before they load.
    public var images: [ChapterImage]?
    /// The chapter's headings, for navigation.
    public var headings: [Heading]
    /// The text without markup, for search.
    public var plainText: String
    /// The neighbouring chapters in reading order.
    public var previous: String?
    /// The id of the chapter after this one; nil for the last.
    public var next: String?

    /// A chapter from its fields, its body already HTML.
    public init(
        id: String, title: String, summary: String?, order: Int, quiz: String?, html: String,
        videos: [Video], headings: [Heading], plainText: String, previous: String? = nil, next: String? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.order = order
        self.quiz = quiz
        self.html = html
        self.videos = videos
        self.headings = headings
        self.plainText = plainText
        self.previous = previous
        self.next = next
    }

    /// The exact placeholder text for video `index` in ``html``.
    public static func videoPlaceholder(_ index: Int) -> String {
        "<figure class=\"folio-video\" data-video=\"\(index)\"></figure>"
    }
}

/// A picture of a chapter: its bundle path (`media/...`, as in the `src` of its `<img>`),
/// its words and, when its header says, its size in pixels.
public struct ChapterImage: Codable, Sendable, Hashable {
    /// The picture's bundle path (`media/...`), as in the `src` of its `<img>`.
    public var source: String
    /// The picture's description, as its `<img>`'s `alt` in the chapter's HTML where it
    /// first appears (format 1.4 on): empty when the author wrote none, which marks a
    /// picture that only decorates. Nil in bundles written before 1.4.
    public var alt: String?
    /// The width in pixels, when the picture's header gives it.
    public var width: Int?
    /// The height in pixels, when the picture's header gives it.
    public var height: Int?
    /// A picture from its path, words and size.
    public init(source: String, alt: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
    }
}

/// A heading inside a chapter.
public struct Heading: Codable, Sendable, Hashable {
    /// The heading's level, from 1 (`#`) to 6 (`######`).
    public var level: Int
    /// The heading's text, without markup.
    public var text: String
    /// The heading's `id` in the chapter's HTML, for links to it (`#sleep`): its text
    /// made an id, unique within the chapter (`sleep`, `sleep-2`).
    public var id: String
    /// A heading from its level, text and id.
    public init(level: Int, text: String, id: String) {
        self.level = level
        self.text = text
        self.id = id
    }
}

/// A video placed inline in a chapter.
public struct Video: Codable, Sendable, Hashable {
    /// Where a video is played from: YouTube, or a file of the program's `media/`.
    public enum Provider: String, Codable, Sendable { case youtube, file }
    /// Where the video is played from.
    public var provider: Provider
    /// The title the author gave it (the image text), announced by screen readers.
    public var title: String
    /// For YouTube: the 11-character video id.
    public var youtubeID: String?
    /// Start time in seconds, when the author gave one.
    public var start: Int?
    /// For a local file: its path in the bundle (`media/...`).
    public var source: String?
    /// For a local file: its captions (`media/....vtt`), when present.
    public var captions: String?

    /// A video from its fields: `youtubeID` for YouTube, `source` (and `captions`) for a file.
    public init(provider: Provider, title: String, youtubeID: String? = nil, start: Int? = nil, source: String? = nil, captions: String? = nil) {
        self.provider = provider
        self.title = title
        self.youtubeID = youtubeID
        self.start = start
        self.source = source
        self.captions = captions
    }

    /// The privacy-enhanced embed address for a YouTube video.
    public var embedURL: String? {
        guard let youtubeID else { return nil }
        return "https://www.youtube-nocookie.com/embed/\(youtubeID)" + (start.map { "?start=\($0)" } ?? "")
    }

    /// The YouTube page of a YouTube video, at its start time: where to send a learner
    /// when the page cannot send YouTube's player the referrer it requires (a page loaded
    /// from files without an https base address, docs/bundle.md).
    public var watchURL: String? {
        guard let youtubeID else { return nil }
        return "https://www.youtube.com/watch?v=\(youtubeID)" + (start.map { "&t=\($0)s" } ?? "")
    }
}
