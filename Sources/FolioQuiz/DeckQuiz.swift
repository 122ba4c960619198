import FolioCore
import FolioModel

/// Questions made from a flashcard deck: every card asks for its back, either typed or
/// picked among four choices whose wrong ones are other cards' backs.
///
/// The compiler uses this for `quiz_from_deck`, and the terminal runner to quiz a deck
/// directly, so both make the same questions. Wrong choices and the right choice's place
/// come from a stable hash of the deck id and card positions, never from a random
/// generator, so that two builds of the same deck are byte-identical.
public enum DeckQuiz {
    /// How a card is asked.
    public enum Style: String, Sendable, CaseIterable {
        /// Type the back of the card.
        case typed
        /// Pick the back among four choices.
        case choices
    }

    /// The smallest number of different backs a four-choice quiz needs.
    public static let backsForChoices = 4

    /// Whether `deck` has enough different backs for `style`.
    public static func canAsk(_ deck: Deck, style: Style) -> Bool {
        style == .typed || Set(deck.cards.map(\.back)).count >= backsForChoices
    }

    /// One question per card, with the card's id; a choice has the id of the first card
    /// whose back it is, so a recorded answer names the same answer after cards are
    /// added, removed or reordered. Which backs a card is offered, and in which order,
    /// depend on the cards' ids, not their places. `html` renders a
    /// card's text (Markdown) for the bundle; the terminal needs only the Markdown.
    public static func questions(for deck: Deck, style: Style, html: (String) -> String = { $0 }) -> [Question] {
        deck.cards.map { card in
            let prompt = RichText(markdown: card.front, html: html(card.front))
            switch style {
            case .typed:
                return Question(id: card.id, type: .text, prompt: prompt, accept: [card.back])
            case .choices:
                let others = deck.cards.indices.filter { deck.cards[$0].back != card.back }
                    .sorted { stableHash("\(deck.id)/\(card.id)/\(deck.cards[$0].id)") < stableHash("\(deck.id)/\(card.id)/\(deck.cards[$1].id)") }
                var picks: [String] = []
                for other in others where !picks.contains(deck.cards[other].back) {
                    picks.append(deck.cards[other].back)
                    if picks.count == backsForChoices - 1 { break }
                }
                // The right answer's place is also decided by the hash, not always first.
                let slot = Int(stableHash("\(deck.id)/\(card.id)") % UInt64(picks.count + 1))
                picks.insert(card.back, at: slot)
                let choices = picks.enumerated().map { position, text in
                    Choice(id: deck.cards.first { $0.back == text }!.id, text: RichText(markdown: text, html: html(text)), correct: position == slot)
                }
                return Question(id: card.id, type: .single, prompt: prompt, choices: choices)
            }
        }
    }

    /// A whole quiz from a deck, as the runner asks it: practice mode, `count` cards
    /// drawn per attempt (all when nil).
    public static func quiz(for deck: Deck, style: Style, count: Int? = nil) -> Quiz {
        let questions = questions(for: deck, style: style)
        return Quiz(
            id: deck.id, title: deck.title, mode: .practice, shuffle: .questions,
            draw: count.map { min(max($0, 1), questions.count) }, fromDeck: deck.id, questions: questions)
    }

    /// Stable across runs and platforms, unlike `Hasher`.
    public static func stableHash(_ text: String) -> UInt64 { FNV1a.hash(text) }
}
