import FolioProgress
import FolioTestSupport
import Foundation
import XCTest

/// `folio quiz`, `folio study` and `folio progress` used as a learner uses them: in a real
/// terminal (tmux) on the sample program, and killed or interrupted halfway.
final class QuizTerminalTests: XCTestCase {
    var bundle = ""
    var progress = ""

    override func setUpWithError() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", output.path]).status, 0)
        bundle = output.appendingPathComponent("bundle").path
        progress = folder.appendingPathComponent("progress/progress.sqlite").path
    }

    func quiz(_ id: String, seed: Int = 1, _ extra: [String] = []) -> [String] {
        [FolioProcess.executable.path, "quiz", id, "--bundle", bundle, "--progress", progress, "--seed", "\(seed)"] + extra
    }

    func testAWrongAnswerShowsItsHintARetrySucceedsAndTheAttemptIsSaved() throws {
        let terminal = try TmuxSession(quiz("who-am-i"))
        try terminal.waitFor("Your answer:")
        try terminal.type(try terminal.number(of: "How popular you are"))
        try terminal.waitFor("Hint: Popularity is about what others think.")
        try terminal.waitFor("Try again:", after: "Hint: Popularity")
        try terminal.type(try terminal.number(of: "How much you value yourself"))
        try terminal.waitFor("Correct!")
        try terminal.waitFor("Press Enter for the next question.")
        try terminal.type("")

        try terminal.waitFor("Pick all that apply")
        try terminal.type([try terminal.number(of: "Bouncing back"), try terminal.number(of: "Knowing what you are good at")].joined(separator: " "))
        try terminal.waitFor("Press Enter for the next question.", after: "Question 2 of 5")
        try terminal.type("")
        try terminal.waitFor("2. False", after: "Question 3 of 5")
        try terminal.type("t")
        try terminal.waitFor("Press Enter", after: "Question 3 of 5")
        try terminal.type("")
        try terminal.waitFor("Type your answer.", after: "Question 4 of 5")
        try terminal.type("MYSELF!")
        try terminal.waitFor("Press Enter", after: "Question 4 of 5")
        try terminal.type("")
        try terminal.waitFor("Type a number.", after: "Question 5 of 5")
        try terminal.type("10")
        try terminal.waitFor("Press Enter to see your result.")
        try terminal.type("")

        // The reflection question, after the result: what she writes is kept, never marked.
        try terminal.waitFor("Your thoughts:", after: "Think about it")
        try terminal.type("I make my friends laugh")
        let screen = try terminal.waitFor("Type m to try the question you missed again")
        XCTAssertTrue(screen.contains("Talk about it: Tell someone you trust"), screen)
        XCTAssertTrue(screen.contains("✓ 1. What is self-esteem? (worked out with hints, 0 of 1)"), screen)
        XCTAssertTrue(screen.contains("Score: 4 of 5 points (80%)"), screen)
        XCTAssertTrue(screen.contains("All 5 right, 4 on the first try."), screen)
        XCTAssertTrue(screen.contains("✓ You passed! The pass mark is 70%."), screen)
        XCTAssertTrue(screen.contains("Saved to your progress. See it with: folio progress"), screen)

        // The one she missed, again: practice, not saved.
        try terminal.type("m")
        try terminal.waitFor("Your answer:", after: "the ones you missed")
        try terminal.type(try terminal.number(of: "How much you value yourself"))
        try terminal.waitFor("Press Enter to see your result.", after: "the ones you missed")
        try terminal.type("")
        let again = try terminal.waitFor("EXIT=0")
        XCTAssertTrue(again.contains("✓ Every question right on the first try. Well done!"), again)
        XCTAssertTrue(again.contains("That was practice: your saved result is the attempt before it."), again)

        let table = try FolioProcess.run(["progress", "--bundle", bundle, "--progress", progress])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.contains("1  Who Am I?"), table.stdout)
        XCTAssertNotNil(table.stdout.range(of: #"Who Am I\? +passed +80% +1 "#, options: .regularExpression), table.stdout)
        XCTAssertTrue(table.stdout.contains("Streak: 1 day (you studied today)"), table.stdout)
        XCTAssertTrue(table.stdout.contains("Last 4 weeks\n       Mo Tu We Th Fr Sa Su\n"), table.stdout)
        XCTAssertTrue(table.stdout.contains("My thoughts\n"), table.stdout)
        XCTAssertTrue(table.stdout.contains("What is one thing you like about yourself?\n  I make my friends laugh\n"), table.stdout)

        let json = try FolioProcess.run(["progress", "--bundle", bundle, "--progress", progress, "--format", "json"])
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let chapter = try XCTUnwrap((summary["chapters"] as? [[String: Any]])?.first)
        XCTAssertEqual(chapter["chapter"] as? String, "who-am-i")
        XCTAssertEqual(chapter["attempts"] as? Int, 1)
        XCTAssertEqual(chapter["passed"] as? Bool, true)
        XCTAssertEqual(chapter["bestPercent"] as? Double, 80)

        let stored = try ProgressStore(path: progress)
        let attempt = try XCTUnwrap(try stored.attempts(program: "go-grrrls").first)
        XCTAssertEqual(try stored.questions(ofAttempt: attempt.id!).map(\.tries), [2, 1, 1, 1, 1])
    }

    func testAnAssessmentGoesOverWhatWasMissedAndALearnerKeepsHerOwnProgress() throws {
        let terminal = try TmuxSession(quiz("feelings", seed: 2, ["--learner", "Zoë"]))
        try terminal.waitFor("Your answer:", after: "Question 1 of 5")
        try terminal.type(try terminal.number(of: "It makes the feeling disappear forever"))
        try terminal.waitFor("Press Enter for the next question.", after: "Question 1 of 5")
        try terminal.type("")
        try terminal.waitFor("Pick all that apply", after: "Question 2 of 5")
        try terminal.type(
            [try terminal.number(of: "Going for a walk"), try terminal.number(of: "Talking to someone"), try terminal.number(of: "Breathing slowly")]
                .joined(separator: " "))
        try terminal.waitFor("Press Enter", after: "Question 2 of 5")
        try terminal.type("")
        try terminal.waitFor("2. False", after: "Question 3 of 5")
        try terminal.type("f")
        try terminal.waitFor("Press Enter", after: "Question 3 of 5")
        try terminal.type("")
        try terminal.waitFor("Type a number.", after: "Question 4 of 5")
        try terminal.type("4")
        try terminal.waitFor("Press Enter", after: "Question 4 of 5")
        try terminal.type("")
        try terminal.waitFor("Type your answer.", after: "Question 5 of 5")
        try terminal.type("tummy")
        try terminal.waitFor("Press Enter to see your result.")
        try terminal.type("")
        let screen = try terminal.waitFor("Type m to try the question you missed again")
        XCTAssertTrue(screen.contains("Let's look at what you missed"), screen)
        XCTAssertTrue(screen.contains("The answer: 1. It can make the feeling less overwhelming"), screen)
        XCTAssertTrue(screen.contains("brain calm down."), screen)
        XCTAssertTrue(screen.contains("4 of 5 right on the first try."), screen)
        try terminal.type("")
        try terminal.waitFor("EXIT=0")
        let mine = try FolioProcess.run(["progress", "--bundle", bundle, "--progress", progress, "--learner", "zoe", "--format", "json"])
        let others = try FolioProcess.run(["progress", "--bundle", bundle, "--progress", progress, "--format", "json"])
        XCTAssertTrue(mine.stdout.contains("\"attempts\" : 1"), mine.stdout)
        XCTAssertFalse(others.stdout.contains("\"attempts\" : 1"), "another learner's progress: \(others.stdout)")
    }

    func testCtrlCStopsTheQuizAndSavesNothing() throws {
        let terminal = try TmuxSession(quiz("friendship"))
        try terminal.waitFor("Your answer:")
        try terminal.type("1")
        try terminal.waitFor("Press Enter")
        try terminal.press("C-c")
        let screen = try terminal.waitFor("EXIT=130")
        XCTAssertTrue(screen.contains("Stopped. This attempt was not saved."), screen)
        XCTAssertFalse(screen.contains("error"), screen)
        XCTAssertEqual(try ProgressStore(path: progress).attempts(program: "go-grrrls"), [])
    }

    func testKillingTheRunnerMidQuizLeavesTheSavedProgressValid() throws {
        // One finished attempt first, from piped answers.
        let piped = try FolioProcess.runWithInput(quiz("who-am-i").dropFirst().map { $0 }, input: "3\n2 3\nt\nmyself\n10\n")
        XCTAssertEqual(piped.status, 0, piped.stdout + piped.stderr)

        let terminal = try TmuxSession(quiz("who-am-i", seed: 5))
        try terminal.waitFor("Your answer:")
        try terminal.type(try terminal.number(of: "How much you value yourself"))
        try terminal.waitFor("Press Enter")
        try terminal.type("")
        try terminal.waitFor("Pick all that apply")
        XCTAssertEqual(kill(try terminal.folioProcess(), SIGKILL), 0)
        try terminal.waitFor("EXIT=137")

        let store = try ProgressStore(path: progress)
        XCTAssertEqual(try store.integrityProblems(), [])
        XCTAssertEqual(try store.attempts(program: "go-grrrls").count, 1, "the killed attempt is not there, the finished one is")
        let again = try FolioProcess.runWithInput(quiz("who-am-i").dropFirst().map { $0 }, input: "3\n2 3\nt\nmyself\n10\n")
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(try store.attempts(program: "go-grrrls").count, 2)
    }

    /// Many runners at once on one new file, killed at random moments, some while saving
    /// and some while the file is being made: the file stays valid, every attempt in it is
    /// whole, and every runner that was not killed saved.
    func testRunnersKilledAtRandomWhileOthersSaveLeaveAValidFile() throws {
        var generator = SystemRandomNumberGenerator()
        var finished = 0
        for round in 0..<4 {
            progress = (progress as NSString).deletingLastPathComponent + "/round-\(round).sqlite"
            var finishedSeeds: Set<Int64> = []
            var processes: [(Process, seed: Int)] = []
            for seed in 0..<12 {
                let process = try FolioProcess.start(Array(quiz("friendship", seed: seed).dropFirst()), stdin: Pipe())
                // The friendship quiz asks its questions in order: every answer here is right.
                (process.standardInput as! Pipe).fileHandleForWriting.write(Data("1\n1 2 3\n1\nf\n".utf8))
                try? (process.standardInput as! Pipe).fileHandleForWriting.close()
                processes.append((process, seed))
            }
            for (process, seed) in processes where seed % 2 == 0 {
                usleep(UInt32.random(in: 0...60_000, using: &generator))
                kill(process.processIdentifier, SIGKILL)
            }
            for (process, seed) in processes {
                let said = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
                let errors = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                if process.terminationReason == .exit {
                    XCTAssertEqual(process.terminationStatus, 0, String(decoding: errors + said.suffix(300), as: UTF8.self))
                    finishedSeeds.insert(Int64(seed))
                }
            }
            let store = try ProgressStore(path: progress)
            XCTAssertEqual(try store.integrityProblems(), [], "round \(round)")
            let saved = try store.attempts(program: "go-grrrls").map(\.seed)
            XCTAssertTrue(finishedSeeds.isSubset(of: Set(saved)), "round \(round): every runner that finished saved its attempt")
            // A runner killed just after its save committed has saved too; none saved twice.
            XCTAssertEqual(saved.count, Set(saved).count, "round \(round)")
            finished += finishedSeeds.count
        }
        XCTAssertGreaterThanOrEqual(finished, 24, "the runners that were not killed all finished")
    }

    func testStudyingFromPipedAnswersIsSavedAndShownAsCardsKnown() throws {
        let study = try FolioProcess.runWithInput(
            ["study", "feelings", "--bundle", bundle, "--progress", progress], input: "\ny\n\nn\n\ny\nq\n", environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertEqual(study.status, 0, study.stdout + study.stderr)
        XCTAssertTrue(study.stdout.contains("You studied 3 cards: 2 known, 1 not yet."), study.stdout)
        let again = try FolioProcess.runWithInput(
            ["study", "feelings", "--not-yet", "--bundle", bundle, "--progress", progress], input: "\ny\n", environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertTrue(again.stdout.contains("Feelings words · 1 card"), again.stdout)
        XCTAssertTrue(again.stdout.contains("You knew every card!"), again.stdout)
        let table = try FolioProcess.run(["progress", "--bundle", bundle, "--progress", progress])
        XCTAssertNotNil(table.stdout.range(of: #"Feelings words +3 of 11 +2 +0"#, options: .regularExpression), table.stdout)
    }

    func testAtATerminalDueStudiesTheCardsDueTodayAndSavesTheirMarks() throws {
        // Three cards marked today: two known (not due until tomorrow), one not yet (due again today).
        let marked = try FolioProcess.runWithInput(
            ["study", "feelings", "--bundle", bundle, "--progress", progress], input: "\ny\n\nn\n\ny\nq\n", environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertEqual(marked.status, 0, marked.stderr)
        let terminal = try TmuxSession([FolioProcess.executable.path, "study", "feelings", "--due", "--bundle", bundle, "--progress", progress])
        let intro = try terminal.waitFor("Press Enter to turn the card.")
        XCTAssertTrue(intro.contains("Feelings words · 9 cards"), intro)
        XCTAssertTrue(intro.contains("These are the cards due today."), intro)
        try terminal.type("")
        try terminal.waitFor("Did you know it? Type y or n:")
        try terminal.type("y")
        try terminal.waitFor("Card 2 of 9")
        try terminal.type("q")
        try terminal.waitFor("EXIT=0")
        let again = try FolioProcess.runWithInput(
            ["study", "feelings", "--due", "--bundle", bundle, "--progress", progress], input: "q\n", environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertTrue(again.stdout.contains("Feelings words · 8 cards"), "the card known at the terminal is not due today: \(again.stdout)")
    }

    func testDueStudiesOnlyTheCardsDueTodayByLeitnerBoxes() throws {
        let notSaved = try FolioProcess.run(["study", "feelings", "--due", "--no-save", "--bundle", bundle, "--progress", progress])
        XCTAssertEqual(notSaved.status, 2)
        XCTAssertTrue(notSaved.stderr.contains("--due needs your saved progress"), notSaved.stderr)
        // Never marked, every card is due.
        let first = try FolioProcess.runWithInput(
            ["study", "feelings", "--due", "--bundle", bundle, "--progress", progress], input: "\ny\n\nn\n\ny\nq\n",
            environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        XCTAssertTrue(first.stdout.contains("Feelings words · 11 cards"), first.stdout)
        // Known today: box 2, back tomorrow. Not yet: box 1, due again today.
        let whole = try FolioProcess.runWithInput(
            ["study", "feelings", "--bundle", bundle, "--progress", progress], input: "q\n", environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertTrue(whole.stdout.contains("9 cards are due today. Study only those with: folio study feelings --due"), whole.stdout)
        let due = try FolioProcess.runWithInput(
            ["study", "feelings", "--due", "--bundle", bundle, "--progress", progress], input: String(repeating: "\ny\n", count: 9),
            environment: ["LC_ALL": "C.UTF-8"])
        XCTAssertEqual(due.status, 0, due.stdout + due.stderr)
        XCTAssertTrue(due.stdout.contains("Feelings words · 9 cards"), due.stdout)
        XCTAssertTrue(due.stdout.contains("These are the cards due today."), due.stdout)
        XCTAssertTrue(due.stdout.contains("You knew every card!"), due.stdout)
        let none = try FolioProcess.run(["study", "feelings", "--due", "--bundle", bundle, "--progress", progress])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertTrue(none.stdout.hasPrefix("No cards of Feelings words are due today. The next comes back on "), none.stdout)
    }

    func testMoreTimeIsTenTimesTheLimitAndNoTimeLimitIsForPracticeOnly() throws {
        // Without the executable, which FolioProcess puts first.
        func quiz(_ id: String, _ extra: [String]) -> [String] { Array(self.quiz(id, extra).dropFirst()) }
        let more = try FolioProcess.runWithInput(quiz("healthy-habits", ["--no-save", "--more-time"]), input: "")
        XCTAssertTrue(more.stdout.contains("Practice quiz · 4 questions · pass mark 75% · time limit 1 h 40 min\n"), more.stdout)
        XCTAssertTrue(more.stdout.contains("time left 99:59"), more.stdout)
        let none = try FolioProcess.runWithInput(quiz("healthy-habits", ["--no-save", "--no-time-limit"]), input: "")
        XCTAssertTrue(none.stdout.contains("Practice quiz · 4 questions · pass mark 75%\n"), none.stdout)
        XCTAssertFalse(none.stdout.contains("time left"), none.stdout)
        let both = try FolioProcess.run(quiz("healthy-habits", ["--no-save", "--more-time", "--no-time-limit"]))
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("choose --more-time or --no-time-limit, not both"), both.stderr)
        // An assessment's limit is part of what it asks: ten times it, never none.
        let content = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        let file = content.appendingPathComponent("quizzes/feelings-check.yaml")
        let yaml = try String(contentsOf: file, encoding: .utf8)
        try yaml.replacingOccurrences(of: "mode: assessment\n", with: "mode: assessment\ntime_limit: 5m\n").write(to: file, atomically: true, encoding: .utf8)
        let assessment = ["quiz", "feelings-check", "--content", content.path, "--no-save"]
        let refused = try FolioProcess.run(assessment + ["--no-time-limit"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("`feelings-check` is an assessment, whose time limit cannot be turned off"), refused.stderr)
        let longer = try FolioProcess.runWithInput(assessment + ["--more-time"], input: "")
        XCTAssertTrue(longer.stdout.contains("Quiz with one try per question · 5 questions · pass mark 80% · time limit 50 min\n"), longer.stdout)
    }

    func testListsAndUnknownIds() throws {
        let list = try FolioProcess.run(["quiz", "--bundle", bundle])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("\n  who-am-i         Who Am I?\n  friendship       Good Friends, Real Friends\n"), list.stdout)
        let unknown = try FolioProcess.run(["quiz", "who-am", "--bundle", bundle, "--progress", progress])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: there is no quiz or chapter `who-am`. Did you mean `who-am-i`? Run `folio quiz` to see them all\n")
        let noBundle = try FolioProcess.run(["study", "feelings", "--bundle", "/nonexistent"], in: TestFixtures.repository)
        XCTAssertEqual(noBundle.status, 2)
        XCTAssertTrue(
            noBundle.stderr.contains("run `folio build` first, or read the program's files directly with `--content Content`"), noBundle.stderr)
        // Inside the program's own folder, the program is `.`.
        let program = try TestFixtures.copy(TestFixtures.sampleContent, in: self)
        let inside = try FolioProcess.run(["quiz", "who-am-i"], in: program)
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.stderr.contains("there is no bundle at `../Output/bundle`"), inside.stderr)
        XCTAssertTrue(inside.stderr.hasSuffix("read the program's files directly with `--content .`\n"), inside.stderr)
        let fromContent = try FolioProcess.run(["study", "--content", TestFixtures.sampleContent.path])
        XCTAssertTrue(fromContent.stdout.contains("feelings    Feelings words (11 cards)"), fromContent.stdout)
    }
}
