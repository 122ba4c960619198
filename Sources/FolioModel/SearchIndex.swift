import FolioCore

/// The search index (format 1.1 on): what an app searches, without opening every
/// chapter. One entry per chapter, chapter quiz, deck and the bill of rights, each with
/// its words folded as typed answers are graded (lower case, accents and punctuation
/// dropped: `FolioQuiz`'s `TextAnswer.normalized`), each word once.
///
/// The bundle splits it into parts, `search/<nn>.json` (entry kind `search`), so that
/// editing a chapter changes one part rather than an index of every chapter's words, tens
/// of megabytes in a large program (docs/development.md, "Measured choices"). Each part is
/// a `SearchIndex` of its entries in reading order; ``merged(_:)`` puts the parts back
/// together.
public struct SearchIndex: Codable, Sendable, Hashable {
    /// The folder of the parts in the bundle.
    public static let folder = "search"

    /// What an entry indexes.
    public enum Kind: String, Codable, Sendable { case chapter, quiz, deck, billOfRights = "bill-of-rights" }

    /// One searchable item: a chapter, a quiz, a deck or the bill of rights, with its words.
    public struct Entry: Codable, Sendable, Hashable {
        /// What the entry indexes.
        public var kind: Kind
        /// The chapter, quiz or deck id; for the bill of rights, `bill-of-rights`.
        public var id: String
        /// For a quiz, the chapter it ends.
        public var chapter: String?
        /// The title shown in results.
        public var title: String
        /// A line to show under the title: a chapter's summary, a deck's card count.
        public var summary: String?
        /// The title's words, folded.
        public var titleWords: String
        /// The other words, folded, separated by single spaces; read from the shelf if
        /// they are there (``shelved(on:)``).
        public var words: String {
            get { shelvedWords.text }
            set { shelvedWords = ShelvedText(newValue) }
        }
        private var shelvedWords: ShelvedText
        /// Whether the words wait on a shelf rather than in memory.
        public var wordsAreShelved: Bool { shelvedWords.isShelved }
        /// The entry's place in the whole index, from 0: chapters in reading order, each
        /// followed by its quiz, then the decks, then the bill of rights.
        public var order: Int

        /// An entry from its fields, its words in memory.
        public init(
            kind: Kind, id: String, chapter: String? = nil, title: String, summary: String?, titleWords: String, words: String, order: Int
        ) {
            self.kind = kind
            self.id = id
            self.chapter = chapter
            self.title = title
            self.summary = summary
            self.titleWords = titleWords
            self.shelvedWords = ShelvedText(words)
            self.order = order
        }

        /// The entry with its words put on `shelf`.
        package func shelved(on shelf: (any TextShelf)?) -> Entry {
            var entry = self
            entry.shelvedWords = ShelvedText(words, on: shelf)
            return entry
        }

        private enum CodingKeys: String, CodingKey { case kind, id, chapter, title, summary, titleWords, words, order }

        /// Reads an entry from a part's JSON.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                kind: try container.decode(Kind.self, forKey: .kind), id: try container.decode(String.self, forKey: .id),
                chapter: try container.decodeIfPresent(String.self, forKey: .chapter), title: try container.decode(String.self, forKey: .title),
                summary: try container.decodeIfPresent(String.self, forKey: .summary),
                titleWords: try container.decode(String.self, forKey: .titleWords), words: try container.decode(String.self, forKey: .words),
                order: try container.decode(Int.self, forKey: .order))
        }

        /// Writes the entry as a part's JSON holds it, its words read from the shelf if
        /// they are there.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(chapter, forKey: .chapter)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(summary, forKey: .summary)
            try container.encode(titleWords, forKey: .titleWords)
            try container.encode(words, forKey: .words)
            try container.encode(order, forKey: .order)
        }
    }

    /// The entries, in reading order.
    public var entries: [Entry]
    /// An index, or a part of one, of `entries`.
    public init(entries: [Entry]) { self.entries = entries }

    /// The parts read back into one index, in order.
    public static func merged(_ parts: [SearchIndex]) -> SearchIndex {
        SearchIndex(entries: parts.flatMap(\.entries).sorted { $0.order < $1.order })
    }

    /// The entries holding every word of `query` (already folded, as `TextAnswer`
    /// folds) at the start of one of their words, best first, forgiving typos: a query
    /// word scores 6 where it starts a title word, 2 where it starts a word of the text;
    /// where it starts none, a word of four letters or more may still start one with a
    /// typo or two (``typosAllowed(_:)``), and scores 3 in the title, 1 in the text. Ties
    /// keep reading order. The site's search page ranks the same way (`search.js`).
    public func search(folded query: String) -> [Entry] {
        let terms = query.split(separator: " ").map { Array($0.unicodeScalars) }
        guard !terms.isEmpty else { return [] }
        var found: [(entry: Entry, score: Int)] = []
        entries: for entry in entries {
            let title = entry.titleWords.split(separator: " ").map { Array($0.unicodeScalars) }
            let text = entry.words.split(separator: " ").map { Array($0.unicodeScalars) }
            var score = 0
            for term in terms {
                if title.contains(where: { $0.starts(with: term) }) {
                    score += 6
                } else if text.contains(where: { $0.starts(with: term) }) {
                    score += 2
                } else if Self.typosAllowed(term.count) > 0, title.contains(where: { Self.startsNearly($0, with: term) }) {
                    score += 3
                } else if Self.typosAllowed(term.count) > 0, text.contains(where: { Self.startsNearly($0, with: term) }) {
                    score += 1
                } else {
                    continue entries
                }
            }
            found.append((entry, score))
        }
        return found.sorted { $0.score != $1.score ? $0.score > $1.score : $0.entry.order < $1.entry.order }.map(\.entry)
    }

    /// How many typos a query word of `length` letters may have and still find a word:
    /// none under four letters (too many short words are a typo apart), one up to seven,
    /// two from eight (`frendship` finds `friendship`).
    public static func typosAllowed(_ length: Int) -> Int { length < 4 ? 0 : length < 8 ? 1 : 2 }

    /// Whether some start of `word` is at most ``typosAllowed(_:)`` edits from `term`:
    /// a letter added, left out or changed, or two letters next to each other swapped
    /// (`freinds`), the way children's typing slips. The least such distance between
    /// `term` and a prefix of `word`, row by row (optimal string alignment), given up
    /// once two rows in a row are all over the limit.
    public static func startsNearly(_ word: [Unicode.Scalar], with term: [Unicode.Scalar]) -> Bool {
        let limit = typosAllowed(term.count)
        guard limit > 0, word.count + limit >= term.count else { return false }
        var twoBack = [Int](repeating: 0, count: word.count + 1)
        var previous = Array(0...word.count)
        var current = previous
        var previousBest = 0
        for i in 1...term.count {
            current[0] = i
            var best = i
            for j in stride(from: 1, through: word.count, by: 1) {
                var distance = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (term[i - 1] == word[j - 1] ? 0 : 1))
                if i > 1, j > 1, term[i - 1] == word[j - 2], term[i - 2] == word[j - 1] { distance = Swift.min(distance, twoBack[j - 2] + 1) }
                current[j] = distance
                best = Swift.min(best, distance)
            }
            if best > limit, previousBest > limit { return false }
            previousBest = best
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous.min()! <= limit
    }
}
