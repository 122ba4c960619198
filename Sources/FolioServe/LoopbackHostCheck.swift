import Hummingbird

/// Answers only requests addressed to this computer by name: `127.0.0.1`, `localhost`
/// or `[::1]`. A web page elsewhere can make a browser send requests to the preview
/// under its own host name (DNS rebinding) and read the answers, drafts included; such
/// a request carries that other name in its `Host` header, and is refused.
struct LoopbackHostCheck<Context: RequestContext>: RouterMiddleware {
    let port: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, Self.isLoopback(host) else {
            return Response(
                status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: .init(string: "The Folio preview answers only at http://127.0.0.1 or http://localhost.\n")))
        }
        return try await next(request, context)
    }

    /// Whether `authority` (`host` or `host:port`) names this computer.
    static func isLoopback(_ authority: String) -> Bool {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            let rest = host[host.index(after: end)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            return host[host.index(after: host.startIndex)..<end] == "::1"
        }
        if let colon = host.lastIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            host = host[..<colon]
        }
        return host == "127.0.0.1" || host == "localhost"
    }
}
