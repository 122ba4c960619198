import FolioCore
import FolioModel
import FolioQuiz

/// Grades recorded attempts for pipelines (`folio grade`): each attempt answers some
/// questions of one quiz once, as in assessment mode; the result says, per question,
/// whether it was right, the points and what the learner would have been shown, with
/// totals. Everything that does not depend on the attempt (the question order when
/// nothing is drawn or shuffled, every text escaped as JSON) is prepared once per quiz,
/// because pipelines grade hundreds of thousands of attempts at a time.
public struct BatchGrader: Sendable {
    /// The quiz every attempt given to this grader answers.
    public let quiz: Quiz
    let prepared: [PreparedQuestion]
    /// Owns the bytes the prepared questions point to.
    let preparedBytes: PreparedBytes
    /// The accepted answers of each question, normalized, for typed answers that are not
    /// ASCII.
    let normalizedAccepts: [[String]?]
    let fixedOrder: [Int]?
    let quizIDJSON: [UInt8]
    private let questionIDs: Set<String>
    private let positionalIDs: Bool
    /// Where each question's results start among the workspace's results kept by answer
    /// (``Workspace/resultRanges``), and how many there are in all.
    let resultSlots: [Int]
    let resultSlotCount: Int

    /// With `positionalIDs`, a question id `qN` or a choice id `cN` that the quiz does not
    /// have is read as the N-th question or choice as written, which is how Folio 1
    /// named questions and choices that stated no id.
    public init(quiz: Quiz, positionalIDs: Bool = false) {
        self.quiz = quiz
        self.positionalIDs = positionalIDs
        let bytes = PreparedBytes()
        normalizedAccepts = quiz.questions.map { $0.accept.map { $0.map(TextAnswer.normalized) } }
        prepared = zip(quiz.questions, normalizedAccepts).map { PreparedQuestion($0, normalizedAccept: $1, in: bytes) }
        preparedBytes = bytes
        let seedMatters = quiz.draw.map { $0 < quiz.questions.count } ?? false || quiz.shuffle == .questions || quiz.shuffle == .both
        fixedOrder = seedMatters ? nil : Array(quiz.questions.indices)
        quizIDJSON = JSONWriter.escaped(quiz.id)
        questionIDs = Set(quiz.questions.map(\.id))
        var slots: [Int] = []
        var slotCount = 0
        for question in prepared {
            slots.append(slotCount)
            slotCount += question.resultsByAnswer
        }
        resultSlots = slots
        resultSlotCount = slotCount
    }

    /// Buffers reused from one attempt to the next, so grading a batch allocates little.
    public struct Workspace {
        var questions = JSONWriter(capacity: 1024)
        /// For reading attempts from their bytes: each question's answer, by position in
        /// the quiz, and a buffer for normalizing typed answers.
        var answers: [AttemptBytes.Answer] = []
        var graded: [AttemptBytes.Graded] = []
        var normalized: [UInt8] = []
        /// A question's result object depends on its answer alone (which choices were
        /// picked, or whether it was right), so each one is written once per answer and
        /// copied whole afterwards (``AttemptBytes/Graded/slot``): copying a dozen prepared
        /// pieces per question was a large part of `folio grade`'s time
        /// (docs/development.md, "Measured choices"). The bytes of the results kept so far,
        /// where each slot's are (empty when not yet written), and the grader they belong
        /// to, so that a workspace handed to another grader starts again.
        var resultBytes: [UInt8] = []
        var resultRanges: [Range<Int>] = []
        var resultsOwner: AnyObject?
        /// An empty workspace; a grader fills it on first use and reuses its room for every
        /// later attempt.
        public init() {}
    }

