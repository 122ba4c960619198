import FolioCore
import FolioInlineMarkdown
import FolioModel
import FolioQuiz
import Foundation

/// Takes a learner through a flashcard deck: the front, Enter to turn the card, the
/// back, then whether she knew it. `q` stops and keeps the cards marked so far.
public final class StudyRunner {
    /// How a study run ended. Every ending but ``interrupted`` keeps the cards marked.
    public enum Ending: Sendable {
        /// Every card was marked.
        case finished
        /// She typed `q`.
        case stopped
        /// The input ended.
        case endOfInput
        /// Ctrl-C: nothing is kept.
        case interrupted
    }

    public private(set) var study: DeckStudy
    private let console: Console
    private let layout: TextLayout
    private var startedAt = 0.0
    private var endedAt = 0.0
    private let intro: String?
    private let followUpOptions: String

    /// `intro` is shown under the instructions: which cards these are, or how many are due.
    /// `followUpOptions` say whose progress this is (` --learner Maya`), after the command
    /// it suggests for the cards not known yet.
    public init(study: DeckStudy, console: Console, intro: String? = nil, followUpOptions: String = "") {
        self.study = study
        self.console = console
        self.intro = intro
        self.followUpOptions = followUpOptions
        layout = TextLayout(width: console.width, style: console.style)
    }

    /// Seconds from the first card to the last mark.
    public var elapsedSeconds: Double { endedAt - startedAt }

    public func run() -> Ending {
        startedAt = console.now
        defer { endedAt = console.now }
        let style = console.style
        let count = study.order.count
        console.write(layout.wrap("\(study.deck.title)\(console.style.dot)\(count == 1 ? "1 card" : "\(count) cards")", tone: .heading))
        console.write(
            layout.wrap(
                "Read the front and think of the answer. Press Enter to turn the card, then type y if you knew it or n if not yet. Type q to stop.",
                tone: .muted))
        if let intro { console.write(layout.wrap(intro, tone: .muted)) }
        while let current = study.current {
            let card = current.card
            console.write("\n" + layout.wrap("Card \(study.studied + 1) of \(count)", tone: .heading))
            console.write(layout.wrap(InlineMarkdown.spans(card.front), first: "  ", indent: 2, tone: .emphasis))
            // A terminal shows no pictures: their words instead.
            if let image = card.image, !image.alt.isEmpty {
                console.write(layout.wrap("(Picture: " + ControlCharacter.visible(image.alt) + ")", first: "  ", indent: 2, tone: .muted))
            }
            switch waitForTurn() {
            case .some(let ending): return ending
            case .none: break
            }
            console.write(layout.wrap(InlineMarkdown.spans(card.back), first: "  \(style.unicode ? "→" : "->") ", indent: 5))
            switch askKnown() {
            case .known(let known): study.mark(known: known)
            case .stop(let ending): return ending
            }
        }
        showSummary()
        return .finished
    }

    /// Nil once the card is turned.
    private func waitForTurn() -> Ending? {
        while true {
            switch console.readLine(prompt: console.style.paint("Press Enter to turn the card. ", .muted)) {
            case .line(let text):
                let word = text.trimmingCharacters(in: .whitespaces).lowercased()
                if ["q", "quit", "exit"].contains(word) { return stop() }
                if ["?", "h", "help"].contains(word) {
                    showHelp()
                    continue
                }
                return nil
            case .endOfInput:
                showSummary()
                return .endOfInput
            case .interrupted, .timedOut: return .interrupted
            }
        }
    }

    private enum Mark {
        case known(Bool)
        case stop(Ending)
    }

    private func askKnown() -> Mark {
        while true {
            switch console.readLine(prompt: "Did you know it? Type y or n: ") {
            case .line(let text):
                switch text.trimmingCharacters(in: .whitespaces).lowercased() {
                case "y", "yes", "k", "1": return .known(true)
                case "n", "no", "2": return .known(false)
                case "q", "quit", "exit": return .stop(stop())
                case "?", "h", "help": showHelp()
                default: console.write(layout.wrap("Type y if you knew it, or n if not yet.", tone: .muted))
                }
            case .endOfInput:
                showSummary()
                return .stop(.endOfInput)
            case .interrupted, .timedOut: return .stop(.interrupted)
            }
        }
    }

    private func stop() -> Ending {
        showSummary()
        return .stopped
    }

    private func showHelp() {
        for line in [
            "Enter turns the card, y means you knew it, n means not yet, q stops (the cards you marked are kept).",
            "Cards you mark \"not yet\" can be studied again with --not-yet, and the cards due today with --due.",
        ] {
            console.write(layout.wrap(line, indent: 2, tone: .muted))
        }
    }

    private func showSummary() {
        let style = console.style
        console.write("\n")
        guard study.studied > 0 else {
            console.write(layout.wrap("No cards marked this time."))
            return
        }
        let studied = study.studied == 1 ? "1 card" : "\(study.studied) cards"
        console.write(layout.wrap("You studied \(studied): \(study.knownCount) known, \(study.notYetCount) not yet.", tone: .heading))
        let notYet = study.marks.filter { !$0.known }.map { study.deck.cards[$0.position].front }
        if !notYet.isEmpty {
            console.write(layout.wrap("Not yet: " + notYet.joined(separator: ", "), first: "", indent: 2, tone: .hint))
            console.write(layout.wrap("Study them again with: folio study \(study.deck.id) --not-yet\(followUpOptions)", tone: .muted))
        } else if study.isFinished {
            console.write(layout.wrap("\(style.rightMark) You knew every card!", tone: .right))
        }
        console.write(layout.wrap("Time: \(QuizRunner.duration(console.now - startedAt))"))
    }
}
