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

    /// The published chapters, in reading order.
    public var chapters: [Chapter]
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

    /// The body of the chapter at `path` compiled against this baseline, when the file
    /// is a published chapter whose front matter is the one the baseline was made with,
    /// it reads without a message, and neither it nor its body had or has one; nil
    /// otherwise (the build then compiles the whole program).
    public func recompile(_ path: String, content: any ContentSource, resolver: Resolver) -> Recompiled? {
        guard !filesWithMessages.contains(path), let position = chapters.firstIndex(where: { $0.path == path }) else { return nil }
        let decoded = content.decode(path)
        guard let file = decoded.file, decoded.diagnostics.isEmpty, decoded.quotable == nil,
            case .success(let split) = FrontMatter.split(file.text), Self.digest(of: split) == chapters[position].frontMatter
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
        lines += chapters.map { "chapter\t\($0.path)\t\($0.frontMatter)" }
        lines += chapterIDs.sorted { $0.key < $1.key }.map { "id\t\($0.key)\t\($0.value)" }
        lines += excludedDrafts.sorted().map { "draft\t" + $0 }
        lines += extraFiles.sorted().map { "extra\t" + $0 }
        lines += unlistedFiles.sorted().map { "unlisted\t" + $0 }
        lines += filesWithMessages.sorted().map { "message\t" + $0 }
        let forbidden: (UInt8) -> Bool = { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        let values = chapters.map(\.path) + chapterIDs.keys + chapterIDs.values + excludedDrafts + extraFiles + unlistedFiles + filesWithMessages
        guard !values.contains(where: { $0.utf8.contains(where: { forbidden($0) || $0 == UInt8(ascii: "\t") }) }) else { return nil }
        return lines
    }

    /// The baseline read back from ``lines``; nil when a line is not one of them.
    public init?(lines: [String]) {
        chapters = []
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
