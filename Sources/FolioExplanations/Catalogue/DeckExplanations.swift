import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// Flashcard decks, and quizzes made from them.
    static let decks: [Explanation] = [
        Explanation(
            .deckFrontWithoutBack,
            summary: "a card of a `.txt` deck has a front but no back",
            meaning: """
                In a `.txt` deck the first line is the deck's title; after it, each card is \
                two lines, its front and then its back, and blank lines may separate the \
                cards. Here a front is followed by a blank line, or is the last line of the \
                file, so the card has no back. The message quotes the front. A blank line \
                between a front and its back is the usual cause.
                """,
            why: """
                A card without a back cannot be studied, and every card after it would be \
                read the wrong way round.
                """,
            mistake: .file(
                "decks/body-words.txt",
                """
                Body words
                Puberty
                The years when your body grows from a child's into an adult's.

                Hormones

                Chemical messengers that tell your body what to do.
                """),
            fix: .file(
                "decks/body-words.txt",
                """
                Body words
                Puberty
                The years when your body grows from a child's into an adult's.

                Hormones
                Chemical messengers that tell your body what to do.
                """)),
        Explanation(
            .deckEmpty,
            summary: "a deck has no cards",
            meaning: """
                A deck needs at least one card. A `.yaml` deck lists its cards under \
                `cards:`, each with a `front:` and a `back:`; a `.txt` deck has its title on \
                the first line and then a front line and a back line for each card. This \
                deck has a title but no cards, or `cards:` with nothing under it.
                """,
            why: "An empty deck would show learners nothing to study.",
            mistake: .file("decks/feelings.yaml", "title: Feelings words\ncards:"),
            fix: .file(
                "decks/feelings.yaml",
                """
                title: Feelings words
                cards:
                  - front: Empathy
                    back: Understanding how someone else feels.
                """)),
        Explanation(
            .deckTooSmallForChoices,
            summary: "a deck has too few cards for four-choice questions",
            meaning: """
                A quiz made with `quiz_from_deck:` and `style: choices` shows each card's \
                front with four choices: its own back and the backs of three other cards. \
                So the deck needs at least four cards with different backs. With fewer, use \
                `style: typed`, where the learner types the back, or add cards to the deck.
                """,
            why: "Folio cannot make four different choices out of fewer than four backs.",
            mistake: .file("quizzes/who-am-i.yaml", "title: Feelings words\nquiz_from_deck:\n  deck: feelings\n  style: choices"),
            fix: .file("quizzes/who-am-i.yaml", "title: Feelings words\nquiz_from_deck:\n  deck: feelings\n  style: typed")),
    ]
}
