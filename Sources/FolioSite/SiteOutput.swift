import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import Foundation

/// The learner's site as an output of `folio build`: every page, its scripts and
/// stylesheet, and the media, which the site needs to open from disk without the bundle.
public struct SiteOutput: OutputRenderer {
    public let folder = "site"

    /// Where version 1's card marks go, by ``CardPlaces``.
    public var version1Places: [String: [String?]]?

    public init(version1Places: [String: [String?]]? = nil) { self.version1Places = version1Places }

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        // The offline cache is renewed whenever the bundle changes; built without one,
        // the site makes its own version from what its pages hold.
        let version = context.summary(of: "bundle")?.fingerprint ?? Self.version(of: program)
        var renderer = SiteRenderer(
            program: program, version: version, searchIndex: context.derived.value { SearchIndex(program: program, shelf: context.shelf) },
            pictures: context.derived.value { program.pictureSizes() })
        renderer.version1Places = version1Places
        if context.summary(of: "bundle") != nil {
            renderer.bundleQuiz = { id in files.stagedContents("quizzes/\(id).json", inFolder: "bundle") }
        }
        let pages = renderer.pages()
        context.progress?.begin(.site, total: pages.count + program.media.count)
        try ParallelMap.forEach(pages) { page in
            defer { context.progress?.advance() }
            if case .search = page {
                // Written as it is made: a large program's index is tens of megabytes.
                do {
                    return try files.write(to: renderer.pagePath(page)) { try renderer.searchPage($0) }
                } catch is SiteRenderer.SearchPageUnwritable {
                    return try files.write(renderer.wholeSearchPage(), to: renderer.pagePath(page))
                }
            }
            let file = renderer.render(page)
            try files.write(file.data, to: file.path)
        }
        try ParallelMap.forEach(program.media) { media in
            defer { context.progress?.advance() }
            _ = try files.copy(from: media.sourcePath, to: [media.bundlePath]) { _ in }
        }
        return RenderSummary(folder: folder, fingerprint: version)
    }

    /// A version for a site built without a bundle: FNV-1a over what the site's pages are
    /// made from, rendered without a version. Deterministic, which a seeded `Hasher` is not.
    static func version(of program: CompiledProgram) -> String {
        let renderer = SiteRenderer(program: program, version: "")
        var hasher = FNV1a()
        for page in renderer.pages() { hasher.combine(renderer.render(page).data) }
        for media in program.media { hasher.combine(media.bundlePath.utf8) }
        return "site-" + String(hasher.value, radix: 16)
    }
}