    /// Grades one attempt, `{"seed": 0, "elapsedSeconds": 95, "answers": {"q1": {"choices": ["c1"]}}}`,
    /// and writes its result line (without the line end) to `output`: either the graded
    /// attempt, or `{"attempt": N, "error": "..."}` when it is not an attempt at all.
    /// Answers that do not fit their question are listed in the result's `errors`.
    public func grade(_ json: JSONValue, number: Int, into output: inout JSONWriter, workspace: inout Workspace) {
        guard case .object(let members) = json else {
            return failed(number, "an attempt must be a JSON object, not \(json.kindName)", into: &output)
        }
        var seed: UInt64 = 0
        var elapsed = 0.0
        var answers: [(key: String, value: JSONValue)] = []
        var sawAnswers = false
        for (key, value) in members {
            switch key {
            case "seed":
                guard let read = value.unsignedInteger else {
                    return failed(number, "`seed` must be a whole number from 0 to 18446744073709551615", into: &output)
                }
                seed = read
            case "elapsedSeconds":
                guard let read = value.double, read >= 0 else {
                    return failed(number, "`elapsedSeconds` must be a number of seconds, 0 or more", into: &output)
                }
                elapsed = read
            case "answers":
                guard case .object(let read) = value else {
                    return failed(number, "`answers` must be an object of question ids", into: &output)
                }
                answers = read
                sawAnswers = true
            default:
                return failed(number, "unknown field `\(key)`; an attempt has `seed`, `elapsedSeconds` and `answers`", into: &output)
            }
        }
        guard sawAnswers else { return failed(number, "`answers` is missing", into: &output) }
        if positionalIDs { answers = answers.map(byPlace) }
        // Answers to none of the questions are answers to another quiz, or ids mistyped
        // throughout: grading them would report 0% as if the learner had got it all wrong.
        if !answers.isEmpty, !answers.contains(where: { questionIDs.contains($0.key) }) {
            return failed(number, Self.answersNoQuestion(answers.map(\.key), of: quiz), into: &output)
        }

        let order = fixedOrder ?? QuizAttempt.questionOrder(of: quiz, seed: seed)
        var errors: [String] = []
        var used = [Bool](repeating: false, count: answers.count)
        // A question answered twice is reported, not graded: which answer counts is unclear.
        var twice: Set<String> = []
        if answers.count > 1 {
            for index in answers.indices.dropFirst() where answers[..<index].contains(where: { $0.key == answers[index].key }) {
                twice.insert(answers[index].key)
            }
        }
        var score = 0.0
        var total = 0.0
        // `errors` comes before `questions` in key order, so the questions are written to
        // a second buffer first.
        workspace.questions.removeAll()
        workspace.questions.beginArray()
        // Questions are read through the buffer so that each answer borrows its question
        // instead of copying every field of it.
        quiz.questions.withUnsafeBufferPointer { questions in
            for position in order {
                let prepared = self.prepared[position]
                let id = questions[position].id
                total += prepared.points
                guard let index = answers.firstIndex(where: { $0.key == id }) else { continue }
                if twice.contains(id) {
                    errors.append("question `\(id)` is answered twice")
                    for duplicate in answers.indices where answers[duplicate].key == id { used[duplicate] = true }
                    continue
                }
                used[index] = true
                let grade: QuestionGrader.Grade
                do {
                    grade = try QuestionGrader.grade(
                        questions[position], try Response(json: answers[index].value, question: id), normalizedAccept: normalizedAccepts[position])
                } catch let error as GradingError {
                    errors.append(error.description)
                    continue
                } catch {
                    errors.append("\(error)")
                    continue
                }
                let points = prepared.points * grade.fraction
                score += points
                let shown = ShownAfterTry(grade, question: questions[position], wrongTry: 1)
                // The explanation is in the question's start for a right answer, where
                // ShownAfterTry shows it.
                write(
                    question: prepared, correct: grade.correct, points: points, feedback: shown.choiceFeedback, hints: shown.choiceHints,
                    questionHint: shown.questionHint, into: &workspace.questions)
            }
        }
        workspace.questions.endArray()
        for (index, answer) in answers.enumerated() where !used[index] {
            errors.append(
                quiz.questions.contains { $0.id == answer.key }
                    ? "question `\(answer.key)` was not asked in this attempt (seed \(seed))"
                    : GradingError.unknownQuestion(answer.key).description)
        }
        writeHead(number: number, errors: errors, score: score, total: total, into: &output)
        output.json(workspace.questions.bytes)
        writeTail(score: score, total: total, elapsed: elapsed, into: &output)
    }

    /// A graded attempt's line up to the key `questions`, whose list follows. Written as
    /// pieces, keys with their punctuation at once: every attempt's line starts and ends
    /// this way.
    func writeHead(number: Int, errors: [String], score: Double, total: Double, into output: inout JSONWriter) {
        output.beginPieces()
        output.appendPiece("{\"attempt\":")
        output.appendNumberPiece(number)
        if errors.isEmpty {
            output.appendPiece(",\"errors\":[]")
        } else {
            output.appendPiece(",\"errors\":[")
            for (index, error) in errors.enumerated() {
                if index > 0 { output.appendPiece(",") }
                output.appendPiece(JSONWriter.escaped(error))
            }
            output.appendPiece("]")
        }
        let percent = total > 0 ? (score / total * 100 * 100).rounded() / 100 : 0
        if let pass = quiz.passPercent {
            output.appendPiece(percent + 1e-9 >= pass ? ",\"passed\":true,\"percent\":" : ",\"passed\":false,\"percent\":")
        } else {
            output.appendPiece(",\"percent\":")
        }
        output.appendNumberPiece(percent)
        output.appendPiece(",\"questions\":")
        output.endPiecesWithKey()
    }

    /// The rest of a graded attempt's line, after its questions.
    func writeTail(score: Double, total: Double, elapsed: Double, into output: inout JSONWriter) {
        output.beginPieces()
        output.appendPiece("\"quiz\":")
        output.appendPiece(quizIDJSON)
        output.appendPiece(",\"score\":")
        output.appendNumberPiece(score)
        let timedOut = quiz.timeLimitSeconds.map { elapsed > Double($0) } ?? false
        output.appendPiece(timedOut ? ",\"timedOut\":true,\"total\":" : ",\"timedOut\":false,\"total\":")
        output.appendNumberPiece(total)
        output.appendPiece("}")
        output.endPieces()
    }

