/// The ids a published bundle gave its program, quizzes, questions, choices, decks and
/// cards: what learners' saved progress is keyed by. `folio build` compares the program
/// it is about to publish with them, to say which saved progress an edit would drop.
///
/// Read leniently, from any bundle of format 1: a bundle written before ids were stable
/// has no program id and no card ids (``idsArePositional``), and its question and choice
/// ids that the author did not write are places (`q1`, `c2`).
public struct PublishedIdentities: Decodable, Sendable, Hashable {
    /// The program's id and title, as the bundle's manifest gives them.
    public struct Program: Decodable, Sendable, Hashable {
        /// Nil in a bundle written before ids were stable.
        public var id: String?
        /// The program's title, which progress was kept under before ids were stable.
        public var title: String
        /// A program's identity from its id and title.
        public init(id: String?, title: String) {
            self.id = id
            self.title = title
        }
    }

    /// A quiz's id and the ids of its questions and their choices.
    public struct QuizIDs: Decodable, Sendable, Hashable {
        /// The quiz's id.
        public var id: String
        /// The quiz's questions, in the order written.
        public var questions: [QuestionIDs]
        /// The deck the questions were made from, for a quiz made with `quiz_from_deck`.
        public var fromDeck: String?
        /// A quiz's ids from its parts.
        public init(id: String, questions: [QuestionIDs], fromDeck: String?) {
            self.id = id
            self.questions = questions
            self.fromDeck = fromDeck
        }
    }

    /// A question's id and its choices' ids. Their words are not kept: a large program has
    /// hundreds of thousands of them, and an id made from words starts with them.
    public struct QuestionIDs: Decodable, Sendable, Hashable {
        /// The question's id.
        public var id: String
        /// The question's choices, in the order written.
        public var choices: [ChoiceIDs]
        /// A question's ids from its parts.
        public init(id: String, choices: [ChoiceIDs]) {
            self.id = id
            self.choices = choices
        }
    }

    /// A choice's id.
    public struct ChoiceIDs: Decodable, Sendable, Hashable {
        /// The choice's id.
        public var id: String
        /// A choice's identity from its id.
        public init(id: String) { self.id = id }
    }

    /// A deck's id and the identities of its cards.
    public struct DeckIDs: Decodable, Sendable, Hashable {
        /// The deck's id.
        public var id: String
        /// The deck's cards, in order.
        public var cards: [CardIDs]
        /// A deck's ids from its parts.
        public init(id: String, cards: [CardIDs]) {
            self.id = id
            self.cards = cards
        }
    }

    /// A card's id and the words that made it.
    public struct CardIDs: Decodable, Sendable, Hashable {
        /// Nil in a bundle written before ids were stable.
        public var id: String?
        /// The card's front, which its id is made from and progress kept before ids were
        /// stable is matched by.
        public var front: String
        /// Tells apart two cards whose fronts read the same, and so share the id their
        /// fronts make but for the suffix their order gives (a deck is a few cards: its
        /// words are kept, unlike a quiz's).
        public var back: String?
        /// A card's identity from its id, front and back.
        public init(id: String?, front: String, back: String? = nil) {
            self.id = id
            self.front = front
            self.back = back
        }
    }

    /// The program's id and title.
    public var program: Program
    /// Every quiz of the bundle.
    public var quizzes: [QuizIDs]
    /// Every deck of the bundle.
    public var decks: [DeckIDs]

    /// Whether the bundle was written before ids were stable (it has no program id).
    public var idsArePositional: Bool { program.id == nil }

    /// The identities of a program from its parts.
    public init(program: Program, quizzes: [QuizIDs], decks: [DeckIDs]) {
        self.program = program
        self.quizzes = quizzes
        self.decks = decks
    }
}
