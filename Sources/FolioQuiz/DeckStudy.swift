import FolioModel

/// Studying a flashcard deck card by card: the learner sees a front, turns the card, and
/// says whether she knew it. A value type with no I/O, like ``QuizAttempt``.
public struct DeckStudy: Sendable {
    /// The deck being studied.
    public let deck: Deck
    /// Card positions in the deck, in the order they are studied.
    public let order: [Int]
    /// How many cards of ``order`` have been marked.
    public private(set) var studied = 0
    /// Whether each studied card was known, by its position in the deck.
    public private(set) var known: [Int: Bool] = [:]

    /// `seed` shuffles the cards (nil keeps the deck's order); `only` limits the session
    /// to some cards (for example those not known last time), in the deck's positions.
    public init(deck: Deck, seed: UInt64? = nil, only: Set<Int>? = nil) {
        self.deck = deck
        var order = Array(deck.cards.indices)
        if let only { order = order.filter(only.contains) }
        if let seed {
            var generator = SeededGenerator(seed: seed)
            order = generator.shuffled(order)
        }
        self.order = order
    }

    /// The card to study now, with its position in the deck; nil when every card is done.
    public var current: (position: Int, card: Deck.Card)? {
        guard studied < order.count else { return nil }
        return (order[studied], deck.cards[order[studied]])
    }

    /// Whether every card of the session has been marked.
    public var isFinished: Bool { studied >= order.count }

    /// Marks the current card and moves to the next.
    public mutating func mark(known isKnown: Bool) {
        guard let current else { return }
        known[current.position] = isKnown
        studied += 1
    }

    /// The cards marked so far, in the order studied.
    public var marks: [(position: Int, known: Bool)] {
        order.prefix(studied).map { ($0, known[$0] ?? false) }
    }

    /// How many cards were marked "I knew it" so far.
    public var knownCount: Int { known.values.filter { $0 }.count }
    /// How many cards were marked "Not yet" so far.
    public var notYetCount: Int { known.values.filter { !$0 }.count }
}
