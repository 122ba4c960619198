import FolioCore
import FolioModel
import Foundation

/// Runs the pipeline over a content folder: load -> parse -> check -> (emit).
///
/// Every content problem is collected into one ``DiagnosticList``; a program is only
/// returned for emitting when there is no error.
public struct Compiler: Sendable {
    public struct Options: Sendable {
        /// Build chapters marked `draft: true` too.
        public var includeDrafts: Bool
        public init(includeDrafts: Bool = false) { self.includeDrafts = includeDrafts }
    }

    /// The outcome of a run: diagnostics always, a program when there was no error.
    public struct Result: Sendable {
        public var program: CompiledProgram?
        public var diagnostics: DiagnosticList
        public var sources: SourceStore
    }

    /// Where the content is read from.
    public let content: any ContentSource
    public let options: Options
    /// What an earlier compilation of the same folder kept, for a fast rebuild (`folio serve`).
    public let cache: CompileCache?
    /// Told how far the compilation has got (the progress line of `folio build`).
    public let progress: (any BuildProgress)?

    public init(contentFolder: URL, options: Options = .init(), cache: CompileCache? = nil, progress: (any BuildProgress)? = nil) {
        self.init(content: ContentFolderSource(root: contentFolder.standardizedFileURL), options: options, cache: cache, progress: progress)
    }

    /// Compiles content from any source: a folder, or files in memory.
    public init(content: any ContentSource, options: Options = .init(), cache: CompileCache? = nil, progress: (any BuildProgress)? = nil) {
        self.content = content
        self.options = options
        self.cache = cache
        self.progress = progress
    }

