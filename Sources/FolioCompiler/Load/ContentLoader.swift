import FolioContent
import FolioCore
import FolioModel
import FolioSystem
import Foundation

/// The files of a content folder, read and sorted by what they are.
struct LoadedContent {
    var settings: SourceFile?
    var welcome: SourceFile?
    var billOfRights: SourceFile?
    var chapters: [SourceFile] = []
    var quizzes: [SourceFile] = []
    var decks: [SourceFile] = []
    var media: [MediaFile] = []
    /// Every file under the content folder (relative paths), for resolving links.
    var allFiles: Set<String> = []
    /// Content files that could not be read as text (too large, not UTF-8); their ids
    /// still exist, so naming them is not a second error.
    var unreadable: [String] = []
    /// Files at the top of the content folder that Folio does not read, for telling a
    /// misnamed `folio.yaml` or `welcome.md` from a missing one.
    var otherTopFiles: [String] = []
    var sources = SourceStore()
    /// The program's languages besides its default, as `folio.yaml` lists them: which
    /// files are translations.
    var otherLanguages: [String] = []
    /// The translations of other files (`chapters/01-who-am-i.es.md`), in the order
    /// listed.
    var translations: [TranslationSource] = []
    /// `translations/<language>.yaml`, by language, read for its fingerprints alone.
    var translationRecords: [String: TranslationRecord] = [:]
    /// Where the records are read again with their words, for the messages that show
    /// the words of an outdated translation's original as they were.
    var recordSource: (any ContentSource)?
    /// What the folder held, as listed.
    var listing = ContentListing()

    /// The file at the top of the folder most likely meant as `name`, when `name` is not
    /// there: `Folio.yaml`, `folio.yml`, `bill_of_rights.yaml`.
    func misnamed(_ name: String) -> String? {
        if otherTopFiles.contains(name + ".txt") { return name + ".txt" }
        return NearestName.find(name, among: otherTopFiles)
    }
    /// Symbolic links in the content folder, which are not followed.
    var links: Set<String> = []
    /// Chapters and quizzes left out for an ending an editor added (`.md.txt`); they
    /// were meant as content, so a quiz that only they name is not unused.
    var leftOut: [String] = []
    /// The `.md` paths of chapters saved with another ending (`chapter-file-ending`): a
    /// link to the name the chapter should have is not a second mistake.
    var misnamedChapters: [String] = []
}

/// A translation's file, with the original it translates.
struct TranslationSource {
    var file: SourceFile
    /// The language it is written in: one of the program's other languages.
    var language: String
    /// The path of the file it translates (`chapters/01-who-am-i.md`).
    var original: String
    /// What the original is: welcome, bill of rights, chapter, quiz or deck.
    var kind: ContentKind

    var isDeck: Bool {
        if case .deck = kind { return true }
        return false
    }
}

/// Finds and reads the files of a content folder: the first stage of the pipeline.
struct ContentLoader {
    let source: any ContentSource
    /// Files read by an earlier compilation, reused while they have not changed.
    var cache: CompileCache? = nil
    /// Where the text of chapters and quizzes waits for the stage that reads it, when
    /// not in memory: each is put there as soon as it is read, so that a large program
    /// never holds every file's text at once.
    var shelf: (any TextShelf)? = nil

