import FolioTestSupport
import Foundation
import XCTest

/// `folio quiz` and `folio study` in Spanish on the sample: the parts translated are
/// shown in Spanish, the others whole in English, with a note; answers are graded the
/// same way whatever the language.
final class TranslatedTerminalTests: XCTestCase {
    let content = TestFixtures.sampleContent.path

    func testATranslatedQuizIsTakenInSpanishAndAWrongAnswerGivesItsSpanishHint() throws {
        // With this seed the first choice is "Qué tan bien te va en la escuela", a wrong one.
        let run = try FolioProcess.runWithInput(["quiz", "who-am-i", "--language", "es", "--content", content, "--no-save", "--seed", "1"], input: "1\nq\n")
        XCTAssertTrue(run.stdout.contains("¿Qué es la autoestima?"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Cuánto te valoras a ti misma"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Pista: Las calificaciones pueden influir"), run.stdout)
        XCTAssertFalse(run.stdout.contains("Esta parte todavía no está traducida"), run.stdout)
        XCTAssertFalse(run.stdout.contains("What is self-esteem?"), run.stdout)
    }

    func testAnUntranslatedQuizIsShownWholeInEnglishWithANoteInSpanish() throws {
        let run = try FolioProcess.runWithInput(["quiz", "friendship", "--language", "es", "--content", content, "--no-save"], input: "q\n")
        XCTAssertTrue(run.stdout.contains("Esta parte todavía no está traducida."), run.stdout)
        XCTAssertTrue(run.stdout.contains("Pregunta 1 de 4"), run.stdout)
        XCTAssertTrue(run.stdout.contains("What is this?"), run.stdout)
    }

    func testTheSameQuizFromTheBundleIsInSpanishToo() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        let build = try FolioProcess.run(["build", content, "--output", output.path, "--quiet"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let bundle = output.appendingPathComponent("bundle").path
        let translated = try FolioProcess.runWithInput(["quiz", "who-am-i", "--language", "es", "--bundle", bundle, "--no-save"], input: "q\n")
        XCTAssertTrue(translated.stdout.contains("¿Qué es la autoestima?"), translated.stdout)
        let untranslated = try FolioProcess.runWithInput(["study", "body-words", "--language", "es", "--bundle", bundle, "--no-save"], input: "q\n")
        XCTAssertTrue(untranslated.stdout.contains("Esta parte todavía no está traducida."), untranslated.stdout)
    }
}
