import FolioModel

extension SearchIndex {
    /// The index of a compiled program: each chapter, then its quiz, in reading order;
    /// then the decks; then the bill of rights. Words are folded as typed answers are
    /// graded (``TextAnswer/normalized(_:)``), so a search and an answer agree on what
    /// counts as the same word.
    public init(program: CompiledProgram) {
        var entries: [Entry] = []
        let quizzes = Dictionary(program.quizzes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for chapter in program.chapters {
            entries.append(
                Entry(
                    kind: .chapter, id: chapter.id, title: chapter.title, summary: chapter.summary, titleWords: TextAnswer.normalized(chapter.title),
                    words: Self.words([chapter.summary ?? ""] + chapter.headings.map(\.text) + [chapter.plainText])))
            if let quiz = chapter.quiz.flatMap({ quizzes[$0] }) {
                let title = "Quiz: \(chapter.title)"
                entries.append(
                    Entry(
                        kind: .quiz, id: quiz.id, chapter: chapter.id, title: title, summary: quiz.title, titleWords: TextAnswer.normalized(title),
                        words: Self.words(quiz.questions.flatMap { [$0.prompt.markdown] + $0.choices.map(\.text.markdown) })))
            }
        }
        for deck in program.decks {
            entries.append(
                Entry(
                    kind: .deck, id: deck.id, title: deck.title, summary: deck.cards.count == 1 ? "1 card" : "\(deck.cards.count) cards",
                    titleWords: TextAnswer.normalized(deck.title), words: Self.words(deck.cards.flatMap { [$0.front, $0.back] })))
        }
        if let rights = program.billOfRights {
            entries.append(
                Entry(
                    kind: .billOfRights, id: "bill-of-rights", title: rights.title, summary: nil, titleWords: TextAnswer.normalized(rights.title),
                    words: Self.words([rights.intro?.markdown ?? ""] + rights.rights.flatMap { [$0.text.markdown, $0.detail?.markdown ?? ""] })))
        }
        self.init(entries: entries)
    }

    /// The distinct folded words of some texts, in the order first seen.
    public static func words(_ texts: [String]) -> String {
        var seen = Set<Substring>()
        var out: [Substring] = []
        for text in texts {
            let folded = TextAnswer.normalized(text)
            for word in folded.split(separator: " ") where seen.insert(word).inserted { out.append(word) }
        }
        return out.joined(separator: " ")
    }

    /// Searches for what a learner typed, folded as the index's words are.
    public func search(_ query: String) -> [Entry] { search(folded: TextAnswer.normalized(query)) }
}
