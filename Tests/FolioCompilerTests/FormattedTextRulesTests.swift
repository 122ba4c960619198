import FolioContent
import FolioCore
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// Every text an author may format outside a chapter is held to a chapter's rules, each
/// problem placed where it is written in the file, however YAML writes the text.
final class FormattedTextRulesTests: XCTestCase {
    /// The spec examples with `files` laid over them, compiled in memory: each problem's
    /// code and place.
    func problems(_ files: [String: String]) throws -> [String] {
        var content = TestFixtures.snapshot(Fixtures.specExamples)
        for (path, text) in files { content[path] = Data(text.utf8) }
        let result = try Compiler(content: ContentInMemory(files: content)).compile()
        return result.diagnostics.sorted.map { "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column)" }
    }

    func testTheBillOfRightsIsHeldToAChaptersRules() throws {
        let text = MarkedText(
            """
            title: Girl Bill of Rights
            intro: |
              Every girl has the right to ...

              1️⃣<div class="note">Ask us</div>
            rights:
              - text: I have the right to be [myself](2️⃣javascript:alert(1)).
                detail: "What this means: <!-- a note for staff --> see [help](https://kidshelpphone.ca)."

            """)
        XCTAssertEqual(
            try problems(["bill-of-rights.yaml": text.text]),
            ["raw-html-omitted bill-of-rights.yaml:" + text.place("1️⃣"), "link-unsafe bill-of-rights.yaml:" + text.place("2️⃣")])
    }

    /// Folded, quoted and escaped text, two links alike, a list of hints written in
    /// brackets and a reflection's discussion: each problem at its own place.
    func testEachProblemIsPlacedWhereItIsWrittenHoweverYAMLWritesTheText() throws {
        let text = MarkedText(
            """
            title: Who am I?
            questions:
              - prompt: >
                  Which [one](1️⃣javascript:a()) is right,
                  this [one](2️⃣javascript:a())?
                choices:
                  - text: "Me, \\"really\\" 3️⃣<em>me6️⃣</em>"
                    correct: true
                  - text: Not me
                    hint: Think again.
                hints: [Look up, 'See [this](4️⃣data:text/plain,hi)']
              - prompt: What do you think?
                type: reflection
                discussion: |-
                  Talk it over.
                  Then 5️⃣<u>write7️⃣</u> it down.

            """)
        XCTAssertEqual(
            try problems(["quizzes/who-am-i.yaml": text.text]),
            [
                "link-unsafe quizzes/who-am-i.yaml:" + text.place("1️⃣"), "link-unsafe quizzes/who-am-i.yaml:" + text.place("2️⃣"),
                "raw-html-omitted quizzes/who-am-i.yaml:" + text.place("3️⃣"),
                "raw-html-omitted quizzes/who-am-i.yaml:" + text.place("6️⃣"),
                "link-unsafe quizzes/who-am-i.yaml:" + text.place("4️⃣"),
                "raw-html-omitted quizzes/who-am-i.yaml:" + text.place("5️⃣"),
                "raw-html-omitted quizzes/who-am-i.yaml:" + text.place("7️⃣"),
            ])
    }

    func testACardsBackIsFoundAfterItsTabInATabbedDeck() throws {
        let text = MarkedText("Body words\n[Run](1️⃣javascript:x)\tSee [run](2️⃣javascript:x)\n")
        XCTAssertEqual(
            try problems(["decks/body-words.txt": text.text]),
            ["link-unsafe decks/body-words.txt:" + text.place("1️⃣"), "link-unsafe decks/body-words.txt:" + text.place("2️⃣")])
    }

    func testSafeAddressesAndPlainTextAreNotReported() throws {
        XCTAssertEqual(
            try problems([
                "decks/feelings.yaml": """
                title: Feelings words
                cards:
                  - front: "Calm: [read more](https://example.org/calm) or [mail](mailto:a@example.org)"
                    back: "a < b, [a list](#top), ![sun](../media/sun.png), <https://example.org>"
                  - front: "Time: 10:30"
                    back: "[[not a link]]"
                """
            ]), [])
    }

    /// A file whose bytes hold no `[` and no `<` is not walked; one whose markup is
    /// written only as YAML escapes (`\u003C`, `\x5B`) is, and its problems are found.
    func testMarkupWrittenAsYAMLEscapesIsFound() throws {
        let quiz = """
            title: Escapes
            questions:
              - prompt: "Which one? \\u003Cscript\\u003E"
                choices:
                  - text: "\\x5Bhere\\x5D(javascript:alert(1))"
                    correct: true
                  - text: Not this one
                    hint: Look again.

            """
        let found = try problems(["quizzes/escapes.yaml": quiz])
        XCTAssertTrue(found.contains { $0.hasPrefix("raw-html-omitted quizzes/escapes.yaml:3:") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("link-unsafe quizzes/escapes.yaml:") }, "\(found)")
        XCTAssertTrue(FormattedTextRules.mayHoldMarkup(quiz))
        XCTAssertFalse(FormattedTextRules.mayHoldMarkup("title: Plain\nquestions:\n  - prompt: Which one: this?\n"))
    }
}
