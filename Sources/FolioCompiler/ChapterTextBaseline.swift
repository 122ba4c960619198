import FolioContent
import FolioCore
import FolioDigest
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation

/// What `folio build` keeps of a compilation beside its output, so that the next build
/// can recompile a chapter whose text changed below its front matter without compiling
/// the whole program again: the short way of ``ChapterTextEdit``, across runs.
///
/// It holds only what resolving a body needs from the rest of the program (the chapter
/// ids by file, the drafts left out, whether raw HTML is allowed, the files links may
/// name) and, for each published chapter, a digest of its front matter. The reasoning is
/// ``ChapterTextEdit``'s: nothing outside a chapter's body reads its body, so when only
/// bodies changed, every other part of the program is the one the last build compiled.
/// To keep the messages exactly those of a whole compilation, a file that had a message
/// (or was named by one) never takes the short way, and neither does a body that has one
/// now.
public struct ChapterTextBaseline: Sendable, Equatable {
    /// A published chapter: its file and the SHA-256 of its front matter and of where
    /// its body starts.
    public struct Chapter: Sendable, Equatable {
        public var path: String
        public var frontMatter: String
    }

    /// A translated chapter learners see translated: its file, its language, its
    /// original's file, and the SHA-256 of its front matter and of the videos and
    /// pictures its translation rule compares with the original's
    /// (``TranslationRules/mediaDigest(videos:images:)``).
    public struct TranslatedChapter: Sendable, Equatable {
        public var path: String
        public var language: String
        public var original: String
        public var frontMatter: String
        public var media: String
    }

    /// The published chapters, in reading order.
    public var chapters: [Chapter]
    /// The translated chapters learners see translated, by file.
    public var translations: [String: TranslatedChapter]
    /// The program's languages as `folio.yaml` lists them, when more than one: the
    /// bundle's settings do not carry them (``ProgramSettings/languages``).
    public var languages: [String]
    /// Chapter file paths to ids, drafts left out included (``ContentIndex``).
    public var chapterIDs: [String: String]
    public var excludedDrafts: Set<String>
    public var allowHTML: Bool
    /// The files links may name besides those the folder lists (chapters whose names are
    /// not read as chapters), and the listed files they may not.
    public var extraFiles: Set<String>
    public var unlistedFiles: Set<String>
    /// Every file a message of the compilation was about or pointed to.
    public var filesWithMessages: Set<String>

    init(resolved: ResolvedProgram, listed: [String], diagnostics: [Diagnostic]) {
        let checked = resolved.checked
        guard let digests = resolved.frontMatterDigests else { preconditionFailure("the chapters were resolved without their front matter's digests") }
        chapters = zip(checked.chapters, digests).map { Chapter(path: $0.file.path, frontMatter: $1) }
        // A translation shown in its original's place. One that falls back, or that does
        // not match its original, shows nothing of its own text, and an edit of it takes
        // the whole way.
        languages = checked.settings.map { $0.languages.count > 1 ? $0.languages : [] } ?? []
        translations = [:]
        // By place and by its source's kind: a copy of a translation, or matching its form,
        // copies the chapter it holds.
        for index in checked.translations.indices where checked.translations[index].matches && checked.translations[index].state.isShown {
            let source = checked.translations[index].source
            guard case .chapter = source.kind, let digest = resolved.translationDigests?[source.file.path] else { continue }
            translations[source.file.path] = TranslatedChapter(
                path: source.file.path, language: source.language, original: source.original, frontMatter: digest.frontMatter, media: digest.media)
        }
        chapterIDs = checked.chapterIDs
        excludedDrafts = resolved.resolver.index.excludedDrafts
        allowHTML = resolved.resolver.index.allowHTML
        let listed = Set(listed)
        extraFiles = resolved.resolver.index.allFiles.subtracting(listed)
        unlistedFiles = listed.subtracting(resolved.resolver.index.allFiles)
        filesWithMessages = Set(diagnostics.flatMap(\.files))
    }

    /// The SHA-256 of a chapter's front matter and of the line its body starts on, from
    /// its text; empty when the front matter is not closed.
    static func frontMatterDigest(of text: String) -> String {
        (try? FrontMatter.split(text).get()).map(digest) ?? ""
    }

    /// The SHA-256 of a chapter's front matter and of the line its body starts on.
    static func digest(of split: FrontMatter) -> String {
        FileDigest.sha256(Data("\(split.yamlLineOffset) \(split.bodyLineOffset) \(split.yaml == nil ? "-" : "+")\n\(split.yaml ?? "")".utf8))
    }

    /// A chapter's text compiled again, and the chapter's place in reading order.
    public struct Recompiled: Sendable {
        public var position: Int
        public var text: ChapterText
    }

    /// What bodies are resolved against: the program as the baseline keeps it, and
    /// `listed`, every file the content folder lists now (the same as when the baseline
    /// was made). Made once for every chapter recompiled.
    public struct Resolver {
        let resolver: BodyResolver
    }

    public func resolver(listed: [String]) -> Resolver {
        let allFiles = Set(listed).union(extraFiles).subtracting(unlistedFiles)
        return Resolver(
            resolver: BodyResolver(
                index: ContentIndex(chapterIDs: chapterIDs, excludedDrafts: excludedDrafts, allFiles: allFiles, allowHTML: allowHTML)))
    }

    /// A translated chapter's text compiled again: its language, and its original's place
    /// in reading order.
    public struct RecompiledTranslation: Sendable {
        public var language: String
        public var position: Int
        public var text: ChapterText
    }

