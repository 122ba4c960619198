/// Finds the known name closest to a misspelt one, for "did you mean" suggestions.
public enum NearestName {
    /// The candidate within a small edit distance of `name`, or nil when none is close
    /// enough to be a plausible typo.
    public static func find(_ name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        guard let best else { return nil }
        // Allow about one mistake per three letters, at least one.
        let allowed = max(1, min(3, max(lowered.count, best.name.count) / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// Damerau-Levenshtein (optimal string alignment) distance, so that a swap of two
    /// neighbouring letters (`hnit` for `hint`) counts as one mistake.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
