/// Finds the next byte of a kind in UTF-8 text eight bytes at a time: each word of eight
/// bytes is tested for the bytes sought with a few integer operations (SWAR) instead of
/// a branch for each byte.
///
/// Written for the escaping of JSON and HTML, which a build does for every chapter and
/// quiz it writes: most of that text needs no escape, and testing it byte by byte was
/// most of the time spent escaping (`make bench`).
///
/// A test of a word (``byte(_:in:)``, ``below(_:in:)``) marks the high bit of each byte
/// that matches, and may mark a byte that does not match, but only above one that does
/// (a borrow runs upward): the lowest mark of a word, and of several tests joined with
/// `|`, is always a byte that matches.
public enum ByteScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Marks the bytes of `word` that are `byte`.
    @inline(__always) public static func byte(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highs
    }

    /// Marks the bytes of `word` below `limit` (at most 128; bytes from 0x80 never match).
    @inline(__always) public static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Marks the bytes of `word` that are not `byte`, and only those (no borrow runs
    /// between bytes here).
    @inline(__always) public static func other(than byte: UInt8, in word: UInt64) -> UInt64 {
        let zeroWhereEqual = word ^ (ones &* UInt64(byte))
        return (((zeroWhereEqual & ~highs) &+ ~highs) | zeroWhereEqual) & highs
    }

    /// Marks the bytes of `word` from 0x80 on: those of UTF-8 text that are not ASCII.
    @inline(__always) public static func nonASCII(in word: UInt64) -> UInt64 { word & highs }

    /// The index of the first byte of `bytes` from `start` that `marks` marks (testing a
    /// word as ``byte(_:in:)`` does), or `bytes.count` when none is. The last few bytes
    /// are tested as one word too, the bytes past the end taken as zeros: a mark depends
    /// only on its own byte and those before it, so the marks of the bytes past the end
    /// are dropped and the others stand.
    @inline(__always) package static func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, marks: (UInt64) -> UInt64) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = start
        while index + 8 <= bytes.count {
            let found = marks(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        let left = bytes.count - index
        guard left > 0 else { return bytes.count }
        var last: UInt64 = 0
        withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + index, count: left)) }
        let found = marks(UInt64(littleEndian: last)) & (highs >> UInt64(8 * (8 - left)))
        return found == 0 ? bytes.count : index + found.trailingZeroBitCount / 8
    }

    /// Where `needle` first starts in `bytes` at `start` or after, or nil when it does not
    /// occur there (an empty needle starts at `start`). Each place of the needle's last
    /// byte is found eight bytes at a time (``next(in:from:marks:)``), then the bytes
    /// before it compared.
    package static func start(of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let last = needle.last else { return start }
        var end = start + needle.count - 1
        while true {
            end = next(in: bytes, from: end, marks: { byte(last, in: $0) })
            guard end < bytes.count else { return nil }
            let first = end + 1 - needle.count
            if UnsafeBufferPointer(rebasing: bytes[first...end]).elementsEqual(needle) { return first }
            end += 1
        }
    }
}
