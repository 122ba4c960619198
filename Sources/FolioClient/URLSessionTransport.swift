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
    /// Seconds during which any speed is accepted, so that a slow start is not given up.
    public var grace: TimeInterval
    /// The least average speed, in bytes per second since the transfer began, accepted
    /// after ``grace``.
    public var minimumBytesPerSecond: Int

    /// A minute, then 4 KB/s (32 kbit/s, a poor mobile connection): a 100 MB video may
    /// take seven hours.
    public static let standard = TransferPace(grace: 60, minimumBytesPerSecond: 4096)

    /// A pace of `grace` seconds, then at least `minimumBytesPerSecond` on average.
    public init(grace: TimeInterval, minimumBytesPerSecond: Int) {
        self.grace = grace
        self.minimumBytesPerSecond = minimumBytesPerSecond
    }

    /// Whether a transfer `elapsed` seconds old, with `received` bytes, is too slow.
    func isTooSlow(elapsed: TimeInterval, received: Int) -> Bool {
        elapsed > grace && Double(received) < Double(minimumBytesPerSecond) * (elapsed - grace)
    }

    /// Why a transfer too slow for this pace was given up, in words for its user.
    public var reason: String {
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
        /// How slow a transfer may be before it is given up.
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

        /// The bytes of `path`, with no limit on their size.
        public func fetch(_ path: String) async throws -> Data { try await fetch(path, limit: Int.max) }

        /// Saves `path` to the new file `destination`, with no limit on its size.
        public func download(_ path: String, to destination: URL) async throws { try await download(path, to: destination, limit: Int.max) }

        /// The bytes of `path`, refused with ``BundleProblem/tooLarge(path:limit:)`` as
        /// soon as they pass `limit`.
        public func fetch(_ path: String, limit: Int) async throws -> Data {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fetch-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            try await download(path, to: file, limit: limit)
            do { return try Data(contentsOf: file) } catch { throw BundleProblem.fetchFailed(path: path, reason: error.localizedDescription) }
        }

        /// Saves `path` to the new file `destination` as it arrives, refused as soon as it
        /// passes `limit` bytes.
        public func download(_ path: String, to destination: URL, limit: Int) async throws {
            let transfer = BoundedTransfer(path: path, origin: base, limit: limit, pace: pace, destination: destination)
            try await transfer.run(URLRequest(url: try address(path), cachePolicy: .reloadIgnoringLocalCacheData), configuration: session.configuration)
        }
    }

    /// One request, stopped at its limit, its deadline, or a redirect away from the
    /// bundle's origin. A download task, even for a reply kept in memory: the session
    /// writes the body to a file as it arrives and tells its progress, where a data task
    /// would queue the body in memory for the delegate faster than it is read (so a
    /// reply refused at its limit would still have been held whole). On Linux the
    /// session's progress still trails what it has written, so over a fast link a reply
    /// refused at its limit may have put some hundreds of megabytes more into the
    /// session's temporary file before it stops, and swift-corelibs-foundation leaves
    /// that file in the temporary folder: `folio sync` fetches through the curl command
    /// there, which stops at the byte. Its own session, which is let go when the
    /// request ends: a session keeps its delegate until then.
    final class BoundedTransfer: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
        let path: String
        let origin: URL
        let limit: Int
        let pace: TransferPace
        let destination: URL
        // Everything below is touched under `lock`: the delegate's queue and the watchdog.
        private let lock = NSLock()
        private var received = 0
        private var redirects = 0
        private var failure: (any Error)?
        private var moved = false
        private var continuation: CheckedContinuation<Void, any Error>?
        private var task: URLSessionDownloadTask?
        private var finished = false

        init(path: String, origin: URL, limit: Int, pace: TransferPace, destination: URL) {
            self.path = path
            self.origin = origin
            self.limit = limit
            self.pace = pace
            self.destination = destination
        }

        func run(_ request: URLRequest, configuration: URLSessionConfiguration) async throws {
            let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let started = Date()
            let watchdog = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 250_000_000)
                    guard let self, !self.giveUpIfTooSlow(since: started) else { return }
                }
            }
            defer { watchdog.cancel() }
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let task = session.downloadTask(with: request)
                lock.withLock {
                    self.continuation = continuation
                    self.task = task
                }
                task.resume()
            }
        }

        /// Gives the transfer up when it is too slow; returns whether it has ended.
        private func giveUpIfTooSlow(since started: Date) -> Bool {
            let task: URLSessionDownloadTask? = lock.withLock {
                if finished || failure != nil { return nil }
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
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64, totalBytesWritten: Int64,
            totalBytesExpectedToWrite: Int64
        ) {
            lock.withLock { received = Int(clamping: totalBytesWritten) }
            // A declared length beyond the limit is refused at the first bytes of the body;
            // an undeclared one as soon as the body passes it.
            if totalBytesExpectedToWrite > Int64(limit) || totalBytesWritten > Int64(limit) {
                fail(BundleProblem.tooLarge(path: path, limit: limit), downloadTask)
            }
        }

        func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
            // The file is removed when this returns: it is moved first, once it is known good.
            guard lock.withLock({ failure == nil }) else { return }
            if let problem = Self.problem(path, downloadTask.response) { return lock.withLock { failure = problem } }
            let size = (try? FileManager.default.attributesOfItem(atPath: location.path))?[.size] as? Int ?? 0
            guard size <= limit else { return lock.withLock { failure = BundleProblem.tooLarge(path: path, limit: limit) } }
            do {
                try? FileManager.default.removeItem(at: destination)
                try FileManager.default.moveItem(at: location, to: destination)
                lock.withLock { moved = true }
            } catch {
                lock.withLock { failure = BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(error.localizedDescription)") }
            }
        }

        /// What a reply's status says, when it is not the file.
        static func problem(_ path: String, _ response: URLResponse?) -> (any Error)? {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            if status == 404 || status == 410 { return BundleTransportMissing(path: path) }
            if (300..<400).contains(status) {
                return BundleProblem.fetchFailed(
                    path: path, reason: "the server sent it to another address, and a bundle is fetched only from where it is published")
            }
            return (200..<300).contains(status) ? nil : BundleProblem.fetchFailed(path: path, reason: "the server answered HTTP \(status)")
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
            completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let hops = lock.withLock { () -> Int in
                redirects += 1
                return redirects
            }
            guard let target = request.url, BundleFormat.isSameOrigin(target, origin), hops <= 5 else {
                let place = request.url.map { "\($0.scheme ?? "")://\($0.host ?? "")" } ?? "another address"
                let reason =
                    hops > 5
                    ? "the server redirected it more than five times"
                    : "the server redirected it to \(place), and a bundle is fetched only from where it is published"
                // Not cancelled here: the session then delivers the redirect itself as the reply.
                lock.withLock { if failure == nil { failure = BundleProblem.fetchFailed(path: path, reason: reason) } }
                return completionHandler(nil)
            }
            completionHandler(request)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, outcome): (CheckedContinuation<Void, any Error>?, Result<Void, any Error>) = lock.withLock {
                finished = true
                let continuation = self.continuation
                self.continuation = nil
                if let failure { return (continuation, .failure(failure)) }
                if let error { return (continuation, .failure(BundleProblem.fetchFailed(path: path, reason: error.localizedDescription))) }
                if !moved {
                    return (continuation, .failure(Self.problem(path, task.response) ?? BundleProblem.fetchFailed(path: path, reason: "nothing came")))
                }
                return (continuation, .success(()))
            }
            if case .failure = outcome { try? FileManager.default.removeItem(at: destination) }
            continuation?.resume(with: outcome)
        }
    }
#endif
