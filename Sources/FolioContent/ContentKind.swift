import FolioCore

/// What a path of a content folder is, decided in this one place for the compiler,
/// its cache, and `folio new`: which folder, which ending, what an editor added.
public enum ContentKind: Sendable, Equatable {
    case settings
    case welcome
    case billOfRights
    case chapter
    case quiz
    /// A deck, in YAML or in the plain text format.
    case deck(text: Bool)
    case media
    /// A chapter or quiz saved by an editor that added `.txt` to its name and hid it
    /// (`03-feelings.md.txt`); `meant` is the name meant.
    case editorCopy(meant: String)
    /// A file with an ending its folder does not hold (`chapters/notes.docx`).
    case wrongType(folder: String)
    /// Anything else: a file at the top of the folder that is none of the above, or a
    /// folder Folio does not read.
    case other
    /// A translation into `language`, one of the program's other languages, of the file
    /// at `original`, which is of the kind `of`: `chapters/01-who-am-i.es.md` of
    /// `chapters/01-who-am-i.md`. Only ``init(path:otherLanguages:)`` decides it.
    indirect case translation(of: ContentKind, language: String, original: String)
    /// `translations/<language>.yaml`, the record of what each translation into
    /// `language` was made from, which Folio writes. Only ``init(path:otherLanguages:)``
    /// decides it.
    case translationRecord(language: String)

    /// Decides what `path` is in a program whose other languages (besides its default)
    /// are `otherLanguages`: `<stem>.<lang>.<ext>` is a translation of `<stem>.<ext>`
    /// when `<lang>` is one of them and `<stem>.<ext>` names a file Folio translates;
    /// otherwise it is what it was in a program of one language.
    public init(path: String, otherLanguages: [String]) {
        self.init(path: path)
        guard !otherLanguages.isEmpty else { return }
        if let (original, language) = Self.translationParts(path, among: otherLanguages) {
            let kind = ContentKind(path: original)
            switch kind {
            case .welcome, .billOfRights, .chapter, .quiz, .deck: self = .translation(of: kind, language: language, original: original)
            default: break
            }
        } else if path.hasPrefix("translations/"), ContentPath.fileExtension(path) == "yaml" {
            let language = ContentPath.withoutExtension(String(path.dropFirst("translations/".count)))
            if otherLanguages.contains(language) { self = .translationRecord(language: language) }
        }
    }

    /// The original's path and the language of `<stem>.<lang>.<ext>`, when `<lang>` is
    /// among `languages`.
    public static func translationParts(_ path: String, among languages: [String]) -> (original: String, language: String)? {
        let name = ContentPath.lastComponent(path)
        let ext = ContentPath.fileExtension(name)
        let stem = ContentPath.withoutExtension(name)
        let language = ContentPath.fileExtension(stem)
        guard !ext.isEmpty, !language.isEmpty, languages.contains(language) else { return nil }
        let folder = String(decoding: path.utf8.dropLast(name.utf8.count), as: UTF8.self)
        return (folder + ContentPath.withoutExtension(stem) + "." + ext, language)
    }

    /// The path of the translation of `original` into `language`.
    public static func translationPath(of original: String, language: String) -> String {
        let ext = ContentPath.fileExtension(original)
        return ContentPath.withoutExtension(original) + "." + language + "." + ext
    }

    /// Decides what `path` (relative, `/`-separated) is.
    public init(path: String) {
        let name = ContentPath.lastComponent(path)
        let ext = ContentPath.fileExtension(name).lowercased()
        // The first of the path's parts between slashes, when it has more than one.
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        let start = utf8.firstIndex { $0 != slash } ?? utf8.endIndex
        let end = utf8[start...].firstIndex(of: slash) ?? utf8.endIndex
        guard utf8[end...].contains(where: { $0 != slash }) else {
            switch path {
            case "folio.yaml": self = .settings
            case "welcome.md": self = .welcome
            case "bill-of-rights.yaml": self = .billOfRights
            default: self = .other
            }
            return
        }
        let folder = String(path[start..<end])
        switch folder {
        case "chapters" where ext == "md": self = .chapter
        case "quizzes" where ext == "yaml" || ext == "yml": self = .quiz
        case "decks" where ext == "yaml" || ext == "yml" || ext == "txt": self = .deck(text: ext == "txt")
        case "media": self = .media
        case "chapters", "quizzes":
            if let meant = Self.withoutEditorExtension(name) {
                self = .editorCopy(meant: meant)
            } else {
                self = .wrongType(folder: folder)
            }
        case "decks": self = .wrongType(folder: folder)
        default: self = .other
        }
    }

    /// Whether files of this kind are text Folio reads (and decodes with ``SourceDecoder``).
    public var isText: Bool {
        switch self {
        case .settings, .welcome, .billOfRights, .chapter, .quiz, .deck, .translation, .translationRecord: return true
        default: return false
        }
    }

    /// The name meant, for `name.md.txt`, `name.yaml.txt` or `name.yml.txt`.
    public static func withoutEditorExtension(_ name: String) -> String? {
        let lowered = name.lowercased()
        guard lowered.hasSuffix(".txt") else { return nil }
        let meant = String(name.dropLast(4))
        return [".md", ".yaml", ".yml"].contains { meant.lowercased().hasSuffix($0) } ? meant : nil
    }
}