    /// An answer named as Folio 1 named it, by place, under the ids the quiz has now.
    private func byPlace(_ answer: (key: String, value: JSONValue)) -> (key: String, value: JSONValue) {
        func place(_ id: String, _ prefix: Character, count: Int) -> Int? {
            guard id.first == prefix, let number = Int(id.dropFirst()), number >= 1, number <= count else { return nil }
            return number - 1
        }
        var key = answer.key
        if !questionIDs.contains(key), let index = place(key, "q", count: quiz.questions.count) { key = quiz.questions[index].id }
        guard let question = quiz.questions.first(where: { $0.id == key }), case .object(var members) = answer.value else { return (key, answer.value) }
        let choiceIDs = Set(question.choices.map(\.id))
        for index in members.indices where members[index].key == "choices" {
            guard case .array(let items) = members[index].value else { continue }
            members[index].value = .array(
                items.map { item in
                    guard case .string(let id) = item, !choiceIDs.contains(id), let at = place(id, "c", count: question.choices.count) else { return item }
                    return .string(question.choices[at].id)
                })
        }
        return (key, .object(members))
    }

    /// One graded question of the result: what ``ShownAfterTry`` says is shown, given as
    /// choice positions in the question's order. Written from the question's fixed
    /// pieces, as `{"correct":…,"explanation":…,"feedback":[…],"hints":[…],"points":…,
    /// "possible":…,"question":…}`.
    func write(
        question: PreparedQuestion, correct: Bool, points: Double, feedback: some Sequence<Int>, hints: some Sequence<Int>, questionHint: Int?,
        into output: inout JSONWriter
    ) {
        output.beginPieces()
        output.appendPiece(correct ? question.startRight : question.startWrong)
        var first = true
        for choice in feedback {
            guard let text = question.choiceFeedback[choice] else { continue }
            if !first { output.appendPiece(",") }
            output.appendPiece(text)
            first = false
        }
        output.appendPiece("],\"hints\":[")
        first = true
        for choice in hints {
            guard let text = question.choiceHints[choice] else { continue }
            if !first { output.appendPiece(",") }
            output.appendPiece(text)
            first = false
        }
        if let hint = questionHint {
            if !first { output.appendPiece(",") }
            output.appendPiece(question.hints[hint])
        }
        output.appendPiece("],\"points\":")
        output.appendNumberPiece(points)
        output.appendPiece(question.end)
        output.endPieces()
    }

    /// Why an attempt whose answers, named `answered`, are to none of `quiz`'s questions
    /// is not graded, with the ids the quiz has.
    static func answersNoQuestion(_ answered: [String], of quiz: Quiz) -> String {
        func list(_ ids: [String]) -> String {
            let shown = ids.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
            return ids.count > 5 ? shown + " and \(ids.count - 5) more" : shown
        }
        return
            "none of the answered questions (\(list(answered))) is in the quiz `\(quiz.id)`, whose questions are \(list(quiz.questions.map(\.id))): check the quiz and the question ids"
    }

    /// The line for something that is not an attempt.
    public func failed(_ number: Int, _ message: String, into output: inout JSONWriter) {
        output.beginObject()
        output.key("attempt")
        output.number(number)
        output.key("error")
        output.string("not a valid attempt: " + message)
        output.endObject()
    }
}

extension Response {
    /// An answer as `folio grade` reads it: `{"choices": ["c1"]}`, `{"answer": true}`,
    /// `{"text": "me"}` or `{"number": 9}`.
    init(json: JSONValue, question: String) throws {
        guard case .object(let members) = json, members.count == 1, let (key, value) = members.first else {
            throw ResponseShapeError(question: question)
        }
        switch (key, value) {
        case ("choices", .array(let items)):
            var ids: [String] = []
            ids.reserveCapacity(items.count)
            for item in items {
                guard case .string(let id) = item else { throw ResponseShapeError(question: question) }
                ids.append(id)
            }
            self = .choices(ids)
        case ("answer", .bool(let answer)): self = .trueFalse(answer)
        case ("text", .string(let text)): self = .text(text)
        case ("number", .number):
            guard let number = value.double else { throw ResponseShapeError(question: question) }
            self = .number(number)
        default: throw ResponseShapeError(question: question)
        }
    }
}

/// An answer that is none of the four shapes.
struct ResponseShapeError: Error, CustomStringConvertible {
    var question: String
    var description: String {
        "the answer to `\(question)` must be one of {\"choices\": [...]}, {\"answer\": true or false}, {\"text\": \"...\"} or {\"number\": ...}"
    }
}