    func load(diagnostics: inout DiagnosticList) throws -> LoadedContent {
        var content = LoadedContent()
        let listing = try source.list()
        content.listing = listing
        let paths = listing.files
        content.allFiles = Set(paths)
        content.links = Set(listing.links)
        // A missing `folio.yaml` or `welcome.md` is an error that says it is a link.
        for link in listing.links where link != "folio.yaml" && link != "welcome.md" {
            diagnostics.warning(
                .contentLinkNotFollowed, at: .startOf(link),
                "`\(link)` is a symbolic link; Folio does not follow links (one could lead outside the content folder), so it is left out",
                help: "put the file or folder itself here instead of a link to it")
        }
        for (folder, first) in listing.tooDeep {
            diagnostics.warning(
                .contentFolderTooDeep, at: .startOf(first),
                "the folder `\(folder)` is more than \(ContentListing.maxFolderDepth) folders deep, so nothing in it is read, such as this",
                help: "move what it holds nearer the top of the content folder, such as into `media/`")
        }
        // Which files are translations depends on the languages `folio.yaml` lists: it is
        // read first (it is small, and read again with the rest).
        let otherLanguages =
            paths.contains("folio.yaml") && !content.links.contains("folio.yaml")
            ? read("folio.yaml").file.map(SettingsParser.otherLanguages(in:)) ?? [] : []
        content.otherLanguages = otherLanguages
        // Reading and decoding is independent per file, so it runs on all cores.
        let shelf = self.shelf
        // Each file's kind is decided here too, on all cores: telling translations from
        // originals by name is string work for every one of tens of thousands of paths.
        // Translation records are read first: one is tens of megabytes in a large program,
        // and read last it kept one core reading it alone (docs/development.md,
        // "Measured guards").
        let isRecord = paths.map { $0.hasPrefix("translations/") }
        let order = paths.indices.filter { isRecord[$0] } + paths.indices.filter { !isRecord[$0] }
        var readInOrder = ParallelMap.run(order) { index -> (ContentKind, ReadResult?) in
            let path = paths[index]
            let kind = ContentKind(path: path, otherLanguages: otherLanguages)
            // The record is Folio's own file, larger than a text an author writes, and read
            // for its fingerprints alone, beside the other files.
            if case .translationRecord = kind { return (kind, ReadResult(record: Self.record(path, in: source, keepingTexts: false))) }
            guard kind.isText else { return (kind, nil) }
            guard let cache, let absolute = source.absolutePath(path) else {
                var result = self.read(path)
                switch kind {
                case .chapter, .quiz, .translation(.chapter, _, _), .translation(.quiz, _, _): result.file = result.file?.shelved(on: shelf)
                default: break
                }
                return (kind, result)
            }
            return (kind, cache.read(path, absolute: absolute) { self.read(path) })
        }
        // Back in the order of the paths, each moved rather than copied.
        var read = [(ContentKind, ReadResult?)?](repeating: nil, count: paths.count)
        var places = order.makeIterator()
        readInOrder.removeEach { read[places.next()!] = $0 }
        cache?.keepOnly(Set(paths))
        let allPaths = Set(paths)
        for index in paths.indices {
            let path = paths[index]
            guard let (kind, text) = read[index].take() else { continue }
            let name = ContentPath.lastComponent(path)
            if let text, text.record == nil {
                diagnostics.append(contentsOf: text.diagnostics)
                if let quotable = text.quotable { content.sources.add(quotable) }
                if text.file == nil { content.unreadable.append(path) }
            }
            let file = text?.file
            switch kind {
            case .translation(let kind, let language, let original):
                if let file { content.translations.append(TranslationSource(file: file, language: language, original: original, kind: kind)) }
            case .translationRecord(let language): content.translationRecords[language] = text?.record
            case .settings: content.settings = file
            case .welcome: content.welcome = file
            case .billOfRights: content.billOfRights = file
            case .chapter: if let file { content.chapters.append(file) }
            case .quiz: if let file { content.quizzes.append(file) }
            case .deck: if let file { content.decks.append(file) }
            case .media where path.unicodeScalars.contains { $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }:
                diagnostics.error(
                    .invalidValue, at: .startOf(path), "the file name `\(name)` has a backslash or a control character, which apps cannot use",
                    help: "rename the file using letters, digits, hyphens and dots")
            case .media:
                content.media.append(MediaFile(bundlePath: path, sourcePath: source.absolutePath(path) ?? path))
            // A chapter saved with another ending, unless the chapter it would be is there
            // too (then it is a copy, and stays a warning below).
            case .editorCopy(let meant) where path.hasPrefix("chapters/") && meant.lowercased().hasSuffix(".md") && !allPaths.contains("chapters/" + meant):
                // Notepad and TextEdit add `.txt` to a name that has another ending,
                // and hide it: the author sees `03-feelings.md`.
                misnamedChapter(path, meant: meant, editor: true, content: &content, diagnostics: &diagnostics)
            case .wrongType("chapters")
            where !allPaths.contains("chapters/" + ContentPath.withoutExtension(name) + ".md") && isChapterText(path):
                misnamedChapter(path, meant: ContentPath.withoutExtension(name) + ".md", editor: false, content: &content, diagnostics: &diagnostics)
            case .editorCopy(let meant) where path.hasPrefix("chapters/") && allPaths.contains("chapters/" + meant):
                diagnostics.warning(
                    .unknownFileType, at: .startOf(path),
                    "`\(name)` is `\(meant)` with `.txt` added, as some editors save a copy, and `\(meant)` is here too: this copy is left out",
                    help: "delete it if `\(meant)` is the chapter you mean; if this one is, delete `\(meant)` first, then rename this one to it")
                content.leftOut.append(path)
            case .editorCopy(let meant) where path.hasPrefix("chapters/"):
                diagnostics.warning(
                    .unknownFileType, at: .startOf(path), "`\(name)` looks like a quiz, which `chapters/` does not hold, so it is left out",
                    help: "quizzes go in `quizzes/`: move it there as `quizzes/\(meant)`")
                content.leftOut.append(path)
            case .editorCopy(let meant):
                let kind = "quiz"
                diagnostics.warning(
                    .unknownFileType, at: .startOf(path),
                    "`\(name)` ends in `.txt`, which the editor added after `.\(ContentPath.fileExtension(meant))`, so this \(kind) is left out",
                    help: "rename it to `\(meant)`; Finder and File Explorer show whole file names once \"file name extensions\" are turned on")
                content.leftOut.append(path)
            case .wrongType(let folder):
                let expected = folder == "chapters" ? "`.md`" : folder == "quizzes" ? "`.yaml`" : "`.yaml` or `.txt`"
                diagnostics.warning(
                    .unknownFileType, at: .startOf(path), "`\(name)` is not a file type Folio reads in `\(folder)/`, so it is left out",
                    help: "files in `\(folder)/` end in \(expected); if this is not one, move it to `media/`, where pictures and handouts go")
            case .other:
                if !path.contains("/") { content.otherTopFiles.append(path) }
            }
        }
        content.allFiles.formUnion(content.misnamedChapters)
        MediaContentRules.check(content.media.map(\.bundlePath), in: source, sources: &content.sources, diagnostics: &diagnostics)
        for file in [content.settings, content.welcome, content.billOfRights].compactMap({ $0 }) + content.chapters + content.quizzes + content.decks {
            content.sources.add(file)
        }
        for translation in content.translations { content.sources.add(translation.file) }
        content.recordSource = source
        return content
    }

