import Foundation
import XCTest

/// The inputs that once stalled or crashed `folio check`, run as an author would run
/// them. How long each takes at growing sizes is `make bench`'s job (bench/linear_bench.py);
/// these hold what the output says.
final class HostileInputTests: XCTestCase {
    /// A copy of the spec examples with `files` written over it.
    func program(_ files: [String: String]) throws -> URL {
        let temporary = try FolioProcess.temporaryFolder(self)
        let content = temporary.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: FolioProcess.fixtures.appendingPathComponent("spec-examples"), to: content)
        for (path, text) in files { try text.write(to: content.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        return content
    }

    let head = "---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\n"

    func testAVideoTitleWithALinkInItChecksAndBuilds() throws {
        let content = try program([
            "chapters/01-who-am-i.md": head + "![Watch [part two](01-who-am-i.md)](https://youtu.be/aBcDeFgHiJ0)\n\n"
                + "![Watch ![inner](https://youtu.be/aBcDeFgHiJ0)](https://youtu.be/aBcDeFgHiJ1)\n\n![a [b](javascript:x)](https://youtu.be/aBcDeFgHiJ0)\n"
        ])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains(":10:5: error: links starting with `javascript:` are not allowed"), check.stderr)
    }

    func testALineOfEightyThousandTrailingSpacesChecks() throws {
        let content = try program(["chapters/01-who-am-i.md": "---\ntitle: Who Am I?" + String(repeating: " ", count: 80_000) + "\nquiz: who-am-i\n---\n\nText.\n"])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "no problems\n")
    }

    func testSixteenThousandLinksInOneChapterCheck() throws {
        let links = (0..<16_000).map { "[part \($0)](01-who-am-i.md#p\($0))" }.joined(separator: " ")
        let content = try program(["chapters/01-who-am-i.md": head + links + "\n"])
        let check = try FolioProcess.run(["check", content.path])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testEightThousandDuplicateKeysListFiftyAndCountTheRest() throws {
        let quiz = try String(contentsOf: FolioProcess.fixtures.appendingPathComponent("spec-examples/quizzes/who-am-i.yaml"), encoding: .utf8)
        let line = "extra: {" + Array(repeating: "a: 1", count: 8_000).joined(separator: ", ") + "}\n"
        let content = try program(["quizzes/who-am-i.yaml": quiz + line])
        let json = try FolioProcess.run(["check", content.path, "--format", "json"])
        XCTAssertEqual(json.status, 1)
        // Each message quotes the part of the 48 KB line around its column.
        XCTAssertLessThan(json.stdout.utf8.count, 100_000)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(report["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 51)
        XCTAssertEqual(diagnostics.last?["code"] as? String, "too-many-problems")
        XCTAssertEqual(diagnostics.last?["message"] as? String, "and 7,950 more problems in this file (7,950 errors), not listed")
        XCTAssertTrue(diagnostics.allSatisfy { ($0["source"] as? String)?.unicodeScalars.count ?? 0 <= 122 })
    }
}
