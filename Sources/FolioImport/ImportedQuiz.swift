/// A quiz made from an imported file, in Folio's terms, ready to be written as YAML.
/// Texts are Markdown, as in a quiz an author writes.
public struct ImportedQuiz: Sendable, Hashable {
    /// The quiz's id, which is also its file name.
    public var id: String
    /// The quiz's `title:`.
    public var title: String
    /// The name of the file it was imported from, for the header comment.
    public var source: String
    /// The questions, in the order of the file.
    public var questions: [ImportedQuestion]
    /// The questions left out, for the header comment.
    public var skipped: [SkippedQuestion]

    /// A quiz with these questions.
    public init(id: String, title: String, source: String, questions: [ImportedQuestion] = [], skipped: [SkippedQuestion] = []) {
        self.id = id
        self.title = title
        self.source = source
        self.questions = questions
        self.skipped = skipped
    }
}

/// One imported question.
public struct ImportedQuestion: Sendable, Hashable {
    /// The question's `id`, unique in the quiz.
    public var id: String
    /// The line of the source file the question starts on.
    public var line: Int
    /// The question text.
    public var prompt: String
    /// The kind of question and its answers.
    public var answer: Answer
    /// The question's `hint` (true-false, text and number questions).
    public var hint: String?
    /// Shown once the question is answered correctly or revealed.
    public var explanation: String?

    /// A question's kind and answers.
    public enum Answer: Sendable, Hashable {
        /// Pick one: exactly one choice is correct.
        case single([ImportedChoice])
        /// Select all that apply; `partial` gives a share of the credit per right pick.
        case multiple([ImportedChoice], partial: Bool)
        /// True or false.
        case trueFalse(Bool)
        /// A typed answer, right when it matches one of these.
        case text([String])
        /// A typed number, right within `tolerance` of `number`.
        case number(Double, tolerance: Double)
    }

    /// A question as imported.
    public init(id: String, line: Int, prompt: String, answer: Answer, hint: String? = nil, explanation: String? = nil) {
        self.id = id
        self.line = line
        self.prompt = prompt
        self.answer = answer
        self.hint = hint
        self.explanation = explanation
    }
}

/// A choice of an imported `single` or `multiple` question.
public struct ImportedChoice: Sendable, Hashable {
    /// What the learner can pick.
    public var text: String
    /// Whether picking it is right.
    public var correct: Bool
    /// Shown when a learner picks this wrong choice.
    public var hint: String?
    /// Shown when a learner picks this right choice.
    public var feedback: String?

    /// A choice as imported.
    public init(text: String, correct: Bool, hint: String? = nil, feedback: String? = nil) {
        self.text = text
        self.correct = correct
        self.hint = hint
        self.feedback = feedback
    }
}

/// A question of the source file that was not imported, and why.
public struct SkippedQuestion: Sendable, Hashable {
    /// The line it starts on.
    public var line: Int
    /// Why, in a few words (`a matching question`).
    public var reason: String
    /// Whether a mistake in the GIFT file kept it out (reported as an error), rather
    /// than something Folio has no equivalent for (a warning).
    public var becauseOfError: Bool

    /// A skipped question.
    public init(line: Int, reason: String, becauseOfError: Bool = false) {
        self.line = line
        self.reason = reason
        self.becauseOfError = becauseOfError
    }
}