    /// The record at `path`, as Folio writes it or, edited, as YAML; nil when it cannot be
    /// read, and every translation is then unmarked.
    static func record(_ path: String, in source: any ContentSource, keepingTexts: Bool) -> TranslationRecord? {
        guard case .bytes(let data) = source.read(path, atMost: Int.max) else { return nil }
        if let record = data.withUnsafeBytes({ TranslationRecord.readAsWritten($0, keepingTexts: keepingTexts) }) { return record }
        return TranslationRecord.read(SourceFile(path: path, text: String(decoding: data, as: UTF8.self)))
    }

    /// Endings of Markdown files other than the `.md` chapters are read from.
    static let markdownEndings: Set<String> = ["markdown", "mdown", "mkd", "mkdn", "mdwn"]

    /// Whether a file in `chapters/` without the `.md` ending is a chapter all the same:
    /// a Markdown ending, or text (`.txt`, `.text`) that opens with a chapter's `---`
    /// settings line. Other files there (notes, a `.docx`) stay a warning, as in format 1.
    private func isChapterText(_ path: String) -> Bool {
        let ext = ContentPath.fileExtension(path).lowercased()
        if Self.markdownEndings.contains(ext) { return true }
        guard ext == "txt" || ext == "text", let text = read(path).file?.text else { return false }
        return text.hasPrefix("---")
    }

    /// A chapter saved with another ending is an error, not a warning: left out, it would
    /// vanish from the site, which no author means. It is noted as left out, and the name
    /// it should have as a chapter's, so that a link to that name is not a second error.
    private func misnamedChapter(_ path: String, meant: String, editor: Bool, content: inout LoadedContent, diagnostics: inout DiagnosticList) {
        content.leftOut.append(path)
        content.misnamedChapters.append("chapters/" + meant)
        let name = ContentPath.lastComponent(path)
        let ending = "." + ContentPath.fileExtension(name)
        diagnostics.error(
            .chapterFileEnding, at: .startOf(path),
            editor
                ? "`\(name)` is a chapter whose name ends in `.txt`, which the editor added after `.md`; Folio reads only chapters ending in `.md`, so it would be missing from the site"
                : "`\(name)` is a chapter saved with the ending `\(ending)`; Folio reads only chapters ending in `.md`, so it would be missing from the site",
            help: "rename it to `\(ContentPath.lastComponent(meant))`"
                + (editor ? "; Finder and File Explorer show whole file names once \"file name extensions\" are turned on" : ""))
    }

    /// One text file, read: the file, or the problems that kept it from being read.
    struct ReadResult {
        var file: SourceFile?
        var diagnostics: [Diagnostic] = []
        /// A readable copy of a file that is not UTF-8, so its message can quote the line.
        var quotable: SourceFile?
        /// The translations' record, read for its fingerprints, when the file is one.
        var record: TranslationRecord?
    }

    /// Reads a text file by the rules of ``SourceDecoder``: bounded in size, UTF-8 only,
    /// `\r\n` read as `\n`, BOM dropped.
    private func read(_ path: String) -> ReadResult {
        let decoded = source.decode(path)
        return ReadResult(file: decoded.file, diagnostics: decoded.diagnostics, quotable: decoded.quotable)
    }
}

extension DiagnosticCode {
    public static let unknownFileType = DiagnosticCode("unknown-file-type", .warning, .files)
    public static let chapterFileEnding = DiagnosticCode("chapter-file-ending", .error, .files)
    public static let contentLinkNotFollowed = DiagnosticCode("content-link-not-followed", .warning, .files)
    public static let contentFolderTooDeep = DiagnosticCode("content-folder-too-deep", .warning, .files)
}
