import FolioAuthoring
import FolioCore
import FolioModel
import Foundation
import XCTest

/// The program `folio init` makes: every part of a program, notes in every file, and
/// not one problem when it is checked.
final class StarterProgramTests: XCTestCase {
    func testTheStarterHasEveryPartOfAProgramInReadingOrder() {
        XCTAssertEqual(
            StarterProgram.files.map(\.path),
            [
                "folio.yaml", "welcome.md", "bill-of-rights.yaml", "chapters/01-getting-started.md", "quizzes/getting-started.yaml",
                "decks/folio-words.yaml", "media/path.svg",
            ])
        for file in StarterProgram.files {
            XCTAssertFalse(file.purpose.isEmpty, "\(file.path) says what it is for")
        }
    }

    func testEveryFileTeachesTheFormatInNotesAnAuthorCanRead() {
        for file in StarterProgram.files {
            let notes = file.text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            if file.path.hasSuffix(".svg") {
                XCTAssertTrue(file.text.contains("<!--"), file.path)
            } else {
                XCTAssertGreaterThanOrEqual(notes.count, 3, "\(file.path) has notes")
            }
            XCTAssertFalse(file.text.contains("\t"), "\(file.path): tabs are not allowed in YAML")
        }
    }

    func testTheStarterCompilesWithoutAWarningAndUsesEveryPart() throws {
        let folder = try TemporaryProgram.starter(self)
        let result = try TemporaryProgram.compile(folder)
        XCTAssertEqual(result.diagnostics.all, [], "\(result.diagnostics.all)")
        let program = try XCTUnwrap(result.program)
        XCTAssertEqual(program.chapters.map(\.id), ["getting-started"])
        XCTAssertEqual(program.chapters.first?.quiz, "getting-started")
        XCTAssertEqual(program.chapters.first?.videos.count, 1)
        XCTAssertEqual(Set(program.quizzes.first?.questions.map(\.type.rawValue) ?? []), ["single", "multiple", "true-false", "text", "number"])
        XCTAssertEqual(program.decks.map(\.id), ["folio-words"])
        XCTAssertNotNil(program.billOfRights)
        XCTAssertEqual(program.media.map(\.bundlePath), ["media/path.svg"])
    }

    func testInitRefusesAFolderThatIsNotNewOrEmpty() throws {
        let starter = try TemporaryProgram.starter(self)
        XCTAssertThrowsError(try ProgramInit.plan(in: starter)) { error in
            XCTAssertTrue("\(error)".contains("already holds a Folio program"), "\(error)")
        }
        let notes = try TemporaryProgram.with(["notes.txt": "mine", ".hidden": ""], self)
        XCTAssertThrowsError(try ProgramInit.plan(in: notes)) { error in
            XCTAssertTrue("\(error)".contains("is not empty (it holds `.hidden`, `notes.txt`)"), "\(error)")
        }
        let onlyChapters = try TemporaryProgram.with(["chapters/01-a.md": "---\ntitle: A\n---\n"], self)
        XCTAssertThrowsError(try ProgramInit.plan(in: onlyChapters)) { error in
            XCTAssertTrue("\(error)".contains("(it has `chapters`)"), "\(error)")
        }
        let file = ContentFolder(notes.url.appendingPathComponent("notes.txt").path)
        XCTAssertEqual(FolderContents.of(file.url), .notAFolder)
        XCTAssertEqual(FolderContents.of(notes.url.appendingPathComponent("new")), .missing)
    }

    func testTheWelcomeSaysWhatTheStarterQuizDoes() throws {
        let welcome = try XCTUnwrap(StarterProgram.files.first { $0.path == "welcome.md" }).text
        let quiz = try XCTUnwrap(StarterProgram.files.first { $0.path == "quizzes/getting-started.yaml" }).text
        XCTAssertTrue(quiz.contains("\npass: 70%\n"), "the starter quiz has a pass mark")
        XCTAssertFalse(welcome.contains("can fail"), "a quiz with a pass mark is not one you cannot fail:\n\(welcome)")
        // The rule the end of a quiz states, in the site and in the terminal (ResultWords).
        let words = welcome.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(words.contains("you get a hint and you try again"), welcome)
        XCTAssertTrue(words.contains("Your score counts the answers you get right on the first try"), welcome)
        XCTAssertTrue(words.contains("you can take a quiz as many times as you like until you reach its pass mark"), welcome)
    }

    /// Learners are 10 to 14; X and Facebook require their users to be 13 or older.
    func testTheStarterSuggestsNoSocialNetworkButSaysWhy() throws {
        let settings = try XCTUnwrap(StarterProgram.files.first { $0.path == "folio.yaml" }).text
        let lines = settings.split(separator: "\n")
        XCTAssertFalse(lines.contains { $0.contains("share:") && !$0.contains("`share:`") }, "no share: line to uncomment:\n\(settings)")
        XCTAssertFalse(lines.contains { $0.contains("[twitter") || $0.contains("facebook]") }, settings)
        XCTAssertTrue(settings.contains("X (Twitter) and Facebook"), "the option is still explained")
        XCTAssertTrue(settings.contains("require their users to be 13 or older"), settings)
    }
}
