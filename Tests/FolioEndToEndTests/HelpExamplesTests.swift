import FolioInsights
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

/// Every example in the help does what it says when someone tries it: it is run, as
/// printed, on a copy of the sample program (`./Content`) beside a program just made by
/// `folio init "Summer Camp"`, its build in `./Output`, and the files the examples read.
final class HelpExamplesTests: XCTestCase {
    /// Examples that are not run, and why.
    static let notRun: [(prefix: String, reason: String)] = [
        ("folio serve", "runs until stopped: ServeCommandTests starts and stops it"),
        ("folio quiz who-am-i", "asks questions in the terminal: QuizTerminalTests answers them"),
        ("folio study feelings", "shows cards in the terminal: StudyRunnerTests turns them"),
        ("folio sync https://", "needs a web server: SyncCommandTests serves bundles on loopback"),
        ("folio translate", "needs a program with translations: TranslateCommandTests marks and shows them, TranslatePOTests exports and imports"),
        ("folio insights collect", "runs until stopped: InsightsCollectorTests starts, posts to and kills it"),
    ]

    /// The folder every example starts from, made once and copied for each.
    func template() throws -> URL {
        let folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
        XCTAssertEqual(try FolioProcess.run(["init", "Summer Camp"], in: folder).status, 0)
        // The key the signing examples name, and the bundle signed with it.
        XCTAssertEqual(try FolioProcess.run(["keygen", "keys/program.key"], in: folder).status, 0)
        let build = try FolioProcess.run(["build", "--sign", "keys/program.key"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        // The attempt the grade help shows, as a JSON array and as JSON Lines.
        let grade = try FolioHelp.text(["grade"])
        let attempt = try XCTUnwrap(Self.shownJSON(in: grade), grade)
        try attempt.write(to: folder.appendingPathComponent("answers.json"), atomically: true, encoding: .utf8)
        let attempts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(attempt.utf8)) as? [Any])
        let lines = try attempts.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("answers.jsonl"), atomically: true, encoding: .utf8)
        // Anonymous reports, as the insights examples name them: a learner's file and a folder of them.
        let reports =
            #"{"format":"folio-insights","version":1,"reports":[{"program":"go-grrrls","quiz":"who-am-i","question":"self-esteem","day":"2026-11-28","randomize":0.3,"missed":true,"workedOut":true,"passed":false}]}"#
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        for name in ["reports/from-the-site.json", "folio-insights-2026-11-28.json"] {
            try reports.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try InsightsStore(path: folder.appendingPathComponent("insights.sqlite").path).store(try InsightsReportFile.read(Data(reports.utf8)))
        // GIFT files exported from Moodle, as the import examples name them.
        for name in ["grant.gift", "week-1.gift"] {
            try "::Q1:: Your identity can grow as you get older. {T}\n\n::Q2:: Name one right you have. {=myself =me}\n"
                .write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    func copy(of template: URL) throws -> URL {
        let copy = try TestFixtures.temporaryFolder(self).appendingPathComponent("program")
        try FileManager.default.copyItem(at: template, to: copy)
        return copy
    }

    /// The JSON shown indented in the help, from its `[` line to the line that closes it.
    static func shownJSON(in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  [") }) else { return nil }
        guard let end = lines[start...].firstIndex(where: { $0.hasSuffix("]") }) else { return nil }
        return lines[start...end].joined(separator: "\n")
    }

    func testEveryExampleInTheHelpRunsAsPrinted() throws {
        let template = try template()
        var ran = 0
        var skipped: [String] = []
        for command in try FolioHelp.everyCommand() {
            let help = try FolioHelp.text(command)
            for line in FolioHelp.examplesBlock(of: help) ?? [] {
                guard let example = ExampleLine(line).command, let (words, input) = ExampleLine(line).words else { continue }
                if let skip = Self.notRun.first(where: { example.hasPrefix($0.prefix) }) {
                    skipped.append("\(example): \(skip.reason)")
                    continue
                }
                XCTAssertNil(input, "\(example): a file on standard input, which this test does not give")
                // `folio init` needs a folder that is new or empty; every other example, a program.
                let folder = words.dropFirst().first == "init" ? try TestFixtures.temporaryFolder(self) : try copy(of: template)
                // `folio keygen` never overwrites a key.
                if words.dropFirst().first == "keygen" { try FileManager.default.removeItem(at: folder.appendingPathComponent("keys")) }
                let progress = try TestFixtures.temporaryFolder(self).appendingPathComponent("progress.sqlite")
                let result = try FolioProcess.run(Array(words.dropFirst()), in: folder, environment: ["FOLIO_PROGRESS": progress.path])
                XCTAssertEqual(result.status, 0, "`\(example)` (from `\((["folio"] + command).joined(separator: " ")) --help`):\n\(result.stderr)")
                if words.dropFirst().first == "grade" {
                    let graded = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                    XCTAssertEqual(graded.count, 1, "\(example): \(result.stdout)")
                    XCTAssertEqual(graded.first?["errors"] as? [String], [], "\(example): \(result.stdout)")
                    XCTAssertEqual(graded.first?["percent"] as? Double, 100, "the help's attempt is all right: \(result.stdout)")
                }
                ran += 1
            }
        }
        XCTAssertGreaterThan(ran, 30, "examples run; not run: \(skipped)")
        XCTAssertEqual(skipped.count, 32, "only serve, quiz, study, remote sync, translate and insights collect examples are not run: \(skipped)")
    }
}
