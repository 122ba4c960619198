/// Finds the known name closest to a misspelt one, for "did you mean" suggestions.
public enum NearestName {
    /// The most mistakes a suggestion may have: about one per three letters, at least
    /// one, never more than three.
    static func allowedMistakes(_ length: Int) -> Int { max(1, min(3, length / 3)) }

    /// Names to suggest from, each with its lowercased letters worked out once, for a
    /// caller that looks many misspelt names up among the same names.
    public struct Candidates: Sendable {
        public let names: [String]
        let lowered: [[Unicode.Scalar]]
        /// Which letters each name has, one bit per letter (letters share bits).
        let letters: [UInt64]

        public init(_ names: [String]) {
            self.names = names
            lowered = names.map { Array($0.lowercased().unicodeScalars) }
            letters = lowered.map(NearestName.letterBits)
        }
    }

    static func letterBits(_ scalars: [Unicode.Scalar]) -> UInt64 {
        var bits: UInt64 = 0
        for scalar in scalars { bits |= 1 << UInt64(scalar.value % 64) }
        return bits
    }

    /// The candidate within a small edit distance of `name`, or nil when none is close
    /// enough to be a plausible typo.
    public static func find(_ name: String, among candidates: [String]) -> String? {
        find(name, among: Candidates(candidates))
    }

    /// The same among names prepared once. The first closest name wins.
    public static func find(_ name: String, among candidates: Candidates) -> String? {
        let loweredName = name.lowercased()
        let lowered = Array(loweredName.unicodeScalars)
        // No name more than three mistakes away can be suggested, so the distance to
        // each is worked out only as far as that: a program with thousands of files
        // and thousands of missing ones looked through every name in full for each.
        // Before that, a name with more letters that the other lacks than mistakes
        // allowed is passed over: each mistake brings in one letter at most.
        let letters = letterBits(lowered)
        var best: (index: Int, distance: Int)?
        // By index, the letters first: most names are passed over on their letters alone,
        // and taking each name's scalars out of the list (a reference counted each time)
        // cost more than that test, when thousands of missing files each looked through
        // thousands of names.
        candidates.letters.withUnsafeBufferPointer { candidateLetters in
            for index in candidateLetters.indices {
                let limit = min(3, (best?.distance ?? 4) - 1)
                let other = candidateLetters[index]
                guard limit >= 0, (letters & ~other).nonzeroBitCount <= limit, (other & ~letters).nonzeroBitCount <= limit,
                    let distance = editDistance(lowered, candidates.lowered[index], atMost: limit)
                else { continue }
                best = (index, distance)
            }
        }
        guard let best else { return nil }
        let chosen = candidates.names[best.index]
        return best.distance <= allowedMistakes(max(loweredName.count, chosen.count)) ? chosen : nil
    }

    /// The one name that begins with all of `name`, going on after a `-`, `_` or space
    /// (`saying-no` for `saying-no-to-peer-pressure`), or anyhow when `name` has four
    /// letters or more (`friend` for `friendship`): a name cut short, which is too far
    /// from the whole for ``find(_:among:)``. Nil when no name or more than one does.
    public static func extending(_ name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        guard !lowered.isEmpty else { return nil }
        let found = candidates.filter { candidate in
            let other = candidate.lowercased()
            guard other.count > lowered.count, other.hasPrefix(lowered) else { return false }
            let next = other.dropFirst(lowered.count).first
            return lowered.count >= 4 || next == "-" || next == "_" || next == " "
        }
        return found.count == 1 ? found[0] : nil
    }

    /// Damerau-Levenshtein (optimal string alignment) distance, so that a swap of two
    /// neighbouring letters (`hnit` for `hint`) counts as one mistake.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        return editDistance(a, b, atMost: max(a.count, b.count))!
    }

    /// The distance, or nil when it is more than `limit`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        // Each letter more in one than the other is a mistake at least.
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows of the table are enough: the swap of two letters looks two back.
        let width = b.count + 1
        var beforeLast = [Int](repeating: 0, count: width)
        var last = Array(0...b.count)
        var row = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            row[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforeLast[j - 2] + 1)
                }
                row[j] = value
                smallest = min(smallest, value)
            }
            // The smallest value of a row never shrinks from one row to the next (a swap
            // reaches back two rows, but adds one to a row at most one smaller).
            if smallest > limit { return nil }
            swap(&beforeLast, &last)
            swap(&last, &row)
        }
        let distance = last[b.count]
        return distance <= limit ? distance : nil
    }
}
