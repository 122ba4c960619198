import Foundation

/// Folio ids made from names written for people (GIFT titles, file names): lower-case
/// letters, digits and single hyphens, as every Folio id.
public enum ImportIdentifier {
    /// Longest id made; longer names are cut at a hyphen.
    static let maxLength = 60

    /// The id for `name`: accents dropped (`Élan` -> `elan`), apostrophes dropped
    /// (`Grant's` -> `grants`), every other run of characters that are not letters or
    /// digits made one hyphen. Nil when nothing is left (`???`, a title in Chinese).
    public static func make(from name: String) -> String? {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        var id = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen, !id.isEmpty { id += "-" }
                pendingHyphen = false
                id.unicodeScalars.append(scalar)
            } else if scalar != "'", scalar != "\u{2019}" {
                pendingHyphen = true
            }
        }
        if id.count > maxLength {
            id = String(id.prefix(maxLength))
            if let hyphen = id.lastIndex(of: "-"), id.distance(from: id.startIndex, to: hyphen) >= maxLength / 2 {
                id = String(id[..<hyphen])
            }
            while id.hasSuffix("-") { id.removeLast() }
        }
        return id.isEmpty ? nil : id
    }

    /// Whether `id` is a valid Folio id.
    public static func isValid(_ id: String) -> Bool {
        guard !id.isEmpty, !id.hasPrefix("-"), !id.hasSuffix("-"), !id.contains("--") else { return false }
        return id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The id of a quiz imported from the file `name`: the file name without its
    /// extension and without a leading number and hyphen (`03-grant.gift` -> `grant`),
    /// as Folio names content files, made valid; `quiz` when nothing is left.
    public static func quizID(fromFileName name: String) -> String {
        make(from: baseName(name)) ?? "quiz"
    }

    /// A title for a quiz imported from the file `name`: its words as written, the first
    /// letter capitalised (`grants_tomb.gift` -> `Grants tomb`).
    public static func title(fromFileName name: String) -> String {
        let words = baseName(name).split { $0 == "-" || $0 == "_" || $0 == " " }.joined(separator: " ")
        return words.isEmpty ? "Imported quiz" : words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The file name without its extension and a leading number and hyphen.
    private static func baseName(_ name: String) -> String {
        var base = name
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        let digits = base.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, base.dropFirst(digits.count).first == "-", base.count > digits.count + 1 {
            base = String(base.dropFirst(digits.count + 1))
        }
        return base
    }
}
