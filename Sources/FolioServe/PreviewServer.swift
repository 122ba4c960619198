import FolioCompiler
import FolioCore
import FolioOutput
import FolioSystem
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `folio serve`: builds the content, serves the site on 127.0.0.1 (or, when asked, on the
/// local network too, ``ServeAddress``) from memory, watches
/// the content folder, rebuilds on every save and makes open pages reload. While the
/// content has errors the browser shows them, as the terminal does.
public struct PreviewServer: Sendable {
    public var contentFolder: URL
    /// The content folder as the author named it, for messages.
    public var contentDisplay: String
    public var port: Int
    public var includeDrafts: Bool
    public var useColor: Bool
    public var address: ServeAddress
    /// The renderers whose outputs are shown: those `folio build` writes with.
    public var renderers: [any OutputRenderer]

    public init(
        contentFolder: URL, contentDisplay: String, port: Int, includeDrafts: Bool, useColor: Bool, address: ServeAddress = .loopback,
        renderers: [any OutputRenderer]
    ) {
        self.renderers = renderers
        self.contentFolder = contentFolder
        self.contentDisplay = contentDisplay
        self.port = port
        self.includeDrafts = includeDrafts
        self.useColor = useColor
        self.address = address
    }

    /// Runs until Ctrl-C (or SIGTERM). Throws a ``ToolFailure`` for a content folder that
    /// cannot be read or a port that cannot be used.
    public func run() async throws {
        let site = LiveSite(renderers: renderers)
        let rebuilder = Rebuilder(server: self, site: site)
        // Watched from before the first build: a file saved while it runs is built again
        // after it, and one saved once the address is shown is never missed.
        let watcher = ContentWatcher(root: contentFolder.path) { rebuilder.schedule() }
        watcher.start()
        try await rebuilder.firstBuild()

        let router = Router()
        router.add(middleware: LoopbackHostCheck(port: port, hosts: address.hosts))
        router.get("__folio/wait") { request, _ -> Response in
            let since = request.uri.queryParameters.get("since").flatMap { Int($0) } ?? 0
            let version = await site.waitForChange(since: since)
            return Self.response(Data("{\"version\":\(version)}".utf8), type: "application/json")
        }
        let serve: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            switch await site.answer(request.uri.path) {
            case .page(let data, let type):
                return Self.response(data, type: type)
            case .file(let path, let type):
                return MediaResponse.answer(path: path, contentType: type, rangeHeader: request.headers[.range])
            case .notFound:
                return Self.notFound()
            }
        }
        router.get("/", use: serve)
        router.get("**", use: serve)
        // The router does not fall back from `__folio/wait` to `**` for other `__folio/` paths.
        router.get("__folio/**", use: serve)
        let message = ServingMessage(
            title: nil, address: address, port: port, includeDrafts: includeDrafts, display: contentDisplay, useColor: useColor)
        let app = Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: Self.idleTimeout)),
            configuration: .init(
                address: .hostname(address.bind, port: port), serverName: "folio",
                availableConnectionsDelegate: MaximumAvailableConnections(Self.maxConnections)),
            onServerRunning: { channel in
                var shown = message
                shown.port = channel.localAddress?.port ?? 0
                shown.title = await site.title
                Terminal.say(shown.text)
            }, logger: Self.quietLogger())
        // Ctrl-C and SIGTERM stop the server gracefully; pages waiting for a rebuild are
        // released first, or the server would wait for them.
        let stopping = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { Task { await site.close() } }
            source.resume()
            return source
        }
        defer { stopping.forEach { $0.cancel() } }
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            let other =
                PortProbe.freePort(after: port, on: address.bind).map { "serve on a free one with `--port \($0)`" } ?? "choose another port with `--port`"
            throw ToolFailure("the port \(port) is already in use: stop the other program, or \(other)")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw ToolFailure("cannot serve on \(address.bind): it is not an address of this computer")
        }
    }

    /// A connection that sends no request (or only part of one) for this long is closed,
    /// so that idle connections cannot pile up. A page waiting for a rebuild has sent its
    /// request and is not idle.
    static let idleTimeout = TimeAmount.seconds(5)
    /// Connections open at once; more wait to be accepted. A browser opens about six.
    static let maxConnections = 512

    static func response(_ data: Data, type: String) -> Response {
        // A preview must always show the latest build.
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func notFound() -> Response {
        Response(
            status: .notFound, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: "There is no such page in this site.\n")))
    }

    static func quietLogger() -> Logger {
        var logger = Logger(label: "folio-serve")
        logger.logLevel = .error
        return logger
    }
}

/// Compiles with a cache, one build at a time: a save during a build starts one more
/// build when it ends, so the last save is always shown.
final class Rebuilder: @unchecked Sendable {
    private let server: PreviewServer
    private let site: LiveSite
    private let cache = CompileCache()
    private let lock = NSLock()
    private var building = false
    private var pending = false

    init(server: PreviewServer, site: LiveSite) {
        self.server = server
        self.site = site
    }

    /// The first build, before the site is served; a save seen while it runs builds
    /// again after it.
    func firstBuild() async throws {
        lock.withLock { building = true }
        try await rebuild(first: true)
        let savedMeanwhile = lock.withLock { () -> Bool in
            building = false
            defer { pending = false }
            return pending
        }
        if savedMeanwhile { schedule() }
    }

    func schedule() {
        let start = lock.withLock { () -> Bool in
            if building {
                pending = true
                return false
            }
            building = true
            return true
        }
        guard start else { return }
        Task {
            while true {
                try? await rebuild(first: false)
                let again = lock.withLock { () -> Bool in
                    if pending {
                        pending = false
                        return true
                    }
                    building = false
                    return false
                }
                if !again { return }
            }
        }
    }

    func rebuild(first: Bool) async throws {
        let started = DispatchTime.now().uptimeNanoseconds
        PhaseTimer.shared.reset()
        let compiler = Compiler(contentFolder: server.contentFolder, options: .init(includeDrafts: server.includeDrafts), cache: cache)
        let result = try compiler.compile()
        let renderer = DiagnosticRenderer(contentFolderDisplay: server.contentDisplay, useColor: server.useColor)
        await site.publish(result, renderer: renderer)
        await site.setTitle(result.program?.settings.title)
        PhaseTimer.shared.mark("publish")
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        let list = result.diagnostics
        let time = Self.clock.string(from: Date())
        let what = first ? "built" : "rebuilt"
        if list.all.isEmpty {
            Terminal.say("[\(time)] \(what) in \(String(format: "%.0f", milliseconds)) ms: no problems\n")
        } else {
            let summary = DiagnosticRenderer.summary(errors: list.errorCount, warnings: list.warningCount)
            let note = list.hasErrors ? "the site waits until they are fixed; the browser shows them too" : "shown in the browser too"
            Terminal.say(
                "[\(time)] \(what) in \(String(format: "%.0f", milliseconds)) ms: \(summary) (\(note))\n"
                    + renderer.text(list, sources: result.sources))
        }
        if PhaseTimer.shared.enabled { Terminal.say(PhaseTimer.shared.report) }
    }

    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()
}

/// Where `folio serve` talks to the author.
enum Terminal {
    static func say(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
