import FolioModel
import FolioQuiz
import FolioRunner
import XCTest

/// `folio quiz` in a terminal, driven by a script on the spec's example quiz: what the
/// learner sees after each answer, retries and reveal in practice mode, one try in
/// assessment mode, quitting, the end of input, Ctrl-C and the time limit.
final class QuizRunnerTests: XCTestCase {
    /// Answers every question of `attempt` right, in the order asked.
    func rightAnswers(_ questions: [Question]) -> [String] {
        questions.map { question in
            switch question.type {
            case .single, .multiple: return question.rightNumbers
            case .trueFalse: return question.answer! ? "t" : "f"
            case .text: return question.accept![0].uppercased() + "!"
            case .number: return String(question.number!)
            }
        }
    }

    func testAWrongChoiceShowsItsHintAndARetrySucceeds() throws {
        let probe = QuizRunner(quiz: SpecExamples.quiz, seed: 7, console: ScriptedConsole(lines: []), heading: "")
        let first = probe.attempt.questions[0]
        XCTAssertEqual(first.id, "what-is-self-esteem")
        let wrong = first.choices.first { $0.hint?.markdown.hasPrefix("Popularity") == true }!
        let console = ScriptedConsole(lines: [first.number(of: wrong.id)] + rightAnswers(probe.attempt.questions))
        guard case .finished(let result) = QuizRunner(quiz: SpecExamples.quiz, seed: 7, console: console, heading: "Who Am I?").run() else {
            return XCTFail("the quiz did not finish:\n\(console.transcript)")
        }
        let transcript = console.transcript
        XCTAssertTrue(transcript.contains("x Not quite.\n  Hint: Popularity is about what others think. Who does the valuing here?\n"), transcript)
        XCTAssertTrue(transcript.contains("Try again: "), transcript)
        XCTAssertTrue(
            transcript.contains("+ Correct!\n  Yes! It is about how you see yourself.\n  Self-esteem is the opinion you hold of yourself.\n"), transcript)
        XCTAssertEqual(result.questions.map(\.outcome), Array(repeating: .correct, count: 5))
        XCTAssertEqual(result.questions[0].tries, 2)
        // The score counts first tries: the question worked out after a hint earns nothing.
        XCTAssertEqual(result.questions.map(\.firstTry), [false, true, true, true, true])
        XCTAssertEqual(result.score, 4)
        XCTAssertEqual(result.passed, true)
        XCTAssertTrue(
            transcript.contains(
                "All 5 right, 4 on the first try.\nYou worked out 1 with hints, and that is how learning works.\n"
                    + "Score: 4 of 5 points (80%)\n+ You passed! The pass mark is 70%.\n"),
            transcript)
        XCTAssertTrue(transcript.contains("+ 1. What is self-esteem? (worked out with hints, 0 of 1)"), transcript)
        XCTAssertTrue(transcript.contains("(right first time, 1 of 1)"), transcript)
        // Six lines typed, five seconds each on the script's clock.
        XCTAssertTrue(transcript.contains("Time: 30 s\n"), transcript)
    }

