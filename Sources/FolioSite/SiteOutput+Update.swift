import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSystem
import Foundation

extension SiteOutput {
    /// After an edit of chapters' texts alone (`folio build`'s short way: docs/commands.md,
    /// "Only chapters' texts changed"): each edited chapter's page, its language's search
    /// page and the service worker are written again; every other page is the one of the
    /// site being replaced, since it is made from front matter, quizzes, decks and pages.
    /// Any other edit, and an edit of an original in a program in several languages
    /// (which may change what each language falls back to), writes the site again.
    ///
    /// The search page holds the whole index, tens of megabytes in a large program: rather
    /// than rendering it from every chapter again, each changed entry's text is replaced
    /// where it stands (``SearchPageIndex/pageText(_:)``), when it stands there exactly once.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        guard ProgramParts([.chapterTexts, .translatedChapterTexts]).isSuperset(of: change.parts),
            program.settings.otherLanguages.isEmpty || change.chapters.isEmpty, let manifests = context.products.bundleManifests,
            let previousVersion = manifests.replaced?.bundleHash, let changes = context.products.searchIndexChanges
        else { return nil }
        let pictures = context.products.pictureSizes
        let before = SiteRenderer(program: program, version: previousVersion, pictures: pictures)
        let worker = before.render(.serviceWorker)
        guard files.stagedContents(worker.path) == worker.data else { return nil }
        // The bundle's settings carry no accent or logo (the site's look, docs/format.md):
        // an accent shows in the worker's files (accent.css), a logo only in the pages'
        // header, so a site with one is written again.
        let progress = files.stagedContents(before.pagePath(.progress)) ?? Data()
        guard progress.range(of: Data(#"class="site-logo""#.utf8)) == nil else { return nil }
        let version = manifests.written.bundleHash
        let renderer = SiteRenderer(program: program, version: version, pictures: pictures)
        var written: [(path: String, data: Data)] = []
        var renderers = [(renderer, change.chapters, before.pagePath(.search))]
        for (language, positions) in change.translatedChapters.sorted(by: { $0.key < $1.key }) {
            var translated = Self.renderer(of: program, in: language, version: version, pictures: pictures)
            if let bundle = context.products.bundleFiles {
                translated.bundleQuiz = Self.translatedQuizzes(in: bundle, of: program, language: language)
            }
            renderers.append((translated, positions, translated.pagePath(.search)))
        }
        for (renderer, positions, searchPath) in renderers {
            let language = renderer.language.isDefault ? nil : renderer.language.current
            let edits = changes.filter { $0.language == language }
            if !edits.isEmpty {
                guard var search = files.stagedContents(searchPath) else { return nil }
                for edit in edits {
                    let old = SearchPageIndex.pageText(edit.before)
                    guard let range = SystemCalls.onlyRange(of: Data(old.utf8), in: search) else { return nil }
                    search.replaceSubrange(range, with: Data(SearchPageIndex.pageText(edit.after).utf8))
                }
                written.append((searchPath, search))
            }
            for position in positions { written.append(renderer.render(.chapter(position))) }
            // The workbook holds every chapter: each edited one's part is replaced where it
            // stands, when it stands there exactly once.
            guard !positions.isEmpty else { continue }
            let workbookPath = renderer.pagePath(.workbook)
            guard var workbook = files.stagedContents(workbookPath) else { return nil }
            for position in positions {
                let order = renderer.program.chapters[position].order
                guard
                    let part = SystemCalls.onlyRange(
                        from: Data(SiteRenderer.workbookChapterStart(order)), through: Data(SiteRenderer.workbookChapterEnd(order)), in: workbook)
                else { return nil }
                workbook.replaceSubrange(part, with: renderer.workbookChapter(position))
            }
            written.append((workbookPath, workbook))
        }
        // Every page is made before any is written: one that cannot be declines the
        // update before the staged site is touched.
        for page in written { try files.write(page.data, to: page.path) }
        let newWorker = renderer.render(.serviceWorker)
        try files.write(newWorker.data, to: newWorker.path)
        return RenderSummary(folder: folder, fingerprint: version)
    }
}
