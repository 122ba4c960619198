import FolioCompiler
import FolioCore
import FolioExplanations
import FolioModel
import FolioOutput
import FolioProgram
import FolioSite
import Foundation

/// The outputs as `folio serve` shows them now: the last good build's files, from the
/// same renderers `folio build` writes with, each file made on request (a rebuild makes
/// nothing until a page is asked for, so it stays fast however many chapters there are),
/// or the list of problems while the content has errors. Each rebuild gets a new version
/// number, which open pages wait for.
///
/// The site is served at the root; every other output a renderer can make file by file
/// (``ServableRenderer``) under `/__folio/outputs/<its folder>/`.
actor LiveSite {
    /// Where the outputs but the site are served.
    static let outputsPrefix = "__folio/outputs/"

    /// The renderers whose outputs are shown.
    let driver: BuildDriver

    init(renderers: [any OutputRenderer]) {
        driver = BuildDriver(renderers: renderers)
    }

    /// What a request is answered with.
    enum Answer {
        case page(Data, contentType: String)
        case file(path: String, contentType: String)
        case notFound
    }

    private enum State {
        case starting
        case ready(files: [String: ServedFile], notice: String?)
        case failed(page: String)
    }

    private(set) var version = 0
    private var state = State.starting
    private var rendered: [String: Data] = [:]

    /// Takes the result of a compilation: a program to show, or errors to show instead.
    func publish(_ result: Compiler.Result, renderer: DiagnosticRenderer) {
        version += 1
        rendered = [:]
        let list = result.diagnostics
        if var program = result.program, !list.hasErrors {
            // The preview is not the published site: no canonical address or share links
            // pointing at it.
            program.settings.baseURL = nil
            var files: [String: ServedFile] = [:]
            // The site first, whatever the renderers' order: its files are taken as they are.
            let outputs = driver.servedOutputs(program, previewVersion: "preview-\(version)").sorted { $0.folder == "site" && $1.folder != "site" }
            for output in outputs {
                let prefix = output.folder == "site" ? "" : Self.outputsPrefix + (output.folder.isEmpty ? "" : output.folder + "/")
                // The site's files as they are: a large program's are tens of thousands.
                if prefix.isEmpty, files.isEmpty {
                    files = output.files
                    continue
                }
                for (path, file) in output.files where files[prefix + path] == nil { files[prefix + path] = file }
            }
            let notice =
                list.all.isEmpty
                ? nil
                : "<aside class=\"folio-preview-notice\" role=\"status\">\(DiagnosticRenderer.summary(errors: 0, warnings: list.warningCount)): "
                    + "see <a href=\"/__folio/problems\">the list</a> or the terminal.</aside>"
            state = .ready(files: files, notice: notice)
            problems = list.all.isEmpty ? nil : problemsPage(list, sources: result.sources, renderer: renderer)
        } else {
            let page = problemsPage(list, sources: result.sources, renderer: renderer)
            state = .failed(page: page)
            problems = page
        }
    }

    private var problems: String?
    private(set) var title: String?
    private var closing = false

    /// Lets every waiting page go at once, so that stopping the server is not held up by
    /// requests waiting for a rebuild.
    func close() { closing = true }

    func setTitle(_ title: String?) { if let title { self.title = title } }

    /// Waits until the version is past `since`, or about 25 seconds (a browser gives up on
    /// a request left open much longer); returns the version then.
    func waitForChange(since: Int) async -> Int {
        let deadline = Date().addingTimeInterval(25)
        while version <= since, Date() < deadline, !closing {
            try? await Task.sleep(nanoseconds: 100_000_000)
        }
        return version
    }

    func answer(_ requestPath: String) -> Answer {
        var path = String(requestPath.drop { $0 == "/" })
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        path = path.removingPercentEncoding ?? path
        if path.isEmpty || path.hasSuffix("/") { path += "index.html" }
        if path == "sw.js" { return .page(Data(PreviewAssets.serviceWorker.utf8), contentType: "text/javascript") }
        if path == "__folio/live.js" { return .page(Data(PreviewAssets.liveReload.utf8), contentType: "text/javascript") }
        if path == "__folio/preview.css" { return .page(Data(PreviewAssets.stylesheet.utf8), contentType: "text/css") }
        if path == "__folio/problems" {
            return .page(Data((problems ?? problemsPage(DiagnosticList(), sources: SourceStore(), renderer: nil)).utf8), contentType: Self.html)
        }
        if path.hasPrefix("__folio/explain/") { return explanationPage(String(path.dropFirst("__folio/explain/".count))) }
        switch state {
        case .starting:
            return .page(Data(Self.document(title: "Building…", body: "<h1>Building the site…</h1>", version: version).utf8), contentType: Self.html)
        case .failed(let page):
            if path.hasSuffix(".html") { return .page(Data(page.utf8), contentType: Self.html) }
            return assetOrNothing(path)
        case .ready(let files, let notice):
            if let data = rendered[path] { return .page(data, contentType: Self.contentType(path)) }
            switch files[path] {
            case .made(let make):
                var data = make()
                if path.hasSuffix(".html") { data = Data(withPreview(String(decoding: data, as: UTF8.self), notice: notice).utf8) }
                rendered[path] = data
                return .page(data, contentType: Self.contentType(path))
            case .copied(let source):
                return .file(path: source, contentType: Self.contentType(path))
            case nil:
                return .notFound
            }
        }
    }

    /// While the content has errors, the stylesheet the problems page uses still comes.
    private func assetOrNothing(_ path: String) -> Answer {
        guard path == "site.css" || path == "favicon.svg" else { return .notFound }
        let renderer = SiteRenderer(program: Self.emptyProgram, version: "preview")
        guard let page = renderer.pagesByPath()[path] else { return .notFound }
        return .page(renderer.render(page).data, contentType: Self.contentType(path))
    }

    /// A page with the reload script (and a notice of warnings) added.
    private func withPreview(_ html: String, notice: String?) -> String {
        var page = html.replacingOccurrences(
            of: "</head>",
            with: "<link rel=\"stylesheet\" href=\"/__folio/preview.css\">\n<script src=\"/__folio/live.js?v=\(version)\" defer></script>\n</head>")
        if let notice { page = page.replacingOccurrences(of: "</body>", with: notice + "\n</body>") }
        return page
    }

    private func problemsPage(_ list: DiagnosticList, sources: SourceStore, renderer: DiagnosticRenderer?) -> String {
        let errors = list.errorCount
        let title =
            errors > 0
            ? (errors == 1 ? "The content has 1 error" : "The content has \(errors) errors")
            : list.all.isEmpty ? "No problems" : DiagnosticRenderer.summary(errors: 0, warnings: list.warningCount).capitalizedFirst
        var body = "<h1>\(title)</h1>\n"
        if errors > 0 {
            body +=
                (errors == 1
                    ? "<p>The site is not rebuilt until it is fixed. Fix it in your editor and save: this page updates by itself. The terminal shows it too.</p>\n"
                    : "<p>The site is not rebuilt until they are fixed. Fix them in your editor and save: this page updates by itself. The terminal shows the same list.</p>\n")
        } else if !list.all.isEmpty {
            body += "<p>The site is built; these are worth a look. <a href=\"/index.html\">Back to the site</a></p>\n"
        }
        if let renderer {
            body += renderer.html(list, sources: sources) { "/__folio/explain/\($0.rawValue)" }
            body += "<p>Each code in brackets leads to a longer explanation with an example (<code>folio explain CODE</code> in the terminal).</p>\n"
        }
        return Self.document(title: title, body: body, version: version)
    }

    /// The explanation of a code, as `folio explain` gives it, with a way back.
    private func explanationPage(_ name: String) -> Answer {
        guard let explanation = Explanation.named(name) else { return .notFound }
        let body =
            "<p><a href=\"/__folio/problems\">Back to the problems</a></p>\n" + ExplanationRenderer(useColor: false).html(explanation)
        return .page(Data(Self.document(title: explanation.code.rawValue, body: body, version: version).utf8), contentType: Self.html)
    }

    static func document(title: String, body: String, version: Int) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(SiteRenderer.contentSecurityPolicy)">
        <title>\(title) · Folio preview</title>
        <link rel="stylesheet" href="/site.css">
        <link rel="stylesheet" href="/__folio/preview.css">
        <script src="/__folio/live.js?v=\(version)" defer></script>
        </head>
        <body>
        <main class="folio-preview" id="main">
        \(body)</main>
        </body>
        </html>

        """
    }

    static let html = "text/html; charset=utf-8"

    /// The site's own files by their kind; a program's media as its bundle's manifest types
    /// them (``MediaType``), text said to be UTF-8, as Folio reads and writes it.
    static func contentType(_ path: String) -> String {
        switch ContentPath.fileExtension(path).lowercased() {
        case "html": return html
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "webmanifest": return "application/manifest+json"
        default:
            let type = MediaType.of(path)
            return type.hasPrefix("text/") ? type + "; charset=utf-8" : type
        }
    }

    static let emptyProgram = CompiledProgram(
        settings: ProgramSettings(id: "folio", title: "Folio"), welcome: CompiledPage(title: "Folio", body: Body(blocks: [])), billOfRights: nil, chapters: [],
        quizzes: [], decks: [], media: [])
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
