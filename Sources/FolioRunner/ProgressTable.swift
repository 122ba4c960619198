import FolioCore
import FolioInlineMarkdown
import FolioInterface
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
    /// The learner's language.
    public let words: TerminalWords

    /// The table of `summary`, `width` columns wide, in the language of `interface`.
    public init(
        summary: ProgressSummary, width: Int, style: TerminalStyle, learner: String? = nil, followUpOptions: String = "",
        interface: InterfaceCatalogue = .english
    ) {
        self.summary = summary
        words = TerminalWords(interface)
        self.width = min(max(width, 40), 100)
        self.style = style
        self.learner = learner
        self.followUpOptions = followUpOptions
    }

    public var text: String {
        // On a computer shared by sisters, the header says whose table this is.
        let program = ControlCharacter.visible(summary.program)
        let heading =
            learner.map { words("progress.heading.learners", ["program": program, "learner": ControlCharacter.visible($0)]) }
            ?? words("progress.heading.yours", ["program": program])
        var out = style.paint(heading, .heading) + "\n\n"
        out += chapterTable() + "\n"
        if !summary.decks.isEmpty { out += deckTable() + "\n" }
        out +=
            (summary.totalTimeSeconds > 0
                ? words("progress.time", ["duration": words.duration(summary.totalTimeSeconds)]) : words("progress.time-none")) + "\n"
        out += streakText + "\n"
        if !summary.calendar.isEmpty, summary.lastStudied != nil { out += "\n" + calendarText }
        if !summary.thoughts.isEmpty { out += "\n" + thoughtsText }
        if let dropped = droppedText { out += "\n" + layout.wrap(dropped, tone: .muted) }
        return out
    }

    /// The last four weeks, a row a week from Monday: a mark for each day studied, a dot
    /// for each day without, nothing for days to come; each row starts with its Monday.
    private var calendarText: String {
        var out = style.paint(words("progress.calendar.heading"), .heading) + "\n"
        // Each row starts with its Monday's month and day, as wide in every language.
        let mondays = summary.calendar.map { week in week.first.map { words.monthAndDay($0.day) } ?? "" }
        let mondayWidth = mondays.map(TerminalText.displayWidth).max() ?? 5
        out += String(repeating: " ", count: mondayWidth + 2) + words("progress.calendar.weekdays") + "\n"
        for (week, monday) in zip(summary.calendar, mondays) {
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
        var out = style.paint(words("progress.thoughts.heading"), .heading) + "\n"
        for thought in summary.thoughts {
            let prompt = InlineMarkdown.spans(ControlCharacter.visible(thought.prompt)).map(\.text).joined()
            out += layout.wrap("\(words.day(thought.day))  \(prompt)", tone: .muted)
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
        // A list of counted things, each a message of its own.
        var parts: [String] = []
        if !dropped.questions.isEmpty { parts.append(words("progress.dropped.questions", count: dropped.questions.count)) }
        if !dropped.cards.isEmpty { parts.append(words("progress.dropped.cards", count: dropped.cards.count)) }
        if !dropped.quizzes.isEmpty { parts.append(words("progress.dropped.quizzes", count: dropped.quizzes.count)) }
        if !dropped.decks.isEmpty { parts.append(words("progress.dropped.decks", count: dropped.decks.count)) }
        return words(
            "progress.dropped", ["items": parts.joined(separator: ", "), "command": "folio progress --format json" + followUpOptions])
    }

    private var streakText: String {
        guard summary.streakDays > 0 else { return words(summary.lastStudied == nil ? "progress.streak.start" : "progress.streak.broken") }
        return words(summary.studiedToday ? "progress.streak.today" : "progress.streak.keep-going", count: summary.streakDays)
    }

    private func chapterTable() -> String {
        let rows = summary.chapters.enumerated().map { index, chapter -> [String] in
            let number = words.number(Double(index + 1))
            guard chapter.quiz != nil else { return [number, chapter.title, words("progress.status.no-quiz"), "", "", ""] }
            let status = words(chapter.passed ? "progress.status.passed" : chapter.attempts > 0 ? "progress.status.not-yet" : "progress.status.to-do")
            let best = chapter.bestPercent.map(words.percent) ?? ""
            let time = chapter.timeSeconds > 0 ? words.duration(chapter.timeSeconds) : ""
            return [number, chapter.title, status, best, words.number(Double(chapter.attempts)), time]
        }
        let passed = words("progress.status.passed")
        let header = ["number", "chapter", "quiz", "best", "attempts", "time"].map { words("progress.column." + $0) }
        return table(
            header: header, rows: rows, rightAligned: [0, 3, 4], flexible: 1,
            tone: { row in row[2] == passed ? .right : nil })
    }

    private func deckTable() -> String {
        let rows = summary.decks.map { deck -> [String] in
            let time = deck.timeSeconds > 0 ? words.duration(deck.timeSeconds) : ""
            let known = words("progress.cards-known", count: deck.cardCount, ["known": words.number(Double(deck.cardsKnown))])
            return [deck.title, known, words.number(Double(deck.sessions)), words.number(Double(deck.quizAttempts)), time]
        }
        let header = ["deck", "known", "sessions", "quizzes", "time"].map { words("progress.column." + $0) }
        return table(
            header: header, rows: rows, rightAligned: [2, 3], flexible: 0,
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