    func testTheQuestionsHintsComeOnePerWrongTryAndThenTheAnswerMayBeRevealed() throws {
        let probe = QuizRunner(quiz: SpecExamples.quiz, seed: 1, console: ScriptedConsole(lines: []), heading: "")
        let questions = probe.attempt.questions
        var script = rightAnswers(Array(questions.prefix(1)))
        // q2 is "pick all that apply" with two question hints: answer only one right choice.
        let multiple = questions[1]
        let oneRight = String(multiple.choices.firstIndex(where: \.correct)! + 1)
        script += ["r", oneRight, oneRight, "r"]
        script += rightAnswers(Array(questions.dropFirst(2)))
        let console = ScriptedConsole(lines: script)
        guard case .finished(let result) = QuizRunner(quiz: SpecExamples.quiz, seed: 1, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        let transcript = console.transcript
        XCTAssertTrue(transcript.contains("Give it a try first: the answer can be shown after two tries and every hint."), transcript)
        let firstHint = try XCTUnwrap(transcript.range(of: "Hint: There is more than one right answer."))
        let secondHint = try XCTUnwrap(transcript.range(of: "Hint: Think about what helps your body and what helps your mind."))
        XCTAssertLessThan(firstHint.lowerBound, secondHint.lowerBound)
        XCTAssertTrue(transcript.contains("Try again, or type r to see the answer."), transcript)
        let right = multiple.choices.enumerated().filter { $0.element.correct }.map { "\($0.offset + 1). \($0.element.text.markdown)" }
        XCTAssertTrue(transcript.contains("* The answer: " + right.joined(separator: "; ")), transcript)
        XCTAssertEqual(result.questions[1].outcome, .revealed)
        XCTAssertEqual(result.questions[1].points, 0)
        XCTAssertEqual(result.score, 4)
        XCTAssertTrue(transcript.contains("* 2. Which of these are healthy ways to handle stress? (answer shown, 0 of 1)"), transcript)
    }

    func testInAssessmentModeAWrongAnswerShowsItsHintAndTheQuizMovesOn() throws {
        var quiz = SpecExamples.quiz
        quiz.mode = .assessment
        quiz.shuffle = .none
        let questions = quiz.questions
        var script = ["2"]  // "How popular you are": wrong, with a hint
        script += rightAnswers(Array(questions.dropFirst()))
        let console = ScriptedConsole(lines: script)
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertTrue(console.transcript.contains("x Not quite.\n  Hint: Popularity is about what others think."), console.transcript)
        XCTAssertFalse(console.transcript.contains("Try again"), console.transcript)
        XCTAssertEqual(result.questions.map(\.outcome), [.incorrect, .correct, .correct, .correct, .correct])
        XCTAssertEqual(result.percent, 80)
        XCTAssertTrue(console.transcript.contains("x 1. What is self-esteem? (not right, 0 of 1)"), console.transcript)
    }

    func testAQuestionWithOnlyChoiceHintsIsNotGivenAwayAfterOneWrongPick() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.questions = [quiz.questions[0]]
        quiz.questions[0].hints = []
        XCTAssertTrue(quiz.questions[0].choices.contains { $0.hint != nil })
        let console = ScriptedConsole(lines: ["2", "r", "3", "r"])
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        let transcript = console.transcript
        let refusal = try XCTUnwrap(transcript.range(of: "Give it a try first"))
        let offer = try XCTUnwrap(transcript.range(of: "Try again, or type r to see the answer."))
        XCTAssertLessThan(refusal.lowerBound, offer.lowerBound, "offered only after the second wrong try")
        XCTAssertEqual(result.questions.map(\.outcome), [.revealed])
        XCTAssertTrue(transcript.contains("1 answer was shown to you: it is worth a second look."), transcript)
    }

    func testAnAssessmentEndsWithWhatWasMissedAndItsAnswers() throws {
        var quiz = SpecExamples.quiz
        quiz.mode = .assessment
        quiz.shuffle = .none
        let script = ["2"] + rightAnswers(Array(quiz.questions.dropFirst()))
        let console = ScriptedConsole(lines: script)
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertEqual(result.missed, [quiz.questions[0].id])
        let transcript = console.transcript
        let review = try XCTUnwrap(transcript.range(of: "Let's look at what you missed\n"))
        let after = String(transcript[review.upperBound...])
        let right = try XCTUnwrap(quiz.questions[0].choices.firstIndex(where: \.correct))
        XCTAssertTrue(after.contains("\n1. What is self-esteem?\n"), after)
        XCTAssertTrue(after.contains("* The answer: \(right + 1). \(quiz.questions[0].choices[right].text.markdown)"), after)
        XCTAssertTrue(after.contains(quiz.questions[0].explanation!.markdown), after)
        XCTAssertFalse(after.contains("Everyone feels nervous"), "only the missed questions are gone over")

        quiz.showAnswers = false
        let hidden = ScriptedConsole(lines: script)
        _ = QuizRunner(quiz: quiz, seed: 0, console: hidden, heading: "").run()
        let hiddenStart = try XCTUnwrap(hidden.transcript.range(of: "Let's look at what you missed"))
        let hiddenReview = String(hidden.transcript[hiddenStart.lowerBound...])
        XCTAssertTrue(hiddenReview.contains("1. What is self-esteem?"), hiddenReview)
        XCTAssertFalse(hiddenReview.contains("The answer:"), hiddenReview)
        XCTAssertTrue(hiddenReview.contains("This quiz keeps its answers to itself"), hiddenReview)
    }

