import FolioModel

/// One learner's attempt at a quiz, following the authoring spec's rules: which
/// questions are asked (draw, shuffle, by seed), what is shown after each try (choice
/// hints, then the question's hints one per wrong try; feedback; explanation), retries
/// and reveal in practice mode, one submission in assessment mode, points and the pass
/// mark. Points are what the first try earned, in both modes: a practice quiz's score
/// says what the learner knew, and the result says apart what she worked out after
/// hints and what was shown to her. A value type with no I/O: the terminal runner, `folio grade` and the tests
/// all drive the same code.
public struct QuizAttempt: Sendable {
    /// The quiz being attempted, as the bundle holds it.
    public let quiz: Quiz
    /// The questions asked, in the order asked, with their choices in the order shown.
    public let questions: [Question]
    /// How each question asked stands, by question id.
    public private(set) var states: [String: QuestionState]

    /// How a question stands in the attempt.
    public struct QuestionState: Sendable, Equatable {
        /// Wrong tries so far; each shows the next of the question's hints.
        public var wrongTries = 0
        /// Whether the question has been answered right, on any try.
        public var correct = false
        /// Practice mode: whether the learner asked to see the answer.
        public var revealed = false
        /// Assessment mode: answered (right or wrong).
        public var submitted = false
        /// What the first try earned: the question's points, a share of them (a
        /// `partial` question partly right), or nothing. Later tries do not change it.
        public var earned = 0.0
        /// Whether the question takes no more tries: answered right, revealed, or submitted
        /// in assessment mode.
        public var closed: Bool { correct || revealed || submitted }
    }

    /// What the learner sees after a try.
    public struct TryResult: Sendable, Equatable, Encodable {
        /// Whether this try was right.
        public var correct: Bool
        /// Hints shown after a wrong try, in order (Markdown).
        public var hints: [String]
        /// Feedback of the right choices picked (Markdown).
        public var feedback: [String]
        /// Shown once the question is answered correctly or revealed.
        public var explanation: String?
        /// Practice mode: the learner may try again.
        public var canRetry: Bool
        /// Practice mode: the answer may be revealed (``QuizAttempt/revealAllowed(wrongTries:hints:)``).
        public var canReveal: Bool
        /// What the question's first try earned, however many tries it took.
        public var points: Double
    }

    /// The right answer, once revealed.
    public struct Reveal: Sendable, Equatable, Encodable {
        /// The ids of the right choices of a choice question.
        public var choices: [String]?
        /// The right answer of a true or false question.
        public var answer: Bool?
        /// The accepted answers of a typed-answer question, as the author wrote them.
        public var accept: [String]?
        /// The right value of a number question.
        public var number: Double?
        /// The question's explanation (Markdown), if it has one.
        public var explanation: String?
    }

    /// Starts an attempt: the questions are drawn and shuffled as the quiz asks, by `seed`,
    /// so that the same seed asks the same questions in the same order.
    public init(quiz: Quiz, seed: UInt64 = 0) {
        self.quiz = quiz
        var generator = SeededGenerator(seed: seed)
        var pool = Self.questionOrder(of: quiz, generator: &generator).map { quiz.questions[$0] }
        if quiz.shuffle == .choices || quiz.shuffle == .both {
            pool = pool.map { question in
                var question = question
                question.choices = generator.shuffled(question.choices)
                return question
            }
        }
        questions = pool
        states = Dictionary(uniqueKeysWithValues: pool.map { ($0.id, QuestionState()) })
    }

    /// The questions asked, as positions in the quiz, in the order asked: `draw` picks a
    /// subset (kept in the written order), then `shuffle` may reorder it. Choices are
    /// shuffled after this, with the same generator.
    public static func questionOrder(of quiz: Quiz, generator: inout SeededGenerator) -> [Int] {
        var order = Array(quiz.questions.indices)
        if let draw = quiz.draw, draw < order.count {
            let shuffled = generator.shuffled(order)
            var picked = [Bool](repeating: false, count: order.count)
            for position in shuffled.prefix(draw) { picked[position] = true }
            order = order.filter { picked[$0] }
        }
        if quiz.shuffle == .questions || quiz.shuffle == .both { order = generator.shuffled(order) }
        return order
    }

