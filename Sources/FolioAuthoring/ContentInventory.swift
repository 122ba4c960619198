import FolioContent
import FolioCore
import FolioSyntax
import Foundation

/// The chapters, quizzes and decks already in a content folder, as far as `folio new`
/// needs them: their ids, the chapters' numbers, and which quiz each chapter names.
///
/// It reads only what it needs and tolerates mistakes (a chapter whose front matter
/// is broken still has the id and number of its file name), so that an author can add
/// a file to a program that does not check yet. Files are found as the compiler finds
/// them: ignored names skipped, links not followed, at most 8 folders deep.
public struct ContentInventory: Sendable {
    /// A chapter file.
    public struct Chapter: Sendable, Equatable {
        /// The path inside the content folder (`chapters/01-who-am-i.md`).
        public var path: String
        /// The id the front matter states, or else the one the file name gives.
        public var id: String
        /// Where the chapter comes in the program: its `order`, or else the number its
        /// file name starts with; nil when it has neither.
        public var number: Int?
        /// The quiz the front matter names, if any.
        public var quiz: String?
        /// Whether the front matter has a `quiz:` line at all, even an empty one.
        public var hasQuizLine: Bool
    }

    public var chapters: [Chapter] = []
    /// Quiz ids, each with the path of its file.
    public var quizzes: [String: String] = [:]
    /// Deck ids, each with the path of its file.
    public var decks: [String: String] = [:]

    public init(chapters: [Chapter] = [], quizzes: [String: String] = [:], decks: [String: String] = [:]) {
        self.chapters = chapters
        self.quizzes = quizzes
        self.decks = decks
    }

    /// The number for a new chapter: one more than the highest order or file number
    /// of any chapter (so gaps are never filled, and the new chapter comes after every
    /// numbered one); 1 in a program without chapters.
    public var nextChapterNumber: Int {
        let highest = chapters.compactMap(\.number).max() ?? 0
        return highest < Int.max ? max(highest, 0) + 1 : highest
    }

    /// The chapter with the id `id`.
    public func chapter(_ id: String) -> Chapter? { chapters.first { $0.id == id } }

    /// The chapters whose front matter names the quiz `quiz`.
    public func chapters(naming quiz: String) -> [Chapter] { chapters.filter { $0.quiz == quiz } }

    /// Reads the content folder `root`.
    public static func read(_ root: URL) throws(AuthoringFailure) -> ContentInventory {
        try read(ContentFolderSource(root: root))
    }

    /// Reads the content of `source`, finding and decoding files exactly as the
    /// compiler does (``ContentKind``, ``SourceDecoder``).
    public static func read(_ source: any ContentSource) throws(AuthoringFailure) -> ContentInventory {
        let listing: ContentListing
        do { listing = try source.list() } catch {
            throw AuthoringFailure("\(error)")
        }
        var inventory = ContentInventory()
        for path in listing.files {
            switch ContentKind(path: path) {
            case .chapter:
                inventory.chapters.append(readChapter(path, text: text(of: path, in: source)))
            case .quiz:
                let id = statedID(in: text(of: path, in: source)) ?? fileNameID(path)
                if inventory.quizzes[id] == nil { inventory.quizzes[id] = path }
            case .deck(let isText):
                let id = (isText ? nil : statedID(in: text(of: path, in: source))) ?? fileNameID(path)
                if inventory.decks[id] == nil { inventory.decks[id] = path }
            default:
                break
            }
        }
        return inventory
    }

    private static func readChapter(_ path: String, text: String) -> Chapter {
        let fromName = ContentID.fromFileName(ContentPath.lastComponent(path))
        var chapter = Chapter(path: path, id: fromName.id, number: fromName.number, quiz: nil, hasQuizLine: false)
        guard case .success(let split) = FrontMatter.split(text), let yaml = split.yaml,
            case .mapping(let pairs)? = YAMLReader().read(yaml, file: path).root?.kind
        else { return chapter }
        for pair in pairs {
            guard case .scalar(let value, let style) = pair.value.kind else { continue }
            let isNull = style == .plain && YAMLScalar.isNull(value)
            switch pair.key {
            case "id" where !isNull: chapter.id = value
            case "order" where style == .plain: chapter.number = Int(value) ?? chapter.number
            case "quiz":
                chapter.hasQuizLine = true
                chapter.quiz = isNull ? nil : value
            default: break
            }
        }
        return chapter
    }

    /// The `id:` a YAML file states at its top level, if any.
    private static func statedID(in text: String) -> String? {
        guard case .mapping(let pairs)? = YAMLReader().read(text, file: "").root?.kind else { return nil }
        for pair in pairs where pair.key == "id" {
            if case .scalar(let value, let style) = pair.value.kind, !(style == .plain && YAMLScalar.isNull(value)) { return value }
        }
        return nil
    }

    private static func fileNameID(_ path: String) -> String { ContentID.fromFileName(ContentPath.lastComponent(path)).id }

    /// A file's text as the compiler reads it; empty when it cannot be read (the
    /// inventory tolerates what `folio check` would report).
    static func text(of path: String, in source: any ContentSource) -> String {
        source.decode(path).file?.text ?? ""
    }
}
