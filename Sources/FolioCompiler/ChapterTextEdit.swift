import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax
import FolioSystem

/// The short way to rebuild in `folio serve` after the edit an author makes most: the
/// text of one chapter (or a few) changed below its front matter, and nothing else.
///
/// Nothing outside a chapter's body reads its body: ids, order, quizzes and every check between
/// files come from front matter, and a body is resolved against the program's chapter ids and
/// file list, not against other bodies (``CompileCache``). So when the folder lists the same
/// files, no media file changed, and each changed file is a chapter of the last program whose
/// front matter is the same to the byte, the program is the last one with those chapters'
/// bodies resolved again, and the diagnostics the last ones with theirs replaced: what a
/// compilation from the start gives (`CompileCacheTests` compares the two after random edits).
/// Anything else takes the whole way. However many chapters there are, this is little work
/// after listing the folder and checking each file's time, instead of every stage over every
/// file (docs/development.md, "Measured choices").
enum ChapterTextEdit {
    /// What the short way starts from: the last compilation that assembled a program.
    struct Baseline {
        var options: Compiler.Options
        var listing: ContentListing
        /// The result the last compilation returned.
        var result: Compiler.Result
        /// The program as assembled, even when the result has none because a body has an
        /// error: the next edit may fix it.
        var program: CompiledProgram
        /// What loading, parsing and checking found: unchanged by an edit below front matter.
        var beforeResolving: [Diagnostic]
        /// The published chapters as parsed, in reading order, and what resolving each found.
        var chapters: [ParsedChapter]
        var chapterDiagnostics: [[Diagnostic]]
        var welcomeDiagnostics: [Diagnostic]
        var resolver: BodyResolver
        var fingerprint: Int
        /// Chapter file paths to their place in ``chapters``.
        var positions: [String: Int]
        /// Media files, by path, when they were last written.
        var media: [String: FileStatus]

        init(
            options: Compiler.Options, listing: ContentListing, result: Compiler.Result, program: CompiledProgram, beforeResolving: [Diagnostic],
            resolved: ResolvedProgram, media: [String: FileStatus]
        ) {
            self.options = options
            self.listing = listing
            self.result = result
            self.program = program
            self.beforeResolving = beforeResolving
            chapters = resolved.checked.chapters
            chapterDiagnostics = resolved.chapterDiagnostics
            welcomeDiagnostics = resolved.welcomeDiagnostics
            resolver = resolved.resolver
            fingerprint = resolved.fingerprint
            positions = Dictionary(chapters.enumerated().map { ($1.file.path, $0) }, uniquingKeysWith: { first, _ in first })
            self.media = media
        }
    }

    static func stamps(of media: [MediaFile]) -> [String: FileStatus] {
        var stamps: [String: FileStatus] = [:]
        for file in media { stamps[file.bundlePath] = FileStatus(path: file.sourcePath, followingLinks: true) }
        return stamps
    }

    /// The result after an edit below chapters' front matter, or nil when the edit is
    /// another kind and the compilation must take the whole way.
    static func rebuild(_ content: any ContentSource, options: Compiler.Options, cache: CompileCache) throws -> Compiler.Result? {
        guard var baseline = cache.last, baseline.options.includeDrafts == options.includeDrafts,
            baseline.options.published == options.published
        else { return nil }
        let listing = try content.list()
        guard listing.files == baseline.listing.files, listing.links == baseline.listing.links,
            listing.tooDeep.map({ $0.folder + "\n" + $0.first }) == baseline.listing.tooDeep.map({ $0.folder + "\n" + $0.first })
        else { return nil }
        // Which files changed since they were read: every text file is compared with the
        // time it was read at, every media file with the time the last program saw. A
        // change that cannot be judged (a file not read before, a media file) takes the
        // whole way.
        enum Change { case none, text(String, FileStatus), other }
        let earlier = cache.earlierStamps()
        let changes = ParallelMap.run(listing.files) { path -> Change in
            let kind = ContentKind(path: path)
            guard kind.isText || kind == .media else { return .none }
            guard let absolute = content.absolutePath(path), let stamp = FileStatus(path: absolute, followingLinks: true) else { return .other }
            guard kind.isText else { return baseline.media[path] == stamp ? .none : .other }
            guard let earlier = earlier[path] else { return .other }
            return earlier == stamp ? .none : .text(path, stamp)
        }
        var changed: [(path: String, stamp: FileStatus)] = []
        for change in changes {
            switch change {
            case .none: continue
            case .text(let path, let stamp): changed.append((path, stamp))
            case .other: return nil
            }
        }
        var edits: [(position: Int, chapter: ParsedChapter, stamp: FileStatus, read: ContentLoader.ReadResult)] = []
        for (path, stamp) in changed {
            guard let position = baseline.positions[path], let earlier = cache.earlierRead(path), earlier.result.diagnostics.isEmpty,
                earlier.result.quotable == nil
            else { return nil }
            let decoded = content.decode(path)
            guard let file = decoded.file, decoded.diagnostics.isEmpty, decoded.quotable == nil else { return nil }
            let old = baseline.chapters[position]
            // One rule, `folio build`'s too (``ChapterTextBaseline``): an edit is below the
            // front matter when the front matter and where the text starts are the same.
            guard case .success(let now) = FrontMatter.split(file.text), case .success(let before) = FrontMatter.split(old.file.text),
                ChapterTextBaseline.digest(of: now) == ChapterTextBaseline.digest(of: before)
            else { return nil }
            var chapter = old
            chapter.file = file
            chapter.body = now.body
            edits.append((position, chapter, stamp, ContentLoader.ReadResult(file: file)))
        }
        // The short way from here on: nothing below returns nil.
        var result = baseline.result
        for edit in edits {
            let path = edit.chapter.file.path
            let (body, found) = cache.body(edit.chapter, index: baseline.fingerprint) { chapter, local in
                baseline.resolver.resolve(chapter.body, source: chapter.file, lineOffset: chapter.bodyLineOffset, diagnostics: &local)
            }
            let parsing = cache.parsedChapterDiagnostics(path)
            cache.noteEdited(path, stamp: edit.stamp, read: edit.read, chapter: edit.chapter, diagnostics: parsing)
            baseline.chapters[edit.position] = edit.chapter
            baseline.chapterDiagnostics[edit.position] = found
            baseline.program.chapters[edit.position].body = body.body
            baseline.program.chapters[edit.position].videos = body.videos
            baseline.program.chapters[edit.position].headings = body.headings
            baseline.program.chapters[edit.position].plainText = body.plainText
            result.sources.add(edit.chapter.file)
        }
        var diagnostics = DiagnosticList()
        diagnostics.append(contentsOf: baseline.beforeResolving)
        for found in baseline.chapterDiagnostics { diagnostics.append(contentsOf: found) }
        diagnostics.append(contentsOf: baseline.welcomeDiagnostics)
        result.diagnostics = diagnostics.limitedPerFile
        result.program = result.diagnostics.hasErrors ? nil : baseline.program
        baseline.result = result
        cache.last = baseline
        cache.noteChapterTextOnly()
        return result
    }
}