    /// The questions an attempt with `seed` asks, as positions in the quiz.
    public static func questionOrder(of quiz: Quiz, seed: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: seed)
        return questionOrder(of: quiz, generator: &generator)
    }

    /// The question asked with `id`, with its choices in the order shown; nil when this
    /// attempt does not ask it.
    public func question(_ id: String) -> Question? { questions.first { $0.id == id } }

    /// Grades a try. `elapsedSeconds` is the time since the attempt started; a try after
    /// the time limit is refused.
    public mutating func answer(_ id: String, _ response: Response, elapsedSeconds: Double = 0) throws -> TryResult {
        guard let question = question(id), var state = states[id] else { throw GradingError.unknownQuestion(id) }
        if let limit = quiz.timeLimitSeconds, elapsedSeconds > Double(limit) { throw GradingError.timeUp }
        guard !state.closed else { throw GradingError.questionClosed(question: id) }
        let grade = try QuestionGrader.grade(question, response)
        var result = TryResult(
            correct: grade.correct, hints: [], feedback: [], explanation: nil, canRetry: false, canReveal: false, points: 0)
        switch quiz.mode {
        case .practice:
            // The first try decides the points; a retry only closes the question.
            if state.wrongTries == 0 { state.earned = question.points * grade.fraction }
            if grade.correct {
                state.correct = true
                Self.render(ShownAfterTry(grade, question: question, wrongTry: 0), question: question, into: &result)
            } else {
                state.wrongTries += 1
                Self.render(ShownAfterTry(grade, question: question, wrongTry: state.wrongTries), question: question, into: &result)
                result.canRetry = true
                result.canReveal = Self.revealAllowed(wrongTries: state.wrongTries, hints: question.hints.count)
            }
        case .assessment:
            state.submitted = true
            state.correct = grade.correct
            state.earned = question.points * grade.fraction
            if !grade.correct { state.wrongTries = 1 }
            Self.render(ShownAfterTry(grade, question: question, wrongTry: 1), question: question, into: &result)
        }
        result.points = state.earned
        states[id] = state
        return result
    }

    /// Whether a practice question may show its answer after `wrongTries` wrong tries:
    /// after two at least, and not before every one of its `hints` has been shown (one
    /// per wrong try), whichever comes later. Two, so that a question with no hints of
    /// its own (only choice hints, or none) is still worked at before it is given away.
    public static func revealAllowed(wrongTries: Int, hints: Int) -> Bool { wrongTries >= max(2, hints) }

    /// Practice mode: shows the answer once ``revealAllowed(wrongTries:hints:)``; the
    /// question keeps what its first try earned (nothing, unless partly right) and is
    /// recorded as revealed.
    public mutating func reveal(_ id: String) throws -> Reveal {
        guard let question = question(id), var state = states[id] else { throw GradingError.unknownQuestion(id) }
        guard quiz.mode == .practice, !state.closed, Self.revealAllowed(wrongTries: state.wrongTries, hints: question.hints.count) else {
            throw GradingError.revealNotAllowed(question: id)
        }
        state.revealed = true
        states[id] = state
        return Self.answerKey(question)
    }

    /// The right answer of `question` and its explanation.
    static func answerKey(_ question: Question) -> Reveal {
        Reveal(
            choices: question.type == .single || question.type == .multiple ? question.choices.filter(\.correct).map(\.id) : nil,
            answer: question.answer, accept: question.accept, number: question.number,
            explanation: question.explanation?.markdown)
    }

    /// A question an assessment's review goes over.
    public struct Missed: Sendable, Equatable {
        /// The id of the question missed.
        public var question: String
        /// Its right answer and explanation; nil when the quiz does not show answers.
        public var answer: Reveal?
    }

    /// What an assessment shows once it is over: each question not right (wrong, partly
    /// right or not answered), in the order asked, with its right answer and explanation
    /// unless the quiz says `show_answers: false`. A practice quiz has none: each of its
    /// questions showed its answer or explanation as it closed.
    public func review() -> [Missed] {
        guard quiz.mode == .assessment else { return [] }
        return questions.compactMap { question in
            guard let state = states[question.id], !state.correct else { return nil }
            return Missed(question: question.id, answer: quiz.showsAnswers ? Self.answerKey(question) : nil)
        }
    }

    /// The Markdown of what is shown.
    static func render(_ shown: ShownAfterTry, question: Question, into result: inout TryResult) {
        result.hints = shown.choiceHints.compactMap { question.choices[$0].hint?.markdown }
        if let hint = shown.questionHint { result.hints.append(question.hints[hint].markdown) }
        result.feedback = shown.choiceFeedback.compactMap { question.choices[$0].feedback?.markdown }
        result.explanation = shown.explanation ? question.explanation?.markdown : nil
    }

    /// How the attempt ended.
    public func result(elapsedSeconds: Double = 0) -> AttemptResult {
        var outcomes: [AttemptResult.QuestionOutcome] = []
        var score = 0.0, total = 0.0
        for question in questions {
            let state = states[question.id]!
            let outcome: AttemptResult.Outcome
            if state.revealed {
                outcome = .revealed
            } else if state.correct {
                outcome = .correct
            } else if state.submitted || state.wrongTries > 0 {
                outcome = .incorrect
            } else {
                outcome = .unanswered
            }
            outcomes.append(
                .init(
                    question: question.id, outcome: outcome, points: state.earned, possible: question.points,
                    tries: state.wrongTries + (state.correct ? 1 : 0), firstTry: state.correct && state.wrongTries == 0)
            )
            score += state.earned
            total += question.points
        }
        let percent = total > 0 ? (score / total * 100 * 100).rounded() / 100 : 0
        let timedOut = quiz.timeLimitSeconds.map { elapsedSeconds > Double($0) } ?? false
        return AttemptResult(
            quiz: quiz.id, questions: outcomes, score: score, total: total, percent: percent,
            passed: quiz.passPercent.map { percent + 1e-9 >= $0 }, timedOut: timedOut, elapsedSeconds: elapsedSeconds)
    }
}

