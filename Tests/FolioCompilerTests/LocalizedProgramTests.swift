import FolioCompiler
import FolioModel
import FolioProgram
import FolioTestSupport
import XCTest

/// The sample as a learner reading Spanish sees it: what is translated in Spanish, the
/// rest in English, whole, and known to be so.
final class LocalizedProgramTests: XCTestCase {
    func testTheSampleInSpanishHasItsTranslatedPartsAndFallsBackWholeElsewhere() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let spanish = program.localized(to: "es")
        XCTAssertEqual(spanish.language, "es")
        XCTAssertEqual(spanish.program.settings.language, "es")

        XCTAssertEqual(spanish.program.chapters.map(\.id), program.chapters.map(\.id), "the same chapters in the same order")
        let whoAmI = try XCTUnwrap(spanish.program.chapters.first { $0.id == "who-am-i" })
        XCTAssertNotEqual(whoAmI.title, program.chapters.first { $0.id == "who-am-i" }?.title)
        XCTAssertFalse(spanish.fallsBack(TranslatedPart(.chapter, "who-am-i")))
        let friendship = try XCTUnwrap(spanish.program.chapters.first { $0.id == "friendship" })
        XCTAssertEqual(friendship, program.chapters.first { $0.id == "friendship" }, "an untranslated chapter is the original, whole")
        XCTAssertTrue(spanish.fallsBack(TranslatedPart(.chapter, "friendship")))

        // A translated quiz is the same quiz in other words: its ids and answers are the original's.
        let quiz = try XCTUnwrap(spanish.program.quiz("feelings-check"))
        let original = try XCTUnwrap(program.quiz("feelings-check"))
        XCTAssertNotEqual(quiz.title, original.title)
        XCTAssertEqual(quiz.questions.map(\.id), original.questions.map(\.id))
        XCTAssertEqual(quiz.questions.map { $0.choices.map(\.id) }, original.questions.map { $0.choices.map(\.id) })
        XCTAssertEqual(quiz.questions.map { $0.choices.map(\.correct) }, original.questions.map { $0.choices.map(\.correct) })
        XCTAssertEqual(quiz.questions.map(\.answer), original.questions.map(\.answer))
        XCTAssertEqual(spanish.program.quiz("friendship"), program.quiz("friendship"))

        XCTAssertNotEqual(spanish.program.welcome.title, program.welcome.title)
        XCTAssertNotEqual(spanish.program.billOfRights?.title, program.billOfRights?.title)
        XCTAssertEqual(
            spanish.fallbacks,
            [
                TranslatedPart(.chapter, "friendship"), TranslatedPart(.chapter, "body-and-health"), TranslatedPart(.chapter, "the-big-move"),
                TranslatedPart(.quiz, "friendship"), TranslatedPart(.quiz, "healthy-habits"), TranslatedPart(.quiz, "ready-for-high-school"),
                TranslatedPart(.deck, "body-words"),
            ])
    }

    func testTheDefaultLanguageIsTheProgramItself() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let english = program.localized(to: "en")
        XCTAssertEqual(english.fallbacks, [])
        XCTAssertEqual(english.program.chapters, program.chapters)
        XCTAssertEqual(program.localized(to: "fr").language, "en", "a language the program does not have is the default")
    }
}
