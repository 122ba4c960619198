import FolioModel
import FolioQuiz
import FolioRunner
import XCTest

/// `folio study`: front, Enter to turn, back, known or not yet; `q` keeps what was marked.
final class StudyRunnerTests: XCTestCase {
    let deck = SampleProgram.deck("feelings")

    func testEachCardShowsItsFrontThenItsBackAndIsMarked() {
        let study = DeckStudy(deck: Deck(id: deck.id, title: deck.title, cards: Array(deck.cards.prefix(3))))
        let console = ScriptedConsole(lines: ["", "y", "", "n", "", "maybe", "y"])
        let runner = StudyRunner(study: study, console: console)
        guard case .finished = runner.run() else { return XCTFail(console.transcript) }
        let transcript = console.transcript
        let card = deck.cards[0]
        let front = try! XCTUnwrap(transcript.range(of: "  \(card.front)\n"))
        let back = try! XCTUnwrap(transcript.range(of: "  -> \(card.back)\n"))
        XCTAssertLessThan(front.lowerBound, back.lowerBound)
        XCTAssertTrue(transcript.contains("Type y if you knew it, or n if not yet."), transcript)
        XCTAssertEqual(runner.study.marks.map(\.known), [true, false, true])
        XCTAssertTrue(transcript.contains("You studied 3 cards: 2 known, 1 not yet.\nNot yet: \(deck.cards[1].front)\n"), transcript)
        XCTAssertTrue(transcript.contains("Study them again with: folio study feelings --not-yet"), transcript)
        XCTAssertEqual(runner.elapsedSeconds, 35, "seven lines at five seconds each")
    }

    func testACardsPictureIsSaidInWords() {
        let deck = Deck(
            id: "d", title: "D",
            cards: [.init(id: "sun", front: "Sun", back: "A star", image: Deck.CardImage(path: "media/sun.png", alt: "A yellow sun"))])
        let console = ScriptedConsole(lines: ["", "y"])
        _ = StudyRunner(study: DeckStudy(deck: deck), console: console).run()
        XCTAssertTrue(console.transcript.contains("  Sun\n  (Picture: A yellow sun)\n"), console.transcript)
    }

    func testQuittingKeepsTheCardsMarkedAndCtrlCKeepsNothing() {
        let stopped = StudyRunner(study: DeckStudy(deck: deck), console: ScriptedConsole(lines: ["", "y", "q"]))
        guard case .stopped = stopped.run() else { return XCTFail() }
        XCTAssertEqual(stopped.study.studied, 1)

        let ended = StudyRunner(study: DeckStudy(deck: deck), console: ScriptedConsole(lines: ["", "n", ""]))
        guard case .endOfInput = ended.run() else { return XCTFail() }
        XCTAssertEqual(ended.study.marks.map(\.known), [false])

        let interrupted = StudyRunner(study: DeckStudy(deck: deck), console: ScriptedConsole([.line(""), .interrupted]))
        guard case .interrupted = interrupted.run() else { return XCTFail() }
    }

    func testTheIntroSaysWhichCardsTheseAreBeforeTheFirstCard() {
        let console = ScriptedConsole(lines: ["q"])
        _ = StudyRunner(study: DeckStudy(deck: deck, only: [1, 4]), console: console, intro: "These are the cards due today.").run()
        let transcript = console.transcript
        let intro = try! XCTUnwrap(transcript.range(of: "These are the cards due today.\n"), transcript)
        let first = try! XCTUnwrap(transcript.range(of: "Card 1 of 2"), transcript)
        XCTAssertLessThan(intro.lowerBound, first.lowerBound)
    }

    func testShufflingFollowsTheSeedAndNotYetLimitsTheCards() {
        let one = DeckStudy(deck: deck, seed: 9).order
        XCTAssertEqual(one, DeckStudy(deck: deck, seed: 9).order)
        XCTAssertNotEqual(one, Array(deck.cards.indices))
        XCTAssertEqual(Set(one), Set(deck.cards.indices))
        XCTAssertEqual(DeckStudy(deck: deck, only: [4, 1]).order, [1, 4])
        XCTAssertEqual(DeckStudy(deck: deck).order, Array(deck.cards.indices))
    }

    func testADeckQuizAsksEachCardsBackAmongOtherBacks() throws {
        let quiz = DeckQuiz.quiz(for: deck, style: .choices, count: 3)
        XCTAssertEqual(quiz.draw, 3)
        XCTAssertEqual(quiz.questions.count, deck.cards.count)
        for (question, card) in zip(quiz.questions, deck.cards) {
            XCTAssertEqual(question.prompt.markdown, card.front)
            XCTAssertEqual(question.choices.count, 4)
            XCTAssertEqual(question.choices.filter(\.correct).map(\.text.markdown), [card.back])
            XCTAssertEqual(Set(question.choices.map(\.text.markdown)).count, 4, "four different backs")
        }
        let typed = DeckQuiz.quiz(for: deck, style: .typed)
        XCTAssertEqual(typed.questions[0].accept, [deck.cards[0].back])
        XCTAssertNil(typed.draw)
        let tiny = Deck(id: "tiny", title: "Tiny", cards: (1...5).map { Deck.Card(id: "card-\($0)", front: "\($0)", back: $0 < 4 ? "same" : "other \($0)") })
        XCTAssertFalse(DeckQuiz.canAsk(tiny, style: .choices), "five cards but only three different backs")
        XCTAssertTrue(DeckQuiz.canAsk(tiny, style: .typed))
        var enough = tiny
        enough.cards.append(Deck.Card(id: "card-6", front: "6", back: "other 6"))
        XCTAssertTrue(DeckQuiz.canAsk(enough, style: .choices))
        for question in DeckQuiz.questions(for: enough, style: .choices) {
            XCTAssertEqual(Set(question.choices.map(\.text.markdown)).count, 4, "a repeated back is offered once")
        }
    }
}