/// The end of an attempt: per question and in total.
public struct AttemptResult: Sendable, Equatable, Encodable {
    /// How a question ended: right, wrong, shown to the learner, or never answered.
    public enum Outcome: String, Sendable, Encodable { case correct, incorrect, revealed, unanswered }

    /// How one question of the attempt went.
    public struct QuestionOutcome: Sendable, Equatable, Encodable {
        /// The question's id.
        public var question: String
        /// How the question ended.
        public var outcome: Outcome
        /// What the first try earned.
        public var points: Double
        /// The question's points: what a right first try earns.
        public var possible: Double
        /// How many tries the learner made.
        public var tries: Int
        /// Right on the first try. A question that is `correct` but not right on the
        /// first try was worked out after hints.
        public var firstTry: Bool

        /// One question's outcome, as an app that keeps results of its own records it.
        public init(question: String, outcome: Outcome, points: Double, possible: Double, tries: Int, firstTry: Bool) {
            self.question = question
            self.outcome = outcome
            self.points = points
            self.possible = possible
            self.tries = tries
            self.firstTry = firstTry
        }

        /// Right in the end, but not on the first try.
        public var workedOut: Bool { outcome == .correct && !firstTry }
    }

    /// The quiz's id.
    public var quiz: String
    /// Each question asked, in the order asked.
    public var questions: [QuestionOutcome]
    /// The points earned, each question's first try counted.
    public var score: Double
    /// The points the questions asked were worth.
    public var total: Double
    /// Rounded to two decimals.
    public var percent: Double
    /// Nil when the quiz has no pass mark.
    public var passed: Bool?
    /// Whether the attempt ran past the quiz's time limit.
    public var timedOut: Bool
    /// Seconds from the start of the attempt to its end.
    public var elapsedSeconds: Double

    /// An attempt's end, as an app that runs attempts of its own records it.
    public init(
        quiz: String, questions: [QuestionOutcome], score: Double, total: Double, percent: Double, passed: Bool?, timedOut: Bool,
        elapsedSeconds: Double
    ) {
        self.quiz = quiz
        self.questions = questions
        self.score = score
        self.total = total
        self.percent = percent
        self.passed = passed
        self.timedOut = timedOut
        self.elapsedSeconds = elapsedSeconds
    }

    /// Every question right on the first try: how a quiz without a pass mark is passed.
    public var allRightFirstTry: Bool { questions.allSatisfy(\.firstTry) }
    /// Whether the attempt passes its quiz: the pass mark reached, or for a quiz without
    /// one, every question right on the first try.
    public var passesQuiz: Bool { passed ?? allRightFirstTry }
    /// The questions not right on the first try, in the order asked: what "try the ones
    /// I missed" asks again.
    public var missed: [String] { questions.filter { !$0.firstTry }.map(\.question) }
}

extension Quiz {
    /// The quiz again with only the questions `ids` (those of this quiz, in that order):
    /// "try the ones I missed". In the quiz's mode, with its choices shuffled as it says,
    /// but without `draw`, question shuffling, a time limit or a pass mark: it goes over
    /// a few questions, it is not the quiz, and runners do not save it as an attempt.
    public func retrying(_ ids: [String]) -> Quiz {
        var quiz = self
        quiz.questions = ids.compactMap { id in questions.first { $0.id == id } }
        quiz.draw = nil
        quiz.timeLimitSeconds = nil
        quiz.passPercent = nil
        quiz.shuffle = shuffle == .choices || shuffle == .both ? .choices : .none
        return quiz
    }
}
