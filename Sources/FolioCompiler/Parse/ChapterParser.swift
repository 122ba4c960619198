import FolioCore
import FolioProgram
import FolioSyntax

/// A chapter's front matter, read; its body is resolved later, once every chapter's id
/// is known (links between chapters need them).
struct ParsedChapter {
    var file: SourceFile
    var id: String
    var idLocation: SourceLocation
    var title: String
    var summary: String?
    var order: Int
    /// Where `order:` is written; nil when the number comes from the file name.
    var orderLocation: SourceLocation?
    var quiz: String?
    var quizLocation: SourceLocation?
    var draft: Bool
    /// What the author wrote for the facilitator, for the guide alone.
    var facilitator: FacilitatorNotes? = nil
    /// Part of the file's text, not a copy; empty while the text is on a shelf.
    var body: Substring
    var bodyLineOffset: Int
    /// Where the body starts in the file's text, in UTF-8 bytes, while the text is on a
    /// shelf: it is read back with the text (``inMemory``).
    var shelvedBodyOffset: Int? = nil
    /// The fingerprint of the body as written, taken only for a chapter that has a
    /// translation, whose record it is compared with (``TranslationRecord``).
    var bodyFingerprint: String? = nil

    /// The chapter with its text left on the shelf that `shelved`, the same file, is on:
    /// what was read of it is kept, and its text waits there to be resolved.
    func leavingText(on shelved: SourceFile) -> ParsedChapter {
        guard shelved.isShelved, !file.isShelved else { return self }
        var chapter = self
        let text = file.text
        chapter.shelvedBodyOffset = text.utf8.distance(from: text.startIndex, to: body.startIndex)
        chapter.file = shelved
        chapter.body = ""
        return chapter
    }

    /// The fingerprint of the body's words (``TranslationRecord/fingerprint(_:)``), of
    /// its bytes on the shelf when it waits there.
    var bodyWordsFingerprint: String {
        guard let offset = shelvedBodyOffset else { return TranslationRecord.fingerprint(String(body)) }
        return file.withUTF8 { TranslationRecord.fingerprint(utf8: UnsafeBufferPointer(rebasing: $0[min(offset, $0.count)...])) }
    }

    /// The chapter with its text, and so its body, in memory, read back from the shelf
    /// if it is there: for resolving the body.
    var inMemory: ParsedChapter {
        guard let offset = shelvedBodyOffset else { return self }
        var chapter = self
        chapter.file = file.inMemory
        let text = chapter.file.text
        chapter.body = text[text.utf8.index(text.startIndex, offsetBy: offset)...]
        chapter.shelvedBodyOffset = nil
        return chapter
    }
}

/// Reads a chapter's front matter; also reads `welcome.md`, which has the same shape.
enum ChapterParser {
    static let fields = ["id", "title", "summary", "order", "quiz", "draft", "facilitator"]

    /// How much of a chapter's text is read first for its front matter: more than almost
    /// any front matter holds.
    static let frontMatterBytes = 1024

    /// The file with as much of its text in memory as its front matter needs: its start
    /// when the front matter closes there (or there is none), else all of it. A chapter
    /// waiting on a shelf was read back whole only to find its front matter, and made a
    /// `String` of a text in a language with accents is checked byte by byte
    /// (docs/development.md, "Measured guards").
    static func frontMatterInMemory(_ file: SourceFile) -> SourceFile {
        let (head, isWhole) = file.inMemory(upTo: frontMatterBytes)
        if isWhole { return head }
        if case .success = FrontMatter.split(head.text) { return head }
        return file.inMemory
    }

    /// A chapter's front matter, read from as little of its text as holds it
    /// (``frontMatterInMemory(_:)``); its text is left on the shelf it was on.
    static func parseFrontMatter(of file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedChapter? {
        parse(frontMatterInMemory(file), idName: idName, diagnostics: &diagnostics)?.leavingText(on: file)
    }

    /// `idName` is the name the id comes from when the file's own does not give it (a
    /// translation's).
    static func parse(_ file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedChapter? {
        let name = idName ?? String(file.path.split(separator: "/").last!)
        let fromName = Identifier.fromFileName(name)
        let split: FrontMatter
        switch FrontMatter.split(file.text) {
        case .failure:
            diagnostics.error(
                .frontMatterUnclosed, at: .startOf(file.path), "the front matter that starts here is never closed",
                help: "add a line `---` after the last front-matter field (such as `title:`), before the chapter text")
            return nil
        case .success(let result): split = result
        }
        guard let yaml = split.yaml else {
            diagnostics.error(
                .frontMatterMissing, at: .startOf(file.path), "this chapter has no front matter, so it has no title",
                help: "start the file with three lines: `---`, `title: <the chapter's title>`, `---`")
            return nil
        }
        guard let root = YAMLFile.root(yaml, file: file.path, lineOffset: split.yamlLineOffset, diagnostics: &diagnostics),
            let fields = FieldReader(root, what: "a chapter's front matter", allowed: Self.fields, diagnostics: &diagnostics)
        else { return nil }

        let stated = fields.id(of: file, kind: "chapter", name: name, diagnostics: &diagnostics)
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: <the chapter's title>` to the front matter")
        let summary = fields.string("summary", diagnostics: &diagnostics)
        let order = fields.integer("order", diagnostics: &diagnostics) ?? fromName.number ?? Int.max
        let quiz = fields.string("quiz", diagnostics: &diagnostics)
        let draft = fields.bool("draft", diagnostics: &diagnostics) ?? false
        let facilitator = fields.value("facilitator", diagnostics: &diagnostics).flatMap { FacilitatorFields.read($0, diagnostics: &diagnostics) }
        guard let (id, idLocation) = stated, let title else { return nil }
        return ParsedChapter(
            file: file, id: id, idLocation: idLocation, title: title, summary: summary, order: order,
            orderLocation: fields.has("order") ? fields.location(of: "order") : nil, quiz: quiz, quizLocation: fields.location(of: "quiz"), draft: draft,
            facilitator: facilitator, body: split.body, bodyLineOffset: split.bodyLineOffset)
    }

    /// The welcome page: front matter optional, with only a `title`.
    static func parseWelcome(_ file: SourceFile, diagnostics: inout DiagnosticList) -> (title: String?, body: Substring, bodyLineOffset: Int)? {
        switch FrontMatter.split(file.text) {
        case .failure:
            diagnostics.error(
                .frontMatterUnclosed, at: .startOf(file.path), "the front matter that starts here is never closed",
                help: "add a line `---` after the last front-matter field, before the page text")
            return nil
        case .success(let split):
            guard let yaml = split.yaml else { return (nil, split.body, 0) }
            guard let root = YAMLFile.root(yaml, file: file.path, lineOffset: split.yamlLineOffset, diagnostics: &diagnostics),
                let fields = FieldReader(root, what: "the welcome page's front matter", allowed: ["title"], diagnostics: &diagnostics)
            else { return nil }
            return (fields.string("title", diagnostics: &diagnostics), split.body, split.bodyLineOffset)
        }
    }
}

extension DiagnosticCode {
    public static let frontMatterUnclosed = DiagnosticCode("front-matter-unclosed", .error, .markdown)
    public static let frontMatterMissing = DiagnosticCode("front-matter-missing", .error, .markdown)
}
