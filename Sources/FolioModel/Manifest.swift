/// `manifest.json`, the entry point of a bundle: what it holds, in reading order, with
/// the size and SHA-256 of every file so an app can verify and update incrementally.
public struct Manifest: Codable, Sendable, Hashable {
    /// Raised when the bundle's shape changes in a way older apps cannot read.
    public static let currentFormatVersion = 1

    public var format: String
    public var formatVersion: Int
    public var program: ProgramSettings
    /// Chapters in reading order.
    public var chapters: [ChapterSummary]
    public var decks: [DeckSummary]
    /// Quizzes by id, including any no chapter names.
    public var quizzes: [String]
    public var hasBillOfRights: Bool
    /// Every file of the bundle but the manifest, sorted by path.
    public var entries: [Entry]
    /// SHA-256 over the sorted `path` and `sha256` of every entry: changes exactly when
    /// any file of the bundle changes.
    public var bundleHash: String

    public init(
        program: ProgramSettings, chapters: [ChapterSummary], decks: [DeckSummary], quizzes: [String],
        hasBillOfRights: Bool, entries: [Entry], bundleHash: String
    ) {
        self.format = "folio-bundle"
        self.formatVersion = Self.currentFormatVersion
        self.program = program
        self.chapters = chapters
        self.decks = decks
        self.quizzes = quizzes
        self.hasBillOfRights = hasBillOfRights
        self.entries = entries
        self.bundleHash = bundleHash
    }

    /// What kind of content a bundle file holds.
    public enum EntryKind: String, Codable, Sendable {
        case welcome, billOfRights = "bill-of-rights", chapter, quiz, deck, media
    }

    public struct Entry: Codable, Sendable, Hashable {
        public var path: String
        public var kind: EntryKind
        public var size: Int
        public var sha256: String
        public init(path: String, kind: EntryKind, size: Int, sha256: String) {
            self.path = path
            self.kind = kind
            self.size = size
            self.sha256 = sha256
        }
    }

    public struct ChapterSummary: Codable, Sendable, Hashable {
        public var id: String
        public var title: String
        public var summary: String?
        public var quiz: String?
        public init(id: String, title: String, summary: String?, quiz: String?) {
            self.id = id
            self.title = title
            self.summary = summary
            self.quiz = quiz
        }
    }

    public struct DeckSummary: Codable, Sendable, Hashable {
        public var id: String
        public var title: String
        public var cardCount: Int
        public init(id: String, title: String, cardCount: Int) {
            self.id = id
            self.title = title
            self.cardCount = cardCount
        }
    }
}

/// A file from `media/`, copied into the bundle and the site.
public struct MediaFile: Sendable, Hashable {
    /// `media/...`, as it appears in the bundle.
    public var bundlePath: String
    /// Absolute path of the source file.
    public var sourcePath: String
    public init(bundlePath: String, sourcePath: String) {
        self.bundlePath = bundlePath
        self.sourcePath = sourcePath
    }
}
