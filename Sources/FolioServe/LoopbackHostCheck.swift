import Hummingbird

/// Answers only requests addressed to this computer by a name or address the preview is
/// served at: `127.0.0.1`, `localhost` or `[::1]`, and with `--lan` or `--bind` the
/// computer's network address. A web page elsewhere can make a browser send requests to
/// the preview under its own host name (DNS rebinding) and read the answers, drafts
/// included; such a request carries that other name in its `Host` header, and is refused.
struct LoopbackHostCheck<Context: RequestContext>: RouterMiddleware {
    let port: Int
    /// The hosts answered, in lower case, IPv6 addresses without brackets.
    let hosts: Set<String>

    init(port: Int, hosts: Set<String> = ServeAddress.loopback.hosts) {
        self.port = port
        self.hosts = hosts
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, Self.host(of: host).map(hosts.contains) == true else {
            // This computer's names first, as before, then the network address it is served at.
            let names = hosts.contains("localhost") ? ["127.0.0.1", "localhost"] : []
            let shown = (names + hosts.subtracting(ServeAddress.loopback.hosts).sorted()).map { "http://\($0)" }.joined(separator: " or ")
            return Response(
                status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: .init(string: "The Folio preview answers only at \(shown).\n")))
        }
        return try await next(request, context)
    }

    /// The host of `authority` (`host`, `host:port`, `[v6]` or `[v6]:port`) in lower
    /// case; nil when it is not one.
    static func host(of authority: String) -> String? {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: end)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(host[host.index(after: host.startIndex)..<end])
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            host = host[..<colon]
        }
        return String(host)
    }
}
