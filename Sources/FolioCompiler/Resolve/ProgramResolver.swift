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
}

/// Resolves bodies (`Resolve/`), which needs every chapter's id and every file's path.
enum ProgramResolver {
    static func resolve(
        _ checked: CheckedProgram, cache: CompileCache?, progress: (any BuildProgress)?, diagnostics: inout DiagnosticList
    ) -> ResolvedProgram {
        let content = checked.content
        let index = ContentIndex(
            chapterIDs: checked.chapterIDs, excludedDrafts: Set(checked.draftsLeftOut.map(\.id)), allFiles: content.allFiles,
            allowHTML: checked.settings?.allowHTML ?? false)
        let resolver = BodyResolver(index: index)
        let fingerprint = cache == nil ? 0 : index.fingerprint
        progress?.begin(.checking, total: checked.chapters.count)
        let bodies = ParallelMap.run(checked.chapters) { chapter -> (ResolvedBody, [Diagnostic]) in
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
        var welcomeDiagnostics = DiagnosticList()
        let welcome = checked.welcome.map {
            resolver.resolve($0.body, source: $0.file, lineOffset: $0.bodyLineOffset, diagnostics: &welcomeDiagnostics)
        }
        diagnostics.append(contentsOf: welcomeDiagnostics.all)
        return ResolvedProgram(
            checked: checked, chapters: bodies.map(\.0), welcome: welcome, chapterDiagnostics: bodies.map(\.1), welcomeDiagnostics: welcomeDiagnostics.all,
            resolver: resolver, fingerprint: fingerprint)
    }
}
