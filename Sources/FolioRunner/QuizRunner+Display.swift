import FolioCore
import FolioInlineMarkdown
import FolioModel
import FolioQuiz

extension QuizRunner {
    func write(_ text: String) { console.write(text) }

    func showQuestion(_ question: Question, number: Int) {
        var header = words("terminal.question-of", count: state.questions.count, ["number": words.number(Double(number))])
        if question.points != 1 {
            header += style.dot + words("terminal.question.points", amount: question.points, ["points": words.number(question.points)])
        }
        if let deadline = deadline {
            header += style.dot + words("terminal.question.time-left", ["time": Self.clock(max(0, deadline - console.now))])
        }
        write("\n" + layout.wrap(header, tone: .heading))
        write(layout.wrap(InlineMarkdown.spans(question.prompt.markdown)))
        switch question.type {
        case .single, .multiple:
            write("\n")
            for (index, choice) in question.choices.enumerated() {
                let label = "  \(index + 1). "
                write(layout.wrap(InlineMarkdown.spans(choice.text.markdown), first: label, indent: label.count))
            }
            write("\n")
            if question.type == .multiple {
                write(layout.wrap(words("terminal.question.pick-all"), tone: .muted))
            }
        case .trueFalse:
            write(
                "\n" + layout.wrap(words("terminal.question.true"), first: "  1. ") + layout.wrap(words("terminal.question.false"), first: "  2. ")
                    + "\n")
        case .text:
            write(layout.wrap(words("terminal.question.type-answer"), tone: .muted))
        case .number:
            write(layout.wrap(words("terminal.question.type-number"), tone: .muted))
        }
    }

    func showResult(_ shown: QuizAttempt.TryResult, question: Question) {
        let style = layout.style
        if shown.correct {
            write(layout.wrap("\(style.rightMark) " + words("terminal.feedback.correct"), tone: .right))
        } else if shown.points > 0 {
            let partly = words(
                "terminal.feedback.partly", amount: question.points,
                ["points": words.number(shown.points), "possible": words.number(question.points)])
            write(layout.wrap("\(style.wrongMark) " + partly, tone: .wrong))
        } else {
            write(layout.wrap("\(style.wrongMark) " + words("terminal.feedback.not-quite"), tone: .wrong))
        }
        for feedback in shown.feedback { showNote(feedback, label: nil, tone: nil) }
        for hint in shown.hints { showNote(hint, label: words("terminal.feedback.hint"), tone: .hint) }
        if let explanation = shown.explanation { showNote(explanation, label: nil, tone: nil) }
        if !shown.correct, shown.hints.isEmpty, state.quiz.mode == .practice {
            write(layout.wrap(words("terminal.feedback.read-again"), first: "  ", indent: 2, tone: .muted))
        }
        if shown.canReveal {
            write(layout.wrap(words("terminal.feedback.may-reveal"), tone: .muted))
        }
    }

    func showReveal(_ question: Question) {
        guard let shown = try? state.reveal(question.id) else { return }
        showAnswer(shown, of: question)
    }

    /// After an assessment: each question missed, with its right answer and explanation
    /// unless the quiz keeps them to itself.
    func showReview() {
        let review = state.review()
        guard !review.isEmpty else { return }
        write("\n" + layout.wrap(words("terminal.review.heading"), tone: .heading))
        for missed in review {
            guard let index = state.questions.firstIndex(where: { $0.id == missed.question }) else { continue }
            let question = state.questions[index]
            write("\n" + layout.wrap([StyledSpan("\(index + 1). ")] + InlineMarkdown.spans(question.prompt.markdown), indent: 3))
            if let answer = missed.answer { showAnswer(answer, of: question) }
        }
        if !state.quiz.showsAnswers {
            write("\n" + layout.wrap(words("terminal.review.keeps-answers"), tone: .muted))
        }
    }

    func showAnswer(_ shown: QuizAttempt.Reveal, of question: Question) {
        let style = layout.style
        let answer: [StyledSpan]
        switch question.type {
        case .single, .multiple:
            let right = question.choices.enumerated().filter { (shown.choices ?? []).contains($0.element.id) }
            answer = right.enumerated().flatMap { offset, item in
                (offset > 0 ? [StyledSpan("; ")] : []) + [StyledSpan("\(item.offset + 1). ")] + InlineMarkdown.spans(item.element.text.markdown)
            }
        case .trueFalse: answer = [StyledSpan(words(shown.answer == true ? "terminal.question.true" : "terminal.question.false"))]
        case .text: answer = [StyledSpan((shown.accept ?? []).first ?? "")]
        case .number:
            var text = words.number(shown.number ?? 0)
            if let tolerance = question.tolerance, tolerance > 0 {
                text = words("terminal.answer-shown.give-or-take", ["number": text, "tolerance": words.number(tolerance)])
            }
            answer = [StyledSpan(text)]
        }
        write(layout.wrap([StyledSpan("\(style.revealMark) " + words("terminal.answer-shown"))] + answer, indent: 2, tone: .emphasis))
        if let explanation = shown.explanation { showNote(explanation, label: nil, tone: nil) }
    }

    func showNote(_ markdown: String, label: String?, tone: TerminalStyle.Tone?) {
        let spans = InlineMarkdown.spans(markdown)
        let labelled = label.map { [StyledSpan($0, style: .strong)] + spans } ?? spans
        write(layout.wrap(labelled, first: "  ", indent: 2, tone: tone))
    }

