import FolioCore
import FolioModel
import Foundation

extension SearchIndex {
    /// The index of a compiled program: each chapter, then its quiz, in reading order;
    /// then the decks; then the bill of rights. Words are folded as typed answers are
    /// graded (``TextAnswer/normalized(_:)``), so a search and an answer agree on what
    /// counts as the same word.
    ///
    /// With a `shelf`, each entry's words are put on it as soon as they are folded, to be
    /// read back as the entry is written: a build holds the index while it writes every
    /// file, and the words are most of it (30 MB at 10,000 chapters), too much to hold
    /// even until the last chapter is folded.
    public init(program: CompiledProgram, shelf: (any TextShelf)? = nil) {
        func entry(_ kind: Kind, _ id: String, chapter: String? = nil, _ title: String, _ summary: String?, words: String) -> Entry {
            Entry(kind: kind, id: id, chapter: chapter, title: title, summary: summary, titleWords: TextAnswer.normalized(title), words: words, order: 0)
                .shelved(on: shelf)
        }
        let quizzes = Dictionary(program.quizzes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Folding every chapter's words is most of the work: on all cores, in order.
        var entries = ParallelMap.run(program.chapters) { chapter -> [Entry] in
            var found = [entry(.chapter, chapter.id, chapter.title, chapter.summary, words: Self.words(of: chapter))]
            if let quiz = chapter.quiz.flatMap({ quizzes[$0] }) {
                found.append(
                    entry(
                        .quiz, quiz.id, chapter: chapter.id, "Quiz: \(chapter.title)", quiz.title,
                        words: Self.words(quiz.questions.flatMap { [$0.prompt.markdown] + $0.choices.map(\.text.markdown) })))
            }
            return found
        }.flatMap { $0 }
        for deck in program.decks {
            entries.append(
                entry(
                    .deck, deck.id, deck.title, deck.cards.count == 1 ? "1 card" : "\(deck.cards.count) cards",
                    words: Self.words(deck.cards.flatMap { [$0.front, $0.back] })))
        }
        if let rights = program.billOfRights {
            entries.append(
                entry(
                    .billOfRights, "bill-of-rights", rights.title, nil,
                    words: Self.words([rights.intro?.markdown ?? ""] + rights.rights.flatMap { [$0.text.markdown, $0.detail?.markdown ?? ""] })))
        }
        for i in entries.indices { entries[i].order = i }
        self.init(entries: entries)
    }

    /// The most entries a part holds, about: a part is what one edit makes an app fetch
    /// again (at 10,000 chapters of the anchor corpus, 256 entries are about 450 KB).
    public static let entriesPerPart = 256

    /// The index split into parts for the bundle, by path (`search/00.json`, ...). An
    /// entry's part is FNV-1a of its chapter's id (a quiz goes with its chapter), or its
    /// own id, modulo the number of parts: editing a chapter changes one part, and adding
    /// or removing one changes one more. The number of parts is the smallest power of two
    /// giving at most ``entriesPerPart`` entries a part on average, so it changes only
    /// when a program doubles or halves.
    public func parts() -> [(path: String, index: SearchIndex)] {
        var count = 1
        while entries.count > count * Self.entriesPerPart { count *= 2 }
        var parts = [[Entry]](repeating: [], count: count)
        for entry in entries {
            parts[Self.part(of: entry.chapter ?? entry.id, among: count)].append(entry)
        }
        return parts.enumerated().map { number, entries in (Self.partPath(number, among: count), SearchIndex(entries: entries)) }
    }

    /// The number of the part that holds the entries of the chapter, deck or page `id`.
    public static func part(of id: String, among count: Int) -> Int { Int(FNV1a.hash(id) % UInt64(count)) }

    /// The path of part `number` of `count` (`search/00.json`).
    public static func partPath(_ number: Int, among count: Int) -> String {
        let digits = max(2, String(count - 1, radix: 16).count)
        let name = String(number, radix: 16)
        return "\(Self.folder)/\(String(repeating: "0", count: digits - name.count) + name).json"
    }

    /// A chapter's words besides its title: its summary, headings, video titles and
    /// text, folded.
    public static func words(of chapter: CompiledChapter) -> String {
        words([chapter.summary ?? ""] + chapter.headings.map(\.text) + chapter.videos.map(\.title) + [chapter.plainText])
    }

    /// The distinct folded words of some texts, in the order first seen.
    ///
    /// Split at the spaces folding leaves between words, as bytes (as the site's script
    /// splits them): splitting by `Character` took most of the search index's time, a
    /// second of a 10,000-chapter build. Words seen are kept in a table of their places
    /// in the output (``WordTable``) rather than a `Set<String>`: a string and a seeded
    /// hash for every word were two thirds of what was left.
    ///
    /// Each text is folded into one buffer reused for all of them (ASCII text, most of
    /// it, the short way), and the table is made about the size the texts need (about
    /// one word in six bytes, at most 16,384 words before it grows), so that it seldom
    /// grows while the words are added.
    public static func words(_ texts: [String]) -> String {
        let size = texts.reduce(0) { $0 + $1.utf8.count }
        var out: [UInt8] = []
        out.reserveCapacity(size / 2)
        var seen = WordTable(expecting: min(size / 6, 1 << 14))
        var folded: [UInt8] = []
        for text in texts {
            if !TextAnswer.asciiNormalized(text.utf8, into: &folded) { folded = Array(TextAnswer.unicodeNormalized(text).utf8) }
            folded.withUnsafeBufferPointer { bytes in
                var start = 0
                for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
                    defer { start = end + 1 }
                    guard end > start else { continue }
                    seen.append(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &out)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Searches for what a learner typed, folded as the index's words are.
    public func search(_ query: String) -> [Entry] { search(folded: TextAnswer.normalized(query)) }
}

/// The distinct words of a space-separated list being built, found by FNV-1a of their
/// bytes with open addressing: each slot holds where a word starts in the list and its
/// length, so a word is stored once, in the list itself.
struct WordTable {
    private var slots: [(start: Int32, length: Int32)]
    private var count = 0

    /// A table with room for about `words` words before it grows (kept at most half full).
    init(expecting words: Int = 128) {
        var size = 256
        while size < 2 * words { size *= 2 }
        slots = Array(repeating: (-1, 0), count: size)
    }

    /// Appends `word` to `out` (after a space, unless `out` is empty) unless `out`
    /// holds it already.
    mutating func append(_ word: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if (count + 1) * 2 > slots.count { grow(out) }
        let mask = slots.count - 1
        var slot = Self.hash(word) & mask
        while slots[slot].start >= 0 {
            let (start, length) = (Int(slots[slot].start), Int(slots[slot].length))
            if length == word.count, out.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, word.baseAddress!, length) == 0 }) { return }
            slot = (slot + 1) & mask
        }
        if !out.isEmpty { out.append(0x20) }
        slots[slot] = (Int32(out.count), Int32(word.count))
        out.append(contentsOf: word)
        count += 1
    }

    /// FNV-1a, written here so that it is compiled for these bytes.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return Int(truncatingIfNeeded: value ^ (value >> 32))
    }

    private mutating func grow(_ out: [UInt8]) {
        let old = slots
        slots = Array(repeating: (-1, 0), count: old.count * 2)
        let mask = slots.count - 1
        out.withUnsafeBufferPointer { bytes in
            for entry in old where entry.start >= 0 {
                let word = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.length)])
                var slot = Self.hash(word) & mask
                while slots[slot].start >= 0 { slot = (slot + 1) & mask }
                slots[slot] = entry
            }
        }
    }
}
