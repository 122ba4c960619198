import FolioCore
import FolioInterface
import FolioModel
import FolioQuiz
import Foundation

extension SearchIndex {
    /// The index of a compiled program: each chapter, then its quiz, in reading order;
    /// then the decks; then the bill of rights. Words are folded as typed answers are
    /// graded (``TextAnswer/normalized(_:)``), so a search and an answer agree on what
    /// counts as the same word.
    ///
    /// With a `shelf`, each entry's words are put on it as soon as they are folded, to be
    /// read back as the entry is written: a build holds the index while it writes every
    /// file, and the words are most of it, too much to hold even until the last chapter is
    /// folded (docs/development.md, "Measured choices").
    package init(program: CompiledProgram, shelf: (any TextShelf)? = nil) {
        func entry(_ kind: Kind, _ id: String, chapter: String? = nil, _ title: String, _ summary: String?, words: String) -> Entry {
            Entry(kind: kind, id: id, chapter: chapter, title: title, summary: summary, titleWords: TextAnswer.normalized(title), words: words, order: 0)
                .shelved(on: shelf)
        }
        // A quiz's entry is titled by its chapter, and a deck's summed up, in the program's
        // language's words.
        let words = InterfaceCatalogue.forLanguage(program.settings.language, adding: program.interfaceCatalogues[program.settings.language])
        // Places, not copies of every quiz, made before the work is shared out.
        let quizPlaces = Dictionary(program.quizzes.indices.map { (program.quizzes[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        // Folding every chapter's words is most of the work: on all cores, in order.
        var entries = ParallelMap.run(program.chapters) { chapter -> [Entry] in
            var found = [entry(.chapter, chapter.id, chapter.title, chapter.summary, words: Self.words(of: chapter))]
            if let quiz = chapter.quiz.flatMap({ quizPlaces[$0] }).map({ program.quizzes[$0] }) {
                found.append(
                    entry(
                        .quiz, quiz.id, chapter: chapter.id, words.text("search.quiz-entry-title", ["title": chapter.title]), quiz.title,
                        words: Self.words(quiz.questions.flatMap { [$0.prompt.markdown] + $0.choices.map(\.text.markdown) }.map(LangSpan.removingTags))))
            }
            return found
        }.flatMap { $0 }
        for deck in program.decks {
            entries.append(
                entry(
                    .deck, deck.id, deck.title, words.text("deck.card-count", count: deck.cards.count),
                    words: Self.words(deck.cards.flatMap { [$0.front, $0.back] }.map(LangSpan.removingTags))))
        }
        if let rights = program.billOfRights {
            entries.append(
                entry(
                    .billOfRights, "bill-of-rights", rights.title, nil,
                    words: Self.words(
                        ([rights.intro?.markdown ?? ""] + rights.rights.flatMap { [$0.text.markdown, $0.detail?.markdown ?? ""] }).map(LangSpan.removingTags))))
        }
        for i in entries.indices { entries[i].order = i }
        self.init(entries: entries)
    }

    /// The most entries a part holds, about: a part is what one edit makes an app fetch
    /// again, so it is kept to a few hundred kilobytes (docs/development.md, "Measured
    /// choices").
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
        words([chapter.summary ?? ""] + chapter.headings.map(\.text) + chapter.videos.map(\.title), then: chapter.shelvedPlainText)
    }

    /// The distinct folded words of some texts, in the order first seen.
    ///
    /// Split at the spaces folding leaves between words, as bytes (as the site's script
    /// splits them): splitting by `Character` took most of the search index's time. Words
    /// seen are kept in a table of their places in the output (``WordTable``) rather than a
    /// `Set<String>`: a string and a seeded hash for every word were most of what was left
    /// (docs/development.md, "Measured choices").
    ///
    /// Text that folds the ASCII way (``TextAnswer/foldsAsASCII(_:)``), most of it, or
    /// once its Latin-1 letters are spelled in ASCII (``TextAnswer/spellingLatin1(_:into:)``),
    /// is folded, split and looked up in one pass, each word written once, where it goes
    /// (``WordTable/appendFolding(_:to:)``); other text is folded by the full rule first. The table
    /// is made about the size the texts need (about one word in six bytes, at most 16,384
    /// words before it grows), so that it seldom grows while the words are added.
    public static func words(_ texts: [String]) -> String { words(texts, then: nil) }

    /// The words of `texts`, then of `last`, whose bytes are read as they are kept.
    static func words(_ texts: [String], then last: ShelvedText?) -> String {
        let size = texts.reduce(0) { $0 + $1.utf8.count } + (last?.utf8Count ?? 0)
        var out: [UInt8] = []
        out.reserveCapacity(size / 2)
        var seen = WordTable(expecting: min(size / 6, 1 << 14))
        // The full rule is slow and a chapter says its words beyond ASCII many times over:
        // each piece is folded once.
        var foldedPieces: [String: String] = [:]
        // Text in Latin-1 (a Spanish chapter's) spelled in ASCII, which folds as it does.
        var spelled: [UInt8] = []
        func appendFoldingFast(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            if TextAnswer.foldsAsASCII(bytes) {
                seen.appendFolding(bytes, to: &out)
                return true
            }
            guard TextAnswer.spellingLatin1(bytes, into: &spelled) else { return false }
            spelled.withUnsafeBufferPointer { seen.appendFolding($0, to: &out) }
            return true
        }
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            if appendFoldingFast(bytes) { return }
            // A text with other letters beyond ASCII is folded a piece at a time between
            // ASCII white space, which no rule of the fold looks across (a word ends there
            // either way): pieces in ASCII or Latin-1 the fast way, the others by the full
            // rule.
            var start = 0
            for end in 0...bytes.count where end == bytes.count || Self.isASCIIWhiteSpace(bytes[end]) {
                defer { start = end + 1 }
                guard end > start else { continue }
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !appendFoldingFast(piece) {
                    let original = String(decoding: piece, as: UTF8.self)
                    let folded = foldedPieces[original] ?? TextAnswer.unicodeNormalized(original)
                    foldedPieces[original] = folded
                    seen.appendFolded(folded, to: &out)
                }
            }
        }
        for var text in texts { text.withUTF8(append) }
        last?.withUTF8(append)
        return String(decoding: out, as: UTF8.self)
    }

    /// Tab, line feed, vertical tab, form feed, carriage return and space: ASCII's
    /// White_Space characters.
    static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
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
        let hash = Self.hash(word)
        if (count + 1) * 2 > slots.count { out.withUnsafeBufferPointer { grow($0) } }
        let found = out.withUnsafeBufferPointer { bytes in slot(for: word, hash: hash, in: bytes) }
        guard let slot = found.free else { return }
        if !out.isEmpty { out.append(0x20) }
        slots[slot] = (Int32(out.count), Int32(word.count))
        out.append(contentsOf: word)
        count += 1
    }

    /// Appends the words of `folded`, a text folded by the full rule, each once.
    mutating func appendFolded(_ folded: String, to out: inout [UInt8]) {
        Array(folded.utf8).withUnsafeBufferPointer { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == 0x20 {
                defer { start = end + 1 }
                guard end > start else { continue }
                append(UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &out)
            }
        }
    }

    /// Appends the words of ASCII text to `out` as ``append(_:to:)`` appends each, folded
    /// as ``TextAnswer/normalized(_:)`` folds it: letters and digits kept, in lower case;
    /// white space between words; other signs dropped, within a word too. `text` is text
    /// that ``TextAnswer/foldsAsASCII(_:)`` accepts.
    ///
    /// Each word is written where it goes as it is read, through a pointer into room made
    /// first (the words and their spaces are at most the text and one space), and taken
    /// back if `out` holds it already.
    mutating func appendFolding(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var end = out.count
        out.append(contentsOf: repeatElement(0, count: text.count + 1))
        out.withUnsafeMutableBufferPointer { buffer in
            // Where the open word starts, and where it would have started without the
            // space before it.
            var start = -1
            var kept = end
            var hash = Self.offsetBasis
            var index = 0
            func close() {
                guard start >= 0 else { return }
                let word = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if (count + 1) * 2 > slots.count { grow(UnsafeBufferPointer(rebasing: buffer[..<kept])) }
                if let slot = slot(for: word, hash: Self.fold(hash), in: UnsafeBufferPointer(rebasing: buffer[..<kept])).free {
                    slots[slot] = (Int32(start), Int32(end - start))
                    count += 1
                    kept = end
                } else {
                    end = kept
                }
                start = -1
            }
            Self.folding.withUnsafeBufferPointer { folding in
                while index < text.count {
                    let byte = text[index]
                    index += 1
                    let folded = folding[Int(byte)]
                    if folded > Self.whiteSpace {
                        if start < 0 {
                            if end > 0 {
                                buffer[end] = 0x20
                                end += 1
                            }
                            start = end
                            hash = Self.offsetBasis
                        }
                        buffer[end] = folded
                        end += 1
                        hash = (hash ^ UInt64(folded)) &* Self.prime
                    } else if folded == Self.whiteSpace {
                        close()
                    } else if byte == 0xE2 {
                        index += 2  // typographic punctuation (E2 80 xx), dropped
                    }
                    // Any other sign is dropped without splitting a word.
                }
            }
            close()
        }
        out.removeSubrange(end...)
    }

    /// Where `word` is in the table, or the free slot where it would go, among the words
    /// of `out`.
    private func slot(for word: UnsafeBufferPointer<UInt8>, hash: Int, in out: UnsafeBufferPointer<UInt8>) -> (found: Int?, free: Int?) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot].start >= 0 {
            let (start, length) = (Int(slots[slot].start), Int(slots[slot].length))
            if length == word.count, memcmp(out.baseAddress! + start, word.baseAddress!, length) == 0 { return (slot, nil) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// What folding makes of each byte of ASCII text: a letter or digit in lower case;
    /// ``whiteSpace`` for a byte that ends a word; ``dropped`` for any other.
    private static let folding: [UInt8] = (0...255).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) | 0x20
        case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: whiteSpace
        default: dropped
        }
    }
    private static let dropped: UInt8 = 0
    private static let whiteSpace: UInt8 = 1

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a, written here so that it is compiled for these bytes.
    private static func hash(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var value = offsetBasis
        for byte in word { value = (value ^ UInt64(byte)) &* prime }
        return fold(value)
    }

    private static func fold(_ value: UInt64) -> Int { Int(truncatingIfNeeded: value ^ (value >> 32)) }

    private mutating func grow(_ bytes: UnsafeBufferPointer<UInt8>) {
        let old = slots
        slots = Array(repeating: (-1, 0), count: old.count * 2)
        let mask = slots.count - 1
        for entry in old where entry.start >= 0 {
            let word = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.start + entry.length)])
            var slot = Self.hash(word) & mask
            while slots[slot].start >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
