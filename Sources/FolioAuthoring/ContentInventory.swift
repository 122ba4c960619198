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
        var inventory = ContentInventory()
        for path in try files(in: root, under: "chapters") where path.lowercased().hasSuffix(".md") {
            inventory.chapters.append(readChapter(path, root: root))
        }
        for path in try files(in: root, under: "quizzes") where hasExtension(path, ["yaml", "yml"]) {
            let id = statedID(in: text(of: path, root: root)) ?? fileNameID(path)
            if inventory.quizzes[id] == nil { inventory.quizzes[id] = path }
        }
        for path in try files(in: root, under: "decks") where hasExtension(path, ["yaml", "yml", "txt"]) {
            let yaml = !path.lowercased().hasSuffix(".txt")
            let id = (yaml ? statedID(in: text(of: path, root: root)) : nil) ?? fileNameID(path)
            if inventory.decks[id] == nil { inventory.decks[id] = path }
        }
        return inventory
    }

    private static func readChapter(_ path: String, root: URL) -> Chapter {
        let fromName = ContentID.fromFileName(String(path.split(separator: "/").last!))
        var chapter = Chapter(path: path, id: fromName.id, number: fromName.number, quiz: nil, hasQuizLine: false)
        guard case .success(let split) = FrontMatter.split(text(of: path, root: root)), let yaml = split.yaml,
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

    private static func fileNameID(_ path: String) -> String { ContentID.fromFileName(String(path.split(separator: "/").last!)).id }

    private static func hasExtension(_ path: String, _ extensions: [String]) -> Bool {
        extensions.contains(ContentPath.fileExtension(path).lowercased())
    }

    /// A file's text, as the compiler reads it: a BOM dropped, `\r\n` read as `\n`;
    /// empty when it cannot be read as UTF-8.
    static func text(of path: String, root: URL) -> String {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
            var text = String(data: data, encoding: .utf8)
        else { return "" }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The paths of the files under `folder` of `root`, sorted.
    private static func files(in root: URL, under folder: String) throws(AuthoringFailure) -> [String] {
        var out: [String] = []
        func walk(_ relative: String, depth: Int) throws(AuthoringFailure) {
            let url = root.appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                throw AuthoringFailure("cannot read the folder `\(url.path)`: check that you may read it")
            }
            for name in names.sorted() where !ContentID.isIgnoredFileName(name) {
                let child = relative + "/" + name
                let type = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(child).path))?[.type] as? FileAttributeType
                if type == .typeDirectory {
                    if depth < 8 { try walk(child, depth: depth + 1) }
                } else if type == .typeRegular {
                    out.append(child)
                }
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        try walk(folder, depth: 1)
        return out
    }
}
