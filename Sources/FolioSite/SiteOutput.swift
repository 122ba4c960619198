import FolioCore
import FolioInterface
import FolioModel
import FolioOutput
import FolioProgram
import Foundation

/// The learner's site as an output of `folio build`: every page, its scripts and
/// stylesheet, and the media, which the site needs to open from disk without the bundle.
public struct SiteOutput: ServableRenderer {
    public let folder = "site"
    /// The bundle's hash versions the offline cache; its quizzes' files are embedded in
    /// the quiz pages as they are; an update patches the search page with the entries the
    /// bundle changed.
    public var uses: Set<BuildProduct> { [.bundleManifest, .bundleFiles, .searchIndexChanges] }

    /// Where version 1's card marks go (``CardPlaces``): given, or found from what the
    /// replaced output published (``RenderContext/published``) and its site.
    public var version1Places: [String: [String?]]?

    public init(version1Places: [String: [String?]]? = nil) { self.version1Places = version1Places }

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        // The offline cache is renewed whenever the bundle changes; built without one,
        // the site makes its own version from what its pages hold.
        let version = Self.version(of: program, context: context)
        var renderer = SiteRenderer(
            program: program, version: version, searchIndex: context.products.searchIndex, pictures: context.products.pictureSizes)
        renderer.version1Places =
            version1Places
            ?? CardPlaces.version1(
                published: context.published, previousSite: context.previousOutput?.appendingPathComponent(folder), program: program)
        if let bundle = context.products.bundleFiles {
            renderer.bundleQuiz = { id in bundle.contents("quizzes/\(id).json") }
        }
        // Each other language's pages and index are made from what its learners read, as
        // the build made them once for every output.
        var others = Self.otherLanguages(of: program, version: version, products: context.products)
        if let bundle = context.products.bundleFiles {
            for index in others.indices { others[index].bundleQuiz = Self.translatedQuizzes(in: bundle, of: program, language: others[index].language.current) }
        }
        let pages = [(renderer, renderer.pages())] + others.map { ($0, $0.pages()) }
        // Each page with its renderer's place, not a copy of the renderer.
        let renderers = pages.map(\.0)
        let all = pages.enumerated().flatMap { place, pages in pages.1.map { (place, $0) } }
        context.progress?.begin(.site, total: all.count + program.media.count)
        try ParallelMap.forEach(all) { place, page in
            defer { context.progress?.advance() }
            if case .search = page {
                let renderer = renderers[place]
                // Written as it is made: a large program's index is tens of megabytes.
                do {
                    return try files.write(to: renderer.pagePath(page)) { try renderer.searchPage($0) }
                } catch is SiteRenderer.SearchPageUnwritable {
                    return try files.write(renderer.wholeSearchPage(), to: renderer.pagePath(page))
                }
            }
            if case .workbook = page {
                let renderer = renderers[place]
                // Written as it is made: as large as every chapter's page together.
                return try files.write(to: renderer.pagePath(page)) { emit in
                    try renderer.workbookPage { bytes in try bytes.withUnsafeBytes { try emit($0) } }
                }
            }
            let file = renderers[place].render(page)
            try files.write(file.data, to: file.path)
        }
        try ParallelMap.forEach(program.media) { media in
            defer { context.progress?.advance() }
            _ = try files.copy(from: media.sourcePath, to: [media.bundlePath]) { _ in }
        }
        return RenderSummary(folder: folder, fingerprint: version)
    }

    /// Every page made when asked for, and the media as they are: `folio serve`'s site.
    public func servedFiles(_ program: CompiledProgram, context: RenderContext) -> [String: ServedFile] {
        // The search index is made by the renderer when the search page is asked for.
        let version = Self.version(of: program, context: context)
        var renderer = SiteRenderer(program: program, version: version)
        renderer.version1Places = version1Places
        var files: [String: ServedFile] = [:]
        for renderer in [renderer] + Self.otherLanguages(of: program, version: version) {
            for page in renderer.pages() {
                let path = renderer.pagePath(page)
                if files[path] == nil { files[path] = .made { [renderer] in renderer.render(page).data } }
            }
        }
        for media in program.media where files[media.bundlePath] == nil { files[media.bundlePath] = .copied(from: media.sourcePath) }
        return files
    }

    /// The version of the site's offline cache: the preview's, else the bundle's hash,
    /// else one made from what the pages hold.
    static func version(of program: CompiledProgram, context: RenderContext) -> String {
        context.previewVersion ?? context.products.bundleManifests?.written.bundleHash ?? version(of: program)
    }

    /// A version for a site built without a bundle: FNV-1a over what the site's pages are
    /// made from, rendered without a version. Deterministic, which a seeded `Hasher` is not.
    static func version(of program: CompiledProgram) -> String {
        var hasher = FNV1a()
        for renderer in [SiteRenderer(program: program, version: "")] + otherLanguages(of: program, version: "") {
            for page in renderer.pages() { hasher.combine(renderer.render(page).data) }
        }
        for media in program.media { hasher.combine(media.bundlePath.utf8) }
        return "site-" + String(hasher.value, radix: 16)
    }

    /// Where the pages in `language` take a translated quiz's JSON from: its file in the
    /// language's folder of the bundle. A quiz that falls back is encoded for the page:
    /// the staged bundle may still hold the file an earlier build wrote for it.
    static func translatedQuizzes(in bundle: StagedFiles, of program: CompiledProgram, language: String) -> @Sendable (String) -> Data? {
        let shown = Set(program.translation(language)?.quizzes.map(\.id) ?? [])
        return { id in shown.contains(id) ? bundle.contents("languages/\(language)/quizzes/\(id).json") : nil }
    }

    /// A renderer for each of the program's other languages: its parts as its learners see
    /// them (``CompiledProgram/localized(to:)``), in its interface's words, with the
    /// program's own catalogue for it over Folio's.
    /// With a build's `products`, each language's program and search index are the ones the
    /// build made once; without, the renderers make them.
    static func otherLanguages(of program: CompiledProgram, version: String, products: BuildProducts? = nil) -> [SiteRenderer] {
        program.settings.otherLanguages.map { tag in
            renderer(
                of: program, in: tag, version: version, localized: products?.localized(to: tag), searchIndex: products?.searchIndex(in: tag),
                pictures: products?.pictureSizes)
        }
    }

    /// The renderer of the pages in `language`, one of the program's other languages.
    static func renderer(
        of program: CompiledProgram, in language: String, version: String, localized: LocalizedProgram? = nil, searchIndex: SearchIndex? = nil,
        pictures: PictureSizes?
    ) -> SiteRenderer {
        let localized = localized ?? program.localized(to: language)
        let words = SiteWords(catalogue: InterfaceCatalogue.forLanguage(language, adding: program.interfaceCatalogues[language]))
        return SiteRenderer(
            program: localized.program, version: version, searchIndex: searchIndex, pictures: pictures, words: words,
            language: SiteLanguage(settings: program.settings, current: language, fallbacks: localized.fallbacks))
    }
}
