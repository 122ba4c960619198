import FolioSystem
import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// A media file of the content answered from disk in pieces, with byte ranges, so that
/// a 1 GB video costs a few hundred kilobytes of memory and can be seeked in preview.
///
/// The file is opened without following links, and checked again to be the same file
/// when its bytes are sent: a link put in its place between rebuilds is never served.
enum MediaResponse {
    /// How much of a file is read and sent at a time.
    static let chunkSize = 256 * 1024

    /// The policy every media file is sent with. The compiler refuses pages and pictures
    /// that hold scripts (`media-active-content`); this stops one the check could miss:
    /// `sandbox` (without `allow-scripts`) runs no script and gives the file an origin of
    /// its own, away from the site's storage, and the sources allowed are the file's own
    /// pictures, sound, video, styles and fonts. A picture shown by a page (`<img>`) is not
    /// affected: the policy of the page showing it applies.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; sandbox"

    static func answer(path: String, contentType: String, rangeHeader: String?) -> Response {
        guard let file = identify(path) else { return PreviewServer.notFound() }
        // `nosniff`: a file is shown only as the type its extension gives, never as a page
        // a browser guessed from its bytes.
        var headers: HTTPFields = [
            .contentType: contentType, .cacheControl: "no-store", .acceptRanges: "bytes",
            .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
        ]
        var status = HTTPResponse.Status.ok
        var range = 0..<file.size
        if let rangeHeader, let asked = byteRange(rangeHeader, size: file.size) {
            guard let requested = asked else {
                headers[.contentRange] = "bytes */\(file.size)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            }
            range = requested
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(file.size)"
        }
        headers[.contentLength] = String(range.count)
        let sent = range
        let body = ResponseBody(contentLength: sent.count) { writer in
            try await send(path: path, expected: file, range: sent, to: &writer)
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// A regular file's identity and size, opened without following a link.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int
    }

    static func identify(_ path: String) -> Identity? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return identity(of: descriptor)
    }

    private static func identity(of descriptor: Int32) -> Identity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size))
    }

    private static func send(path: String, expected: Identity, range: Range<Int>, to writer: inout any ResponseBodyWriter) async throws {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // Swapped for another file since the headers were made: send nothing more.
        guard let found = identity(of: descriptor), found.device == expected.device, found.inode == expected.inode else { return }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = min(chunkSize, range.upperBound - offset)
            let start = offset
            // Reading blocks, so it runs on NIO's thread pool, not on the server's threads.
            let chunk = try await NIOThreadPool.singleton.runIfActive { () -> ByteBuffer in
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                    max(0, pread(descriptor, raw.baseAddress, count, off_t(start)))
                }
                return buffer
            }
            guard chunk.readableBytes > 0 else { return }
            try await writer.write(chunk)
            offset += chunk.readableBytes
        }
    }

    /// The one range of `bytes=first-last`, `bytes=first-` or `bytes=-suffix` within a
    /// file of `size` bytes (several ranges are answered with the first that can be
    /// satisfied, as browsers ask for one when they seek). Nil when the header is to be
    /// ignored and the whole file sent: another unit, or not a valid list of byte ranges
    /// (RFC 9110, 14.2); `.some(nil)` when it is valid but no range lies within the file.
    static func byteRange(_ header: String, size: Int) -> Range<Int>?? {
        let value = header.trimmingCharacters(in: .whitespaces)
        guard value.lowercased().hasPrefix("bytes=") else { return nil }
        // Digits only (`Int` would take a sign); more digits than an Int holds are as
        // good as infinite here.
        func position(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(text) ?? Int.max
        }
        var ranges: [Range<Int>?] = []
        for spec in value.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false) {
            let spec = spec.trimmingCharacters(in: .whitespaces)
            let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            if parts[0].isEmpty {
                guard let suffix = position(parts[1]) else { return nil }
                ranges.append(suffix > 0 && size > 0 ? max(0, size - suffix)..<size : nil)
                continue
            }
            guard let start = position(parts[0]) else { return nil }
            let last = parts[1].isEmpty ? Int.max : position(parts[1])
            guard let last, last >= start else { return nil }
            ranges.append(start < size ? start..<(min(last, size - 1) + 1) : nil)
        }
        return .some(ranges.compactMap { $0 }.first)
    }
}
