import FolioCore
import FolioModel

/// The program with every chapter's and the welcome page's text decided: links
/// resolved, videos in their slots, HTML sanitised, headings given ids. The fourth stage.
struct ResolvedProgram {
    var checked: CheckedProgram
    /// The bodies of ``CheckedProgram/chapters``, in the same order.
    var chapters: [ResolvedBody]
    var welcome: ResolvedBody?
    /// What resolving each chapter found, in the order of ``chapters``, and the welcome page.
    var chapterDiagnostics: [[Diagnostic]] = []
    var welcomeDiagnostics: [Diagnostic] = []
    /// What the bodies were resolved against, for resolving one again (``ChapterTextEdit``).
    var resolver: BodyResolver
    var fingerprint: Int
    /// The digest of each chapter's front matter, in the order of ``chapters``, when asked
    /// for (``ChapterTextBaseline``): taken before the chapter's text is let go.
    var frontMatterDigests: [String]?
    /// The bodies of translated chapters and welcome pages, by the translation's path.
    var translatedBodies: [String: ResolvedBody] = [:]
    /// The digests of each translated chapter's front matter and of its media, by the
    /// translation's path, when ``frontMatterDigests`` are asked for.
    var translationDigests: [String: (frontMatter: String, media: String)]?
}

/// Resolves bodies (`Resolve/`), which needs every chapter's id and every file's path.
enum ProgramResolver {
    /// Resolves every body. With `releasingTexts`, each chapter's text is let go once its
    /// body is resolved, unless a message quotes it: the bodies are resolved a batch at a
    /// time, so that a large program never holds every chapter's text beside its body.
    /// With a `shelf`, each chapter's HTML and plain text are put on it as soon as they
    /// are made, so that the program never holds them all either.
    static func resolve(
        _ checked: consuming CheckedProgram, cache: CompileCache?, releasingTexts: Bool = false, shelf: (any TextShelf)? = nil,
        frontMatterDigests: Bool = false,
        progress: (any BuildProgress)?, diagnostics: inout DiagnosticList
    ) -> ResolvedProgram {
        var checked = checked
        // A page with a translation has its pictures listed as it is resolved, to be
        // compared with its translation's.
        var translatedPages: [String: TranslationSource] = [:]
        var withTranslation: Set<String> = []
        for translation in checked.translations where translation.matches {
            switch translation.form {
            case .chapter, .welcome:
                translatedPages[translation.source.file.path] = translation.source
                withTranslation.insert(translation.source.original)
            default: break
            }
        }
        var pictures: [String: [String]] = [:]
        // Not a copy of `checked.content`: it would hold every text this lets go.
        let index = ContentIndex(
            chapterIDs: checked.chapterIDs, excludedDrafts: Set(checked.draftsLeftOut.map(\.id)), allFiles: checked.content.allFiles,
            allowHTML: checked.settings?.allowHTML ?? false)
        let resolver = BodyResolver(index: index)
        let fingerprint = cache == nil ? 0 : index.fingerprint
        progress?.begin(.checking, total: checked.chapters.count)
        let quoted = releasingTexts ? Set(diagnostics.all.flatMap(\.files)) : []
        var bodies: [(ResolvedBody, [Diagnostic])] = []
        bodies.reserveCapacity(checked.chapters.count)
        var digests: [String]? = frontMatterDigests ? [] : nil
        let batchSize = releasingTexts ? 256 : max(checked.chapters.count, 1)
        for start in stride(from: 0, to: checked.chapters.count, by: batchSize) {
            let batch = start..<min(start + batchSize, checked.chapters.count)
            let resolved = ParallelMap.run(Array(checked.chapters[batch])) { chapter -> (ResolvedBody, [Diagnostic], [String]?) in
                defer { progress?.advance() }
                func resolve(_ chapter: ParsedChapter, _ local: inout DiagnosticList) -> ResolvedBody {
                    let chapter = chapter.inMemory
                    return resolver.resolve(chapter.body, source: chapter.file, lineOffset: chapter.bodyLineOffset, shelf: shelf, diagnostics: &local)
                }
                if let cache {
                    let (body, found) = cache.body(chapter, index: fingerprint, resolve)
                    return (body, found, withTranslation.contains(chapter.file.path) ? body.body.pictureList : nil)
                }
                var local = DiagnosticList()
                let body = resolve(chapter, &local)
                return (body.shelved(on: shelf), local.all, withTranslation.contains(chapter.file.path) ? body.body.pictureList : nil)
            }
            for (index, result) in zip(batch, resolved) {
                bodies.append((result.0, result.1))
                if let list = result.2 { pictures[checked.chapters[index].file.path] = list }
            }
            for index in batch {
                let path = checked.chapters[index].file.path
                digests?.append(ChapterTextBaseline.frontMatterDigest(of: ChapterParser.frontMatterInMemory(checked.chapters[index].file).text))
                guard releasingTexts, bodies[index].1.isEmpty, !quoted.contains(path) else { continue }
                checked.chapters[index].file = SourceFile(path: path, text: "")
                checked.chapters[index].body = ""
                checked.content.sources.remove(path)
            }
        }
        bodies.forEach { diagnostics.append(contentsOf: $0.1) }
        var welcomeDiagnostics = DiagnosticList()
        let welcome = checked.welcome.map {
            resolver.resolve($0.body, source: $0.file, lineOffset: $0.bodyLineOffset, diagnostics: &welcomeDiagnostics)
        }
        diagnostics.append(contentsOf: welcomeDiagnostics.all)
        if let welcome, let path = checked.welcome?.file.path, withTranslation.contains(path) { pictures[path] = welcome.body.pictureList }
        let originalBodies = Dictionary(
            zip(checked.chapters.map(\.file.path), bodies.map(\.0)) + (welcome.map { [(checked.welcome!.file.path, $0)] } ?? []),
            uniquingKeysWith: { first, _ in first })
        let (translatedBodies, translationDigests) = resolveTranslations(
            &checked, resolver: resolver, shelf: shelf, releasingTexts: releasingTexts, quoted: quoted, originals: originalBodies,
            pictures: pictures, digests: frontMatterDigests, diagnostics: &diagnostics)
        return ResolvedProgram(
            checked: checked, chapters: bodies.map(\.0), welcome: welcome, chapterDiagnostics: bodies.map(\.1), welcomeDiagnostics: welcomeDiagnostics.all,
            resolver: resolver, fingerprint: fingerprint, frontMatterDigests: digests, translatedBodies: translatedBodies,
            translationDigests: translationDigests)
    }

