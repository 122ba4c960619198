import FolioCore
import FolioModel
import FolioQuiz
import FolioSyntax

/// Makes the questions of a quiz written as `quiz_from_deck` from its deck's cards.
///
/// Every card becomes a question of the pool (made by ``DeckQuiz``, as the runner makes
/// them), and `count` becomes the quiz's `draw`, so each attempt asks a fresh set.
enum DeckQuizBuilder {
    static func build(_ parsed: inout CheckedQuiz, decks: [String: ParsedDeck], diagnostics: inout DiagnosticList) {
        guard let request = parsed.fromDeck else { return }
        guard let deck = decks[request.deck]?.deck else {
            let suggestion = Identifier.nearest(request.deck, among: decks.keys.sorted())
            diagnostics.error(
                .quizDeckMissing, at: request.deckLocation,
                "there is no deck with the id `\(request.deck)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                help: suggestion.map { "change it to `deck: \($0)`; a deck's id is its file name without `.yaml` or `.txt`" }
                    ?? "use the id of a deck in `decks/`: its file name without `.yaml` or `.txt`")
            return
        }
        let differentBacks = Set(deck.cards.map(\.back)).count
        if request.style == .choices, differentBacks < DeckQuiz.backsForChoices {
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
        let style: DeckQuiz.Style = request.style == .choices ? .choices : .typed
        parsed.quiz.questions = DeckQuiz.questions(for: deck, style: style, html: InlineMarkdown.html)
    }
}

extension DiagnosticCode {
    public static let quizDeckMissing = DiagnosticCode("quiz-deck-missing", .error, .quizzes)
    public static let deckTooSmallForChoices = DiagnosticCode("deck-too-small-for-choices", .error, .decks)
}
