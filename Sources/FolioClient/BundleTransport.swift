import Foundation

/// Where an app fetches a published bundle's files from. Paths are relative to the
/// bundle's folder as published (`manifest.json`, `chapters/sleep.json`). An app may
/// supply its own (its networking stack, a CDN's signed addresses, a test double).
///
/// The installation asks for every file with the most bytes it may have (the manifest's
/// limit, the signature's, an entry's listed size): a transport stops reading a reply as
/// soon as it passes that, and refuses one whose declared length is larger before reading
/// it, so that no reply costs more memory or disk than its file may take.
public protocol BundleTransport: Sendable {
    /// The bytes of `path`; throws ``BundleProblem/fetchFailed(path:reason:)`` when it
    /// cannot, or ``BundleTransportMissing`` when the server has no such file.
    func fetch(_ path: String) async throws -> Data
    /// Writes `path` to `destination` (a new file). The default fetches it into memory
    /// and writes it; transports that can stream large files override it.
    func download(_ path: String, to destination: URL) async throws
    /// The bytes of `path`, refused once they pass `limit` (``BundleProblem/tooLarge(path:limit:)``).
    func fetch(_ path: String, limit: Int) async throws -> Data
    /// Writes `path` to `destination`, refused once it passes `limit` bytes.
    func download(_ path: String, to destination: URL, limit: Int) async throws
}

extension BundleTransport {
    /// Fetches `path` into memory and writes it to `destination`: for transports that
    /// cannot stream.
    public func download(_ path: String, to destination: URL) async throws {
        let data = try await fetch(path)
        do { try data.write(to: destination) } catch { throw BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(error.localizedDescription)") }
    }

    /// For a transport written before the bounded forms: the whole reply is read, then
    /// measured. Folio's own transports stop reading at the limit.
    public func fetch(_ path: String, limit: Int) async throws -> Data {
        let data = try await fetch(path)
        guard data.count <= limit else { throw BundleProblem.tooLarge(path: path, limit: limit) }
        return data
    }

    /// Downloads `path` whole, then refuses it if the file passes `limit` bytes: for
    /// transports written before the bounded forms.
    public func download(_ path: String, to destination: URL, limit: Int) async throws {
        try await download(path, to: destination)
        let size = (try? FileManager.default.attributesOfItem(atPath: destination.path))?[.size] as? Int ?? 0
        guard size <= limit else {
            try? FileManager.default.removeItem(at: destination)
            throw BundleProblem.tooLarge(path: path, limit: limit)
        }
    }
}

extension BundleProblem {
    /// A reply longer than its file may be: refused while it is read.
    public static func tooLarge(path: String, limit: Int) -> BundleProblem {
        .fetchFailed(path: path, reason: "the reply is larger than the \(limit) bytes it may have; nothing more of it was read")
    }
}

extension BundleFormat {
    /// Whether `a` and `b` have the same origin (scheme, host and port, a missing port
    /// being the scheme's): the only redirects Folio's transports follow.
    public static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }
}

/// The server answered that there is no such file (HTTP 404, or no file on disk): how
/// an unsigned bundle's missing `manifest.sig` is told from a failed fetch.
public struct BundleTransportMissing: Error, Sendable {
    /// The path of the file the server does not have, relative to the bundle's folder.
    public let path: String
    /// The answer that `path` does not exist on the server.
    public init(path: String) { self.path = path }
}

/// A published bundle in a local folder: a mounted drive, an archive unpacked by the
/// app, a test.
///
/// A published bundle holds plain files: a symbolic link anywhere on a file's path in the
/// folder (the file itself, or a folder such as `media/` on the way to it) is refused
/// with ``BundleProblem/linkedFile(_:)``, never followed, so that a folder cannot make
/// the installation read, copy or write anything outside the bundle.
public struct FileTransport: BundleTransport {
    /// The folder the bundle was published to: the one holding `manifest.json`.
    public let folder: URL
    /// A transport reading the published bundle in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// The bytes of `path` in the folder, with no limit on their size.
    public func fetch(_ path: String) async throws -> Data { try await fetch(path, limit: Int.max) }

    /// Copies `path` from the folder to the new file `destination`, with no limit on its size.
    public func download(_ path: String, to destination: URL) async throws { try await download(path, to: destination, limit: Int.max) }

    /// The bytes of `path` in the folder, refused when the file is larger than `limit` or
    /// reached through a link.
    public func fetch(_ path: String, limit: Int) async throws -> Data {
        let source = try openFile(path, limit: limit)
        defer { close(source) }
        var data = Data()
        try copy(path, from: source) { data.append(contentsOf: $0) }
        return data
    }

    /// Copies `path` from the folder to the new file `destination`, refused when it is
    /// larger than `limit` or reached through a link.
    public func download(_ path: String, to destination: URL, limit: Int) async throws {
        let source = try openFile(path, limit: limit)
        defer { close(source) }
        // A new file, never through a link left at its place.
        let target = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard target >= 0 else { throw BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(String(cString: strerror(errno)))") }
        defer { close(target) }
        try copy(path, from: source) { chunk in
            var offset = 0
            while offset < chunk.count {
                let written = chunk[offset...].withUnsafeBytes { write(target, $0.baseAddress, $0.count) }
                guard written > 0 else { throw BundleProblem.fetchFailed(path: path, reason: "cannot save it: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    /// Opens `path` one folder at a time from the bundle's folder, each with
    /// `O_NOFOLLOW`: a link is refused where it is met, and nothing can swap one in
    /// between a check and the open. The file is refused before a byte is read when it
    /// is larger than `limit`.
    private func openFile(_ path: String, limit: Int) throws -> Int32 {
        guard BundleFormat.isSafe(path) else { throw BundleProblem.unsafePath(path) }
        var directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard directory >= 0 else { throw BundleTransportMissing(path: path) }
        let segments = path.split(separator: "/").map(String.init)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            let flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (isLast ? 0 : O_DIRECTORY)
            let next = openat(directory, segment, flags)
            let failure = errno
            close(directory)
            guard next >= 0 else {
                let place = segments[...index].joined(separator: "/")
                if failure == ELOOP || (failure == ENOTDIR && isSymbolicLink(place)) { throw BundleProblem.linkedFile(place) }
                if failure == ENOENT || failure == ENOTDIR { throw BundleTransportMissing(path: path) }
                throw BundleProblem.fetchFailed(path: path, reason: String(cString: strerror(failure)))
            }
            directory = next
        }
        var status = stat()
        guard fstat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(directory)
            throw BundleProblem.fetchFailed(path: path, reason: "it is not a plain file")
        }
        guard Int(status.st_size) <= limit else {
            close(directory)
            throw BundleProblem.tooLarge(path: path, limit: limit)
        }
        return directory
    }

    private func isSymbolicLink(_ place: String) -> Bool {
        var status = stat()
        return lstat(folder.appendingPathComponent(place).path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Reads `source` a megabyte at a time into `sink`.
    private func copy(_ path: String, from source: Int32, into sink: (Data) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw BundleProblem.fetchFailed(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { return }
            try sink(Data(buffer[0..<count]))
        }
    }
}