    /// The body of the translated chapter at `path` compiled against this baseline, as
    /// ``recompile(_:content:resolver:)`` compiles an original's, when learners saw it
    /// translated, and it still shows its original's videos and pictures; nil otherwise.
    /// Its state is its original's and the record's, neither of which changed.
    public func recompileTranslation(_ path: String, content: any ContentSource, resolver: Resolver) -> RecompiledTranslation? {
        guard !filesWithMessages.contains(path), let translation = translations[path],
            let position = chapters.firstIndex(where: { $0.path == translation.original })
        else { return nil }
        guard let (file, split) = Self.unchangedFrontMatter(path, content: content, digest: translation.frontMatter) else { return nil }
        var found = DiagnosticList()
        let resolved = resolver.resolver.resolve(split.body, source: file, lineOffset: split.bodyLineOffset, diagnostics: &found)
        guard found.all.isEmpty, TranslationRules.mediaDigest(videos: resolved.videos, images: resolved.body.pictureList) == translation.media
        else { return nil }
        return RecompiledTranslation(
            language: translation.language, position: position,
            text: ChapterText(body: resolved.body, videos: resolved.videos, headings: resolved.headings, plainText: resolved.plainText))
    }

    /// The file at `path` and its parts, when it reads without a message and its front
    /// matter is the one whose digest is `digest`.
    private static func unchangedFrontMatter(_ path: String, content: any ContentSource, digest: String) -> (SourceFile, FrontMatter)? {
        let decoded = content.decode(path)
        guard let file = decoded.file, decoded.diagnostics.isEmpty, decoded.quotable == nil,
            case .success(let split) = FrontMatter.split(file.text), Self.digest(of: split) == digest
        else { return nil }
        return (file, split)
    }

    /// The body of the chapter at `path` compiled against this baseline, when the file
    /// is a published chapter whose front matter is the one the baseline was made with,
    /// it reads without a message, and neither it nor its body had or has one; nil
    /// otherwise (the build then compiles the whole program).
    public func recompile(_ path: String, content: any ContentSource, resolver: Resolver) -> Recompiled? {
        guard !filesWithMessages.contains(path), let position = chapters.firstIndex(where: { $0.path == path }),
            let (file, split) = Self.unchangedFrontMatter(path, content: content, digest: chapters[position].frontMatter)
        else { return nil }
        let resolver = resolver.resolver
        var found = DiagnosticList()
        let resolved = resolver.resolve(split.body, source: file, lineOffset: split.bodyLineOffset, diagnostics: &found)
        guard found.all.isEmpty else { return nil }
        return Recompiled(
            position: position,
            text: ChapterText(body: resolved.body, videos: resolved.videos, headings: resolved.headings, plainText: resolved.plainText))
    }

    // MARK: Kept as lines of the build record

    /// The baseline as tab-separated lines, none holding a tab or a line break of its
    /// own; nil when a path or id would (no program that builds has one).
    public var lines: [String]? {
        var lines = ["html\t\(allowHTML)"]
        if !languages.isEmpty { lines.append((["languages"] + languages).joined(separator: "\t")) }
        lines += chapters.map { "chapter\t\($0.path)\t\($0.frontMatter)" }
        lines += translations.values.sorted { $0.path < $1.path }.map {
            "translation\t\($0.path)\t\($0.language)\t\($0.original)\t\($0.frontMatter)\t\($0.media)"
        }
        lines += chapterIDs.sorted { $0.key < $1.key }.map { "id\t\($0.key)\t\($0.value)" }
        lines += excludedDrafts.sorted().map { "draft\t" + $0 }
        lines += extraFiles.sorted().map { "extra\t" + $0 }
        lines += unlistedFiles.sorted().map { "unlisted\t" + $0 }
        lines += filesWithMessages.sorted().map { "message\t" + $0 }
        let forbidden: (UInt8) -> Bool = { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        let values =
            chapters.map(\.path) + languages + translations.values.flatMap { [$0.path, $0.language, $0.original] } + chapterIDs.keys + chapterIDs.values
            + excludedDrafts + extraFiles + unlistedFiles + filesWithMessages
        guard !values.contains(where: { $0.utf8.contains(where: { forbidden($0) || $0 == UInt8(ascii: "\t") }) }) else { return nil }
        return lines
    }

    /// The baseline read back from ``lines``; nil when a line is not one of them.
    public init?(lines: [String]) {
        chapters = []
        translations = [:]
        languages = []
        chapterIDs = [:]
        excludedDrafts = []
        allowHTML = false
        extraFiles = []
        unlistedFiles = []
        filesWithMessages = []
        var sawHTML = false
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("html", 2):
                guard let value = Bool(fields[1]) else { return nil }
                allowHTML = value
                sawHTML = true
            case ("chapter", 3): chapters.append(Chapter(path: fields[1], frontMatter: fields[2]))
            case ("languages", 3...): languages = Array(fields.dropFirst())
            case ("translation", 6):
                translations[fields[1]] = TranslatedChapter(
                    path: fields[1], language: fields[2], original: fields[3], frontMatter: fields[4], media: fields[5])
            case ("id", 3): chapterIDs[fields[1]] = fields[2]
            case ("draft", 2): excludedDrafts.insert(fields[1])
            case ("extra", 2): extraFiles.insert(fields[1])
            case ("unlisted", 2): unlistedFiles.insert(fields[1])
            case ("message", 2): filesWithMessages.insert(fields[1])
            default: return nil
            }
        }
        guard sawHTML else { return nil }
    }
}
