/// One quiz as the bundle carries it: `quizzes/<id>.json`. Graders work from this.
public struct Quiz: Codable, Sendable, Hashable {
    /// How the quiz treats a wrong answer: try again at once, or one submission.
    public enum Mode: String, Codable, Sendable, CaseIterable {
        /// A wrong answer shows its hint and the learner tries again.
        case practice
        /// One submission, then every wrong answer shows its hint.
        case assessment
    }

    /// What is shuffled for each attempt: nothing, each question's choices, the order of
    /// the questions, or both.
    public enum Shuffle: String, Codable, Sendable, CaseIterable { case none, choices, questions, both }

    /// The quiz's id, which names its file (`quizzes/<id>.json`).
    public var id: String
    /// The quiz's title, as learners see it.
    public var title: String
    /// The chapter this quiz ends, when one names it.
    public var chapter: String?
    /// Practice or assessment.
    public var mode: Mode
    /// Pass mark as a percentage from 0 to 100.
    public var passPercent: Double?
    /// What is shuffled for each attempt.
    public var shuffle: Shuffle
    /// How many questions to draw from the pool for one attempt; nil means all.
    public var draw: Int?
    /// Seconds an attempt may take; nil for no limit.
    public var timeLimitSeconds: Int?
    /// The deck the questions were made from, for a quiz made with `quiz_from_deck`.
    public var fromDeck: String?
    /// False when the quiz must not show its right answers: an assessment then shows no
    /// review of the questions missed, only which they were (format 1.3). Absent means
    /// the answers are shown.
    public var showAnswers: Bool?
    /// The graded questions, in the order written (the pool a draw takes from).
    public var questions: [Question]
    /// Questions with an open answer that is never graded (format 1.3): asked after the
    /// graded questions, kept only on the learner's device. Nil when there are none.
    public var reflections: [Reflection]?

    /// Whether the right answers of missed questions are shown after an assessment.
    public var showsAnswers: Bool { showAnswers ?? true }

    /// A quiz from its fields; what is not given takes the format's default.
    public init(
        id: String, title: String, chapter: String? = nil, mode: Mode = .practice, passPercent: Double? = nil,
        shuffle: Shuffle = .none, draw: Int? = nil, timeLimitSeconds: Int? = nil, fromDeck: String? = nil, showAnswers: Bool? = nil,
        questions: [Question]
    ) {
        self.id = id
        self.title = title
        self.chapter = chapter
        self.mode = mode
        self.passPercent = passPercent
        self.shuffle = shuffle
        self.draw = draw
        self.timeLimitSeconds = timeLimitSeconds
        self.fromDeck = fromDeck
        self.showAnswers = showAnswers
        self.questions = questions
    }
}

/// A reflection question (`type: reflection`): a prompt for her own thoughts, written
/// down and kept on her device, never graded and never part of a score. Kept apart from
/// ``Quiz/questions`` so that graders, and apps made for earlier bundles, see only
/// questions with a right answer.
public struct Reflection: Codable, Sendable, Hashable {
    /// Unique among the quiz's questions and reflections; stays with the reflection as
    /// question ids do.
    public var id: String
    /// The question the learner answers in her own words (Markdown).
    public var prompt: RichText
    /// Shown once she has written her thoughts: something to talk about with others.
    public var discussion: RichText?

    /// A reflection question from its id, prompt and optional discussion.
    public init(id: String, prompt: RichText, discussion: RichText? = nil) {
        self.id = id
        self.prompt = prompt
        self.discussion = discussion
    }
}

/// One question of a quiz.
public struct Question: Codable, Sendable, Hashable {
    /// What kind of answer the question takes: one choice, several choices, true or false,
    /// a typed text or a number.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case single, multiple
        case trueFalse = "true-false"
        case text, number
    }

    /// The `id` the author wrote, or one made from the prompt's words and a short hash
    /// of all of them (`everyone-feels-nervous-sometimes-7f3a`): stable when questions
    /// are reordered, and across edits of the prompt when written.
    public var id: String
    /// What kind of answer the question takes.
    public var type: Kind
    /// The question as learners read it (Markdown).
    public var prompt: RichText
    /// What a right first try earns (1 unless the author says otherwise).
    public var points: Double
    /// For `multiple`: partial credit instead of all-or-nothing.
    public var partial: Bool
    /// For `single` and `multiple`.
    public var choices: [Choice]
    /// Shown in order, one per wrong try, after any choice hint. A `hint:` written on
    /// a true-false, text or number question comes first in this list.
    public var hints: [RichText]
    /// Shown once the question is answered right or revealed.
    public var explanation: RichText?
    /// For `true-false`.
    public var answer: Bool?
    /// For `text`: accepted answers, compared ignoring case, spacing, punctuation and accents.
    public var accept: [String]?
    /// For `number`.
    public var number: Double?
    /// For `number`: how far from ``number`` an answer may be and still be right; nil means
    /// exactly.
    public var tolerance: Double?

    /// A question from its fields; what is not given takes the format's default.
    public init(
        id: String, type: Kind, prompt: RichText, points: Double = 1, partial: Bool = false, choices: [Choice] = [],
        hints: [RichText] = [], explanation: RichText? = nil, answer: Bool? = nil, accept: [String]? = nil,
        number: Double? = nil, tolerance: Double? = nil
    ) {
        self.id = id
        self.type = type
        self.prompt = prompt
        self.points = points
        self.partial = partial
        self.choices = choices
        self.hints = hints
        self.explanation = explanation
        self.answer = answer
        self.accept = accept
        self.number = number
        self.tolerance = tolerance
    }
}

/// A choice of a `single` or `multiple` question.
public struct Choice: Codable, Sendable, Hashable {
    /// The `id` the author wrote, or one made from the choice's words (`talk-to-a-friend-3fa2`):
    /// stable across shuffles and reordering, and across edits when written.
    public var id: String
    /// The choice as learners read it (Markdown).
    public var text: RichText
    /// Whether picking this choice is right.
    public var correct: Bool
    /// Shown when a learner picks this wrong choice.
    public var hint: RichText?
    /// Shown when a learner picks this right choice.
    public var feedback: RichText?

    /// A choice from its fields.
    public init(id: String, text: RichText, correct: Bool, hint: RichText? = nil, feedback: RichText? = nil) {
        self.id = id
        self.text = text
        self.correct = correct
        self.hint = hint
        self.feedback = feedback
    }
}
