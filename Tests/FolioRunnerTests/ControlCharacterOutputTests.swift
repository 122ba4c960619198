import FolioModel
import FolioProgress
import FolioQuiz
import FolioRunner
import XCTest

/// A bundle made by hand or by an older Folio may hold control characters in its text;
/// the terminal runners show them as signs and never send them raw.
final class ControlCharacterOutputTests: XCTestCase {
    /// Clears the screen, sets the window's title, and hides a link (OSC 8).
    let hostile = "Clear\u{1B}[2J title\u{1B}]0;pwned\u{07} link\u{1B}]8;;https://evil.example\u{1B}\\here\u{1B}]8;;\u{1B}\\ csi\u{9B}31m"

    func assertNoRawControl(_ transcript: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = transcript.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        XCTAssertEqual(raw.map { String($0.value, radix: 16) }, [], transcript, file: file, line: line)
        XCTAssertTrue(transcript.contains("Clear␛[2J title␛]0;pwned␇"), transcript, file: file, line: line)
    }

    func testTheQuizRunnerShowsControlCharactersAsSigns() {
        var quiz = SpecExamples.quiz
        quiz.title = hostile
        quiz.questions[0].prompt = RichText(markdown: hostile, html: hostile)
        quiz.questions[0].hints = [RichText(markdown: hostile, html: hostile)]
        let console = ScriptedConsole(lines: ["q", "y"])
        _ = QuizRunner(quiz: quiz, seed: 7, console: console, heading: hostile).run()
        assertNoRawControl(console.transcript)
    }

    func testTheStudyRunnerShowsControlCharactersAsSigns() {
        let deck = Deck(id: "d", title: hostile, cards: [Deck.Card(id: "hostile", front: hostile, back: hostile)])
        let console = ScriptedConsole(lines: ["", "n"])
        _ = StudyRunner(study: DeckStudy(deck: deck), console: console).run()
        assertNoRawControl(console.transcript)
    }
}
