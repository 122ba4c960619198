import Crypto
import Foundation

/// SHA-256 of files and bytes as the manifest writes them: lower-case hexadecimal.
public enum FileDigest {
    /// SHA-256 of `data`.
    public static func sha256(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    /// SHA-256 of a text's UTF-8 bytes, as lower-case hexadecimal: its first `digits`
    /// digits (all 64 unless fewer are asked for).
    public static func sha256(utf8 text: String, digits: Int = 64) -> String {
        var text = text
        return text.withUTF8 { sha256(utf8: $0, digits: digits) }
    }

    /// The same, of UTF-8 bytes where they lie.
    package static func sha256(utf8 bytes: UnsafeBufferPointer<UInt8>, digits: Int = 64) -> String {
        hex(SHA256.hash(data: UnsafeRawBufferPointer(bytes)), digits: digits)
    }

    /// Reads the file a megabyte at a time: a video costs a buffer, not its size.
    /// Returns nil when the file cannot be read.
    public static func sha256(file url: URL) -> (size: Int, sha256: String)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size = 0
        while true {
            // nil or empty at the end of the file, depending on the system.
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk, !chunk.isEmpty else { break }
            size += chunk.count
            hasher.update(data: chunk)
        }
        return (size, hex(hasher.finalize()))
    }

    /// A digest as the manifest writes it: 64 lower-case hexadecimal digits, or the first
    /// `digits` of them.
    public static func hex(_ digest: SHA256.Digest, digits: Int = 64) -> String {
        let count = min(max(digits, 0), 64)
        return String(unsafeUninitializedCapacity: count) { out in
            var written = 0
            for byte in digest where written < count {
                out[written] = hexDigit(byte >> 4)
                written += 1
                if written < count {
                    out[written] = hexDigit(byte & 0x0F)
                    written += 1
                }
            }
            return written
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10 }

    /// The manifest's `bundleHash`: SHA-256 over each entry's `path`, a zero byte, its
    /// `sha256` and a newline, in the order of the paths' UTF-8 bytes.
    public static func bundleHash(_ entries: [(path: String, sha256: String)]) -> String {
        let sorted = entries.sorted { precedes($0.path, $1.path) }
        return sha256(Data(sorted.map { "\($0.path)\u{0}\($0.sha256)\n" }.joined().utf8))
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s: the order of the manifest's entries.
    /// Over the bytes in place, compared by `memcmp`: the generic
    /// `lexicographicallyPrecedes` over two `utf8` views was a large part of planning an
    /// update, and a loop over the bytes of paths that share a long folder was most of
    /// sorting a translated program's manifest (docs/development.md, "Updates", "Measured
    /// guards").
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                guard let first = x.baseAddress, let second = y.baseAddress else { return x.count < y.count }
                let order = memcmp(first, second, min(x.count, y.count))
                return order == 0 ? x.count < y.count : order < 0
            }
        }
        return (inPlace ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}
