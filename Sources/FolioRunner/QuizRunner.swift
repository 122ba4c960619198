import FolioInlineMarkdown
import FolioInterface
import FolioModel
import FolioQuiz

/// Takes a learner through a quiz in a terminal, one question at a time, with the
/// grading engine deciding everything: what is right, which hints to show, when the
/// answer may be revealed, the score. Practice mode lets her try again after a hint;
/// assessment mode shows the hint and moves on.
public final class QuizRunner {
    /// How a run ended.
    public enum Ending: Sendable {
        /// Every question was answered or revealed, or the time ran out.
        case finished(AttemptResult)
        /// She typed `q` and confirmed.
        case quit
        /// Ctrl-C (or the process was asked to stop).
        case interrupted
        /// The input ended before the quiz did.
        case endOfInput
    }

    public let attempt: QuizAttempt
    var state: QuizAttempt
    let console: Console
    let layout: TextLayout
    /// The learner's language: every text the runner writes, and the words she types.
    let words: TerminalWords
    private let heading: String
    /// Going over the questions missed in an attempt (``init(retrying:of:seed:console:heading:interface:)``).
    let isRetry: Bool
    /// What she wrote for the quiz's reflection questions, once the attempt is finished.
    public internal(set) var thoughts: [(reflection: Reflection, text: String)] = []
    /// The most of one thought that is kept: a paragraph, not a file piped in by mistake.
    public static let thoughtLimit = 2000
    private var startedAt = 0.0
    var deadline: Double?
    /// When the last question was closed: the attempt's time, without the final pause.
    private var lastClosedAt: Double?

    /// The attempt's time: up to the last answer, or until now when it is cut short.
    var attemptSeconds: Double { (lastClosedAt ?? console.now) - startedAt }

    /// `heading` names the quiz for her, for example the chapter's title; `interface` is
    /// the catalogue of her language.
    public init(quiz: Quiz, seed: UInt64, console: Console, heading: String, interface: InterfaceCatalogue = .english) {
        self.isRetry = false
        attempt = QuizAttempt(quiz: quiz, seed: seed)
        state = attempt
        self.console = console
        self.heading = heading
        words = TerminalWords(interface)
        layout = TextLayout(width: console.width, style: console.style)
    }

    /// A run over `missed`, the questions of `quiz` missed in an attempt: "try the ones
    /// I missed". Not an attempt at the quiz: its result is shown, not saved.
    public init(
        retrying missed: [String], of quiz: Quiz, seed: UInt64, console: Console, heading: String, interface: InterfaceCatalogue = .english
    ) {
        attempt = QuizAttempt(quiz: quiz.retrying(missed), seed: seed)
        state = attempt
        self.console = console
        self.heading = heading
        words = TerminalWords(interface)
        self.isRetry = true
        layout = TextLayout(width: console.width, style: console.style)
    }

    /// After a finished run, at a terminal: offers to go over the questions missed, as
    /// often as some are left, and runs them. Returns how the last of them ended (nil
    /// when she did not want to, or nothing was missed); none is saved.
    public static func offerRetries(
        after result: AttemptResult, quiz: Quiz, console: Console, heading: String, interface: InterfaceCatalogue = .english
    ) -> Ending? {
        guard console.isInteractive else { return nil }
        let words = TerminalWords(interface)
        var missed = result.missed
        var ending: Ending?
        while !missed.isEmpty {
            let layout = TextLayout(width: console.width, style: console.style)
            console.write("\n")
            guard
                case .line(let text) = console.readLine(
                    prompt: layout.style.paint(words("terminal.retry.prompt", count: missed.count), .muted)),
                words.accepts(text, "terminal.words.retry")
            else { return ending }
            let runner = QuizRunner(
                retrying: missed, of: quiz, seed: UInt64.random(in: 0...UInt64.max), console: console,
                heading: heading + console.style.dot + words("terminal.retry.heading"), interface: interface)
            ending = runner.run()
            guard case .finished(let again) = ending else { return ending }
            missed = again.missed.isEmpty ? [] : again.missed
        }
        return ending
    }

    var style: TerminalStyle { console.style }
    var quiz: Quiz { attempt.quiz }

    /// Runs the quiz to its end.
    public func run() -> Ending {
        startedAt = console.now
        deadline = quiz.timeLimitSeconds.map { startedAt + Double($0) }
        introduce()
        for (index, question) in state.questions.enumerated() {
            switch ask(question, number: index + 1) {
            case .next: continue
            case .timeUp:
                lastClosedAt = nil
                console.write("\n" + layout.wrap(words("terminal.time-up"), tone: .emphasis))
                return finish()
            case .stop(let ending): return ending
            }
        }
        return finish()
    }

    private var elapsed: Double { console.now - startedAt }

