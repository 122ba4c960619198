import ArgumentParser
import FolioCore
import FolioInterface
import FolioModel
import FolioProgress
import FolioQuiz
import FolioRunner
import Foundation

/// `folio study`: flashcards in the terminal, or a quiz made from a deck.
struct StudyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Study a flashcard deck in the terminal, or take a quiz made from it.",
        discussion: """
            Shows each card's front; press Enter to turn it, then type y if you knew it or
            n if not yet. q stops; the cards you marked are saved to your progress.

            Cards come back by Leitner boxes: a card never marked is due; "y" on a due
            card moves it up a box, "n" puts it back in box 1; boxes 1 to 5 come back
            after 0, 1, 3, 7 and 14 days. --due studies only the cards due today.

            With --quiz, the deck becomes a practice quiz: type each card's back
            (typed), or pick it among four backs of the deck (choices).

            Examples:
              folio study                          list the decks
              folio study feelings                 study every card in order
              folio study feelings --shuffle       in a random order
              folio study feelings --not-yet       only the cards not known last time
              folio study feelings --due           only the cards due today
              folio study feelings --quiz choices --count 5
                                                   5 cards, each with four backs to pick
              folio study feelings --language es   in Spanish
            """)

    @Argument(help: "The deck id. Leave it out to list the decks.")
    var id: String?

    @Flag(help: "Study the cards in a random order.")
    var shuffle = false

    @Flag(help: "Study only the cards whose last mark was \"not yet\".")
    var notYet = false

    @Flag(help: "Study only the cards due today.")
    var due = false

    @Option(help: "Quiz the deck instead: `typed` or `choices`.")
    var quiz: DeckQuizStyle?

    @Option(help: "With --quiz: how many cards to ask (default: all).")
    var count: Int?

    @Option(help: "Seed for the order, to repeat a session exactly.")
    var seed: UInt64?

    @Flag(help: "Do not save this session.")
    var noSave = false

    @OptionGroup var program: ProgramOptions
    @OptionGroup var progress: ProgressOptions
    @OptionGroup var language: LanguageOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be 1 or more") }
        if count != nil, quiz == nil { throw ValidationError("--count goes with --quiz") }
        if notYet, quiz != nil { throw ValidationError("--not-yet is for studying cards, not with --quiz") }
        if due, quiz != nil { throw ValidationError("--due is for studying cards, not with --quiz") }
        if due, notYet { throw ValidationError("choose --due or --not-yet, not both") }
    }

    func run() throws {
        let program = try self.program.load()
        let interface = try language.interface(for: program)
        // The program's parts in the learner's language, where it has them.
        let source = try program.inLanguage(interface.language)
        let words = TerminalWords(interface)
        let followUpOptions = progress.followUpOptions + language.followUpOptions
        guard let id else {
            print(QuizList.decks(of: source, words: words), terminator: "")
            return
        }
        let deck = try source.deck(id)
        let console = TerminalConsole()
        if source.fallsBack(deck: deck.id) { console.write(interface.text("site.untranslated-note") + "\n") }
        if !noSave, try !progress.confirmNewLearner(console: console, command: "folio study " + LearnerName.shellWord(id), words: words) {
            return
        }
        let store = noSave ? nil : try progress.open(for: source)
        let seed = self.seed ?? UInt64.random(in: 0...UInt64.max)
        if let quiz {
            try runQuiz(deck: deck, style: quiz.style, source: source, store: store, console: console, seed: seed, interface: interface)
            return
        }
        var only: Set<Int>?
        if notYet {
            guard let store else { throw CommandFailure("--not-yet needs your saved progress; leave out --no-save") }
            let notYetIDs = try store.cardsNotYetKnown(program: source.id, deck: deck.id)
            let positions = deck.cards.indices.filter { notYetIDs.contains(deck.cards[$0].id) }
            guard !positions.isEmpty else {
                print(
                    words(
                        "terminal.study.none-not-yet",
                        ["deck": ControlCharacter.visible(deck.title), "command": "folio study \(deck.id)\(followUpOptions)"]))
                return
            }
            only = Set(positions)
        }
        var intro: String?
        if let store {
            let schedule = try store.schedule(program: source.id, deck: deck.id)
            let today = StudyStreak.day(of: Date())
            let dueIDs = Set(schedule.due(deck.cards.map(\.id), today: today))
            if due {
                guard !dueIDs.isEmpty else {
                    let next = deck.cards.compactMap { schedule.cards[$0.id]?.due }.min()
                    let title = ControlCharacter.visible(deck.title)
                    print(
                        next.map { words("terminal.study.none-due-next", ["deck": title, "date": words.day($0)]) }
                            ?? words("terminal.study.none-due", ["deck": title]))
                    return
                }
                only = Set(deck.cards.indices.filter { dueIDs.contains(deck.cards[$0].id) })
                intro = words("terminal.study.due-only")
            } else if !notYet, !dueIDs.isEmpty, dueIDs.count < deck.cards.count {
                intro = words("terminal.study.some-due", count: dueIDs.count, ["command": "folio study \(deck.id) --due\(followUpOptions)"])
            }
        } else if due {
            throw CommandFailure("--due needs your saved progress; leave out --no-save")
        }
        let runner = StudyRunner(
            study: DeckStudy(deck: deck, seed: shuffle ? seed : nil, only: only), console: console, intro: intro,
            followUpOptions: followUpOptions, interface: interface)
        let ending = runner.run()
        let layout = TextLayout(width: console.width, style: console.style)
        if case .interrupted = ending {
            console.write(layout.wrap(words("terminal.stopped.study"), tone: .muted))
            throw ExitCode(130)
        }
        guard let store, runner.study.studied > 0 else { return }
        let (session, cards) = ProgressRecording.studySession(
            runner.study, program: source.id, elapsedSeconds: runner.elapsedSeconds, finishedAt: Date())
        do {
            try store.record(session, cards: cards)
            console.write(layout.wrap(words("terminal.saved", ["command": "folio progress" + followUpOptions]), tone: .muted))
        } catch let error as ProgressError {
            console.write(layout.wrap(words("terminal.not-saved.study", ["problem": error.description]), tone: .wrong))
            throw ExitCode(2)
        }
    }

    private func runQuiz(
        deck: Deck, style: DeckQuiz.Style, source: ProgramSource, store: ProgressStore?, console: Console, seed: UInt64, interface: InterfaceCatalogue
    ) throws {
        guard DeckQuiz.canAsk(deck, style: style) else {
            throw CommandFailure("a four-choice quiz needs at least 4 cards with different backs; use --quiz typed")
        }
        let quiz = DeckQuiz.quiz(for: deck, style: style, count: count)
        let words = TerminalWords(interface)
        let heading = deck.title + console.style.dot + words("terminal.study.flashcard-quiz")
        let ending = QuizRunner(quiz: quiz, seed: seed, console: console, heading: heading, interface: interface).run()
        try QuizEnding.handle(
            ending, quiz: quiz, store: store, console: console, seed: seed, words: words,
            followUpOptions: progress.followUpOptions + language.followUpOptions,
            record: { result in
                ProgressRecording.attempt(
                    result, quiz: quiz, program: source.id, chapter: nil, deck: deck.id, seed: seed, finishedAt: Date())
            })
        try QuizEnding.retries(after: ending, quiz: quiz, console: console, heading: heading, interface: interface)
    }
}

/// `--quiz typed|choices`.
enum DeckQuizStyle: String, ExpressibleByArgument, CaseIterable {
    case typed, choices
    var style: DeckQuiz.Style { self == .typed ? .typed : .choices }
}
