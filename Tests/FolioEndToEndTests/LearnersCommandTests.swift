import FolioProgress
import FolioTestSupport
import Foundation
import XCTest

/// Two learners on one computer (`--learner`), each with her own progress, and one
/// learner's progress moved to another computer (`folio progress --export`, `--import`).
final class LearnersCommandTests: XCTestCase {
    var bundle = ""
    var folder: URL!

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", output.path]).status, 0)
        bundle = output.appendingPathComponent("bundle").path
    }

    /// `who-am-i` with seed 3, every question right on the first try, and a thought.
    func takeTheQuiz(_ arguments: [String]) throws {
        let result = try FolioProcess.runWithInput(
            ["quiz", "who-am-i", "--bundle", bundle, "--seed", "3"] + arguments, input: "1\n1 2\nt\nme\n10\nMy laugh\n")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func attempts(_ arguments: [String]) throws -> Int {
        let result = try FolioProcess.run(["progress", "--bundle", bundle, "--format", "json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap((summary["chapters"] as? [[String: Any]])?.first?["attempts"] as? Int)
    }

    func testEachLearnerHasHerOwnProgressAndCanTakeItToAnotherComputer() throws {
        let shared = folder.appendingPathComponent("laptop/progress.sqlite").path
        try takeTheQuiz(["--progress", shared, "--learner", "Zoë"])
        try takeTheQuiz(["--progress", shared, "--learner", "zoe"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("laptop/progress-zoe.sqlite").path))
        XCTAssertEqual(try attempts(["--progress", shared, "--learner", "ZOE"]), 2, "the same learner, however her name is typed")
        XCTAssertEqual(try attempts(["--progress", shared, "--learner", "Maya"]), 0, "her sister's progress is her own")
        XCTAssertEqual(try attempts(["--progress", shared]), 0, "and so is the file without a name")

        let file = folder.appendingPathComponent("usb/zoe.sqlite").path
        try FileManager.default.createDirectory(atPath: folder.appendingPathComponent("usb").path, withIntermediateDirectories: true)
        let export = try FolioProcess.run(["progress", "--progress", shared, "--learner", "Zoë", "--export", file])
        XCTAssertEqual(export.status, 0, export.stderr)
        let again = try FolioProcess.run(["progress", "--progress", shared, "--learner", "Zoë", "--export", file])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("a file is there already"), again.stderr)

        let home = folder.appendingPathComponent("home/progress.sqlite").path
        let imported = try FolioProcess.run(["progress", "--progress", home, "--learner", "Zoë", "--import", file])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.contains("Imported 2 quiz attempts, 0 study sessions, and 2 thoughts"), imported.stdout)
        let twice = try FolioProcess.run(["progress", "--progress", home, "--learner", "Zoë", "--import", file])
        XCTAssertTrue(
            twice.stdout.contains("Imported 0 quiz attempts, 0 study sessions, and 0 thoughts") && twice.stdout.contains("(4 already here)"), twice.stdout)
        XCTAssertEqual(try attempts(["--progress", home, "--learner", "Zoë"]), 2, "each record once")
        let thoughts = try ProgressStore(path: folder.appendingPathComponent("home/progress-zoe.sqlite").path).thoughts(program: "go-grrrls")
        XCTAssertEqual(thoughts.map(\.text), ["My laugh", "My laugh"])

        let refused = try FolioProcess.run(["progress", "--bundle", bundle, "--learner", "!!!"])
        XCTAssertEqual(refused.status, 2, "a usage problem")
        XCTAssertTrue(refused.stderr.contains("`--learner` needs a first name or nickname"), refused.stderr)
        let notThere = try FolioProcess.run(["progress", "--progress", home, "--import", folder.appendingPathComponent("nothing.sqlite").path])
        XCTAssertEqual(notThere.status, 2)
        XCTAssertTrue(notThere.stderr.contains("there is no file"), notThere.stderr)
    }

    /// Lines wrapped to the terminal's width joined again, so that a sentence can be found
    /// wherever it was wrapped.
    func unwrapped(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    func testAtATerminalEveryFollowUpKeepsHerNameAndTheProgressSaysWhoseItIs() throws {
        let environment = ["FOLIO_PROGRESS": folder.appendingPathComponent("laptop/progress.sqlite").path]
        let folio = FolioProcess.executable.path
        let quiz = try TmuxSession([folio, "quiz", "who-am-i", "--bundle", bundle, "--seed", "3", "--learner", "Maya"], environment: environment)
        for (index, answer) in ["1", "1 2", "t", "me", "10"].enumerated() {
            try quiz.waitFor("Your answer:", after: "Question \(index + 1) of 5")
            try quiz.type(answer)
            try quiz.waitFor("Press Enter", after: "Question \(index + 1) of 5")
            try quiz.type("")
        }
        try quiz.waitFor("Your thoughts:")
        try quiz.type("")
        let saved = unwrapped(try quiz.waitFor("EXIT=0"))
        XCTAssertTrue(saved.contains("Saved to your progress. See it with: folio progress --learner Maya"), saved)

        let table = try TmuxSession([folio, "progress", "--bundle", bundle, "--learner", "Maya"], environment: environment)
        let shown = try table.waitFor("EXIT=0")
        XCTAssertTrue(shown.contains("Go Grrrls: Maya's progress"), shown)
        XCTAssertTrue(shown.contains("passed"), "her table, not the empty one without a name:\n\(shown)")

        let study = try TmuxSession([folio, "study", "feelings", "--bundle", bundle, "--learner", "Maya"], environment: environment)
        try study.waitFor("Press Enter to turn the card.")
        try study.type("")
        try study.waitFor("Did you know it?")
        try study.type("n")
        try study.waitFor("Press Enter to turn the card.", after: "Card 2")
        try study.type("q")
        let studied = unwrapped(try study.waitFor("EXIT=0"))
        XCTAssertTrue(studied.contains("Study them again with: folio study feelings --not-yet --learner Maya"), studied)
        XCTAssertTrue(studied.contains("See it with: folio progress --learner Maya"), studied)
    }

    func testANameOneLetterFromALearnerHereIsAskedAboutAtATerminalAndRefusedOtherwise() throws {
        let laptop = folder.appendingPathComponent("laptop")
        let environment = ["FOLIO_PROGRESS": laptop.appendingPathComponent("progress.sqlite").path]
        try takeTheQuiz(["--progress", laptop.appendingPathComponent("progress.sqlite").path, "--learner", "Maya"])
        let folio = FolioProcess.executable.path
        let mistyped = laptop.appendingPathComponent("progress-maia.sqlite").path

        // At a terminal: asked, and "n" starts nothing.
        let no = try TmuxSession([folio, "quiz", "who-am-i", "--bundle", bundle, "--learner", "Maia"], environment: environment)
        let asked = unwrapped(try no.waitFor("Start a new learner `maia`? Type y for yes or n for no:"))
        XCTAssertTrue(asked.contains("There is no learner `maia` on this computer yet, but there is `maya`, one letter away."), asked)
        try no.type("n")
        let declined = unwrapped(try no.waitFor("EXIT=0"))
        XCTAssertTrue(declined.contains("Nothing was started. For maya's progress: folio quiz who-am-i --learner maya"), declined)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mistyped))

        // Not at a terminal: refused, with the near learner and how to start a new one.
        let refused = try FolioProcess.runWithInput(
            ["quiz", "who-am-i", "--bundle", bundle, "--learner", "Maia"], input: "1\n", environment: environment)
        XCTAssertEqual(refused.status, 2, refused.stdout + refused.stderr)
        XCTAssertTrue(refused.stderr.contains("there is no learner `maia` on this computer yet, but there is `maya`, one letter away"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("For maya's progress: folio quiz who-am-i --learner maya"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("to start a new learner `maia`, add --new-learner"), refused.stderr)
        XCTAssertFalse(refused.stdout.contains("Question 1"), "nothing is asked")
        let study = try FolioProcess.runWithInput(["study", "feelings", "--bundle", bundle, "--learner", "mya"], input: "q\n", environment: environment)
        XCTAssertEqual(study.status, 2, study.stdout + study.stderr)
        XCTAssertTrue(study.stderr.contains("but there is `maya`"), study.stderr)
        let file = folder.appendingPathComponent("maya.sqlite").path
        XCTAssertEqual(try FolioProcess.run(["progress", "--learner", "Maya", "--export", file], environment: environment).status, 0)
        let imported = try FolioProcess.run(["progress", "--learner", "Mayah", "--import", file], environment: environment)
        XCTAssertEqual(imported.status, 2, imported.stdout + imported.stderr)
        XCTAssertTrue(imported.stderr.contains("there is no learner `mayah` on this computer yet, but there is `maya`"), imported.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: laptop.appendingPathComponent("progress-mayah.sqlite").path))

        // On purpose, and for names further away, a new learner starts as before.
        try takeTheQuiz(["--progress", laptop.appendingPathComponent("progress.sqlite").path, "--learner", "Mayo", "--new-learner"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: laptop.appendingPathComponent("progress-mayo.sqlite").path))
        try takeTheQuiz(["--progress", laptop.appendingPathComponent("progress.sqlite").path, "--learner", "Zoë"])

        // Anything but y or n asks again; "y" starts her quiz as a new learner.
        let yes = try TmuxSession([folio, "quiz", "who-am-i", "--bundle", bundle, "--seed", "3", "--learner", "Maia"], environment: environment)
        try yes.waitFor("Type y for yes or n for no:")
        try yes.type("maybe")
        try yes.waitFor("Type y for yes or n for no:", after: "maybe")
        try yes.type("y")
        try yes.waitFor("Your answer:", after: "Question 1 of 5")
        try yes.press("C-c")
        try yes.waitFor("EXIT=130")

        // `folio progress` makes nothing: a near name is shown empty, with the learner meant.
        let near = try FolioProcess.run(["progress", "--bundle", bundle, "--learner", "Zoey"], environment: environment)
        XCTAssertEqual(near.status, 0, near.stderr)
        XCTAssertTrue(near.stdout.contains("Go Grrrls: Zoey's progress"), near.stdout)
        XCTAssertTrue(
            unwrapped(near.stdout).contains("No progress is saved for `zoey` yet. `zoe` is one letter away: folio progress --learner zoe"), near.stdout)

        let list = try FolioProcess.run(["progress", "--learners"], environment: environment)
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(
            list.stdout,
            "Learners with progress in \(laptop.path):\n  maia\n  maya\n  mayo\n  zoe\nSee one's progress with: folio progress --learner NAME\n")
        let nobody = try FolioProcess.run(
            ["progress", "--learners"], environment: ["FOLIO_PROGRESS": folder.appendingPathComponent("new/progress.sqlite").path])
        XCTAssertEqual(nobody.status, 0, nobody.stderr)
        XCTAssertTrue(nobody.stdout.hasPrefix("No learner has progress of her own in"), nobody.stdout)
    }
}
