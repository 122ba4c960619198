import ArgumentParser
import FolioCore
import FolioInterface
import FolioModel
import FolioProgress
import FolioQuiz
import FolioRunner
import Foundation

/// `folio quiz`: take a quiz in the terminal.
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Take a quiz in the terminal.",
        discussion: """
            Shows one question at a time. Type the number of a choice, or several
            (like 1 3), t or f, a word or a number, then Enter. In a practice quiz a
            wrong answer shows a hint and you try again; in other quizzes the hint shows
            and the quiz moves on. ? shows help, q leaves. A finished quiz is saved to
            your progress (see `folio progress`); a quiz you leave is not.

            Exit codes: 0 finished or left, 1 the input ended before the quiz did,
            2 a usage or file problem, 130 stopped with Ctrl-C.

            Examples:
              folio quiz                          list the quizzes
              folio quiz who-am-i                 take the quiz of the chapter who-am-i
              folio quiz who-am-i --content Content
                                                  from ./Content, not from Output/bundle
              folio quiz who-am-i --seed 7 < answers.txt
                                                  answers from a file, one a line; the
                                                  seed keeps the choices in the order
                                                  the file was written for
              folio quiz who-am-i --more-time     ten times the quiz's time limit
              folio quiz who-am-i --language es   in Spanish, whatever LANG says
            """)

    @Argument(help: "The quiz id, or the id of the chapter it ends. Leave it out to list them.")
    var id: String?

    @OptionGroup var program: ProgramOptions
    @OptionGroup var progress: ProgressOptions
    @OptionGroup var language: LanguageOptions

    @Flag(help: "Do not save this attempt.")
    var noSave = false

    @Option(help: "Seed for shuffling and drawing questions, to repeat an attempt exactly.")
    var seed: UInt64?

    @Flag(help: "Ten times the quiz's time limit, for a learner who needs more time.")
    var moreTime = false

    @Flag(help: "No time limit at all: practice quizzes only.")
    var noTimeLimit = false

    func validate() throws {
        if moreTime && noTimeLimit { throw ValidationError("choose --more-time or --no-time-limit, not both") }
    }

    func run() throws {
        let program = try self.program.load()
        let interface = try language.interface(for: program)
        // The program's parts in the learner's language, where it has them.
        let source = try program.inLanguage(interface.language)
        let words = TerminalWords(interface)
        guard let id else {
            print(QuizList.quizzes(of: source, words: words), terminator: "")
            return
        }
        let (loaded, chapter) = try source.quiz(id)
        var quiz = loaded
        try TimeLimitChoice.apply(moreTime: moreTime, noTimeLimit: noTimeLimit, to: &quiz)
        let console = TerminalConsole()
        if !noSave, try !progress.confirmNewLearner(console: console, command: "folio quiz " + LearnerName.shellWord(id), words: words) {
            return
        }
        let store = noSave ? nil : try progress.open(for: source)
        let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)
        let heading = chapter.map { $0.title + console.style.dot + quiz.title } ?? quiz.title
        // Never a mix inside one quiz: a quiz without a current translation is shown whole
        // in the default language, and said to be.
        if source.fallsBack(quiz: quiz.id) { console.write(interface.text("site.untranslated-note") + "\n") }
        let runner = QuizRunner(quiz: quiz, seed: seed, console: console, heading: heading, interface: interface)
        let ending = runner.run()
        try QuizEnding.handle(
            ending, quiz: quiz, store: store, console: console, seed: seed, words: words,
            followUpOptions: progress.followUpOptions + language.followUpOptions,
            record: { result in
                ProgressRecording.attempt(
                    result, quiz: quiz, program: source.id, chapter: chapter?.id, deck: nil, seed: seed, finishedAt: Date())
            },
            thoughts: ProgressRecording.thoughts(runner.thoughts, quiz: quiz, program: source.id, chapter: chapter?.id, writtenAt: Date()),
            saved: { result in
                // A chapter's quiz, for a learner who shares anonymous insights.
                guard chapter != nil else { return }
                do {
                    try InsightsQueue(progressPath: progress.path).add(
                        after: result, program: source.id, settings: source.insights, day: StudyStreak.day(of: Date()))
                } catch {
                    console.write(words("insights.terminal-not-kept", ["problem": error.localizedDescription]) + "\n")
                }
            })
        try QuizEnding.retries(after: ending, quiz: quiz, console: console, heading: heading, interface: interface)
    }
}

/// `--more-time` and `--no-time-limit`: the same choices the site offers before a timed
/// quiz starts. More time is ten times the set limit, for any quiz; no limit is for
/// practice only, since an assessment's limit is part of what it asks.
enum TimeLimitChoice {
    static let factor = 10

