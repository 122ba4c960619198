import Foundation

// FOLIO_STANDALONE is set by `make dist`: the self-contained executable cannot link
// FoundationNetworking, which needs the system's libcurl, so it has no URLSessionTransport
// (its `folio sync` runs the curl command instead).
#if canImport(FoundationNetworking) && !FOLIO_STANDALONE
    import FoundationNetworking
#endif

/// Where an app fetches a published bundle's files from. Paths are relative to the
/// bundle's folder as published (`manifest.json`, `chapters/sleep.json`). An app may
/// supply its own (its networking stack, a CDN's signed addresses, a test double).
public protocol BundleTransport: Sendable {
    /// The bytes of `path`; throws ``BundleProblem/fetchFailed(path:reason:)`` when it
    /// cannot, or ``BundleTransportMissing`` when the server has no such file.
    func fetch(_ path: String) async throws -> Data
    /// Writes `path` to `destination` (a new file). The default fetches it into memory
    /// and writes it; transports that can stream large files override it.
    func download(_ path: String, to destination: URL) async throws
}

extension BundleTransport {
    public func download(_ path: String, to destination: URL) async throws {
        let data = try await fetch(path)
        do { try data.write(to: destination) } catch { throw BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(error.localizedDescription)") }
    }
}

/// The server answered that there is no such file (HTTP 404, or no file on disk): how
/// an unsigned bundle's missing `manifest.sig` is told from a failed fetch.
public struct BundleTransportMissing: Error, Sendable {
    public let path: String
    public init(path: String) { self.path = path }
}

/// A published bundle in a local folder: a mounted drive, an archive unpacked by the
/// app, a test.
public struct FileTransport: BundleTransport {
    public let folder: URL
    public init(folder: URL) { self.folder = folder }

    public func fetch(_ path: String) async throws -> Data {
        guard BundleFormat.isSafe(path) else { throw BundleProblem.unsafePath(path) }
        let url = folder.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw BundleTransportMissing(path: path) }
        do { return try Data(contentsOf: url) } catch { throw BundleProblem.fetchFailed(path: path, reason: error.localizedDescription) }
    }

    public func download(_ path: String, to destination: URL) async throws {
        guard BundleFormat.isSafe(path) else { throw BundleProblem.unsafePath(path) }
        let source = folder.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: source.path) else { throw BundleTransportMissing(path: path) }
        do { try FileManager.default.copyItem(at: source, to: destination) } catch {
            throw BundleProblem.fetchFailed(path: path, reason: error.localizedDescription)
        }
    }
}

#if !FOLIO_STANDALONE
    /// A published bundle over HTTP(S), through `URLSession` (Foundation's on Apple's
    /// systems, swift-corelibs-foundation's on Linux). Large files are downloaded to disk,
    /// not held in memory.
    public struct URLSessionTransport: BundleTransport {
        /// The bundle's address, ending in `/` (`https://example.org/program/bundle/`).
        public let base: URL
        let session: URLSession

        public init(base: URL, session: URLSession = .shared) {
            self.base = base.absoluteString.hasSuffix("/") ? base : URL(string: base.absoluteString + "/")!
            self.session = session
        }

        func address(_ path: String) throws -> URL {
            guard BundleFormat.isSafe(path),
                let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#;"))),
                let url = URL(string: escaped, relativeTo: base)
            else { throw BundleProblem.unsafePath(path) }
            return url.absoluteURL
        }

        public func fetch(_ path: String) async throws -> Data {
            let url = try address(path)
            let session = session
            return try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)) { data, response, error in
                    continuation.resume(with: Self.outcome(path, data, response, error))
                }.resume()
            }
        }

        public func download(_ path: String, to destination: URL) async throws {
            let url = try address(path)
            let session = session
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                session.downloadTask(with: URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)) { file, response, error in
                    // The file is removed when this handler returns: it is moved before.
                    continuation.resume(
                        with: Self.outcome(path, file, response, error).flatMap { file in
                            Result { try FileManager.default.moveItem(at: file, to: destination) }
                                .mapError { BundleProblem.fetchFailed(path: path, reason: "cannot save it: \($0.localizedDescription)") }
                        })
                }.resume()
            }
        }

        static func outcome<T>(_ path: String, _ value: T?, _ response: URLResponse?, _ error: (any Error)?) -> Result<T, any Error> {
            if let error { return .failure(BundleProblem.fetchFailed(path: path, reason: error.localizedDescription)) }
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            if status == 404 || status == 410 { return .failure(BundleTransportMissing(path: path)) }
            guard (200..<300).contains(status), let value else {
                return .failure(BundleProblem.fetchFailed(path: path, reason: "the server answered HTTP \(status)"))
            }
            return .success(value)
        }
    }
#endif
