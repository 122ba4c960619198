import Foundation

// FOLIO_STANDALONE is set by `make dist`: the self-contained executable cannot link
// FoundationNetworking, which needs the system's libcurl, so it has no URLSessionTransport
// (its `folio sync` runs the curl command instead).
#if canImport(FoundationNetworking) && !FOLIO_STANDALONE
    import FoundationNetworking
#endif

/// How long a transfer may take: after `grace` seconds, a transfer that has averaged less
/// than `minimumBytesPerSecond` since it began is given up. A file of known size so has an
/// overall deadline (`grace` plus its size at that rate), and a server that sends a byte
/// now and then is given up after `grace`, however long it keeps the connection open.
public struct TransferPace: Sendable, Hashable {
    public var grace: TimeInterval
    public var minimumBytesPerSecond: Int

    /// A minute, then 4 KB/s (32 kbit/s, a poor mobile connection): a 100 MB video may
    /// take seven hours.
    public static let standard = TransferPace(grace: 60, minimumBytesPerSecond: 4096)

    public init(grace: TimeInterval, minimumBytesPerSecond: Int) {
        self.grace = grace
        self.minimumBytesPerSecond = minimumBytesPerSecond
    }

    /// Whether a transfer `elapsed` seconds old, with `received` bytes, is too slow.
    func isTooSlow(elapsed: TimeInterval, received: Int) -> Bool {
        elapsed > grace && Double(received) < Double(minimumBytesPerSecond) * (elapsed - grace)
    }

    var reason: String {
        "it was given up: after \(Int(grace)) s it had come at less than \(minimumBytesPerSecond / 1024) KB/s"
    }
}