    func showHelp(_ question: Question) {
        let how: String
        switch question.type {
        case .single: how = "terminal.help.single"
        case .multiple: how = "terminal.help.multiple"
        case .trueFalse: how = "terminal.help.true-false"
        case .text: how = "terminal.help.text"
        case .number: how = "terminal.help.number"
        }
        write(layout.wrap(words(how), indent: 2, tone: .muted))
        // Each key is the first of its words in the learner's language.
        var keys = [("terminal.words.help", "terminal.help.key-help"), ("terminal.words.quit", "terminal.help.key-quit")]
        if quiz.mode == .practice { keys.append(("terminal.words.reveal", "terminal.help.key-reveal")) }
        let title = words("terminal.help.keys") + " "
        let blank = String(repeating: " ", count: Self.width(title))
        for (index, (key, meaning)) in keys.enumerated() {
            let shownKey = words(key).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            let label = (index == 0 ? title : blank) + shownKey + "  "
            write(layout.wrap(words(meaning), first: style.paint(label, .muted), indent: Self.width(label), tone: .muted))
        }
        write(layout.wrap(words(quiz.mode == .practice ? "terminal.help.practice" : "terminal.help.assessment"), tone: .muted))
    }

    /// Prints the result and returns the run's ending.
    func finish() -> Ending {
        let result = state.result(elapsedSeconds: attemptSeconds)
        let style = layout.style
        write("\n" + layout.wrap(words("terminal.result.heading"), tone: .heading))
        for (index, outcome) in result.questions.enumerated() {
            let (mark, key, tone): (String, String, TerminalStyle.Tone) =
                switch outcome.outcome {
                case .correct where outcome.firstTry: (style.rightMark, "terminal.outcome.first-try", .right)
                case .correct: (style.rightMark, "terminal.outcome.worked-out", .right)
                case .incorrect: (style.wrongMark, outcome.points > 0 ? "terminal.outcome.partly" : "terminal.outcome.not-right", .wrong)
                case .revealed: (style.revealMark, "terminal.outcome.revealed", .emphasis)
                case .unanswered: (style.skippedMark, "terminal.outcome.unanswered", .muted)
                }
            let prompt = InlineMarkdown.spans(state.questions[index].prompt.markdown).map(\.text).joined()
            let label = "  \(mark) \(index + 1). "
            let score = words(key, ["points": words.number(outcome.points), "possible": words.number(outcome.possible)])
            // The prompt is cut so that the line, with its score, fits on one line.
            let room = layout.width - Self.width(label) - Self.width(score) - 3
            let line = Self.shortened(prompt, to: max(20, room), ellipsis: style.ellipsis)
            write(
                layout.wrap(
                    [StyledSpan(line), StyledSpan(" (\(score))", style: [])], first: style.paint(label, tone),
                    indent: Self.width(label)))
        }
        write("\n")
        // What she got right comes first; the score, which counts first tries, after it.
        if let headline = ResultWords.headline(result, words: words) { write(layout.wrap(headline, tone: .heading)) }
        for line in ResultWords.summary(result, words: words) { write(layout.wrap(line)) }
        let score = words(
            "terminal.result.score", amount: result.total,
            ["score": words.number(result.score), "total": words.number(result.total), "percent": words.percent(result.percent)])
        write(layout.wrap(score))
        if result.passesQuiz {
            if let pass = state.quiz.passPercent {
                write(layout.wrap("\(style.rightMark) " + words("terminal.result.passed", ["percent": words.percent(pass)]), tone: .right))
            } else {
                write(layout.wrap("\(style.rightMark) " + words("terminal.result.perfect"), tone: .right))
            }
        } else if !isRetry {
            write(layout.wrap(ResultWords.notPassedYet(result, passPercent: state.quiz.passPercent, words: words), tone: .emphasis))
        }
        if result.timedOut { write(layout.wrap(words("terminal.result.timed-out"), tone: .muted)) }
        write(layout.wrap(words("terminal.result.time", ["duration": words.duration(result.elapsedSeconds)])))
        showReview()
        askReflections()
        return .finished(result)
    }

    /// The quiz's reflection questions, after its result: never graded; what she writes
    /// is kept (``thoughts``) and, once written, the discussion prompt is shown. The end
    /// of input or Ctrl-C here keeps the thoughts written so far and the attempt.
    func askReflections() {
        guard !isRetry, let reflections = state.quiz.reflections, !reflections.isEmpty else { return }
        write("\n" + layout.wrap(words("terminal.reflect.heading"), tone: .heading))
        write(layout.wrap(words("terminal.reflect.intro"), tone: .muted))
        for reflection in reflections {
            write("\n" + layout.wrap(InlineMarkdown.spans(reflection.prompt.markdown)))
            guard case .line(let line) = console.readLine(prompt: words("terminal.reflect.prompt")) else { return }
            var text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if text.count > Self.thoughtLimit {
                text = String(text.prefix(Self.thoughtLimit))
                write(layout.wrap(words("terminal.reflect.too-long", count: Self.thoughtLimit), tone: .muted))
            }
            thoughts.append((reflection, text))
            if let discussion = reflection.discussion { showNote(discussion.markdown, label: words("terminal.feedback.talk-about-it"), tone: .hint) }
        }
    }
}

extension QuizRunner {
    /// `9:05` minutes and seconds, for the time left.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let secondsPart = total % 60
        return "\(total / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
    }

    static func shortened(_ text: String, to limit: Int, ellipsis: String) -> String {
        TerminalText.truncated(text, to: limit, ellipsis: ellipsis)
    }

    static func width(_ text: String) -> Int { TerminalText.displayWidth(text) }
}