    private func introduce() {
        console.write(layout.wrap(heading, tone: .heading))
        // Facts side by side, each a message of its own: not a sentence.
        var facts = [words(quiz.mode == .practice ? "terminal.quiz.practice" : "terminal.quiz.one-try")]
        facts.append(words("terminal.quiz.questions", count: state.questions.count))
        if let pass = quiz.passPercent { facts.append(words("terminal.quiz.pass-mark", ["percent": words.percent(pass)])) }
        if let limit = quiz.timeLimitSeconds { facts.append(words("terminal.quiz.time-limit", ["duration": words.duration(Double(limit))])) }
        console.write(layout.wrap(facts.joined(separator: style.dot), tone: .muted))
        console.write(layout.wrap(words("terminal.quiz.keys"), tone: .muted))
    }

    private enum Step {
        case next, timeUp
        case stop(Ending)
    }

    private func ask(_ question: Question, number: Int) -> Step {
        showQuestion(question, number: number)
        var prompt = words("terminal.prompt.answer")
        while true {
            let input = console.readLine(prompt: prompt, until: deadline)
            let line: String
            switch input {
            case .line(let text): line = text
            case .timedOut: return .timeUp
            case .interrupted: return .stop(.interrupted)
            case .endOfInput: return .stop(.endOfInput)
            }
            switch command(line, question: question) {
            case .help:
                showHelp(question)
                continue
            case .quit:
                if let ending = confirmQuit() { return .stop(ending) }
                continue
            case .reveal:
                showReveal(question)
                lastClosedAt = console.now
                return pause(afterLast: number == state.questions.count)
            case .revealTooEarly:
                console.write(layout.wrap(revealRefusal(question), indent: 2, tone: .muted))
                continue
            case .answer:
                break
            }
            let response: Response
            switch AnswerParser.parse(line, for: question, words: words) {
            case .invalid(let advice):
                console.write(layout.wrap(advice, tone: .muted))
                continue
            case .response(let parsed): response = parsed
            }
            let shown: QuizAttempt.TryResult
            do {
                shown = try state.answer(question.id, response, elapsedSeconds: elapsed)
            } catch GradingError.timeUp {
                return .timeUp
            } catch {
                // The parser only makes responses that fit; say so rather than crash.
                console.write(layout.wrap(words("terminal.not-checked"), tone: .muted))
                continue
            }
            showResult(shown, question: question)
            if shown.canRetry {
                prompt = words("terminal.prompt.try-again")
                continue
            }
            lastClosedAt = console.now
            return pause(afterLast: number == state.questions.count)
        }
    }

    private enum Command { case answer, help, quit, reveal, revealTooEarly }

    private func command(_ line: String, question: Question) -> Command {
        if words.accepts(line, "terminal.words.help") { return .help }
        if words.accepts(line, "terminal.words.quit") { return .quit }
        guard words.accepts(line, "terminal.words.reveal") else { return .answer }
        // On a typed question "r" could be an answer; it means reveal only when offered.
        guard quiz.mode == .practice else { return question.type == .text ? .answer : .revealTooEarly }
        if canReveal(question) { return .reveal }
        return question.type == .text ? .answer : .revealTooEarly
    }

    private func canReveal(_ question: Question) -> Bool {
        guard let current = state.states[question.id] else { return false }
        return quiz.mode == .practice && !current.closed
            && QuizAttempt.revealAllowed(wrongTries: current.wrongTries, hints: question.hints.count)
    }

    private func revealRefusal(_ question: Question) -> String {
        words(quiz.mode == .assessment ? "terminal.reveal.not-in-assessment" : "terminal.reveal.too-early")
    }

    /// Ends a run when she confirms; nil to keep going.
    private func confirmQuit() -> Ending? {
        let input = console.readLine(prompt: words("terminal.prompt.leave"))
        switch input {
        case .line(let text) where words.accepts(text, "terminal.words.leave"):
            console.write(layout.wrap(words("terminal.left")))
            return .quit
        case .line: return nil
        case .timedOut: return nil
        case .interrupted: return .interrupted
        case .endOfInput: return .endOfInput
        }
    }

    private func pause(afterLast: Bool) -> Step {
        guard console.isInteractive else { return .next }
        let prompt = words(afterLast ? "terminal.prompt.result" : "terminal.prompt.next")
        while true {
            // The clock stops with the last answer; the last pause is not timed.
            switch console.readLine(prompt: style.paint(prompt, .muted), until: afterLast ? nil : deadline) {
            case .line(let text):
                if words.accepts(text, "terminal.words.quit") {
                    if let ending = confirmQuit() { return .stop(ending) }
                    continue
                }
                return .next
            case .timedOut: return .timeUp
            case .interrupted: return .stop(.interrupted)
            case .endOfInput: return .stop(.endOfInput)
            }
        }
    }
}