    static func apply(moreTime: Bool, noTimeLimit: Bool, to quiz: inout Quiz) throws {
        guard let limit = quiz.timeLimitSeconds else { return }
        if noTimeLimit {
            guard quiz.mode == .practice else {
                throw ValidationError("`\(quiz.id)` is an assessment, whose time limit cannot be turned off; --more-time gives ten times it")
            }
            quiz.timeLimitSeconds = nil
        } else if moreTime {
            quiz.timeLimitSeconds = limit * factor
        }
    }
}

/// What happens after a quiz run, shared by `folio quiz` and `folio study --quiz`.
enum QuizEnding {
    static func handle(
        _ ending: QuizRunner.Ending, quiz: Quiz, store: ProgressStore?, console: Console, seed: UInt64, words: TerminalWords, followUpOptions: String,
        record: (AttemptResult) -> (AttemptRecord, [AttemptQuestionRecord]), thoughts: [ThoughtRecord] = [],
        saved: (AttemptResult) throws -> Void = { _ in }
    ) throws {
        let layout = TextLayout(width: console.width, style: console.style)
        switch ending {
        case .finished(let result):
            guard let store else { return }
            let (attempt, questions) = record(result)
            do {
                try store.record(attempt, questions: questions)
                try store.record(thoughts: thoughts)
                console.write(layout.wrap(words("terminal.saved", ["command": "folio progress" + followUpOptions]), tone: .muted))
                try saved(result)
            } catch let error as ProgressError {
                console.write(layout.wrap(words("terminal.not-saved.quiz", ["problem": error.description]), tone: .wrong))
                throw ExitCode(2)
            }
        case .quit:
            return
        case .interrupted:
            console.write(layout.wrap(words("terminal.stopped.quiz"), tone: .muted))
            throw ExitCode(130)
        case .endOfInput:
            console.write(layout.wrap(words("terminal.input-ended"), tone: .muted))
            throw ExitCode(1)
        }
    }
}

extension QuizEnding {
    /// At a terminal, once an attempt is finished and saved: "try the ones I missed",
    /// which is not saved. Ctrl-C there stops as it does in a quiz.
    static func retries(after ending: QuizRunner.Ending, quiz: Quiz, console: Console, heading: String, interface: InterfaceCatalogue) throws {
        guard case .finished(let result) = ending,
            let last = QuizRunner.offerRetries(after: result, quiz: quiz, console: console, heading: heading, interface: interface)
        else { return }
        let layout = TextLayout(width: console.width, style: console.style)
        switch last {
        case .finished: console.write(layout.wrap(TerminalWords(interface)("terminal.retry.practice-only"), tone: .muted))
        case .interrupted: throw ExitCode(130)
        case .quit, .endOfInput: return
        }
    }
}

/// The lists `folio quiz` and `folio study` print without an id.
enum QuizList {
    static func quizzes(of source: ProgramSource, words: TerminalWords) -> String {
        var lines = [words("terminal.list.quizzes", ["program": source.title])]
        let named = Set(source.chapters.compactMap(\.quiz))
        let shown = source.chapters.filter { $0.quiz != nil }.map(\.id) + source.quizIDs.filter { !named.contains($0) }
        let width = shown.map(\.count).max() ?? 0
        var listed = Set<String>()
        for chapter in source.chapters {
            guard let quiz = chapter.quiz else { continue }
            listed.insert(quiz)
            lines.append("  \(chapter.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(chapter.title)")
        }
        for quiz in source.quizIDs where !listed.contains(quiz) {
            lines.append("  \(quiz.padding(toLength: width, withPad: " ", startingAt: 0))  " + words("terminal.list.own-quiz"))
        }
        lines.append(words("terminal.list.take-one", ["command": "folio quiz <id>"]))
        // Titles come from the bundle: shown, never sent to the terminal raw.
        return ControlCharacter.visible(lines.joined(separator: "\n") + "\n")
    }

    static func decks(of source: ProgramSource, words: TerminalWords) -> String {
        guard !source.decks.isEmpty else { return ControlCharacter.visible(words("terminal.list.no-decks", ["program": source.title]) + "\n") }
        var lines = [words("terminal.list.decks", ["program": source.title])]
        let width = source.decks.map(\.id.count).max() ?? 0
        for deck in source.decks {
            let described = words("terminal.list.deck", count: deck.cardCount, ["title": deck.title])
            lines.append("  \(deck.id.padding(toLength: width, withPad: " ", startingAt: 0))  " + described)
        }
        lines.append(words("terminal.list.study-one", ["command": "folio study <id>"]))
        return ControlCharacter.visible(lines.joined(separator: "\n") + "\n")
    }
}
