import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSystem
import Foundation

extension SiteOutput {
    /// After an edit of chapters' texts alone (`folio build`'s short way: docs/commands.md,
    /// "Only chapters' texts changed"): each edited chapter's page, the search page and the
    /// service worker are written again; every other page is the one of the site being
    /// replaced, since it is made from front matter, quizzes, decks and pages. Any other
    /// edit, and any edit of a program in several languages, writes the site again.
    ///
    /// The search page holds the whole index, tens of megabytes in a large program: rather
    /// than rendering it from every chapter again, each changed entry's text is replaced
    /// where it stands (``SearchPageIndex/pageText(_:)``), when it stands there exactly once.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        // A site in several languages is written again: an edit of an original may change
        // what each language falls back to.
        guard program.settings.otherLanguages.isEmpty, ProgramParts.chapterTexts.isSuperset(of: change.parts), let manifests = context.products.bundleManifests,
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
        let searchPath = before.pagePath(.search)
        guard var search = files.stagedContents(searchPath) else { return nil }
        for change in changes {
            let old = SearchPageIndex.pageText(change.before)
            guard let range = SystemCalls.onlyRange(of: Data(old.utf8), in: search) else { return nil }
            search.replaceSubrange(range, with: Data(SearchPageIndex.pageText(change.after).utf8))
        }
        let version = manifests.written.bundleHash
        let renderer = SiteRenderer(program: program, version: version, pictures: pictures)
        for position in change.chapters {
            let page = renderer.render(.chapter(position))
            try files.write(page.data, to: page.path)
        }
        try files.write(search, to: searchPath)
        let newWorker = renderer.render(.serviceWorker)
        try files.write(newWorker.data, to: newWorker.path)
        return RenderSummary(folder: folder, fingerprint: version)
    }
}
