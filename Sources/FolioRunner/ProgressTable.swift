import FolioCore
import FolioInlineMarkdown
import FolioProgress

/// `folio progress` as text: a table of chapters, a table of decks, then the time
/// spent and the streak. Titles are cut to fit the terminal's width.
public struct ProgressTable {
    public let summary: ProgressSummary
    public let width: Int
    public let style: TerminalStyle
    /// Whose progress this is, as her name was given (`--learner`); nil for the progress
    /// kept without a name.
    public let learner: String?
    /// The options that say whose progress this is (` --learner Maya`), after the command
    /// the table suggests.
    public let followUpOptions: String

    public init(summary: ProgressSummary, width: Int, style: TerminalStyle, learner: String? = nil, followUpOptions: String = "") {
        self.summary = summary
        self.width = min(max(width, 40), 100)
        self.style = style
        self.learner = learner
        self.followUpOptions = followUpOptions
    }

    public var text: String {
        // On a computer shared by sisters, the header says whose table this is.
        let whose = learner.map { ControlCharacter.visible($0) + "'s progress" } ?? "your progress"
        var out = style.paint("\(ControlCharacter.visible(summary.program)): \(whose)", .heading) + "\n\n"
        out += chapterTable() + "\n"
        if !summary.decks.isEmpty { out += deckTable() + "\n" }
        out += "Time studying: \(summary.totalTimeSeconds > 0 ? QuizRunner.duration(summary.totalTimeSeconds) : "none yet")\n"
        out += "Streak: " + streakText + "\n"
        if !summary.calendar.isEmpty, summary.lastStudied != nil { out += "\n" + calendarText }
        if !summary.thoughts.isEmpty { out += "\n" + thoughtsText }
        if let dropped = droppedText { out += "\n" + layout.wrap(dropped, tone: .muted) }
        return out
    }

    /// The last four weeks, a row a week from Monday: a mark for each day studied, a dot
    /// for each day without, nothing for days to come; each row starts with its Monday.
    private var calendarText: String {
        var out = style.paint("Last 4 weeks", .heading) + "\n"
        out += "       Mo Tu We Th Fr Sa Su\n"
        for week in summary.calendar {
            let monday = week.first.map { String($0.day.dropFirst(5)) } ?? ""
            let marks = week.map { day in
                day.studied ? style.paint(" " + style.rightMark, .right) : day.future ? "  " : " " + style.skippedMark
            }
            var line = "  " + monday + marks.joined(separator: " ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// "My thoughts": what she wrote for reflection questions, newest first, under their prompts.
    private var thoughtsText: String {
        var out = style.paint("My thoughts", .heading) + "\n"
        for thought in summary.thoughts {
            let prompt = InlineMarkdown.spans(ControlCharacter.visible(thought.prompt)).map(\.text).joined()
            out += layout.wrap("\(thought.day)  \(prompt)", tone: .muted)
            out += layout.wrap(ControlCharacter.visible(thought.text), first: "  ", indent: 2)
        }
        return out
    }

    private var layout: TextLayout { TextLayout(width: width, style: style) }

    /// What is kept of items the program no longer has: said, so that a learner whose
    /// coordinator removed a question knows where those answers went.
    private var droppedText: String? {
        let dropped = summary.dropped
        guard !dropped.isEmpty else { return nil }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var parts: [String] = []
        if !dropped.questions.isEmpty { parts.append(count(dropped.questions.count, "question", "questions")) }
        if !dropped.cards.isEmpty { parts.append(count(dropped.cards.count, "card", "cards")) }
        if !dropped.quizzes.isEmpty { parts.append(count(dropped.quizzes.count, "quiz", "quizzes")) }
        if !dropped.decks.isEmpty { parts.append(count(dropped.decks.count, "deck", "decks")) }
        return "Saved before but no longer in the program, so not counted above: " + parts.joined(separator: ", ")
            + ". See them with: folio progress --format json" + followUpOptions
    }

    private var streakText: String {
        switch summary.streakDays {
        case 0: return summary.lastStudied == nil ? "start one today!" : "none right now; study today to start a new one"
        case 1: return summary.studiedToday ? "1 day (you studied today)" : "1 day; study today to keep it going"
        default:
            return "\(summary.streakDays) days in a row" + (summary.studiedToday ? " (you studied today)" : "; study today to keep it going")
        }
    }

    private func chapterTable() -> String {
        let rows = summary.chapters.enumerated().map { index, chapter -> [String] in
            guard chapter.quiz != nil else { return ["\(index + 1)", chapter.title, "no quiz", "", "", ""] }
            let status = chapter.passed ? "passed" : chapter.attempts > 0 ? "not yet" : "to do"
            let best = chapter.bestPercent.map { QuizRunner.points($0) + "%" } ?? ""
            let time = chapter.timeSeconds > 0 ? QuizRunner.duration(chapter.timeSeconds) : ""
            return ["\(index + 1)", chapter.title, status, best, "\(chapter.attempts)", time]
        }
        return table(
            header: ["#", "Chapter", "Quiz", "Best", "Attempts", "Time"], rows: rows, rightAligned: [0, 3, 4], flexible: 1,
            tone: { row in row[2] == "passed" ? .right : nil })
    }

    private func deckTable() -> String {
        let rows = summary.decks.map { deck -> [String] in
            let time = deck.timeSeconds > 0 ? QuizRunner.duration(deck.timeSeconds) : ""
            return [deck.title, "\(deck.cardsKnown) of \(deck.cardCount)", "\(deck.sessions)", "\(deck.quizAttempts)", time]
        }
        return table(
            header: ["Flashcards", "Known", "Sessions", "Quizzes", "Time"], rows: rows, rightAligned: [2, 3], flexible: 0,
            tone: { _ in nil })
    }

    /// Columns padded to their widest cell; the `flexible` column is cut to fit.
    private func table(
        header: [String], rows: [[String]], rightAligned: Set<Int>, flexible: Int, tone: ([String]) -> TerminalStyle.Tone?
    ) -> String {
        // Titles come from content and from the progress database: shown, never sent raw.
        let rows = rows.map { $0.map(ControlCharacter.visible) }
        var widths = header.indices.map { column in ([header] + rows).map { TerminalText.displayWidth($0[column]) }.max() ?? 0 }
        let others = widths.enumerated().filter { $0.offset != flexible }.map(\.element).reduce(0, +) + 2 * (widths.count - 1)
        widths[flexible] = max(8, min(widths[flexible], width - others))
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let text = TerminalText.truncated(cell, to: widths[column], ellipsis: style.ellipsis)
                let padding = String(repeating: " ", count: max(0, widths[column] - TerminalText.displayWidth(text)))
                return rightAligned.contains(column) ? padding + text : text + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var out = style.paint(line(header), .heading) + "\n"
        for row in rows { out += style.paint(line(row), tone(row)) + "\n" }
        return out
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
