import FolioTestSupport
import Foundation
import XCTest

/// `folio grade` grades recorded attempts from a built bundle, one JSON line each, and a
/// bad attempt does not stop the batch.
final class GradeCommandTests: XCTestCase {
    /// Responses recorded with Folio 1, which named questions and choices without ids by
    /// their place (`q3`, `c2`), read by place with `--positional-ids`.
    func testGradesEachAttemptAndReportsBadOnesWithoutStopping() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let output = temporary.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.root.appendingPathComponent("spec-examples").path, "--output", output.path]).status, 0)
        let responses = temporary.appendingPathComponent("answers.jsonl")
        try """
        {"answers": {"what-is-self-esteem": {"choices": ["c2"]}, "q3": {"answer": true}, "q4": {"text": " Who I AM! "}, "q5": {"number": 8}}}
        {"answers": {"q2": {"choices": ["c1", "c9"]}, "q3": {"text": "yes"}, "q7": {"answer": true}}}
        this is not JSON

        {"answers": {"q2": {"choices": ["c1", "c2"]}}}

        """.write(to: responses, atomically: true, encoding: .utf8)
        let bundle = output.appendingPathComponent("bundle").path
        let withoutPlaces = try FolioProcess.run(["grade", "who-am-i", "--responses", responses.path, "--bundle", bundle])
        let firstWithout = try JSONSerialization.jsonObject(with: Data(withoutPlaces.stdout.split(separator: "\n")[0].utf8)) as! [String: Any]
        XCTAssertEqual(
            firstWithout["errors"] as? [String],
            [
                "question `what-is-self-esteem` has no choice `c2`: this choice no longer exists (removed, or its text changed and it states no id), so the answer is not graded as another",
                "there is no question `q3` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded",
                "there is no question `q4` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded",
                "there is no question `q5` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded",
            ], "without --positional-ids, a place is never taken for an id")
        let result = try FolioProcess.run(["grade", "who-am-i", "--responses", responses.path, "--bundle", bundle, "--positional-ids"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(lines.count, 4, "blank lines are skipped")

        let first = lines[0]
        XCTAssertEqual(first["attempt"] as? Int, 1)
        XCTAssertEqual(first["score"] as? Double, 3)
        XCTAssertEqual(first["total"] as? Double, 5)
        XCTAssertEqual(first["percent"] as? Double, 60)
        XCTAssertEqual(first["passed"] as? Bool, false)
        let questions = try XCTUnwrap(first["questions"] as? [[String: Any]])
        XCTAssertEqual(
            questions.map { $0["question"] as? String },
            ["what-is-self-esteem", "everyone-feels-nervous-sometimes-a08d", "finish-the-right-i-have-5c85", "how-many-hours-of-sleep-235b"])
        XCTAssertEqual(questions[0]["correct"] as? Bool, false)
        XCTAssertEqual(questions[0]["hints"] as? [String], ["Popularity is about what others think. Who does the valuing here?"])
        XCTAssertEqual(questions[1]["explanation"] as? String, nil)
        XCTAssertEqual(questions[2]["correct"] as? Bool, true, "text is compared ignoring case, spacing and punctuation")
        XCTAssertEqual(questions[3]["correct"] as? Bool, true, "8 is within the tolerance of 1")

        XCTAssertEqual(
            lines[1]["errors"] as? [String],
            [
                "question `which-of-these-are-healthy-e4cd` has no choice `c9`: this choice no longer exists (removed, or its text changed and it states no id), so the answer is not graded as another",
                "question `everyone-feels-nervous-sometimes-a08d` is a true-false question and needs `answer` true or false",
                "there is no question `q7` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded",
            ])
        XCTAssertEqual(lines[2]["attempt"] as? Int, 3)
        XCTAssertTrue((lines[2]["error"] as? String ?? "").hasPrefix("not a valid attempt"))
        XCTAssertEqual(lines[3]["score"] as? Double, 1)
    }

    /// `/dev/stdin`, a named pipe or a shell's `<(...)` are read as `-` is.
    func testResponsesAreReadFromStandardInputByItsDeviceName() throws {
        let temporary = try TestFixtures.temporaryFolder(self)
        let output = temporary.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.specExamples.path, "--output", output.path]).status, 0)
        let attempt = #"{"answers": {"what-is-self-esteem": {"choices": ["how-much-you-value-yourself-13a9"]}}}"# + "\n"
        let bundle = output.appendingPathComponent("bundle").path
        let byDevice = try FolioProcess.runWithInput(["grade", "who-am-i", "--responses", "/dev/stdin", "--bundle", bundle], input: attempt)
        XCTAssertEqual(byDevice.status, 0, byDevice.stderr)
        let byDash = try FolioProcess.runWithInput(["grade", "who-am-i", "--responses", "-", "--bundle", bundle], input: attempt)
        XCTAssertEqual(byDevice.stdout, byDash.stdout)
        XCTAssertTrue(byDevice.stdout.contains(#""score":1"#), byDevice.stdout)
        let missing = try FolioProcess.run(["grade", "who-am-i", "--responses", temporary.appendingPathComponent("nope.jsonl").path, "--bundle", bundle])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("there is no responses file"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("give `-` to read standard input"), missing.stderr)
    }

    func testAMissingBundleOrQuizIsAUsageError() throws {
        let missing = try FolioProcess.run(["grade", "who-am-i", "--responses", "/dev/null", "--bundle", "/nonexistent"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("run `folio build` first"), missing.stderr)
    }
}