    /// Reads and checks everything. Throws ``ToolFailure`` only when the folder itself
    /// cannot be read.
    public func compile() throws -> Result {
        var diagnostics = DiagnosticList()
        progress?.begin(.reading, total: nil)
        cache?.beginCompilation()
        let content = try ContentLoader(source: self.content, cache: cache).load(diagnostics: &diagnostics)

        PhaseTimer.shared.mark("load")
        // Parse
        progress?.begin(.parsing, total: content.chapters.count + content.quizzes.count)
        let settings = SettingsParser.parse(
            content.settings, misnamed: content.misnamed("folio.yaml"), isLink: content.links.contains("folio.yaml"), diagnostics: &diagnostics)
        let allChapters = Self.parseInParallel(content.chapters, into: &diagnostics, progress: progress) { file, diagnostics in
            guard let cache else { return ChapterParser.parse(file, diagnostics: &diagnostics) }
            let (parsed, found) = cache.chapter(file, ChapterParser.parse)
            diagnostics.append(contentsOf: found)
            return parsed
        }
        var quizzes = Self.parseInParallel(content.quizzes, into: &diagnostics, progress: progress) { file, diagnostics in
            guard let cache else { return QuizParser.parse(file, diagnostics: &diagnostics) }
            let (parsed, found) = cache.quiz(file, QuizParser.parse)
            diagnostics.append(contentsOf: found)
            return parsed
        }
        let decks = content.decks.compactMap { DeckParser.parse($0, diagnostics: &diagnostics) }
        let billOfRights = content.billOfRights.flatMap { BillOfRightsParser.parse($0, diagnostics: &diagnostics) }
        if content.billOfRights == nil, let misnamed = content.misnamed("bill-of-rights.yaml") {
            diagnostics.warning(
                .unknownFileType, at: .startOf(misnamed),
                "`\(misnamed)` is not a file Folio reads, so the program has no bill of rights; did you mean `bill-of-rights.yaml`?",
                help: "rename it to `bill-of-rights.yaml`")
        }

        PhaseTimer.shared.mark("parse")
        // Check
        let chapters = ProgramRules.uniqueIDs(
            allChapters.filter { options.includeDrafts || !$0.draft }, kind: "chapter", id: \.id, location: \.idLocation, diagnostics: &diagnostics
        ).sorted { ($0.order, $0.id) < ($1.order, $1.id) }
        quizzes = ProgramRules.uniqueIDs(quizzes, kind: "quiz", id: \.quiz.id, location: \.idLocation, diagnostics: &diagnostics)
        let uniqueDecks = ProgramRules.uniqueIDs(decks, kind: "deck", id: \.deck.id, location: \.idLocation, diagnostics: &diagnostics)
        let decksByID = Dictionary(uniqueKeysWithValues: uniqueDecks.map { ($0.deck.id, $0) })
        for index in quizzes.indices {
            QuizRules.check(quizzes[index], diagnostics: &diagnostics)
            DeckQuizBuilder.build(&quizzes[index], decks: decksByID, diagnostics: &diagnostics)
        }
        ProgramRules.distinctOrders(chapters, diagnostics: &diagnostics)
        // Quizzes whose files could not be read still exist: naming one is not a second error.
        let quizPaths = content.quizzes.map(\.path) + content.unreadable.filter { $0.hasPrefix("quizzes/") }
        let unreadQuizIDs = Set(quizPaths.map { Identifier.fromFileName(String($0.split(separator: "/").last!)).id })
            .subtracting(quizzes.map(\.quiz.id))
        let quizOwners = ProgramRules.chapterQuizzes(
            chapters, allChapters: allChapters, quizzes: quizzes, deckIDs: Set(decksByID.keys), unreadQuizIDs: unreadQuizIDs,
            someChapterUnread: allChapters.count < content.chapters.count
                || (content.unreadable + content.leftOut).contains { $0.hasPrefix("chapters/") },
            diagnostics: &diagnostics)

        PhaseTimer.shared.mark("check")
        // Resolve chapter bodies, which needs every chapter's id.
        let index = ContentIndex(
            chapterIDs: Dictionary(
                (content.chapters.map(\.path) + content.unreadable.filter { $0.hasPrefix("chapters/") })
                    .map { ($0, Identifier.fromFileName(String($0.split(separator: "/").last!)).id) }
                    + allChapters.map { ($0.file.path, $0.id) },
                uniquingKeysWith: { _, stated in stated }),
            excludedDrafts: Set(allChapters.filter { $0.draft && !options.includeDrafts }.map(\.id)),
            allFiles: content.allFiles, allowHTML: settings?.allowHTML ?? false)
        let resolver = ChapterBodyParser(index: index)
        let fingerprint = cache == nil ? 0 : index.fingerprint
        progress?.begin(.checking, total: chapters.count)
        let bodies = ParallelMap.run(chapters) { chapter -> (ResolvedBody, [Diagnostic]) in
            defer { progress?.advance() }
            func resolve(_ chapter: ParsedChapter, _ local: inout DiagnosticList) -> ResolvedBody {
                resolver.resolve(chapter.body, source: chapter.file, lineOffset: chapter.bodyLineOffset, diagnostics: &local)
            }
            if let cache { return cache.body(chapter, index: fingerprint, resolve) }
            var local = DiagnosticList()
            let body = resolve(chapter, &local)
            return (body, local.all)
        }
        bodies.forEach { diagnostics.append(contentsOf: $0.1) }

        var welcome: CompiledPage?
        if let file = content.welcome {
            if let page = ChapterParser.parseWelcome(file, diagnostics: &diagnostics) {
                let body = resolver.resolve(page.body, source: file, lineOffset: page.bodyLineOffset, diagnostics: &diagnostics)
                welcome = CompiledPage(title: page.title ?? settings?.title ?? "Welcome", body: body.body, videos: body.videos)
            }
        } else if content.links.contains("welcome.md") {
            diagnostics.error(
                .welcomeMissing, at: .startOf("welcome.md"),
                "`welcome.md` is a symbolic link, which Folio does not follow (a link could lead outside the content folder), so the program has no welcome page",
                help: "put the file itself here: copy the file the link points to over the link")
        } else if let misnamed = content.misnamed("welcome.md") {
            diagnostics.error(
                .welcomeMissing, at: .startOf(misnamed), "the content folder has no `welcome.md`; did you mean `\(misnamed)`?",
                help: "rename `\(misnamed)` to `welcome.md`: Folio reads the welcome page only from that name")
        } else {
            diagnostics.error(
                .welcomeMissing, at: .startOf("welcome.md"), "the content folder has no `welcome.md`",
                help: "create `welcome.md` with the text learners see first")
        }

        PhaseTimer.shared.mark("markdown")
        diagnostics = diagnostics.limitedPerFile
        guard !diagnostics.hasErrors, let settings, let welcome else {
            return Result(program: nil, diagnostics: diagnostics, sources: content.sources)
        }

        // Assemble the model in reading order.
        var compiledChapters = zip(chapters, bodies).map { chapter, body in
            CompiledChapter(
                id: chapter.id, title: chapter.title, summary: chapter.summary, order: chapter.order == Int.max ? 0 : chapter.order,
                quiz: chapter.quiz, body: body.0.body, videos: body.0.videos, headings: body.0.headings, plainText: body.0.plainText)
        }
        for i in compiledChapters.indices {
            compiledChapters[i].order = i + 1
            compiledChapters[i].previous = i > 0 ? compiledChapters[i - 1].id : nil
            compiledChapters[i].next = i + 1 < compiledChapters.count ? compiledChapters[i + 1].id : nil
        }
        // Quizzes named only by left-out drafts are left out with them.
        let draftQuizzes = Set(allChapters.filter { $0.draft && !options.includeDrafts }.compactMap(\.quiz))
        let compiledQuizzes = quizzes.map(\.quiz)
            .filter { quizOwners[$0.id] != nil || !draftQuizzes.contains($0.id) }
            .map { quiz -> Quiz in
                var quiz = quiz
                quiz.chapter = quizOwners[quiz.id]
                return quiz
            }
            .sorted { $0.id < $1.id }
        let program = CompiledProgram(
            settings: settings, welcome: welcome, billOfRights: billOfRights, chapters: compiledChapters,
            quizzes: compiledQuizzes, decks: uniqueDecks.map(\.deck).sorted { $0.id < $1.id }, media: content.media)
        return Result(program: program, diagnostics: diagnostics, sources: content.sources)
    }
}

extension Compiler {
    /// Parses files on all cores, keeping their order and their diagnostics; `progress`
    /// advances once per file.
    static func parseInParallel<Parsed>(
        _ files: [SourceFile], into diagnostics: inout DiagnosticList, progress: (any BuildProgress)?,
        _ parse: (SourceFile, inout DiagnosticList) -> Parsed?
    ) -> [Parsed] {
        let results = ParallelMap.run(files) { file -> (Parsed?, [Diagnostic]) in
            defer { progress?.advance() }
            var local = DiagnosticList()
            let parsed = parse(file, &local)
            return (parsed, local.all)
        }
        for result in results { diagnostics.append(contentsOf: result.1) }
        return results.compactMap(\.0)
    }
}
