/// The ids a published bundle gave its program, quizzes, questions, choices, decks and
/// cards: what learners' saved progress is keyed by. `folio build` compares the program
/// it is about to publish with them, to say which saved progress an edit would drop.
///
/// Read leniently, from any bundle of format 1: a bundle written before ids were stable
/// has no program id and no card ids (``idsArePositional``), and its question and choice
/// ids that the author did not write are places (`q1`, `c2`).
public struct PublishedIdentities: Decodable, Sendable, Hashable {
    public struct Program: Decodable, Sendable, Hashable {
        /// Nil in a bundle written before ids were stable.
        public var id: String?
        public var title: String
        public init(id: String?, title: String) {
            self.id = id
            self.title = title
        }
    }

    public struct QuizIDs: Decodable, Sendable, Hashable {
        public var id: String
        public var questions: [QuestionIDs]
        public var fromDeck: String?
        public init(id: String, questions: [QuestionIDs], fromDeck: String?) {
            self.id = id
            self.questions = questions
            self.fromDeck = fromDeck
        }
    }

    /// A question's id and its choices' ids. Their words are not kept: a large program has
    /// hundreds of thousands of them, and an id made from words starts with them.
    public struct QuestionIDs: Decodable, Sendable, Hashable {
        public var id: String
        public var choices: [ChoiceIDs]
        public init(id: String, choices: [ChoiceIDs]) {
            self.id = id
            self.choices = choices
        }
    }

    public struct ChoiceIDs: Decodable, Sendable, Hashable {
        public var id: String
        public init(id: String) { self.id = id }
    }

    public struct DeckIDs: Decodable, Sendable, Hashable {
        public var id: String
        public var cards: [CardIDs]
        public init(id: String, cards: [CardIDs]) {
            self.id = id
            self.cards = cards
        }
    }

    public struct CardIDs: Decodable, Sendable, Hashable {
        /// Nil in a bundle written before ids were stable.
        public var id: String?
        public var front: String
        /// Tells apart two cards whose fronts read the same, and so share the id their
        /// fronts make but for the suffix their order gives (a deck is a few cards: its
        /// words are kept, unlike a quiz's).
        public var back: String?
        public init(id: String?, front: String, back: String? = nil) {
            self.id = id
            self.front = front
            self.back = back
        }
    }

    public var program: Program
    public var quizzes: [QuizIDs]
    public var decks: [DeckIDs]

    /// Whether the bundle was written before ids were stable (it has no program id).
    public var idsArePositional: Bool { program.id == nil }

    public init(program: Program, quizzes: [QuizIDs], decks: [DeckIDs]) {
        self.program = program
        self.quizzes = quizzes
        self.decks = decks
    }
}
