import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioSystem
import Foundation

/// Runs the pipeline over a content folder: load -> parse -> check -> (emit).
///
/// Every content problem is collected into one ``DiagnosticList``; a program is only
/// returned for emitting when there is no error.
public struct Compiler: Sendable {
    public struct Options: Sendable {
        /// Build chapters marked `draft: true` too.
        public var includeDrafts: Bool
        /// The ids of the bundle published before, if any: edits that would leave
        /// learners' saved progress behind are warned about (``ProgressKeepingRules``).
        public var published: PublishedIdentities?
        /// Keep what `folio build`'s next run needs to recompile only chapters whose text
        /// changed (``Result/textBaseline``): a digest of every chapter's front matter,
        /// which no other command needs.
        public var keepsTextBaseline: Bool
        /// Where to keep text out of memory while no stage reads it (``TextShelf``): the
        /// text of chapters and quizzes from loading to parsing (and for a chapter, to
        /// resolving), and each chapter's HTML and plain text once it is compiled, until
        /// an output reads it; nil keeps them in memory. Not used with a
        /// ``CompileCache``, whose program stays in memory to be edited.
        package var textShelf: (any TextShelf)?
        /// Keep what `folio translate mark-current` writes: the record of every translation
        /// that matches its original, as it would be now (``Result/translationRecords``).
        public var keepsTranslationRecords = false
        /// Let go of what was resolved and is not part of the program on another thread,
        /// while the outputs are written. Off where a caller counts allocations as the
        /// compiler returns: the fuzzer's leak check would catch that thread mid-release.
        package var releasesLeftOverBeside = true

        /// Options that keep every text in memory.
        public init(includeDrafts: Bool = false, published: PublishedIdentities? = nil, keepsTextBaseline: Bool = false) {
            self.init(includeDrafts: includeDrafts, published: published, keepsTextBaseline: keepsTextBaseline, textShelf: nil)
        }

        /// Options with a shelf for the text no stage is reading.
        package init(includeDrafts: Bool = false, published: PublishedIdentities? = nil, keepsTextBaseline: Bool = false, textShelf: (any TextShelf)?) {
            self.includeDrafts = includeDrafts
            self.published = published
            self.keepsTextBaseline = keepsTextBaseline
            self.textShelf = textShelf
        }
    }

    /// The outcome of a run: diagnostics always, a program when there was no error.
    public struct Result: Sendable {
        public var program: CompiledProgram?
        public var diagnostics: DiagnosticList
        public var sources: SourceStore
        /// What the next `folio build` needs to recompile only chapters whose text
        /// changed below their front matter; nil when there is no program, or the options
        /// did not ask for it.
        public var textBaseline: ChapterTextBaseline?
        /// For each other language, the record of every translation that matches its
        /// original, as the originals are now, by language; only when the options ask for
        /// it (``Options/keepsTranslationRecords``). Made even when there are errors
        /// elsewhere: a translation that matches its original can be marked current.
        public var translationRecords: [String: TranslationRecord] = [:]
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
    ///
    /// Each stage takes the value the stage before it made and never reaches back:
    /// load -> ``ParsedProgram`` -> ``CheckedProgram`` -> ``ResolvedProgram`` -> ``CompiledProgram``.
    public func compile() throws -> Result {
        var diagnostics = DiagnosticList()
        progress?.begin(.reading, total: nil)
        cache?.beginCompilation()
        if let cache, let result = try ChapterTextEdit.rebuild(content, options: options, cache: cache) { return result }
        var loaded = try ContentLoader(source: content, cache: cache, shelf: cache == nil ? options.textShelf : nil).load(diagnostics: &diagnostics)
        let interface = ProgramInterface.load(from: content, paths: loaded.listing.files, sources: &loaded.sources, diagnostics: &diagnostics)
        PhaseTimer.shared.mark("load")
        let parsed = ProgramParser.parse(consume loaded, cache: cache, published: options.published, progress: progress, diagnostics: &diagnostics)
        PhaseTimer.shared.mark("parse")
        var checked = ProgramChecker.check(
            consume parsed, includeDrafts: options.includeDrafts, published: options.published, cache: cache,
            keepsTranslationTexts: options.keepsTranslationRecords, diagnostics: &diagnostics)
        if let published = options.published { ProgressKeepingRules.check(checked, against: published, diagnostics: &diagnostics) }
        // Without a cache, no file's text is read again once the stage that reads it is
        // done, but for a message to quote its lines: each is let go as soon as it can be,
        // so that a large program never holds every file's text beside what it became.
        let releasingTexts = cache == nil
        if releasingTexts { checked.releaseTextsAfterChecking(quotedBy: diagnostics.all) }
        PhaseTimer.shared.mark("check")
        let beforeResolving = diagnostics.all
        let resolved = ProgramResolver.resolve(
            consume checked, cache: cache, releasingTexts: releasingTexts, shelf: cache == nil ? options.textShelf : nil,
            frontMatterDigests: options.keepsTextBaseline, progress: progress,
            diagnostics: &diagnostics)
        PhaseTimer.shared.mark("markdown")
        let content = resolved.checked.content
        diagnostics = diagnostics.limitedPerFile
        let records = options.keepsTranslationRecords ? TranslationRecord.current(resolved.checked.translations) : [:]
        // The short way's baseline is made on the other core while this one assembles the
        // program; both only read what was resolved.
        nonisolated(unsafe) let resolvedForBaseline = resolved
        let limited = diagnostics.all
        let baselineBeside =
            options.keepsTextBaseline && !diagnostics.hasErrors
            ? MadeBeside { ChapterTextBaseline(resolved: resolvedForBaseline, listed: content.listing.files, diagnostics: limited) } : nil
        guard !diagnostics.hasErrors, var program = ProgramAssembler.assemble(resolved) else {
            cache?.last = nil
            return Result(program: nil, diagnostics: diagnostics, sources: content.sources, translationRecords: records)
        }
        program.interfaceCatalogues = interface
        // `folio serve`'s short way knows nothing of translations: a program with other
        // languages compiles whole after each edit. `folio build`'s knows of translated
        // chapters' texts (``ChapterTextBaseline``).
        let translated = !program.settings.otherLanguages.isEmpty
        let baseline = baselineBeside?.value
        let result = Result(program: program, diagnostics: diagnostics, sources: content.sources, textBaseline: baseline, translationRecords: records)
        if let cache, translated {
            cache.last = nil
        } else if let cache {
            cache.last = ChapterTextEdit.Baseline(
                options: options, listing: content.listing, result: result, program: program, beforeResolving: beforeResolving, resolved: resolved,
                media: ChapterTextEdit.stamps(of: content.media))
        } else if options.releasesLeftOverBeside {
            // What was resolved and is not part of the program is let go on the other core,
            // while the outputs are written: on this one, it kept the other core waiting.
            nonisolated(unsafe) let leftOver = resolved
            DispatchQueue.global().async { _ = leftOver }
        }
        return result
    }
}