    func testAPracticeQuizHasNoReviewAndTryingTheMissedOnesAgainIsOfferedAtATerminal() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.questions = Array(quiz.questions.prefix(2))
        let first = quiz.questions[0]
        let wrong = try XCTUnwrap(first.choices.firstIndex { !$0.correct })
        let right = rightAnswers(quiz.questions)
        // A wrong try then the right one, a pause, the second question right, the last pause;
        // then "m" for the one missed, its right answer, the last pause, and the offer is not made again.
        let console = ScriptedConsole(lines: [String(wrong + 1), right[0], "", right[1], "", "m", right[0], ""], interactive: true)
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "Who Am I?").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertFalse(console.transcript.contains("Let's look at what you missed"), console.transcript)
        XCTAssertEqual(result.missed, [first.id])
        guard case .finished(let again) = QuizRunner.offerRetries(after: result, quiz: quiz, console: console, heading: "Who Am I?") else {
            return XCTFail(console.transcript)
        }
        XCTAssertEqual(again.questions.map(\.question), [first.id])
        XCTAssertEqual(again.questions.map(\.firstTry), [true])
        XCTAssertNil(again.passed, "going over missed questions has no pass mark")
        let transcript = console.transcript
        XCTAssertTrue(transcript.contains("Type m to try the question you missed again, or press Enter to finish: "), transcript)
        XCTAssertTrue(transcript.contains("Who Am I? - the ones you missed\nPractice quiz - 1 question"), transcript)
        XCTAssertEqual(console.unread, 0)
        // Piped answers are never asked: the run ends with the quiz.
        XCTAssertNil(QuizRunner.offerRetries(after: result, quiz: quiz, console: ScriptedConsole(lines: ["m"]), heading: ""))
    }

    func testReflectionQuestionsComeAfterTheResultAndAreKeptNotMarked() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.questions = [quiz.questions[0]]
        quiz.reflections = [
            Reflection(
                id: "calm", prompt: RichText(markdown: "What helps *you* feel calm?", html: ""),
                discussion: RichText(markdown: "Ask a friend what helps them.", html: "")),
            Reflection(id: "skip", prompt: RichText(markdown: "Anything else?", html: "")),
        ]
        let long = String(repeating: "a", count: QuizRunner.thoughtLimit + 10)
        let console = ScriptedConsole(lines: rightAnswers(quiz.questions) + ["  Breathing slowly  ", ""])
        let runner = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "")
        guard case .finished(let result) = runner.run() else { return XCTFail(console.transcript) }
        XCTAssertEqual(result.total, 1, "reflections are not part of the score")
        XCTAssertEqual(runner.thoughts.map(\.reflection.id), ["calm"], "an empty line skips a reflection")
        XCTAssertEqual(runner.thoughts.map(\.text), ["Breathing slowly"])
        let transcript = console.transcript
        let score = try XCTUnwrap(transcript.range(of: "Score: 1 of 1 point ("))
        let think = try XCTUnwrap(transcript.range(of: "Think about it\n"))
        XCTAssertLessThan(score.lowerBound, think.lowerBound, "after the result")
        XCTAssertTrue(transcript.contains("What helps you feel calm?\nYour thoughts: "), transcript)
        XCTAssertTrue(transcript.contains("  Talk about it: Ask a friend what helps them.\n"), transcript)

        let tooLong = ScriptedConsole(lines: rightAnswers(quiz.questions) + [long])
        let cut = QuizRunner(quiz: quiz, seed: 0, console: tooLong, heading: "")
        _ = cut.run()
        XCTAssertEqual(cut.thoughts.first?.text.count, QuizRunner.thoughtLimit)
        XCTAssertTrue(tooLong.transcript.contains("the first 2,000 characters are kept"), tooLong.transcript)
        // The end of input there keeps the attempt.
        guard case .finished = QuizRunner(quiz: quiz, seed: 0, console: ScriptedConsole(lines: rightAnswers(quiz.questions)), heading: "").run()
        else { return XCTFail("the attempt is finished before its reflections") }
    }

    func testAnswersThatAreNotAnswersAreExplainedAndCostNoTry() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        let console = ScriptedConsole(lines: ["", "9", "one", "1"] + ["1 2", "yes", "Myself", "about nine", "9"])
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertEqual(console.transcript.components(separatedBy: "Type the number of one choice, from 1 to 3.").count - 1, 3)
        XCTAssertTrue(console.transcript.contains("Type a number, like 9 or 2.5."), console.transcript)
        XCTAssertEqual(result.questions.map(\.tries), [1, 1, 1, 1, 1])
        XCTAssertEqual(result.score, 5)
    }

    func testHelpExplainsHowToAnswerThisQuestion() {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        let console = ScriptedConsole(lines: ["?"])
        _ = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run()
        XCTAssertTrue(console.transcript.contains("How to answer: type the number of your choice, then press Enter."), console.transcript)
        XCTAssertTrue(console.transcript.contains("Keys: ?  this help\n      q  leave the quiz (your answers are not saved)\n"), console.transcript)
    }

    func testLeavingAsksFirstAndStayingGoesOn() {
        let console = ScriptedConsole(lines: ["q", "", "q", "y"])
        guard case .quit = QuizRunner(quiz: SpecExamples.quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertEqual(console.transcript.components(separatedBy: "Leave the quiz? Your answers will not be saved.").count - 1, 2)
        XCTAssertTrue(console.transcript.hasSuffix("You left the quiz. Come back any time!\n"), console.transcript)
    }

    func testTheEndOfInputAndCtrlCStopTheQuizWithoutAResult() {
        let ended = ScriptedConsole(lines: ["1"])
        guard case .endOfInput = QuizRunner(quiz: SpecExamples.quiz, seed: 0, console: ended, heading: "").run() else {
            return XCTFail(ended.transcript)
        }
        let interrupted = ScriptedConsole([.line("1"), .interrupted, .line("1")])
        guard case .interrupted = QuizRunner(quiz: SpecExamples.quiz, seed: 0, console: interrupted, heading: "").run() else {
            return XCTFail(interrupted.transcript)
        }
        XCTAssertEqual(interrupted.unread, 1, "nothing is read after Ctrl-C")
        XCTAssertFalse(interrupted.transcript.contains("Your result"))
    }

    func testTheTimeLimitEndsTheQuizAndCountsWhatWasAnswered() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.timeLimitSeconds = 12
        // Each line takes 5 s: the third answer would come at 15 s, after the limit.
        let console = ScriptedConsole(lines: ["1", "1 2", "t", "me", "9"])
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertTrue(console.transcript.contains("Question 1 of 5 - time left 0:12"), console.transcript)
        XCTAssertTrue(console.transcript.contains("Question 2 of 5 - time left 0:07"), console.transcript)
        XCTAssertTrue(console.transcript.contains("Time is up! Your answers so far count."), console.transcript)
        XCTAssertEqual(result.questions.map(\.outcome), [.correct, .correct, .unanswered, .unanswered, .unanswered])
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.passed, false)
        XCTAssertTrue(console.transcript.contains("- 3. Everyone feels nervous sometimes. (not answered, 0 of 1)"), console.transcript)
        XCTAssertTrue(console.transcript.contains("The time limit ended the quiz."), console.transcript)
    }

    func testAPersonAtATerminalGetsAPauseToReadAndTheLastPauseIsNotTimed() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.questions = Array(quiz.questions.prefix(2))
        quiz.timeLimitSeconds = 12
        let console = ScriptedConsole(lines: ["1", "", "1 2", ""], interactive: true, secondsPerLine: 3)
        guard case .finished(let result) = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "").run() else {
            return XCTFail(console.transcript)
        }
        XCTAssertTrue(console.transcript.contains("Press Enter for the next question."), console.transcript)
        XCTAssertTrue(console.transcript.contains("Press Enter to see your result."), console.transcript)
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.elapsedSeconds, 9, "the time stops at the last answer, before the last pause")
    }

    func testTheSameSeedAsksTheSameQuizInTheSameOrder() {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .both
        quiz.draw = 3
        let one = QuizRunner(quiz: quiz, seed: 42, console: ScriptedConsole(lines: []), heading: "").attempt.questions
        let two = QuizRunner(quiz: quiz, seed: 42, console: ScriptedConsole(lines: []), heading: "").attempt.questions
        let other = QuizRunner(quiz: quiz, seed: 43, console: ScriptedConsole(lines: []), heading: "").attempt.questions
        XCTAssertEqual(one, two)
        XCTAssertEqual(one.count, 3)
        XCTAssertNotEqual(one.map(\.id) + one.flatMap { $0.choices.map(\.id) }, other.map(\.id) + other.flatMap { $0.choices.map(\.id) })
    }

    func testTextIsWrappedToTheConsoleWidth() {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        let console = ScriptedConsole(lines: ["2"])
        console.width = 30
        _ = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "A heading long enough to be wrapped").run()
        for line in console.transcript.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 30, "too wide: \(line)")
        }
        XCTAssertTrue(console.transcript.contains("  Hint: Popularity is about\n  what others think. Who does\n  the valuing here?\n"), console.transcript)
    }
}
