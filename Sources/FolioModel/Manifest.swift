/// `manifest.json`, the entry point of a bundle: what it holds, in reading order, with
/// the size and SHA-256 of every file so an app can verify and update incrementally.
///
/// The format is versioned as `formatVersion` (major) and `formatMinorVersion`; what
/// each may change is docs/bundle.md's "Versions" policy. Decoding is lenient as that
/// policy asks of every reader: fields this version does not know are ignored, and an
/// entry kind it does not know decodes as itself (``EntryKind`` is open).
public struct Manifest: Codable, Sendable, Hashable {
    /// Raised when the bundle's shape changes in a way older apps cannot read.
    public static let currentFormatVersion = 1
    /// Raised when a version adds to the format (a field, a file, an entry kind) in a way
    /// readers of the same major version can ignore. 0 is the first format, which did not
    /// state it; 1 added the schema and search files, image sizes and `formatMinorVersion`;
    /// 2 added `generator`; 3 a quiz's `showAnswers` and `reflections` and a card's `image`;
    /// 4 a chapter picture's `alt`, a media entry's `mimeType` and a card's `frontText` and
    /// `backText`; 5 the manifest's `revision` and `signedAt`. docs/bundle.md names this
    /// version, which a test holds it to.
    public static let currentFormatMinorVersion = 5

    public var format: String
    public var formatVersion: Int
    /// Absent in bundles of format 1.0.
    public var formatMinorVersion: Int?
    /// The tool and version that wrote the bundle (`folio 1.1.0`), for an app's bug
    /// reports; never a reason to read the bundle differently. Since 1.2.
    public var generator: String?
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
    /// A SHA-256 that changes whenever anything in the manifest does, its files or any
    /// other field (a description, a title): what says that a published bundle is not the
    /// installed one, where ``bundleHash`` names only the set of files. Folio computes it
    /// over the manifest's bytes as written with 64 zeros in its place. Since 1.5.
    public var revision: String?
    /// When the bundle was signed, in UTC (`2026-11-27T18:00:00Z`), in signed bundles only:
    /// covered by the signature, so an app can refuse an older signed manifest served
    /// again in place of the one it installed. Since 1.5.
    public var signedAt: String?

    public init(
        program: ProgramSettings, chapters: [ChapterSummary], decks: [DeckSummary], quizzes: [String],
        hasBillOfRights: Bool, entries: [Entry], bundleHash: String
    ) {
        self.format = "folio-bundle"
        self.formatVersion = Self.currentFormatVersion
        self.formatMinorVersion = Self.currentFormatMinorVersion
        self.program = program
        self.chapters = chapters
        self.decks = decks
        self.quizzes = quizzes
        self.hasBillOfRights = hasBillOfRights
        self.entries = entries
        self.bundleHash = bundleHash
    }

    /// What kind of content a bundle file holds. Open, not an enum: a later minor version
    /// may add kinds, which a reader keeps (and an updater fetches) without knowing them.
    public struct EntryKind: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
        public var description: String { rawValue }

        public static let welcome = EntryKind(rawValue: "welcome")
        public static let billOfRights = EntryKind(rawValue: "bill-of-rights")
        public static let chapter = EntryKind(rawValue: "chapter")
        public static let quiz = EntryKind(rawValue: "quiz")
        public static let deck = EntryKind(rawValue: "deck")
        public static let media = EntryKind(rawValue: "media")
        /// `schema.json`, the JSON Schema of the bundle's format (since 1.1).
        public static let schema = EntryKind(rawValue: "schema")
        /// `search/<nn>.json`, a part of the search index (since 1.1).
        public static let search = EntryKind(rawValue: "search")
    }

    public struct Entry: Codable, Sendable, Hashable {
        public var path: String
        public var kind: EntryKind
        public var size: Int
        public var sha256: String
        /// For a picture among the media (PNG, JPEG, GIF, WebP, SVG): its size in pixels
        /// (since 1.1), so that a layout can keep its place before it loads.
        public var width: Int?
        public var height: Int?
        /// For a file among the media: its media type by its extension (``MediaType``),
        /// `application/octet-stream` when Folio does not know it (since 1.4).
        public var mimeType: String?
        public init(
            path: String, kind: EntryKind, size: Int, sha256: String, width: Int? = nil, height: Int? = nil, mimeType: String? = nil
        ) {
            self.path = path
            self.kind = kind
            self.size = size
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.mimeType = mimeType
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
    /// For a picture, its size in pixels when its header says (``Manifest/Entry/width``).
    public var width: Int?
    public var height: Int?
    public init(bundlePath: String, sourcePath: String, width: Int? = nil, height: Int? = nil) {
        self.bundlePath = bundlePath
        self.sourcePath = sourcePath
        self.width = width
        self.height = height
    }
}
