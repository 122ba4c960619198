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

    init(base: String) throws {
        self.base = base.hasSuffix("/") ? base : base + "/"
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

    func fetch(_ path: String) async throws -> Data {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try await download(path, to: temporary)
        do { return try Data(contentsOf: temporary) } catch { throw BundleProblem.fetchFailed(path: path, reason: error.localizedDescription) }
    }

    func download(_ path: String, to destination: URL) async throws {
        guard BundleFormat.isSafe(path),
            let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;")))
        else { throw BundleProblem.unsafePath(path) }
        let process = Process()
        process.executableURL = curl
        // -q (first): no ~/.curlrc, whose settings could change what is written. --proto:
        // never follow a redirect to file:// or another scheme. A server that stops
        // answering is given up after a minute, as URLSession does.
        process.arguments = [
            "-q", "--silent", "--show-error", "--location", "--proto", "=http,https", "--connect-timeout", "30", "--speed-limit", "1",
            "--speed-time", "60", "--output", destination.path, "--write-out", "%{http_code}", base + escaped,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: BundleProblem.fetchFailed(path: path, reason: "cannot run curl: \(error.localizedDescription)"))
            }
        }
        let code = Int(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? 0
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "curl: ", with: "")
        guard status == 0, (200..<300).contains(code) else {
            try? FileManager.default.removeItem(at: destination)
            if code == 404 || code == 410 { throw BundleTransportMissing(path: path) }
            throw BundleProblem.fetchFailed(path: path, reason: status != 0 ? message : "the server answered HTTP \(code)")
        }
    }
}
