import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// One output of a build, such as the bundle for apps or the learner's site: it turns a
/// compiled program into the files of its own folder of the output.
///
/// Adding an output means writing one renderer and adding it to the list the build is
/// given (docs/architecture.md, "Adding an output"). Every way a build goes, the
/// whole way, the short way after an edit and `folio serve`, runs through that list:
/// the ``BuildDriver`` decides for each renderer, from what it declares, whether its
/// files are kept as they are, updated for what changed, or written again.
public protocol OutputRenderer: Sendable {
    /// The folder of the output it writes (`bundle`, `site`), or empty for a renderer
    /// that writes files at the output's root (``rootFiles``).
    var folder: String { get }
    /// The files it writes at the output's root, for a renderer without a folder
    /// (`bundle.zip`).
    var rootFiles: [String] { get }
    /// The parts of the program its files are made from: when an edit changes none of
    /// them, nor a product it uses, its files are kept without asking it.
    var reads: ProgramParts { get }
    /// What other renderers make that it reads (``BuildProduct``): it runs after them.
    var uses: Set<BuildProduct> { get }
    /// What it makes for the renderers after it.
    var makes: Set<BuildProduct> { get }
    /// What, besides the program, decides its bytes (`sign=…`): recorded with the
    /// build, so that a build with other options never takes the output as it is.
    var options: [String] { get }
    /// Writes its files through `files`, a view of its folder.
    func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary
    /// Brings its files, which `files` holds as the last build wrote them, up to date for
    /// `change`, writing only what changed, to the bytes ``render(_:into:context:)``
    /// would write; or returns nil, having written nothing that matters, when it cannot
    /// and must be rendered again. When ``ProgramChange/isOutline`` is set, `program`
    /// holds only what the change says (the texts of the edited chapters, not the others).
    func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws -> RenderSummary?
    /// Whether it writes on a thread of its own while the renderers after it write theirs.
    /// For a renderer nothing after it reads, such as the bundle's archive: its last
    /// batches, written on one core, and the site's, on both, fill each other's idle moments.
    var writesBesideLaterRenderers: Bool { get }
}

extension OutputRenderer {
    public var rootFiles: [String] { [] }
    public var reads: ProgramParts { .all }
    public var uses: Set<BuildProduct> { [] }
    public var makes: Set<BuildProduct> { [] }
    public var options: [String] { [] }
    public var writesBesideLaterRenderers: Bool { false }
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws -> RenderSummary? {
        nil
    }

    /// The files of `previous`, an output's files from its root, that are this renderer's.
    func ownFiles(of previous: [String]) -> [String] {
        if folder.isEmpty { return previous.filter(rootFiles.contains) }
        let prefix = folder + "/"
        return previous.filter { $0.hasPrefix(prefix) }
    }
}

/// The parts of a compiled program an output's files are made from.
public struct ProgramParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The program's settings (`program.yaml`).
    public static let settings = ProgramParts(rawValue: 1 << 0)
    /// The welcome page and the bill of rights.
    public static let pages = ProgramParts(rawValue: 1 << 1)
    /// The chapters' front matter: ids, titles, summaries, order, quizzes named.
    public static let chapterOutline = ProgramParts(rawValue: 1 << 2)
    /// The chapters' texts below their front matter.
    public static let chapterTexts = ProgramParts(rawValue: 1 << 3)
    public static let quizzes = ProgramParts(rawValue: 1 << 4)
    public static let decks = ProgramParts(rawValue: 1 << 5)
    public static let media = ProgramParts(rawValue: 1 << 6)
    /// Translated chapters' texts below their front matter: a renderer that shows only
    /// the default language has nothing to do for them, but one that knows nothing of
    /// them must not say it updated.
    public static let translatedChapterTexts = ProgramParts(rawValue: 1 << 7)
    public static let all: ProgramParts = [.settings, .pages, .chapterOutline, .chapterTexts, .quizzes, .decks, .media, .translatedChapterTexts]
}

/// What changed in the program since the build that wrote the output being replaced.
public struct ProgramChange: Sendable, Equatable {
    /// The parts that changed.
    public var parts: ProgramParts
    /// The chapters (by place) whose text changed, when ``parts`` holds ``ProgramParts/chapterTexts``.
    public var chapters: [Int]
    /// The chapters (by their original's place) whose translation's text changed, by
    /// language, when ``parts`` holds ``ProgramParts/translatedChapterTexts``.
    public var translatedChapters: [String: [Int]]
    /// Whether the program holds only what changed: the outline of the program, as its
    /// last bundle tells it, with the edited chapters' texts (`folio build`'s short way
    /// after an edit of chapters' texts). A renderer that cannot update itself then makes
    /// the whole build take the whole way, since the others' texts are not at hand.
    public var isOutline: Bool
    /// The manifest of the bundle an outline was read from, so that it is decoded once a
    /// build (the bundle's renderer updates it).
    public var outlineManifest: Manifest?

    public init(
        parts: ProgramParts, chapters: [Int] = [], translatedChapters: [String: [Int]] = [:], isOutline: Bool = false, outlineManifest: Manifest? = nil
    ) {
        self.parts = parts
        self.chapters = chapters
        self.translatedChapters = translatedChapters
        self.isOutline = isOutline
        self.outlineManifest = outlineManifest
    }
}

/// What a renderer made, for the person building.
public struct RenderSummary: Sendable, Equatable {
    /// The renderer's folder, or the file it writes at the root.
    public var folder: String
    /// A hash that changes whenever what it wrote changes (the bundle's `bundleHash`).
    public var fingerprint: String?

    public init(folder: String, fingerprint: String? = nil) {
        self.folder = folder
        self.fingerprint = fingerprint
    }
}

/// What a renderer is told besides the program.
public struct RenderContext: Sendable {
    /// Told how far the writing has got (the progress line of `folio build`).
    public var progress: (any BuildProgress)?
    /// The output this build replaces, untouched until the build is swapped in; nil on a
    /// first build. A renderer may copy from it what has not changed, as long as what it
    /// writes is the same as a build from scratch.
    public var previousOutput: URL?
    /// Whether ``previousOutput`` is known to be as the last build wrote it (its build
    /// record's sizes, times and inodes): its files may then be trusted without reading them.
    public var previousIsRecorded: Bool
    /// The identities of the quizzes, questions, decks and cards the replaced bundle
    /// published, when there was one: an output that keeps learners' saved progress in
    /// place (the site's marks of version-1 cards) maps them to this build's.
    public var published: PublishedIdentities?
    /// Set when `folio serve` shows the output (``ServableRenderer``): a version that
    /// changes with every rebuild, for what is cached by version (the site's offline copy).
    public var previewVersion: String?
    /// What the build made for its renderers, and what they made for each other: read and
    /// provided through ``BuildProducts``, as the renderer declares.
    public var products: BuildProducts

    public init(
        progress: (any BuildProgress)? = nil, previousOutput: URL? = nil, previousIsRecorded: Bool = false, published: PublishedIdentities? = nil,
        previewVersion: String? = nil, products: BuildProducts
    ) {
        self.previewVersion = previewVersion
        self.progress = progress
        self.previousOutput = previousOutput
        self.previousIsRecorded = previousIsRecorded
        self.published = published
        self.products = products
    }
}
