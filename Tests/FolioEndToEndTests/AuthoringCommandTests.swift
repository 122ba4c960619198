import Foundation
import XCTest

/// `folio init` and `folio new` as program staff run them: a program that checks and
/// builds from the first minute, new files named and numbered for them, and nothing of
/// theirs ever replaced.
final class AuthoringCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try FolioProcess.temporaryFolder(self)
    }

    /// Runs `folio check` in the test folder and expects no error.
    func assertChecksWithoutErrors(_ content: String = "Content", file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try FolioProcess.run(["check", content], in: folder)
        XCTAssertEqual(check.status, 0, check.stderr, file: file, line: line)
        XCTAssertFalse(check.stderr.contains("error"), check.stderr, file: file, line: line)
    }

    /// Runs `folio check --strict` in the test folder and expects not even a warning.
    func assertChecksWithoutAProblem(_ content: String = "Content", file: StaticString = #filePath, line: UInt = #line) throws {
        let check = try FolioProcess.run(["check", content, "--strict"], in: folder)
        XCTAssertEqual(check.status, 0, check.stderr, file: file, line: line)
        XCTAssertEqual(check.stderr, "no problems\n", file: file, line: line)
    }

    func testInitMakesAProgramThatChecksWithoutAProblemAndBuilds() throws {
        let result = try FolioProcess.run(["init"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        for line in [
            "Created a new program in Content/:", "  Content/chapters/01-getting-started.md ", "Next steps:", "  folio check ", "  folio build ",
            "  folio new chapter \"Making Friends\" ",
        ] {
            XCTAssertTrue(result.stderr.contains(line), "\(line)\n\(result.stderr)")
        }
        let check = try FolioProcess.run(["check"], in: folder)
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stderr, "no problems\n", "not one warning")
        let build = try FolioProcess.run(["build"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.hasPrefix("built 1 chapter, 1 quiz, 1 deck into Output"), build.stderr)
        for page in ["site/index.html", "site/chapters/getting-started.html", "site/media/path.svg", "bundle/quizzes/getting-started.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/" + page).path), page)
        }
    }

    func testInitThenFriendshipAndTrustAsTheNextChapterWithoutAProblem() throws {
        XCTAssertEqual(try FolioProcess.run(["init"], in: folder).status, 0)
        let starter = FolioProcess.snapshot(folder)
        try assertChecksWithoutAProblem()

        let added = try FolioProcess.run(["new", "chapter", "Friendship and Trust"], in: folder)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "")
        XCTAssertEqual(
            added.stderr,
            """
            Created chapter 2, `friendship-and-trust`: Content/chapters/02-friendship-and-trust.md
            Next: write the chapter in that file (its notes, on lines starting with #, show how), then run `folio check`.

            """)
        var after = FolioProcess.snapshot(folder)
        let chapter = String(decoding: try XCTUnwrap(after.removeValue(forKey: "Content/chapters/02-friendship-and-trust.md")), as: UTF8.self)
        XCTAssertEqual(after, starter, "one file added, nothing else changed")
        XCTAssertTrue(chapter.contains("\ntitle: Friendship and Trust\n"), chapter)
        XCTAssertFalse(chapter.contains("\nquiz:"), "no quiz without --with-quiz: \(chapter)")
        try assertChecksWithoutAProblem()

        let build = try FolioProcess.run(["build", "--strict"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.hasPrefix("built 2 chapters, 1 quiz, 1 deck into Output"), build.stderr)
        let page = try String(contentsOf: folder.appendingPathComponent("Output/site/chapters/friendship-and-trust.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("Friendship and Trust"))

        let program = FolioProcess.snapshot(folder.appendingPathComponent("Content"))
        let clash = try FolioProcess.run(["new", "chapter", "Friendship and Trust"], in: folder)
        XCTAssertEqual(clash.status, 2)
        XCTAssertEqual(
            clash.stderr,
            "error: there is already a chapter `friendship-and-trust`: `Content/chapters/02-friendship-and-trust.md`. Choose another title, or another id with `--id`\n"
        )
        XCTAssertEqual(FolioProcess.snapshot(folder.appendingPathComponent("Content")), program, "nothing changed")

        let withQuiz = try FolioProcess.run(["new", "chapter", "Trust at School", "--with-quiz"], in: folder)
        XCTAssertEqual(withQuiz.status, 0, withQuiz.stderr)
        XCTAssertTrue(
            withQuiz.stderr.hasPrefix(
                "Created chapter 3, `trust-at-school`: Content/chapters/03-trust-at-school.md\nCreated its quiz: Content/quizzes/trust-at-school.yaml\n"),
            withQuiz.stderr)
        try assertChecksWithoutAProblem()
    }

    func testInitIntoAnotherFolderNamesItInTheNextSteps() throws {
        let result = try FolioProcess.run(["init", "Summer Camp"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  folio check 'Summer Camp' "), result.stderr)
        XCTAssertTrue(result.stderr.contains("  folio new chapter \"Making Friends\" --content 'Summer Camp' "), result.stderr)
        try assertChecksWithoutAProblem("Summer Camp")
    }

    func testInitRefusesAFolderThatHoldsAnythingAndChangesNothing() throws {
        XCTAssertEqual(try FolioProcess.run(["init"], in: folder).status, 0)
        let program = FolioProcess.snapshot(folder)
        let again = try FolioProcess.run(["init"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.hasPrefix("error: `Content` already holds a Folio program (it has `folio.yaml`, `welcome.md`"), again.stderr)
        XCTAssertTrue(again.stderr.contains("folio new chapter \"Title\""), again.stderr)
        XCTAssertEqual(FolioProcess.snapshot(folder), program)

        let notes = folder.appendingPathComponent("Notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try "my notes".write(to: notes.appendingPathComponent("todo.txt"), atomically: true, encoding: .utf8)
        let refused = try FolioProcess.run(["init", "Notes"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("`Notes` is not empty (it holds `todo.txt`)"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: notes.path), ["todo.txt"])

        let file = try FolioProcess.run(["init", "Notes/todo.txt"], in: folder)
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.stderr.contains("is a file, not a folder"), file.stderr)
    }

    func testInitInAnEmptyFolderThatExists() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        XCTAssertEqual(try FolioProcess.run(["init", "Empty"], in: folder).status, 0)
        try assertChecksWithoutAProblem("Empty")
    }

    func testNewChaptersAreNumberedAfterTheLastOneEvenAcrossGaps() throws {
        XCTAssertEqual(try FolioProcess.run(["init"], in: folder).status, 0)
        let chapters = folder.appendingPathComponent("Content/chapters")
        try "---\ntitle: Feelings\n---\n\nText.\n".write(to: chapters.appendingPathComponent("04-feelings.md"), atomically: true, encoding: .utf8)
        let first = try FolioProcess.run(["new", "chapter", "Making Friends"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(
            first.stderr,
            """
            Created chapter 5, `making-friends`: Content/chapters/05-making-friends.md
            Next: write the chapter in that file (its notes, on lines starting with #, show how), then run `folio check`.

            """)
        try assertChecksWithoutAProblem()
        let second = try FolioProcess.run(["new", "chapter", "Qui suis-je ?", "--with-quiz"], in: folder)
        XCTAssertEqual(second.status, 0, second.stderr)
        let created = "Created chapter 6, `qui-suis-je`: Content/chapters/06-qui-suis-je.md\nCreated its quiz: Content/quizzes/qui-suis-je.yaml\n"
        XCTAssertTrue(second.stderr.hasPrefix(created), second.stderr)
        try assertChecksWithoutAProblem()
        let quiz = try FolioProcess.run(["quiz", "qui-suis-je", "--content", "Content", "--no-save"], in: folder)
        XCTAssertTrue(quiz.stdout.contains("Write the question here"), "the new chapter ends with its quiz: \(quiz.stdout)")
    }

    func testANewChapterWithAnIdAlreadyUsedIsRefusedAndNothingChanges() throws {
        XCTAssertEqual(try FolioProcess.run(["init"], in: folder).status, 0)
        let before = FolioProcess.snapshot(folder)
        let taken = try FolioProcess.run(["new", "chapter", "Getting started!"], in: folder)
        XCTAssertEqual(taken.status, 2)
        XCTAssertEqual(
            taken.stderr,
            "error: there is already a chapter `getting-started`: `Content/chapters/01-getting-started.md`. Choose another title, or another id with `--id`\n")
        let quizTaken = try FolioProcess.run(["new", "chapter", "Basics", "--id", "getting-started-2", "--with-quiz"], in: folder)
        XCTAssertEqual(quizTaken.status, 0, "a free id is fine")
        let again = try FolioProcess.run(["new", "quiz", "Getting started 2"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("there is already a quiz `getting-started-2`"), again.stderr)
        var after = FolioProcess.snapshot(folder)
        after["Content/chapters/02-getting-started-2.md"] = nil
        after["Content/quizzes/getting-started-2.yaml"] = nil
        XCTAssertEqual(after, before)
        XCTAssertEqual(try FolioProcess.run(["new", "chapter", "Wrong", "--id", "Not Valid"], in: folder).status, 2)
        XCTAssertEqual(try FolioProcess.run(["new", "chapter", "Somewhere", "--content", "Missing"], in: folder).status, 2)
    }

    func testANewQuizEndsTheChapterItNamesUnlessThatChapterHasOne() throws {
        XCTAssertEqual(try FolioProcess.run(["init"], in: folder).status, 0)
        XCTAssertEqual(try FolioProcess.run(["new", "chapter", "Moving On"], in: folder).status, 0)
        let added = try FolioProcess.run(["new", "quiz", "Moving quiz", "--chapter", "moving-on"], in: folder)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(
            added.stderr,
            """
            Created the quiz `moving-quiz`: Content/quizzes/moving-quiz.yaml
            Added `quiz: moving-quiz` to Content/chapters/02-moving-on.md: the quiz ends that chapter.
            Next: write the questions in that file (its notes, on lines starting with #, show how), then run `folio check`.

            """)
        let chapter = try String(contentsOf: folder.appendingPathComponent("Content/chapters/02-moving-on.md"), encoding: .utf8)
        XCTAssertTrue(chapter.contains("\nquiz: moving-quiz\n---\n"), chapter)
        try assertChecksWithoutAProblem()

        let before = FolioProcess.snapshot(folder)
        let refused = try FolioProcess.run(["new", "quiz", "Another", "--chapter", "getting-started"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("the chapter `getting-started` already ends with the quiz `getting-started`"), refused.stderr)
        XCTAssertEqual(FolioProcess.snapshot(folder), before)

        let alone = try FolioProcess.run(["new", "quiz", "Spare questions"], in: folder)
        XCTAssertEqual(alone.status, 0)
        XCTAssertTrue(alone.stderr.contains("No chapter ends with it yet: add the line `quiz: spare-questions`"), alone.stderr)
        try assertChecksWithoutErrors()
        // The one warning is the one the command gave: learners cannot reach the quiz yet.
        let check = try FolioProcess.run(["check"], in: folder)
        XCTAssertTrue(
            check.stderr.hasPrefix("Content/quizzes/spare-questions.yaml:8:1: warning: no chapter names the quiz `spare-questions`"), check.stderr)
        XCTAssertTrue(
            check.stderr.hasSuffix("\n1 warning\nrun `folio explain <code>` to learn more about a problem, such as `folio explain quiz-unused`\n"),
            check.stderr)
    }

    func testANewDeckChecksAndStudies() throws {
        XCTAssertEqual(try FolioProcess.run(["init", "Program"], in: folder).status, 0)
        let deck = try FolioProcess.run(["new", "deck", "Body words", "--content", "Program"], in: folder)
        XCTAssertEqual(deck.status, 0, deck.stderr)
        XCTAssertTrue(deck.stderr.hasPrefix("Created the deck `body-words`: Program/decks/body-words.yaml\n"), deck.stderr)
        XCTAssertTrue(deck.stderr.contains("then run `folio check Program`"), deck.stderr)
        try assertChecksWithoutAProblem("Program")
        XCTAssertEqual(try FolioProcess.run(["new", "deck", "Body Words!", "--content", "Program"], in: folder).status, 2)
    }
}