#if !FOLIO_STANDALONE
    /// A published bundle over HTTP(S), through `URLSession` (Foundation's on Apple's
    /// systems, swift-corelibs-foundation's on Linux). Files are streamed, to disk for a
    /// download, and each reply is bounded while it is read: by the limit the installation
    /// gives (``BundleTransport``), and by time (``TransferPace``).
    ///
    /// Redirects are followed only to the same origin (scheme, host and port) as the
    /// bundle's address, five at most: a bundle is fetched from where the app was told it
    /// is published, and an `https` address is never taken to `http`. An app that
    /// publishes through a redirecting CDN gives its own transport.
    public struct URLSessionTransport: BundleTransport {
        /// The bundle's address, ending in `/` (`https://example.org/program/bundle/`).
        public let base: URL
        let session: URLSession
        public let pace: TransferPace

        /// `session`'s configuration (headers, proxies, caches) is used for every transfer.
        public init(base: URL, session: URLSession = .shared, pace: TransferPace = .standard) {
            self.base = base.absoluteString.hasSuffix("/") ? base : URL(string: base.absoluteString + "/")!
            self.session = session
            self.pace = pace
        }

        func address(_ path: String) throws -> URL {
            guard BundleFormat.isSafe(path),
                let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))),
                let url = URL(string: escaped, relativeTo: base)
            else { throw BundleProblem.unsafePath(path) }
            return url.absoluteURL
        }

        public func fetch(_ path: String) async throws -> Data { try await fetch(path, limit: Int.max) }

        public func download(_ path: String, to destination: URL) async throws { try await download(path, to: destination, limit: Int.max) }

        public func fetch(_ path: String, limit: Int) async throws -> Data {
            let transfer = BoundedTransfer(path: path, origin: base, limit: limit, pace: pace, sink: .memory)
            return try await transfer.run(URLRequest(url: try address(path), cachePolicy: .reloadIgnoringLocalCacheData), configuration: session.configuration)
        }

        public func download(_ path: String, to destination: URL, limit: Int) async throws {
            guard FileManager.default.createFile(atPath: destination.path, contents: nil), let handle = try? FileHandle(forWritingTo: destination) else {
                throw BundleProblem.fetchFailed(path: path, reason: "cannot save it at \(destination.path)")
            }
            let transfer = BoundedTransfer(path: path, origin: base, limit: limit, pace: pace, sink: .file(handle))
            do {
                _ = try await transfer.run(
                    URLRequest(url: try address(path), cachePolicy: .reloadIgnoringLocalCacheData), configuration: session.configuration)
                try? handle.close()
            } catch {
                try? handle.close()
                try? FileManager.default.removeItem(at: destination)
                throw error
            }
        }
    }

    /// One request, read as it arrives and stopped at its limit, its deadline, or a
    /// redirect away from the bundle's origin. Its own session, which is let go when the
    /// request ends: a session keeps its delegate until then.
    final class BoundedTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        enum Sink {
            case memory
            case file(FileHandle)
        }

        let path: String
        let origin: URL
        let limit: Int
        let pace: TransferPace
        // Everything below is touched under `lock`: the delegate's queue and the watchdog.
        private let lock = NSLock()
        private let sink: Sink
        private var data = Data()
        private var received = 0
        private var failure: (any Error)?
        private var continuation: CheckedContinuation<Data, any Error>?
        private var task: URLSessionDataTask?
        private var finished = false

        init(path: String, origin: URL, limit: Int, pace: TransferPace, sink: Sink) {
            self.path = path
            self.origin = origin
            self.limit = limit
            self.pace = pace
            self.sink = sink
        }

        func run(_ request: URLRequest, configuration: URLSessionConfiguration) async throws -> Data {
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let started = Date()
            let watchdog = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 250_000_000)
                    guard let self else { return }
                    if self.isTooSlow(since: started) { return }
                }
            }
            defer { watchdog.cancel() }
            return try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    self.continuation = continuation
                    task = session.dataTask(with: request)
                }
                task?.resume()
            }
        }

        /// Gives the transfer up when it is too slow; returns whether it has ended.
        private func isTooSlow(since started: Date) -> Bool {
            let task: URLSessionDataTask? = lock.withLock {
                if finished { return nil }
                guard pace.isTooSlow(elapsed: Date().timeIntervalSince(started), received: received) else { return nil }
                failure = BundleProblem.fetchFailed(path: path, reason: pace.reason)
                return self.task
            }
            task?.cancel()
            return lock.withLock { finished || failure != nil }
        }

        /// Stops the transfer with `problem`, unless it has one already.
        private func fail(_ problem: any Error, _ task: URLSessionTask) {
            lock.withLock { if failure == nil { failure = problem } }
            task.cancel()
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            if status == 404 || status == 410 {
                fail(BundleTransportMissing(path: path), dataTask)
                return completionHandler(.cancel)
            }
            guard (200..<300).contains(status) else {
                let reason =
                    (300..<400).contains(status)
                    ? "the server sent it to another address, which a bundle is not fetched from" : "the server answered HTTP \(status)"
                fail(BundleProblem.fetchFailed(path: path, reason: reason), dataTask)
                return completionHandler(.cancel)
            }
            // A declared length beyond the limit is refused before a byte of the body.
            if response.expectedContentLength > Int64(limit) {
                fail(BundleProblem.tooLarge(path: path, limit: limit), dataTask)
                return completionHandler(.cancel)
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive chunk: Data) {
            let problem: (any Error)? = lock.withLock {
                guard failure == nil else { return nil }
                received += chunk.count
                if received > limit { return BundleProblem.tooLarge(path: path, limit: limit) }
                switch sink {
                case .memory: data.append(chunk)
                case .file(let handle):
                    do { try handle.write(contentsOf: chunk) } catch {
                        return BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(error.localizedDescription)")
                    }
                }
                return nil
            }
            if let problem { fail(problem, dataTask) }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let hops = lock.withLock { () -> Int in
                redirects += 1
                return redirects
            }
            guard let target = request.url, Self.sameOrigin(target, origin), hops <= 5 else {
                let place = request.url.map { "\($0.scheme ?? "")://\($0.host ?? "")" } ?? "another address"
                fail(
                    BundleProblem.fetchFailed(
                        path: path,
                        reason: hops > 5
                            ? "the server redirected it more than five times"
                            : "the server redirected it to \(place), and a bundle is fetched only from where it is published"), task)
                return completionHandler(nil)
            }
            completionHandler(request)
        }
        private var redirects = 0

        static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
            func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil) }
            return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, outcome): (CheckedContinuation<Data, any Error>?, Result<Data, any Error>) = lock.withLock {
                finished = true
                let continuation = self.continuation
                self.continuation = nil
                if let failure { return (continuation, .failure(failure)) }
                if let error { return (continuation, .failure(BundleProblem.fetchFailed(path: path, reason: error.localizedDescription))) }
                return (continuation, .success(data))
            }
            continuation?.resume(with: outcome)
        }
    }
#endif
