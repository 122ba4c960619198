import FolioCompiler
import FolioContent
import XCTest

@testable import FolioTranslation

/// The texts of a content file, keyed as translations match them, and replaced where they
/// are written without touching anything else.
final class ContentTextsTests: XCTestCase {
    let bill = """
        # The rights every learner has.
        title: Rights
        intro: |
          These rights belong to you.
          Read them.

        rights:
          - id: mine
            text: 'It''s mine'   # said aloud at the start
            detail: "In \\"quotes\\""
          - text: Plain words
          - A right on its own
        """

    func texts(_ kind: ContentKind, _ text: String) throws -> [String: ContentText] {
        let texts = try XCTUnwrap(ContentTexts.texts(of: kind, path: "file", text: text))
        return Dictionary(uniqueKeysWithValues: texts.map { ($0.key, $0) })
    }

    func replacing(_ words: [String: String], in text: String, kind: ContentKind) throws -> String {
        let found = try texts(kind, text)
        return TextReplacement.apply(try words.map { key, value in (try XCTUnwrap(found[key], key).place, value) }, to: text)
    }

    func testEachTextIsKeyedByItsStatedIdElseItsPlace() throws {
        let found = try texts(.billOfRights, bill)
        XCTAssertEqual(found.keys.sorted(), ["#2/text", "#3/text", "intro", "mine/detail", "mine/text", "title"])
        XCTAssertEqual(found["intro"]?.text, "These rights belong to you.\nRead them.\n")
        XCTAssertEqual(found["mine/text"]?.text, "It's mine")
        XCTAssertEqual(found["mine/text"]?.item, "mine")
        XCTAssertEqual(found["#3/text"]?.line, 12)

        let quiz = """
            title: Q
            questions:
              - prompt: First?
                choices:
                  - Yes
                  - { text: No, hint: "Think again" }
              - id: typed
                prompt: Say it
                type: text
                accept: [one, "two words"]
              - type: reflection
                prompt: What did you learn today?
            """
        let questions = try texts(.quiz, quiz)
        XCTAssertEqual(
            questions.keys.sorted(),
            ["#1/choices/#1/text", "#1/choices/#2/hint", "#1/choices/#2/text", "#1/prompt", "#3/prompt", "title", "typed/accept", "typed/prompt"])
        // The record keeps a reflection that states no id by the id its prompt makes.
        XCTAssertEqual(questions["#3/prompt"]?.item, ImplicitID.make(for: "What did you learn today?", fallback: "thought"))
        XCTAssertTrue(questions["#3/prompt"]?.item.hasPrefix("what-did-you-learn-today-") == true)
        XCTAssertEqual(questions["typed/accept"]?.text, "one\ntwo words")
        XCTAssertEqual(questions["#1/choices/#2/hint"]?.item, "#1")
    }

    func testAReplacedValueKeepsItsStyleAndEverythingAroundIt() throws {
        let replaced = try replacing(
            [
                "intro": "Estos derechos son tuyos.\nLéelos.\n", "mine/text": "Es mío, y de nadie", "mine/detail": "Entre \"comillas\"",
                "#2/text": "Nota: palabras", "#3/text": "¿Un derecho solo?",
            ], in: bill, kind: .billOfRights)
        XCTAssertEqual(
            replaced,
            """
            # The rights every learner has.
            title: Rights
            intro: |
              Estos derechos son tuyos.
              Léelos.

            rights:
              - id: mine
                text: 'Es mío, y de nadie'   # said aloud at the start
                detail: "Entre \\"comillas\\""
              - text: "Nota: palabras"
              - ¿Un derecho solo?
            """)
        let again = try texts(.billOfRights, replaced)
        XCTAssertEqual(again["intro"]?.text, "Estos derechos son tuyos.\nLéelos.\n")
        XCTAssertEqual(again["#2/text"]?.text, "Nota: palabras")
    }

