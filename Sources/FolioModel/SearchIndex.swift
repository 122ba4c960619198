/// The search index (format 1.1 on): what an app searches, without opening every
/// chapter. One entry per chapter, chapter quiz, deck and the bill of rights, each with
/// its words folded as typed answers are graded (lower case, accents and punctuation
/// dropped: `FolioQuiz`'s `TextAnswer.normalized`), each word once.
///
/// The bundle splits it into parts, `search/<nn>.json` (entry kind `search`), so that
/// editing a chapter changes one part rather than an index of every chapter's words
/// (35 MB at 10,000 chapters). Each part is a `SearchIndex` of its entries in reading
/// order; ``merged(_:)`` puts the parts back together.
public struct SearchIndex: Codable, Sendable, Hashable {
    /// The folder of the parts in the bundle.
    public static let folder = "search"

    public enum Kind: String, Codable, Sendable { case chapter, quiz, deck, billOfRights = "bill-of-rights" }

    public struct Entry: Codable, Sendable, Hashable {
        public var kind: Kind
        /// The chapter, quiz or deck id; for the bill of rights, `bill-of-rights`.
        public var id: String
        /// For a quiz, the chapter it ends.
        public var chapter: String?
        public var title: String
        /// A line to show under the title: a chapter's summary, a deck's card count.
        public var summary: String?
        /// The title's words, folded.
        public var titleWords: String
        /// The other words, folded, separated by single spaces.
        public var words: String
        /// The entry's place in the whole index, from 0: chapters in reading order, each
        /// followed by its quiz, then the decks, then the bill of rights.
        public var order: Int

        public init(
            kind: Kind, id: String, chapter: String? = nil, title: String, summary: String?, titleWords: String, words: String, order: Int
        ) {
            self.kind = kind
            self.id = id
            self.chapter = chapter
            self.title = title
            self.summary = summary
            self.titleWords = titleWords
            self.words = words
            self.order = order
        }
    }

    public var entries: [Entry]
    public init(entries: [Entry]) { self.entries = entries }

    /// The parts read back into one index, in order.
    public static func merged(_ parts: [SearchIndex]) -> SearchIndex {
        SearchIndex(entries: parts.flatMap(\.entries).sorted { $0.order < $1.order })
    }

    /// The entries holding every word of `query` (already folded, as `TextAnswer`
    /// folds) at the start of one of their words, best first: each word scores 3 where
    /// it is in the title and 1 where it is only in the text, and ties keep reading
    /// order. The site's search page ranks the same way.
    public func search(folded query: String) -> [Entry] {
        let terms = query.split(separator: " ")
        guard !terms.isEmpty else { return [] }
        func matches(_ text: String, _ term: Substring) -> Bool {
            text.split(separator: " ").contains { $0.hasPrefix(term) }
        }
        var found: [(entry: Entry, score: Int)] = []
        entries: for entry in entries {
            var score = 0
            for term in terms {
                if matches(entry.titleWords, term) {
                    score += 3
                } else if matches(entry.words, term) {
                    score += 1
                } else {
                    continue entries
                }
            }
            found.append((entry, score))
        }
        return found.sorted { $0.score != $1.score ? $0.score > $1.score : $0.entry.order < $1.entry.order }.map(\.entry)
    }
}
