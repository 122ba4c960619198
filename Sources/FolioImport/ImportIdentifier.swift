import FolioCore
import Foundation

/// Folio ids made from names written for people (GIFT titles, file names): lower-case
/// letters, digits and single hyphens, as every Folio id.
public enum ImportIdentifier {
    /// The id for `name`, as ``ContentID/make(from:)`` makes it: accents and apostrophes
    /// dropped, other runs of characters that are not letters or digits made one hyphen.
    public static func make(from name: String) -> String? { ContentID.make(from: name) }

    /// Whether `id` is a valid Folio id.
    public static func isValid(_ id: String) -> Bool { ContentID.isValid(id) }

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
