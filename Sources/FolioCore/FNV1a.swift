/// 64-bit FNV-1a, for hashes that must be the same on every run, platform and release:
/// ids made from words that learners' progress is kept under, the choices of a quiz made
/// from a deck, a site's version. Swift's `Hasher` is seeded per run, and a library's
/// hash could change with an update, so this one is written here and must never change.
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a()
        hasher.combine(text.utf8)
        return hasher.value
    }
}