    func testInBracesACommaIsQuotedAndAnAcceptListIsWrittenAsAList() throws {
        let quiz = """
            title: Q
            questions:
              - prompt: Pick
                choices:
                  - { text: Walk, correct: true }
                  - { text: Run }
              - prompt: Say it
                type: text
                accept:
                  - one
                  - two
            """
        let replaced = try replacing(["#1/choices/#1/text": "Caminar, o correr", "#2/accept": "uno\n  dos palabras\n\"tres\""], in: quiz, kind: .quiz)
        XCTAssertEqual(
            replaced,
            """
            title: Q
            questions:
              - prompt: Pick
                choices:
                  - { text: "Caminar, o correr", correct: true }
                  - { text: Run }
              - prompt: Say it
                type: text
                accept:
                  [uno, dos palabras, "\\"tres\\""]
            """)
        XCTAssertEqual(try texts(.quiz, replaced)["#2/accept"]?.text, "uno\ndos palabras\n\"tres\"")
    }

    func testATextDecksTitleAndCardsAreItsLinesInEitherLayout() throws {
        let twoLines = "\nBody words  \n\nPuberty\nThe years when your body changes.\n\nLonely front\n\nAcne\nPimples.\n"
        let found = try texts(.deck(text: true), twoLines)
        XCTAssertEqual(found.keys.sorted(), ["#1/back", "#1/front", "#2/back", "#2/front", "title"])
        XCTAssertEqual(found["title"]?.text, "Body words")
        XCTAssertEqual(found["#2/front"]?.text, "Acne")
        XCTAssertEqual(found["#2/back"]?.line, 10)
        XCTAssertEqual(
            try replacing(["title": "Palabras del cuerpo", "#1/front": "Pubertad", "#2/back": "Granitos."], in: twoLines, kind: .deck(text: true)),
            "\nPalabras del cuerpo  \n\nPubertad\nThe years when your body changes.\n\nLonely front\n\nAcne\nGranitos.\n")

        let tabbed = "Words\n hello \t hola\ttag\nbye\tadiós\n"
        let cards = try texts(.deck(text: true), tabbed)
        XCTAssertEqual(cards["#1/front"]?.text, "hello")
        XCTAssertEqual(cards["#1/back"]?.text, "hola\ttag")
        XCTAssertEqual(
            try replacing(["#1/front": "saludo", "#2/back": "chau"], in: tabbed, kind: .deck(text: true)), "Words\n saludo \t hola\ttag\nbye\tchau\n")
    }

    func testAnEntrysLineIsFoundByItsContextWrappedOrNot() {
        let po = """
            msgid ""
            msgstr ""
            "Language: es\\n"

            msgctxt "decks/a.yaml#title"
            msgid "A"
            msgstr ""

            msgctxt ""
            "quizzes/ready-for-high-school.yaml#homework-tracking/choices/#1/feedback"
            msgid "Yes"
            msgstr ""

            msgctxt "say \\"hi\\""
            msgid "Hi"
            msgstr ""
            """
        let lines = EntryLines(po)
        XCTAssertEqual(lines.line(of: "decks/a.yaml#title"), 5)
        XCTAssertEqual(lines.line(of: "quizzes/ready-for-high-school.yaml#homework-tracking/choices/#1/feedback"), 9)
        XCTAssertEqual(lines.line(of: "say \"hi\""), 14)
        XCTAssertEqual(lines.line(of: "nowhere"), 0)
    }

    func testAChaptersTitleAndTextAreReplacedUnderItsFrontMatter() throws {
        let chapter = "---\ntitle: Hello\nquiz: hello\n---\n\nSome **text**.\n"
        let found = try texts(.chapter, chapter)
        XCTAssertEqual(found["body"]?.text, "\nSome **text**.\n")
        XCTAssertEqual(found["body"]?.line, 5)
        XCTAssertEqual(
            try replacing(["title": "Hola", "body": "\nAlgo de **texto**.\n"], in: chapter, kind: .chapter),
            "---\ntitle: Hola\nquiz: hello\n---\n\nAlgo de **texto**.\n")
    }
}
