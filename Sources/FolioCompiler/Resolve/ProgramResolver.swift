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
            bodies += ParallelMap.run(Array(checked.chapters[batch])) { chapter -> (ResolvedBody, [Diagnostic]) in
                defer { progress?.advance() }
                func resolve(_ chapter: ParsedChapter, _ local: inout DiagnosticList) -> ResolvedBody {
                    let chapter = chapter.inMemory
                    return resolver.resolve(chapter.body, source: chapter.file, lineOffset: chapter.bodyLineOffset, diagnostics: &local)
                }
                if let cache { return cache.body(chapter, index: fingerprint, resolve) }
                var local = DiagnosticList()
                let body = resolve(chapter, &local).shelved(on: shelf)
                return (body, local.all)
            }
            for index in batch {
                let path = checked.chapters[index].file.path
                digests?.append(ChapterTextBaseline.frontMatterDigest(of: checked.chapters[index].file.text))
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
        return ResolvedProgram(
            checked: checked, chapters: bodies.map(\.0), welcome: welcome, chapterDiagnostics: bodies.map(\.1), welcomeDiagnostics: welcomeDiagnostics.all,
            resolver: resolver, fingerprint: fingerprint, frontMatterDigests: digests)
    }
}
