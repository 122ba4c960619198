import FolioCore
import FolioInlineMarkdown
import FolioInterface
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
    private let words: TerminalWords
    private var startedAt = 0.0
    private var endedAt = 0.0
    private let intro: String?
    private let followUpOptions: String

    /// `intro` is shown under the instructions: which cards these are, or how many are due.
    /// `followUpOptions` say whose progress this is (` --learner Maya`), after the command
    /// it suggests for the cards not known yet. `interface` is the catalogue of her language.
    public init(
        study: DeckStudy, console: Console, intro: String? = nil, followUpOptions: String = "", interface: InterfaceCatalogue = .english
    ) {
        self.study = study
        words = TerminalWords(interface)
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
        // The deck's title and its size side by side, as the quiz's heading puts its facts.
        console.write(layout.wrap(study.deck.title + style.dot + words("terminal.study.cards", count: count), tone: .heading))
        console.write(layout.wrap(words("terminal.study.instructions"), tone: .muted))
        if let intro { console.write(layout.wrap(intro, tone: .muted)) }
        while let current = study.current {
            let card = current.card
            console.write(
                "\n" + layout.wrap(words("terminal.study.card-of", count: count, ["number": words.number(Double(study.studied + 1))]), tone: .heading))
            console.write(layout.wrap(InlineMarkdown.spans(card.front), first: "  ", indent: 2, tone: .emphasis))
            // A terminal shows no pictures: their words instead.
            if let image = card.image, !image.alt.isEmpty {
                let picture = words("terminal.study.picture", ["description": ControlCharacter.visible(image.alt)])
                console.write(layout.wrap(picture, first: "  ", indent: 2, tone: .muted))
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
            switch console.readLine(prompt: console.style.paint(words("terminal.study.turn"), .muted)) {
            case .line(let text):
                if words.accepts(text, "terminal.words.quit") { return stop() }
                if words.accepts(text, "terminal.words.help") {
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
            switch console.readLine(prompt: words("terminal.study.known")) {
            case .line(let text):
                if words.accepts(text, "terminal.words.known") { return .known(true) }
                if words.accepts(text, "terminal.words.not-yet") { return .known(false) }
                if words.accepts(text, "terminal.words.quit") { return .stop(stop()) }
                if words.accepts(text, "terminal.words.help") {
                    showHelp()
                } else {
                    console.write(layout.wrap(words("terminal.study.known-advice"), tone: .muted))
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
        for key in ["terminal.study.help-keys", "terminal.study.help-again"] {
            console.write(layout.wrap(words(key), indent: 2, tone: .muted))
        }
    }

    private func showSummary() {
        let style = console.style
        console.write("\n")
        guard study.studied > 0 else {
            console.write(layout.wrap(words("terminal.study.none-marked")))
            return
        }
        let summary = words(
            "terminal.study.summary", count: study.studied,
            ["known": words.number(Double(study.knownCount)), "not-yet": words.number(Double(study.notYetCount))])
        console.write(layout.wrap(summary, tone: .heading))
        let notYet = study.marks.filter { !$0.known }.map { study.deck.cards[$0.position].front }
        if !notYet.isEmpty {
            console.write(layout.wrap(words("terminal.study.not-yet", ["cards": notYet.joined(separator: ", ")]), first: "", indent: 2, tone: .hint))
            let command = "folio study \(study.deck.id) --not-yet\(followUpOptions)"
            console.write(layout.wrap(words("terminal.study.again", ["command": command]), tone: .muted))
        } else if study.isFinished {
            console.write(layout.wrap("\(style.rightMark) " + words("terminal.study.knew-all"), tone: .right))
        }
        console.write(layout.wrap(words("terminal.result.time", ["duration": words.duration(console.now - startedAt)])))
    }
}
