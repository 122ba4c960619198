import FolioCore
import FolioModel
import FolioSyntax

/// Makes the questions of a quiz written as `quiz_from_deck` from its deck's cards.
///
/// Every card becomes a question of the pool, and `count` becomes the quiz's `draw`, so
/// each attempt asks a fresh set. Wrong choices are other cards' backs, picked by a
/// stable hash so that two builds give the same quiz.
enum DeckQuizBuilder {
    static func build(_ parsed: inout ParsedQuiz, decks: [String: ParsedDeck], diagnostics: inout DiagnosticList) {
        guard let request = parsed.fromDeck else { return }
        guard let deck = decks[request.deck]?.deck else {
            let suggestion = NearestName.find(request.deck, among: decks.keys.sorted())
            diagnostics.error(
                .quizDeckMissing, at: request.deckLocation,
                "there is no deck with the id `\(request.deck)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                help: "use the id of a deck in `decks/` (its file name without the extension)")
            return
        }
        let differentBacks = Set(deck.cards.map(\.back)).count
        if request.style == .choices, differentBacks < 4 {
            diagnostics.error(
                .deckTooSmallForChoices, at: request.location,
                "four-choice questions need at least 4 cards with different backs, and the deck `\(deck.id)` has \(differentBacks)",
                help: "use `style: typed`, or add cards to the deck")
            return
        }
        parsed.quiz.fromDeck = deck.id
        if let count = request.count {
            if count > deck.cards.count {
                diagnostics.error(
                    .quizDrawTooLarge, at: request.location, "`count: \(count)` asks for more cards than the \(deck.cards.count) in the deck `\(deck.id)`",
                    help: "use `count: \(deck.cards.count)` or less")
            } else {
                parsed.quiz.draw = count
            }
        }
        parsed.quiz.questions = deck.cards.enumerated().map { index, card in
            let prompt = RichText(markdown: card.front, html: InlineMarkdown.html(card.front))
            switch request.style {
            case .typed:
                return Question(id: "card-\(index + 1)", type: .text, prompt: prompt, accept: [card.back])
            case .choices:
                let others = deck.cards.indices.filter { deck.cards[$0].back != card.back }
                    .sorted { stableHash("\(deck.id)/\(index)/\($0)") < stableHash("\(deck.id)/\(index)/\($1)") }
                var picks = Array(others.prefix(3)).map { deck.cards[$0].back }
                // The right answer's place is also decided by the hash, not always first.
                let slot = Int(stableHash("\(deck.id)/\(index)") % UInt64(picks.count + 1))
                picks.insert(card.back, at: slot)
                let choices = picks.enumerated().map { position, text in
                    Choice(id: "c\(position + 1)", text: RichText(markdown: text, html: InlineMarkdown.html(text)), correct: position == slot)
                }
                return Question(id: "card-\(index + 1)", type: .single, prompt: prompt, choices: choices)
            }
        }
    }

    /// FNV-1a: stable across runs and platforms, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
