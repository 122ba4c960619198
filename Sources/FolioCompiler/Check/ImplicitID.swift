import FolioCore
import Foundation

/// The id of a question, choice or card that states none, made from its text.
///
/// Learners' progress and recorded responses are kept by these ids, so an id must stay
/// with its item when items are reordered, inserted or removed: it depends on the item's
/// own text alone, never on its place or on its neighbours. It is the first words of the
/// text made an id, for people reading a progress file or a grading report, then four
/// hex digits of a hash (``FNV1a``, folded to 16 bits) of all of the text's words, so that two prompts that start alike
/// differ: `Everyone feels nervous sometimes.` -> `everyone-feels-nervous-sometimes-7f3a`.
/// Case, accents, punctuation and spacing are not part of the text's identity, so fixing
/// them keeps the id; any other edit of the text makes a new id, which `folio build`
/// reports against the published bundle, with the `id:` to write to keep the old one.
public enum ImplicitID {
    /// Words of the text kept in the readable part of the id.
    static let words = 5
    /// Longest readable part, cut at a hyphen.
    static let maxWordsLength = 40

    /// The id for an item with `text`; `fallback` starts it when the text has no letters
    /// or digits a URL can carry (a prompt in Chinese: `q-9c1e`).
    public static func make(for text: String, fallback: String) -> String {
        var bytes = text
        if let id = bytes.withUTF8({ utf8 in
            ByteScan.next(in: utf8, from: 0, marks: ByteScan.nonASCII) == utf8.count ? makeASCII(utf8, fallback: fallback) : nil
        }) {
            return id
        }
        var readable = readableGeneral(text)
        if readable.isEmpty { readable = fallback }
        return readable.withUTF8 { id($0, folded: folded(FNV1a.hash(identityKey(text)))) }
    }

    /// All 64 bits folded into 16: FNV-1a's last bytes reach only its low bits, so its top
    /// 16 alone would not tell `A or B?` from `A or C?`.
    private static func folded(_ hash: UInt64) -> Int { Int((hash ^ (hash >> 16) ^ (hash >> 32) ^ (hash >> 48)) & 0xFFFF) }

