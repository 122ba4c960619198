import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSystem
import Foundation

/// The site after chapters' texts changed below their front matter and nothing else
/// (`folio build`'s short way: docs/commands.md, "Only chapters' texts changed"): each
/// such chapter's page, the search page and the service worker are written again; every
/// other page is the one of the site being replaced, since it is made from front matter,
/// quizzes, decks and pages.
///
/// The search page holds the whole index, tens of megabytes at 10,000 chapters: rather
/// than rendering it from every chapter again, each changed entry's text is replaced
/// where it stands (``SearchPageIndex/pageText(_:)``), when it stands there exactly once.
public struct SiteTextEdit {
    /// The program as the bundle tells it (``FolioBundle/BundleTextEdit/outline(editing:)``),
    /// with the edited chapters whole.
    public let outline: CompiledProgram
    public let edited: [Int]

    public init(outline: CompiledProgram, edited: [Int]) {
        self.outline = outline
        self.edited = edited
    }

    /// Writes the pages into `files`, the staged site, which holds the site built with
    /// `previousVersion`; the new one is `version`. Returns false, having written nothing
    /// the whole build would not write again, when the staged site is not what the
    /// outline gives (its service worker differs, or an entry of its search page is not
    /// found once).
    public func write(
        search changes: [(before: SearchIndex.Entry, after: SearchIndex.Entry)], previousVersion: String, version: String, into files: OutputFiles
    ) throws -> Bool {
        let pictures = outline.pictureSizes()
        let before = SiteRenderer(program: outline, version: previousVersion, pictures: pictures)
        let worker = before.render(.serviceWorker)
        guard FileManager.default.contents(atPath: files.stagedURL(worker.path).path) == worker.data else { return false }
        // The outline's settings are the bundle's, which carry no accent or logo (the site's
        // look, docs/format.md): an accent shows in the worker's files (accent.css), a logo
        // only in the pages' header, so a site with one is built the whole way.
        let progress = FileManager.default.contents(atPath: files.stagedURL(before.pagePath(.progress)).path) ?? Data()
        guard progress.range(of: Data(#"class="site-logo""#.utf8)) == nil else { return false }
        let searchPath = before.pagePath(.search)
        guard var search = FileManager.default.contents(atPath: files.stagedURL(searchPath).path) else { return false }
        for change in changes {
            let old = SearchPageIndex.pageText(change.before)
            guard let range = Self.onlyRange(of: Data(old.utf8), in: search) else { return false }
            search.replaceSubrange(range, with: Data(SearchPageIndex.pageText(change.after).utf8))
        }
        let renderer = SiteRenderer(program: outline, version: version, pictures: pictures)
        for position in edited {
            let page = renderer.render(.chapter(position))
            try files.write(page.data, to: page.path)
        }
        try files.write(search, to: searchPath)
        let newWorker = renderer.render(.serviceWorker)
        try files.write(newWorker.data, to: newWorker.path)
        return true
    }

    /// Where `needle` is in `data`, when it is there exactly once.
    static func onlyRange(of needle: Data, in data: Data) -> Range<Int>? {
        guard !needle.isEmpty else { return nil }
        return data.withUnsafeBytes { haystack -> Range<Int>? in
            needle.withUnsafeBytes { needle -> Range<Int>? in
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return nil }
                let first = needle[0]
                var found: Int?
                var from = 0
                // `memchr` to each candidate first byte, `memcmp` for the rest (Glibc's
                // module does not declare `memmem`).
                while from + needle.count <= haystack.count,
                    let hit = MemoryBytes.first(first, at: base + from, count: haystack.count - from - needle.count + 1)
                {
                    let start = base.distance(to: hit)
                    if MemoryBytes.same(base + start, wanted, count: needle.count) {
                        if found != nil { return nil }
                        found = start
                    }
                    from = start + 1
                }
                return found.map { $0..<($0 + needle.count) }
            }
        }
    }
}
