import FolioProgress
import FolioTestSupport
import Foundation
import XCTest

/// The progress file has one statement, `progress-file.schema.json`; the site's script
/// and FolioProgress check it by its rules. On the same example files (valid ones, and
/// ones each broken in one way) the schema, the script and the Swift check agree.
final class ProgressFileAgreementTests: XCTestCase {
    let examples = TestFixtures.root.appendingPathComponent("progress-files")

    func testTheSchemaTheSiteAndTheLibraryAgreeOnEveryExample() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestFixtures.repository.appendingPathComponent("Tests/Support/check_progress_files.py").path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        let answers = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: [String: Bool]])
        var seen = Set<String>()
        for folder in ["valid", "invalid"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: examples.appendingPathComponent(folder).path).filter { $0.hasSuffix(".json") }
            XCTAssertGreaterThan(names.count, 3, folder)
            for name in names {
                let path = folder + "/" + name
                seen.insert(path)
                let expected = folder == "valid"
                let swift = ProgressFile.check(try Data(contentsOf: examples.appendingPathComponent(path)))
                XCTAssertEqual(swift.isValid, expected, "\(path): \(swift)")
                XCTAssertEqual(answers[path]?["schema"], expected, "the schema on \(path)")
                XCTAssertEqual(answers[path]?["script"], expected, "progress-file.js on \(path)")
            }
        }
        XCTAssertEqual(Set(answers.keys), seen)
    }

    /// A record broken in one way is left out with its place; the others are kept.
    func testABrokenRecordIsLeftOutAndTheOthersKept() throws {
        let check = ProgressFile.check(try Data(contentsOf: examples.appendingPathComponent("invalid/percent-as-text.json")))
        XCTAssertNil(check.problem)
        XCTAssertEqual(check.refused, [.init(place: "attempts[0]", reason: "its percent is not a number from 0 to 100")])
        XCTAssertEqual(check.kept, ["attempts": 0, "sessions": 1, "thoughts": 1])
        XCTAssertNotNil(ProgressFile.check(try Data(contentsOf: examples.appendingPathComponent("invalid/constructor-key-at-the-top.json"))).problem)
    }

    /// The schema the library ships is the one in the repository.
    func testTheLibraryShipsTheSchema() throws {
        let file = TestFixtures.repository.appendingPathComponent("Sources/FolioProgress/progress-file.schema.json")
        XCTAssertEqual(ProgressFile.schema, try Data(contentsOf: file))
    }
}