    /// ``make(for:fallback:)`` for ASCII text, byte by byte: a program's quizzes have
    /// hundreds of thousands of prompts and choices, and the general rule folds each text
    /// through Foundation and makes the readable part, the digits and the whole id each a
    /// string of its own (a twin docs/development.md lists with what it saves).
    private static func makeASCII(_ text: UnsafeBufferPointer<UInt8>, fallback: String) -> String {
        let hash = folded(identityHashASCII(text))
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ContentID.maxLength) { slug in
            let count = readableASCII(text, into: slug)
            guard count > 0 else {
                var fallback = fallback
                return fallback.withUTF8 { id($0, folded: hash) }
            }
            return id(UnsafeBufferPointer(rebasing: slug[..<count]), folded: hash)
        }
    }

    /// `readable`, a hyphen and the folded hash's four hex digits, written once into a
    /// string of its size.
    private static func id(_ readable: UnsafeBufferPointer<UInt8>, folded hash: Int) -> String {
        String(unsafeUninitializedCapacity: readable.count + 5) { id in
            _ = id.initialize(from: readable)
            id[readable.count] = UInt8(ascii: "-")
            for digit in 0..<4 { id[readable.count + 4 - digit] = hexDigits[(hash >> (4 * digit)) & 0xF] }
            return readable.count + 5
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The readable part: the first words of the text as ``ContentID`` makes an id of it.
    static func readableGeneral(_ text: String) -> String {
        var readable = (ContentID.make(from: text) ?? "").split(separator: "-").prefix(words).joined(separator: "-")
        if readable.count > maxWordsLength {
            readable = String(readable.prefix(maxWordsLength))
            if let hyphen = readable.lastIndex(of: "-") { readable = String(readable[..<hyphen]) }
        }
        return readable
    }

    /// ``readableGeneral(_:)`` for ASCII text, byte by byte. A test holds the two to the
    /// same result.
    static func readableASCII(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ContentID.maxLength) { slug in
                String(decoding: slug[..<readableASCII(bytes, into: slug)], as: UTF8.self)
            }
        }
    }

    /// Writes the readable part of ASCII `text` into `slug`, which has room for
    /// ``ContentID/maxLength`` bytes; returns its length.
    private static func readableASCII(_ text: UnsafeBufferPointer<UInt8>, into slug: UnsafeMutableBufferPointer<UInt8>) -> Int {
        // ContentID's slug, as far as its first cut needs it: letters and digits in lower
        // case, an apostrophe dropped, any other run of signs one hyphen.
        let hyphen = UInt8(ascii: "-")
        var count = 0
        var pendingHyphen = false
        var longer = false
        for var byte in text {
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                if pendingHyphen, count > 0 {
                    if count == ContentID.maxLength {
                        longer = true
                        break
                    }
                    slug[count] = hyphen
                    count += 1
                }
                pendingHyphen = false
                if count == ContentID.maxLength {
                    longer = true
                    break
                }
                slug[count] = byte
                count += 1
            } else if byte != 0x27 {
                pendingHyphen = true
            }
        }
        func lastHyphen(before end: Int) -> Int? { slug[..<end].lastIndex(of: hyphen) }
        // ContentID's cut of a long name, at a hyphen in its second half.
        if longer {
            if let cut = lastHyphen(before: count), cut >= ContentID.maxLength / 2 { count = cut }
            while count > 0, slug[count - 1] == hyphen { count -= 1 }
        }
        // The first words, then this rule's own cut at a hyphen.
        var hyphens = 0
        for index in 0..<count where slug[index] == hyphen {
            hyphens += 1
            if hyphens == words {
                count = index
                break
            }
        }
        if count > maxWordsLength {
            count = lastHyphen(before: maxWordsLength) ?? maxWordsLength
        }
        return count
    }

    /// ``FNV1a`` of ``identityKey(_:)`` of ASCII text, hashed as the key is read, without
    /// making it: hundreds of thousands of prompts and choices are hashed in a large build.
    /// FNV-1a is written out here, so that it is compiled for these bytes; a test holds
    /// the two to the same hash.
    static func identityHashASCII(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = FNV1a().value
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var pendingSpace = false
        var started = false
        for var byte in text {
            if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                if pendingSpace, started { hash = (hash ^ 0x20) &* prime }
                pendingSpace = false
                started = true
                hash = (hash ^ UInt64(byte)) &* prime
            } else {
                pendingSpace = true
            }
        }
        return hash
    }

    /// The text as its identity: lower case, accents dropped, every run of characters that
    /// are not letters or digits (in any script) made one space.
    static func identityKey(_ text: String) -> String {
        // ASCII, most text, never comes here to be hashed: see identityHashASCII(_:).
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
    /// never changed (``repeatedStated(_:stated:)`` finds stated ids written twice).
    /// Returns each item renamed, with the item that keeps the id it had.
    static func disambiguate(_ ids: inout [String], stated: [Bool]) -> [(renamed: Int, keeps: Int)] {
        // A question's few choices, told apart (as they nearly always are), rename nothing:
        // known by comparing them, without a table of them for each question.
        if ids.count <= 16, !ids.indices.contains(where: { index in ids[..<index].contains(ids[index]) }) { return [] }
        var holder: [String: Int] = [:]
        for index in ids.indices where stated[index] && holder[ids[index]] == nil { holder[ids[index]] = index }
        var renamed: [(renamed: Int, keeps: Int)] = []
        for index in ids.indices where !stated[index] {
            guard let keeps = holder[ids[index]] else {
                holder[ids[index]] = index
                continue
            }
            var number = 2
            while holder[ids[index] + "-\(number)"] != nil { number += 1 }
            ids[index] += "-\(number)"
            holder[ids[index]] = index
            renamed.append((index, keeps))
        }
        return renamed
    }

    /// Items whose words made the same id, told apart by their order (`made` is the id
    /// each item's words made, before ``disambiguate(_:stated:)`` gave suffixes), given
    /// back the ids a published bundle knew them by: among items of one made id, the one
    /// whose `content` is what was published under an id keeps that id, wherever it now
    /// stands, and the others take the ids left, in order. So a card put before another
    /// of the same front takes the next id, and the learners' marks stay with the card
    /// they were made on. Returns the items that kept the id the published bundle knew.
    static func keepPublished(
        _ ids: inout [String], made: [String], stated: [Bool], content: [String], published: [(id: String, content: String)]
    ) -> Set<Int> {
        var groups: [String: [Int]] = [:]
        for index in ids.indices where !stated[index] { groups[made[index], default: []].append(index) }
        var kept = Set<Int>()
        for (base, members) in groups where members.count > 1 {
            let memberSet = Set(members)
            var taken = Set(ids.indices.filter { !memberSet.contains($0) }.map { ids[$0] })
            func isOfGroup(_ id: String) -> Bool {
                id == base || (id.hasPrefix(base + "-") && Int(id.dropFirst(base.count + 1)) != nil)
            }
            var assigned: [Int: String] = [:]
            for old in published where isOfGroup(old.id) && !taken.contains(old.id) {
                guard let index = members.first(where: { assigned[$0] == nil && content[$0] == old.content }) else { continue }
                assigned[index] = old.id
                taken.insert(old.id)
            }
            guard !assigned.isEmpty else { continue }
            kept.formUnion(assigned.keys)
            var number = 1
            for index in members where assigned[index] == nil {
                var id = number == 1 ? base : "\(base)-\(number)"
                while taken.contains(id) {
                    number += 1
                    id = "\(base)-\(number)"
                }
                assigned[index] = id
                taken.insert(id)
            }
            for index in members { ids[index] = assigned[index]! }
        }
        return kept
    }

    /// Each stated id that an earlier stated id repeats, with that earlier item: two items
    /// an author gave the same id, which no saved answer or mark could tell apart.
    static func repeatedStated(_ ids: [String], stated: [Bool]) -> [(repeated: Int, earlier: Int)] {
        var first: [String: Int] = [:]
        var repeated: [(repeated: Int, earlier: Int)] = []
        for index in ids.indices where stated[index] {
            if let earlier = first[ids[index]] {
                repeated.append((index, earlier))
            } else {
                first[ids[index]] = index
            }
        }
        return repeated
    }
}
