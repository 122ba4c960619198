import FolioCore
import FolioQuiz
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `folio insights collect`: a small HTTP server that accepts files of reports
/// (``InsightsReportFile``) posted by learners' devices and stores their reports
/// (``InsightsStore``). It answers with a status and nothing else, keeps no address and
/// no header, and logs nothing of a request. Run it behind a TLS proxy (docs/insights.md).
///
/// - 204: stored.
/// - 400: not a file of reports, or a report for another program.
/// - 413: larger than a file of reports can be.
/// - 429: more requests from one address in a minute than ``Limits/perMinute``.
public struct InsightsCollector: Sendable {
    public struct Limits: Sendable {
        /// Requests one address may make in a minute.
        public var perMinute = 30
        /// The most bytes of a request's body.
        public var bytes = InsightsReportFile.largest
        public init() {}
    }

    public var store: InsightsStore
    public var host: String
    public var port: Int
    /// Reports for this program only; nil accepts any.
    public var program: String?
    /// Count requests by the address a proxy says it forwarded (`X-Forwarded-For`), not by
    /// the proxy's own; only behind a proxy that sets it.
    public var behindProxy: Bool
    public var limits: Limits

    public init(store: InsightsStore, host: String, port: Int, program: String?, behindProxy: Bool, limits: Limits = .init()) {
        self.store = store
        self.host = host
        self.port = port
        self.program = program
        self.behindProxy = behindProxy
        self.limits = limits
    }

    /// What a request gets, whatever it was: a status, no body but a word for people, and
    /// leave for any page to read the status (the site's page is on another address).
    static func answer(_ status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.accessControlAllowOrigin: "*", .cacheControl: "no-store", .contentType: "text/plain; charset=utf-8"],
            body: status == .noContent ? .init() : .init(byteBuffer: ByteBuffer(string: status.reasonPhrase + "\n")))
    }

    /// Runs until SIGINT or SIGTERM; `running` is told the port it listens on.
    public func run(running: @escaping @Sendable (Int) async -> Void) async throws {
        let limiter = RequestLimiter(perMinute: limits.perMinute)
        let router = Router(context: CollectorContext.self)
        let store = self.store, program = self.program, behindProxy = self.behindProxy, largest = limits.bytes
        let receive: @Sendable (Request, CollectorContext) async throws -> Response = { request, context in
            // By a hash of the address, salted afresh each run (Swift's Hasher): the
            // address itself is never kept, even in memory.
            var hasher = Hasher()
            if behindProxy,
                let forwarded = request.headers.first(where: { $0.name.canonicalName == "x-forwarded-for" })?.value
                    .split(separator: ",").first
            {
                hasher.combine(forwarded.trimmingCharacters(in: .whitespaces))
            } else {
                hasher.combine(context.remoteAddress?.ipAddress ?? "")
            }
            guard await limiter.allows(hasher.finalize()) else { return Self.answer(.tooManyRequests) }
            let body: ByteBuffer
            do { body = try await request.body.collect(upTo: largest) } catch { return Self.answer(.contentTooLarge) }
            guard let reports = try? InsightsReportFile.read(Data(buffer: body)), !reports.isEmpty,
                program == nil || reports.allSatisfy({ $0.program == program })
            else { return Self.answer(.badRequest) }
            do { try store.store(reports) } catch { return Self.answer(.internalServerError) }
            return Self.answer(.noContent)
        }
        router.post("/", use: receive)
        router.post("**", use: receive)
        // A page that sends its reports as JSON asks first.
        let preflight: @Sendable (Request, CollectorContext) async throws -> Response = { _, _ in
            Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: "*", .accessControlAllowMethods: "POST", .accessControlAllowHeaders: "Content-Type",
                    .accessControlMaxAge: "86400",
                ])
        }
        router.on("/", method: .options, use: preflight)
        router.on("**", method: .options, use: preflight)
        var logger = Logger(label: "folio-insights")
        logger.logLevel = .critical
        let app = Application(
            router: router, server: .http1(configuration: .init(idleTimeout: .seconds(10))),
            configuration: .init(address: .hostname(host, port: port), serverName: "folio-insights"),
            onServerRunning: { channel in await running(channel.localAddress?.port ?? 0) }, logger: logger)
        // SIGINT and SIGTERM stop it gracefully (Hummingbird's default): requests being
        // stored finish first. A harder stop loses nothing acknowledged either: a 204 is
        // only answered once SQLite has committed.
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ToolFailure("the port \(port) is already in use: choose another with `--port`")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw ToolFailure("cannot listen on \(host): it is not an address of this computer")
        }
    }
}

/// The request's context, with the address it came from for ``RequestLimiter``.
struct CollectorContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// At most `perMinute` requests from one address (by its hash) in each minute.
actor RequestLimiter {
    let perMinute: Int
    private var minute = 0
    private var counts: [Int: Int] = [:]

    init(perMinute: Int) { self.perMinute = perMinute }

    func allows(_ address: Int) -> Bool {
        let now = Int(Date().timeIntervalSince1970 / 60)
        if now != minute {
            minute = now
            counts = [:]
        }
        counts[address, default: 0] += 1
        return counts[address]! <= perMinute
    }
}
