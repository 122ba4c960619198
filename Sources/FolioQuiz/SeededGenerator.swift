/// A small random number generator that gives the same sequence for the same seed on
/// every platform (SplitMix64), so that a shuffled attempt can be reproduced and the web
/// runner can draw exactly the same questions.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`: the same seed gives the same draw and
    /// shuffle everywhere.
    public init(seed: UInt64) { state = seed }

    /// The next number of the sequence (one SplitMix64 step).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, by multiply-shift so other languages can compute the
    /// same value with 64-bit integers.
    public mutating func below(_ bound: Int) -> Int {
        Int((next() >> 11) % UInt64(bound))
    }

    /// Fisher-Yates, from the last element down, as the conformance vectors specify.
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var i = items.count - 1
        while i > 0 {
            let j = below(i + 1)
            items.swapAt(i, j)
            i -= 1
        }
        return items
    }
}
