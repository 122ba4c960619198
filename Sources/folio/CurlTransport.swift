import FolioClient
import Foundation

/// `folio sync` over HTTP(S) in the self-contained executable (`make dist`), which
/// cannot link FoundationNetworking (it needs the system's libcurl): the `curl` command
/// does the fetching instead, one process a file. The developer build uses
/// `URLSessionTransport`; both give the installer the same answers (a file, a missing
/// file, or a failure with the reason).
struct CurlTransport: BundleTransport {
    /// The bundle's address, ending in `/`.
    let base: String
    let curl: URL
    let pace: TransferPace

    init(base: String, pace: TransferPace = .standard) throws {
        self.base = base.hasSuffix("/") ? base : base + "/"
        self.pace = pace
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        // An empty environment (a service, a cron job) still finds the usual places.
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]
        guard
            let found = folders.map({ URL(fileURLWithPath: $0).appendingPathComponent("curl") }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
        else {
            throw CommandFailure(
                "this folio fetches web addresses with the `curl` command, which is not installed: install it (on Debian or Ubuntu, `apt install curl`), or sync from a folder"
            )
        }
        curl = found
    }

    func fetch(_ path: String) async throws -> Data { try await fetch(path, limit: Int.max) }

    func download(_ path: String, to destination: URL) async throws { try await download(path, to: destination, limit: Int.max) }

    func fetch(_ path: String, limit: Int) async throws -> Data {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try await download(path, to: temporary, limit: limit)
        do { return try Data(contentsOf: temporary) } catch { throw BundleProblem.fetchFailed(path: path, reason: error.localizedDescription) }
    }

    /// Fetches `path` with curl writing the body to a pipe, which is read here and
    /// written to `destination` up to `limit` bytes: curl is stopped at the first byte
    /// past it. Redirects are followed here, not by curl, and only to the bundle's own
    /// origin, as ``URLSessionTransport`` does.
    func download(_ path: String, to destination: URL, limit: Int) async throws {
        guard BundleFormat.isSafe(path),
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;")))
        else { throw BundleProblem.unsafePath(path) }
        var address = base + escaped
        for _ in 0...5 {
            let (code, redirect) = try await transfer(address, path: path, to: destination, limit: limit)
            guard (300..<400).contains(code) else { return }
            guard let target = URL(string: redirect), let origin = URL(string: base), BundleFormat.isSameOrigin(target, origin) else {
                try? FileManager.default.removeItem(at: destination)
                throw BundleProblem.fetchFailed(
                    path: path,
                    reason:
                        "the server redirected it to \(redirect.isEmpty ? "another address" : redirect), and a bundle is fetched only from where it is published"
                )
            }
            address = target.absoluteString
        }
        try? FileManager.default.removeItem(at: destination)
        throw BundleProblem.fetchFailed(path: path, reason: "the server redirected it more than five times")
    }

    /// One request: its HTTP status and, for a redirect, where to.
    private func transfer(_ address: String, path: String, to destination: URL, limit: Int) async throws -> (code: Int, redirect: String) {
        let process = Process()
        process.executableURL = curl
        // -q (first): no ~/.curlrc, whose settings could change what is written. --proto:
        // only http and https. The pace: given up when slower than its rate over its
        // grace, and, for a file of known size, once the time that size takes is over.
        var arguments = [
            "-q", "--silent", "--show-error", "--proto", "=http,https", "--connect-timeout", "30", "--speed-limit", String(pace.minimumBytesPerSecond),
            "--speed-time", String(Int(pace.grace)), "--output", "-", "--write-out", "%{stderr}\n%{http_code} %{redirect_url}",
        ]
        if limit < Int.max / 2 { arguments += ["--max-time", String(Int(pace.grace) + limit / pace.minimumBytesPerSecond + 1)] }
        process.arguments = arguments + [address]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try? FileManager.default.removeItem(at: destination)
        guard FileManager.default.createFile(atPath: destination.path, contents: nil), let file = try? FileHandle(forWritingTo: destination) else {
            throw BundleProblem.fetchFailed(path: path, reason: "cannot save it at \(destination.path)")
        }
        defer { try? file.close() }
        let finished = AsyncFlag()
        process.terminationHandler = { _ in finished.set() }
        do { try process.run() } catch {
            throw BundleProblem.fetchFailed(path: path, reason: "cannot run curl: \(error.localizedDescription)")
        }
        // Read on a thread of its own: a blocking read must not hold a task's thread.
        let reading: Result<Int, BundleProblem> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var written = 0
                let descriptor = output.fileHandleForReading.fileDescriptor
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    // read(2) itself: it waits for data, where FileHandle's availableData
                    // may answer empty before curl has written anything.
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count <= 0 { break }
                    written += count
                    if written > limit {
                        // Closing the pipe stops curl at its next write (it exits with a
                        // write error), as quickly as a signal and through its own exit.
                        try? output.fileHandleForReading.close()
                        continuation.resume(returning: .failure(BundleProblem.tooLarge(path: path, limit: limit)))
                        return
                    }
                    do { try file.write(contentsOf: Data(buffer[0..<count])) } catch {
                        try? output.fileHandleForReading.close()
                        continuation.resume(returning: .failure(.fetchFailed(path: path, reason: "cannot save it: \(error.localizedDescription)")))
                        return
                    }
                }
                continuation.resume(returning: .success(written))
            }
        }
        await finished.wait()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if case .failure(let problem) = reading {
            try? FileManager.default.removeItem(at: destination)
            throw problem
        }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        let last = lines.last.map(String.init) ?? ""
        let code = Int(last.split(separator: " ").first ?? "") ?? 0
        let redirect = last.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let reason = lines.dropLast().joined(separator: " ").replacingOccurrences(of: "curl: ", with: "")
        guard process.terminationStatus == 0, (200..<400).contains(code) else {
            try? FileManager.default.removeItem(at: destination)
            if code == 404 || code == 410 { throw BundleTransportMissing(path: path) }
            // 28: --max-time or --speed-limit, the pace, said as URLSessionTransport says it.
            if process.terminationStatus == 28 { throw BundleProblem.fetchFailed(path: path, reason: pace.reason) }
            throw BundleProblem.fetchFailed(path: path, reason: process.terminationStatus != 0 && !reason.isEmpty ? reason : "the server answered HTTP \(code)")
        }
        return (code, redirect)
    }
}

/// Set once, awaited once: a process's end, told to a task.
private final class AsyncFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    private var waiter: CheckedContinuation<Void, Never>?

    func set() {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            isSet = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let now: Bool = lock.withLock {
                if isSet { return true }
                waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }
}
