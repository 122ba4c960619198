import FolioTestSupport
import Foundation
import XCTest

/// `folio init` and `folio new` as program staff run them: a program that checks and
/// builds from the first minute, new files named and numbered for them, and nothing of
/// theirs ever replaced.
final class AuthoringCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
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
        let starter = TestFixtures.snapshot(folder)
        try assertChecksWithoutAProblem()

        let added = try FolioProcess.run(["new", "chapter", "Friendship and Trust"], in: folder)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "")
        XCTAssertEqual(
            added.stderr,
            """
            Created chapter 2, `friendship-and-trust`: Content/chapters/02-friendship-and-trust.md
            Next: write the chapter in that file (its notes show how), then run `folio check`.

            """)
        var after = TestFixtures.snapshot(folder)
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

        let program = TestFixtures.snapshot(folder.appendingPathComponent("Content"))
        let clash = try FolioProcess.run(["new", "chapter", "Friendship and Trust"], in: folder)
        XCTAssertEqual(clash.status, 2)
        XCTAssertEqual(
            clash.stderr,
            "error: there is already a chapter `friendship-and-trust`: `Content/chapters/02-friendship-and-trust.md`. Choose another title, or another id with `--id`\n"
        )
        XCTAssertEqual(TestFixtures.snapshot(folder.appendingPathComponent("Content")), program, "nothing changed")

        let withQuiz = try FolioProcess.run(["new", "chapter", "Trust at School", "--with-quiz"], in: folder)
        XCTAssertEqual(withQuiz.status, 0, withQuiz.stderr)
        XCTAssertTrue(
            withQuiz.stderr.hasPrefix(
                "Created chapter 3, `trust-at-school`: Content/chapters/03-trust-at-school.md\nCreated its quiz: Content/quizzes/trust-at-school.yaml\n"),
            withQuiz.stderr)
        try assertChecksWithoutAProblem()
    }

    /// `--github-pages` writes the publishing workflow for the program's folder: with a
    /// new program, or alone beside one that exists; never over a file, never for a folder
    /// outside the repository.
    func testInitWritesTheGitHubPagesWorkflowForTheProgramsFolder() throws {
        let created = try FolioProcess.run(["init", "Go Grrrls Spring", "--github-pages"], in: folder)
        XCTAssertEqual(created.status, 0, created.stderr)
        let workflow = folder.appendingPathComponent(".github/workflows/publish-site.yml")
        let text = try String(contentsOf: workflow, encoding: .utf8)
        XCTAssertTrue(text.contains("  folio check 'Go Grrrls Spring' --strict --format github\n"), text)
        XCTAssertTrue(text.contains("  folio build 'Go Grrrls Spring' --output \"$RUNNER_TEMP/Output\" --strict --quiet\n"), text)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8).split(separator: "\n").last, "Output/")
        XCTAssertTrue(created.stderr.contains("Wrote .github/workflows/publish-site.yml"), created.stderr)
        try assertChecksWithoutAProblem("Go Grrrls Spring")
        // The folder's name is the program's title, and its id is made from it.
        let settings = try String(contentsOf: folder.appendingPathComponent("Go Grrrls Spring/folio.yaml"), encoding: .utf8)
        XCTAssertTrue(settings.contains("\ntitle: Go Grrrls Spring\n"), settings)
        XCTAssertTrue(settings.contains("\nid: go-grrrls-spring\n"), settings)

        let again = try FolioProcess.run(["init", "Go Grrrls Spring", "--github-pages"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists, and `folio init` never replaces a file"), again.stderr)
        XCTAssertEqual(try String(contentsOf: workflow, encoding: .utf8), text)

        // A program made earlier: only the workflow is written, and a .gitignore that
        // exists is left as it is.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".github"))
        try "*.swp\n".write(to: folder.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        let existing = try FolioProcess.run(["init", "Go Grrrls Spring", "--github-pages"], in: folder)
        XCTAssertEqual(existing.status, 0, existing.stderr)
        XCTAssertFalse(existing.stderr.contains("Created a new program"), existing.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: workflow.path))
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8), "*.swp\n")

        let outside = try FolioProcess.run(["init", "../Elsewhere", "--github-pages"], in: folder)
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("in the repository's top folder"), outside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("Elsewhere").path), "nothing made")
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
        let program = TestFixtures.snapshot(folder)
        let again = try FolioProcess.run(["init"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.hasPrefix("error: `Content` already holds a Folio program (it has `folio.yaml`, `welcome.md`"), again.stderr)
        XCTAssertTrue(again.stderr.contains("folio new chapter \"Title\""), again.stderr)
        XCTAssertEqual(TestFixtures.snapshot(folder), program)

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
            Next: write the chapter in that file (its notes show how), then run `folio check`.

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
        let before = TestFixtures.snapshot(folder)
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
        var after = TestFixtures.snapshot(folder)
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
        XCTAssertTrue(chapter.contains("\ntitle: Moving On\nquiz: moving-quiz\n# One line about the chapter"), "right after the title: \(chapter)")
        try assertChecksWithoutAProblem()

        let before = TestFixtures.snapshot(folder)
        let refused = try FolioProcess.run(["new", "quiz", "Another", "--chapter", "getting-started"], in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("the chapter `getting-started` already ends with the quiz `getting-started`"), refused.stderr)
        XCTAssertEqual(TestFixtures.snapshot(folder), before)

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

    /// The commands `folio init` prints, as printed: each one split as a shell would.
    func nextSteps(_ report: String) -> [[String]] {
        guard let start = report.range(of: "Next steps:\n") else { return [] }
        return report[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            .compactMap { ExampleLine($0).words?.arguments }
    }

    func testEveryNextStepInitPrintsWorksAsPrintedFromWhereInitRan() throws {
        for (arguments, site) in [([String](), "Output"), (["camp"], "Output"), (["Summer Camp"], "Output"), (["."], "../Output")] {
            let here = folder.appendingPathComponent(UUID().uuidString).appendingPathComponent("here")
            try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
            let made = try FolioProcess.run(["init"] + arguments, in: here)
            XCTAssertEqual(made.status, 0, made.stderr)
            let steps = nextSteps(made.stderr)
            XCTAssertEqual(steps.count, 3, made.stderr)
            XCTAssertTrue(made.stderr.contains("open \(site)/site/index.html"), made.stderr)
            for step in steps {
                XCTAssertEqual(step.first, "folio")
                let result = try FolioProcess.run(Array(step.dropFirst()), in: here)
                XCTAssertEqual(result.status, 0, "folio init \(arguments), then \(step):\n\(result.stderr)")
            }
            let page = here.appendingPathComponent(site + "/site/index.html").standardizedFileURL
            XCTAssertTrue(FileManager.default.fileExists(atPath: page.path), "folio init \(arguments): the site is where init said")
        }
    }

    /// After `folio init camp` and `cd camp`, the program is the current folder, and no
    /// command needs to be told so.
    func testInsideTheProgramsOwnFolderEveryCommandFindsIt() throws {
        XCTAssertEqual(try FolioProcess.run(["init", "camp"], in: folder).status, 0)
        let camp = folder.appendingPathComponent("camp")
        let check = try FolioProcess.run(["check", "--strict"], in: camp)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "no problems\n")

        let chapter = try FolioProcess.run(["new", "chapter", "Making Friends"], in: camp)
        XCTAssertEqual(chapter.status, 0, chapter.stderr)
        XCTAssertTrue(chapter.stderr.hasPrefix("Created chapter 2, `making-friends`: chapters/02-making-friends.md\n"), chapter.stderr)
        let quiz = try FolioProcess.run(["new", "quiz", "Friends check", "--chapter", "making-friends"], in: camp)
        XCTAssertEqual(quiz.status, 0, quiz.stderr)
        let deck = try FolioProcess.run(["new", "deck", "Kind words"], in: camp)
        XCTAssertEqual(deck.status, 0, deck.stderr)
        try "::Q1:: The sky is blue. {T}\n".write(to: folder.appendingPathComponent("sky.gift"), atomically: true, encoding: .utf8)
        let imported = try FolioProcess.run(["import", "../sky.gift"], in: camp)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("imported 1 question into quizzes/sky.yaml\n"), imported.stderr)
        for file in ["chapters/02-making-friends.md", "quizzes/friends-check.yaml", "decks/kind-words.yaml", "quizzes/sky.yaml"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: camp.appendingPathComponent(file).path), file)
        }
        XCTAssertEqual(try FolioProcess.run(["check"], in: camp).status, 0)

        // The output cannot be inside the content, which would read it back as content:
        // the build goes beside the program, where `folio build camp` would put it.
        let build = try FolioProcess.run(["build"], in: camp)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("\nbuilt 2 chapters, 3 quizzes, 2 decks into ../Output "), "after the imported quiz's warning: \(build.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/site/index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: camp.appendingPathComponent("Output").path))
        let quizzes = try FolioProcess.run(["quiz"], in: camp)
        XCTAssertEqual(quizzes.status, 0, "the bundle that build wrote: \(quizzes.stderr)")
        XCTAssertTrue(quizzes.stdout.contains("making-friends"), quizzes.stdout)
        let fromContent = try FolioProcess.run(["study", "--content", "."], in: camp)
        XCTAssertEqual(fromContent.status, 0, fromContent.stderr)
        XCTAssertTrue(fromContent.stdout.contains("kind-words"), fromContent.stdout)
        // A second program inside this one would be read instead of it from then on.
        let nested = try FolioProcess.run(["init"], in: camp)
        XCTAssertEqual(nested.status, 2)
        XCTAssertEqual(
            nested.stderr,
            "error: this folder already holds a Folio program (it has `folio.yaml`), and `folio init` never changes one. To add to it, use `folio new chapter \"Title\"`\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: camp.appendingPathComponent("Content").path))
    }

    /// The README's own example makes a folder whose name has spaces: typed without
    /// quotes, the shell splits it, and the message says to quote it. Inside the program's
    /// `chapters/`, the program is found above, as git finds its repository.
    func testAFolderNameWithSpacesAndAFolderInsideTheProgram() throws {
        XCTAssertEqual(try FolioProcess.run(["init", "Go Grrrls Spring"], in: folder).status, 0)
        let unquoted = try FolioProcess.run(["check", "Go", "Grrrls", "Spring"], in: folder)
        XCTAssertEqual(unquoted.status, 2)
        XCTAssertTrue(
            unquoted.stderr.hasPrefix(
                "Error: 2 unexpected arguments: 'Grrrls', 'Spring'\nHint: `Go Grrrls Spring` is one folder whose name has spaces: put it in quotes, as in `folio check 'Go Grrrls Spring'`\nUsage: folio check"
            ), unquoted.stderr)
        let missing = try FolioProcess.run(["build", "Go", "Girls"], in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("\nHint: if the folder's name has spaces, put it in quotes, as in `folio build 'Go Girls'`\n"), missing.stderr)

        let chapters = folder.appendingPathComponent("Go Grrrls Spring/chapters")
        let check = try FolioProcess.run(["check"], in: chapters)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "no problems\n")
        // The output goes beside the program, never inside the content.
        let build = try FolioProcess.run(["build"], in: chapters)
        XCTAssertEqual(build.status, 0, build.stderr)
        XCTAssertTrue(build.stderr.contains("into ../../Output "), build.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output/site/index.html").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: chapters.appendingPathComponent("Output").path))
    }

    func testWithNoProgramHereEveryCommandSaysWhatToDoInTheSameWords() throws {
        let expected =
            "error: there is no program here: no `Content` folder and no `folio.yaml`. Run the command in the folder that holds `Content`, give the folder ("
        for (arguments, example) in [
            (["check"], "`folio check MyProgram`"), (["build"], "`folio build MyProgram`"), (["serve"], "`folio serve MyProgram`"),
            (["new", "chapter", "Making Friends"], "`folio new chapter \"Title\" --content MyProgram`"),
            (["new", "quiz", "Check"], "`folio new chapter \"Title\" --content MyProgram`"),
            (["new", "deck", "Words"], "`folio new chapter \"Title\" --content MyProgram`"),
            (["import", "grant.gift"], "`folio import grant.gift --content MyProgram`"),
            (["quiz", "--content", "Content"], "`--content MyProgram`"),
        ] {
            let result = try FolioProcess.run(arguments, in: folder)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, expected + example + "), or start one with `folio init`\n", "\(arguments)")
        }
        let named = try FolioProcess.run(["check", "Summer Camp"], in: folder)
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(
            named.stderr, "error: there is no folder `Summer Camp` here: check its name, or start a program there with `folio init 'Summer Camp'`\n")
        XCTAssertEqual(TestFixtures.snapshot(folder), [:], "nothing was written")
    }
}
