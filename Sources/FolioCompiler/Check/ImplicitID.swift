import FolioCore
import Foundation

/// The id of a question, choice or card that states none, made from its text.
///
/// Learners' progress and recorded responses are kept by these ids, so an id must stay
/// with its item when items are reordered, inserted or removed: it depends on the item's
/// own text alone, never on its place or on its neighbours. It is the first words of the
/// text made an id, for people reading a progress file or a grading report, then four
/// hex digits of a hash (``FNV1a``, the top 16 bits) of all of the text's words, so that two prompts that start alike
/// differ: `Everyone feels nervous sometimes.` -> `everyone-feels-nervous-sometimes-7f3a`.
/// Case, accents, punctuation and spacing are not part of the text's identity, so fixing
/// them keeps the id; any other edit of the text makes a new id, which `folio build`
/// reports against the published bundle, with the `id:` to write to keep the old one.
enum ImplicitID {
    /// Words of the text kept in the readable part of the id.
    static let words = 5
    /// Longest readable part, cut at a hyphen.
    static let maxWordsLength = 40

    /// The id for an item with `text`; `fallback` starts it when the text has no letters
    /// or digits a URL can carry (a prompt in Chinese: `q-9c1e`).
    static func make(for text: String, fallback: String) -> String {
        var readable = (ContentID.make(from: text) ?? "").split(separator: "-").prefix(words).joined(separator: "-")
        if readable.count > maxWordsLength {
            readable = String(readable.prefix(maxWordsLength))
            if let hyphen = readable.lastIndex(of: "-") { readable = String(readable[..<hyphen]) }
        }
        let digest = FNV1a.hash(identityKey(text)) >> 48
        let hex = String(digest, radix: 16)
        let fourDigits = String(repeating: "0", count: 4 - hex.count) + hex
        return (readable.isEmpty ? fallback : readable) + "-" + fourDigits
    }

    /// The text as its identity: lower case, accents dropped, every run of characters that
    /// are not letters or digits (in any script) made one space.
    static func identityKey(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
        var key = ""
        var pendingSpace = false
        for character in folded {
            if character.isLetter || character.isNumber {
                if pendingSpace, !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.append(character)
            } else {
                pendingSpace = true
            }
        }
        return key
    }

    /// `ids` with every id that repeats an earlier one given a suffix (`-2`, `-3`), for
    /// items whose texts are the same; `stated` marks the ids an author wrote, which are
    /// never changed (two stated ids that are the same are reported by their own rule).
    /// Returns the indices of the items renamed.
    static func disambiguate(_ ids: inout [String], stated: [Bool]) -> [Int] {
        var taken = Set(ids.indices.filter { stated[$0] }.map { ids[$0] })
        var renamed: [Int] = []
        for index in ids.indices where !stated[index] {
            if taken.insert(ids[index]).inserted { continue }
            var number = 2
            while taken.contains(ids[index] + "-\(number)") { number += 1 }
            ids[index] += "-\(number)"
            taken.insert(ids[index])
            renamed.append(index)
        }
        return renamed
    }
}