    /// Resolves the translated chapters and welcome pages as their originals were, a batch
    /// at a time on all cores, each compared with its original's videos and pictures.
    private static func resolveTranslations(
        _ checked: inout CheckedProgram, resolver: BodyResolver, shelf: (any TextShelf)?, releasingTexts: Bool, quoted: Set<String>,
        originals: [String: ResolvedBody], pictures: [String: [String]], digests: Bool, diagnostics: inout DiagnosticList
    ) -> ([String: ResolvedBody], [String: (frontMatter: String, media: String)]?) {
        struct Page {
            var source: TranslationSource
            var file: SourceFile
            var body: Substring
            var bodyLineOffset: Int
            var chapter: ParsedChapter?
            /// Its original changed since it was marked: a difference of media is that change.
            var outdated = false
        }
        let pages = checked.translations.compactMap { translation -> Page? in
            guard translation.matches else { return nil }
            switch translation.form {
            case .chapter(let chapter, _):
                return Page(
                    source: translation.source, file: chapter.file, body: chapter.body, bodyLineOffset: chapter.bodyLineOffset, chapter: chapter,
                    outdated: translation.state == .outdated)
            case .welcome(let welcome):
                return Page(
                    source: translation.source, file: welcome.file, body: welcome.body, bodyLineOffset: welcome.bodyLineOffset,
                    outdated: translation.state == .outdated)
            default: return nil
            }
        }
        var bodies: [String: ResolvedBody] = [:]
        var pageDigests: [String: (frontMatter: String, media: String)]? = digests ? [:] : nil
        let batchSize = releasingTexts ? 256 : max(pages.count, 1)
        for start in stride(from: 0, to: pages.count, by: batchSize) {
            let batch = Array(pages[start..<min(start + batchSize, pages.count)])
            let resolved = ParallelMap.run(batch) { page -> (ResolvedBody, [Diagnostic], (frontMatter: String, media: String)?) in
                var local = DiagnosticList()
                let (file, body, offset): (SourceFile, Substring, Int)
                if let chapter = page.chapter?.inMemory {
                    (file, body, offset) = (chapter.file, chapter.body, chapter.bodyLineOffset)
                } else {
                    (file, body, offset) = (page.file, page.body, page.bodyLineOffset)
                }
                let resolved = resolver.resolve(body, source: file, lineOffset: offset, shelf: shelf, diagnostics: &local)
                if let original = originals[page.source.original] {
                    TranslationRules.media(
                        videos: resolved.videos, images: resolved.body.pictureList, originalVideos: original.videos,
                        originalImages: pictures[page.source.original] ?? [], in: page.source,
                        at: SourceLocation(file: file.path, line: offset + 1, column: 1), outdated: page.outdated, diagnostics: &local)
                }
                let digest =
                    digests && page.chapter != nil
                    ? (
                        ChapterTextBaseline.frontMatterDigest(of: file.text),
                        TranslationRules.mediaDigest(videos: resolved.videos, images: resolved.body.pictureList)
                    )
                    : nil
                return (resolved.shelved(on: shelf), local.all, digest)
            }
            for (page, result) in zip(batch, resolved) {
                bodies[page.source.file.path] = result.0
                if let digest = result.2 { pageDigests?[page.source.file.path] = digest }
                diagnostics.append(contentsOf: result.1)
                if releasingTexts, result.1.isEmpty, !quoted.contains(page.source.file.path), page.chapter != nil {
                    checked.content.sources.remove(page.source.file.path)
                }
            }
        }
        return (bodies, pageDigests)
    }
}
