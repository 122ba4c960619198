import FolioCore
import FolioInlineMarkdown
import FolioModel
import FolioQuiz

extension QuizRunner {
    func write(_ text: String) { console.write(text) }

    func showQuestion(_ question: Question, number: Int) {
        var header = "Question \(number) of \(state.questions.count)"
        if question.points != 1 { header += style.dot + "\(Self.points(question.points)) points" }
        if let deadline = deadline { header += style.dot + "time left \(Self.clock(max(0, deadline - console.now)))" }
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
                write(layout.wrap("Pick all that apply: type their numbers, like 1 3.", tone: .muted))
            }
        case .trueFalse:
            write("\n" + layout.wrap("True", first: "  1. ") + layout.wrap("False", first: "  2. ") + "\n")
        case .text:
            write(layout.wrap("Type your answer.", tone: .muted))
        case .number:
            write(layout.wrap("Type a number.", tone: .muted))
        }
    }

    func showResult(_ shown: QuizAttempt.TryResult, question: Question) {
        let style = layout.style
        if shown.correct {
            write(layout.wrap("\(style.rightMark) Correct!", tone: .right))
        } else if shown.points > 0 {
            write(layout.wrap("\(style.wrongMark) Partly right: \(Self.points(shown.points)) of \(Self.points(question.points)) points.", tone: .wrong))
        } else {
            write(layout.wrap("\(style.wrongMark) Not quite.", tone: .wrong))
        }
        for feedback in shown.feedback { showNote(feedback, label: nil, tone: nil) }
        for hint in shown.hints { showNote(hint, label: "Hint: ", tone: .hint) }
        if let explanation = shown.explanation { showNote(explanation, label: nil, tone: nil) }
        if !shown.correct, shown.hints.isEmpty, state.quiz.mode == .practice {
            write(layout.wrap("Read the question again and have another go.", first: "  ", indent: 2, tone: .muted))
        }
        if shown.canReveal {
            write(layout.wrap("Try again, or type r to see the answer.", tone: .muted))
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
        write("\n" + layout.wrap("Let's look at what you missed", tone: .heading))
        for missed in review {
            guard let index = state.questions.firstIndex(where: { $0.id == missed.question }) else { continue }
            let question = state.questions[index]
            write("\n" + layout.wrap([StyledSpan("\(index + 1). ")] + InlineMarkdown.spans(question.prompt.markdown), indent: 3))
            if let answer = missed.answer { showAnswer(answer, of: question) }
        }
        if !state.quiz.showsAnswers {
            write("\n" + layout.wrap("This quiz keeps its answers to itself: read the chapter again to find them.", tone: .muted))
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
        case .trueFalse: answer = [StyledSpan(shown.answer == true ? "True" : "False")]
        case .text: answer = [StyledSpan((shown.accept ?? []).first ?? "")]
        case .number:
            var text = Self.points(shown.number ?? 0)
            if let tolerance = question.tolerance, tolerance > 0 { text += " (give or take \(Self.points(tolerance)))" }
            answer = [StyledSpan(text)]
        }
        write(layout.wrap([StyledSpan("\(style.revealMark) The answer: ")] + answer, indent: 2, tone: .emphasis))
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
        case .single: how = "type the number of your choice, then press Enter."
        case .multiple: how = "type the numbers of every choice you pick, like 1 3, then press Enter."
        case .trueFalse: how = "type t for true or f for false, then press Enter."
        case .text: how = "type your answer and press Enter. Capitals, spaces, punctuation and accents do not matter."
        case .number: how = "type a number, like 9 or 2.5, and press Enter."
        }
        write(layout.wrap("How to answer: " + how, indent: 2, tone: .muted))
        var keys = [("?", "this help"), ("q", "leave the quiz (your answers are not saved)")]
        if quiz.mode == .practice { keys.append(("r", "see the answer, after two tries and every hint")) }
        for (index, (key, meaning)) in keys.enumerated() {
            let label = (index == 0 ? "Keys: " : "      ") + key + "  "
            write(layout.wrap(meaning, first: style.paint(label, .muted), indent: Self.width(label), tone: .muted))
        }
        let modeNote =
            quiz.mode == .practice
            ? "In this practice quiz you can try again until you get it right."
            : "In this quiz you get one try per question; a hint shows what to look at again."
        write(layout.wrap(modeNote, tone: .muted))
    }

    /// Prints the result and returns the run's ending.
    func finish() -> Ending {
        let result = state.result(elapsedSeconds: attemptSeconds)
        let style = layout.style
        write("\n" + layout.wrap("Your result", tone: .heading))
        for (index, outcome) in result.questions.enumerated() {
            let (mark, word, tone): (String, String, TerminalStyle.Tone) =
                switch outcome.outcome {
                case .correct where outcome.firstTry: (style.rightMark, "right first time", .right)
                case .correct: (style.rightMark, "worked out with hints", .right)
                case .incorrect: (style.wrongMark, outcome.points > 0 ? "partly right" : "not right", .wrong)
                case .revealed: (style.revealMark, "answer shown", .emphasis)
                case .unanswered: (style.skippedMark, "not answered", .muted)
                }
            let prompt = InlineMarkdown.spans(state.questions[index].prompt.markdown).map(\.text).joined()
            let label = "  \(mark) \(index + 1). "
            let score = "\(word), \(Self.points(outcome.points)) of \(Self.points(outcome.possible))"
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
        if let headline = ResultWords.headline(result) { write(layout.wrap(headline, tone: .heading)) }
        for line in ResultWords.summary(result) { write(layout.wrap(line)) }
        write(layout.wrap("Score: \(Self.points(result.score)) of \(Self.points(result.total)) points (\(Self.percent(result.percent)))"))
        if result.passesQuiz {
            if let pass = state.quiz.passPercent {
                write(layout.wrap("\(style.rightMark) You passed! The pass mark is \(Self.percent(pass)).", tone: .right))
            } else {
                write(layout.wrap("\(style.rightMark) Every question right on the first try. Well done!", tone: .right))
            }
        } else if !isRetry {
            write(layout.wrap(ResultWords.notPassedYet(result, passPercent: state.quiz.passPercent, percent: Self.percent), tone: .emphasis))
        }
        if result.timedOut { write(layout.wrap("The time limit ended the quiz.", tone: .muted)) }
        write(layout.wrap("Time: \(Self.duration(result.elapsedSeconds))"))
        showReview()
        askReflections()
        return .finished(result)
    }

    /// The quiz's reflection questions, after its result: never graded; what she writes
    /// is kept (``thoughts``) and, once written, the discussion prompt is shown. The end
    /// of input or Ctrl-C here keeps the thoughts written so far and the attempt.
    func askReflections() {
        guard !isRetry, let reflections = state.quiz.reflections, !reflections.isEmpty else { return }
        write("\n" + layout.wrap("Think about it", tone: .heading))
        write(
            layout.wrap(
                "There is no right answer here and nothing is marked. What you write stays on this computer. Press Enter on an empty line to skip.",
                tone: .muted))
        for reflection in reflections {
            write("\n" + layout.wrap(InlineMarkdown.spans(reflection.prompt.markdown)))
            guard case .line(let line) = console.readLine(prompt: "Your thoughts: ") else { return }
            var text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if text.count > Self.thoughtLimit {
                text = String(text.prefix(Self.thoughtLimit))
                write(layout.wrap("That is a lot to keep in one place: the first \(Self.thoughtLimit) characters are kept.", tone: .muted))
            }
            thoughts.append((reflection, text))
            if let discussion = reflection.discussion { showNote(discussion.markdown, label: "Talk about it: ", tone: .hint) }
        }
    }
}

extension QuizRunner {
    /// `3`, `2.5`: points without a useless `.0`.
    static func points(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }

    static func percent(_ value: Double) -> String { points(value) + "%" }

    /// `45 s`, `2 min 5 s`, `1 h 3 min`, as the site writes durations.
    public static func duration(_ seconds: Double) -> String { DurationText.words(Int(seconds.rounded())) }

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
