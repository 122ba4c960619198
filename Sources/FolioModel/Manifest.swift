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
    /// `backText`; 5 the manifest's `revision` and `signedAt`; 6 the program's languages
    /// (`languages`, each file's `language`, translated parts under `languages/<tag>/`) and
    /// the interface's words (`interface/<tag>.json`); 7 the program's `insights`. docs/bundle.md
    /// names this version, which a test holds it to.
    public static let currentFormatMinorVersion = 7

    /// Always `folio-bundle`: what tells a Folio manifest from any other JSON.
    public var format: String
    /// The format's major version; an app refuses a bundle whose major version it does not
    /// know.
    public var formatVersion: Int
    /// Absent in bundles of format 1.0.
    public var formatMinorVersion: Int?
    /// The tool and version that wrote the bundle (`folio 1.1.0`), for an app's bug
    /// reports; never a reason to read the bundle differently. Since 1.2.
    public var generator: String?
    /// The program's settings from `folio.yaml`.
    public var program: ProgramSettings
    /// Chapters in reading order.
    public var chapters: [ChapterSummary]
    /// Decks, sorted by id.
    public var decks: [DeckSummary]
    /// Quizzes by id, including any no chapter names.
    public var quizzes: [String]
    /// Whether the bundle has `bill-of-rights.json`.
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
    /// The program's languages, the default first, each with its interface words and, for
    /// the others, how far each part is translated. Since 1.6.
    public var languages: [ManifestLanguage]?

    /// A manifest of the current format version, without ``revision`` or ``signedAt``,
    /// which are set when it is written and signed.
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
        /// The kind's name, as the manifest writes it.
        public var rawValue: String
        /// The kind named `rawValue`, known to this version or not.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Reads a kind from its name; a name this version does not know is kept as it is.
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
        /// Writes the kind as its name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
        /// The kind's name.
        public var description: String { rawValue }

        /// `welcome.json`, the welcome page.
        public static let welcome = EntryKind(rawValue: "welcome")
        /// `bill-of-rights.json`, the rights every learner has.
        public static let billOfRights = EntryKind(rawValue: "bill-of-rights")
        /// A chapter, `chapters/<id>.json`.
        public static let chapter = EntryKind(rawValue: "chapter")
        /// A quiz, `quizzes/<id>.json`.
        public static let quiz = EntryKind(rawValue: "quiz")
        /// A flashcard deck, `decks/<id>.json`.
        public static let deck = EntryKind(rawValue: "deck")
        /// A file of the program's media, `media/...`, copied as the author gave it.
        public static let media = EntryKind(rawValue: "media")
        /// `schema.json`, the JSON Schema of the bundle's format (since 1.1).
        public static let schema = EntryKind(rawValue: "schema")
        /// `search/<nn>.json`, a part of the search index (since 1.1).
        public static let search = EntryKind(rawValue: "search")
        /// `interface/<tag>.json`, the interface's words in one language (since 1.6).
        public static let interface = EntryKind(rawValue: "interface")
        /// A part of the program in one of its other languages, `languages/<tag>/...`, in the
        /// form of the default language's file of the same name (since 1.6): its own kind,
        /// so that a reader of an earlier version keeps it without reading it.
        public static let translation = EntryKind(rawValue: "translation")
    }

    /// One file of the bundle, with what an app checks it by.
    public struct Entry: Codable, Sendable, Hashable {
        /// The file's path in the bundle's folder (`chapters/sleep.json`).
        public var path: String
        /// What the file holds.
        public var kind: EntryKind
        /// The file's size in bytes.
        public var size: Int
        /// The SHA-256 of the file's bytes, in lower-case hexadecimal.
        public var sha256: String
        /// For a picture among the media (PNG, JPEG, GIF, WebP, SVG): its size in pixels
        /// (since 1.1), so that a layout can keep its place before it loads.
        public var width: Int?
        /// For a picture among the media: its height in pixels (since 1.1).
        public var height: Int?
        /// For a file among the media: its media type by its extension (``MediaType``),
        /// `application/octet-stream` when Folio does not know it (since 1.4).
        public var mimeType: String?
        /// For a file in one of the program's other languages (`languages/<tag>/...`) or of
        /// the interface's words (`interface/<tag>.json`): the language's tag (since 1.6).
        public var language: String?
        /// An entry from its fields.
        public init(
            path: String, kind: EntryKind, size: Int, sha256: String, width: Int? = nil, height: Int? = nil, mimeType: String? = nil,
            language: String? = nil
        ) {
            self.language = language
            self.path = path
            self.kind = kind
            self.size = size
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.mimeType = mimeType
        }
    }

    /// What a list of chapters shows of one without opening its file.
    public struct ChapterSummary: Codable, Sendable, Hashable {
        /// The chapter's id.
        public var id: String
        /// The chapter's title.
        public var title: String
        /// One line on what the chapter is about, when the author wrote one.
        public var summary: String?
        /// The id of the quiz at the end of the chapter, if any.
        public var quiz: String?
        /// A chapter's summary from its fields.
        public init(id: String, title: String, summary: String?, quiz: String?) {
            self.id = id
            self.title = title
            self.summary = summary
            self.quiz = quiz
        }
    }

    /// What a list of decks shows of one without opening its file.
    public struct DeckSummary: Codable, Sendable, Hashable {
        /// The deck's id.
        public var id: String
        /// The deck's title.
        public var title: String
        /// How many cards the deck has.
        public var cardCount: Int
        /// A deck's summary from its fields.
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
    /// For a picture, its height in pixels when its header says.
    public var height: Int?
    /// A media file from its paths and, for a picture, its size.
    public init(bundlePath: String, sourcePath: String, width: Int? = nil, height: Int? = nil) {
        self.bundlePath = bundlePath
        self.sourcePath = sourcePath
        self.width = width
        self.height = height
    }
}
