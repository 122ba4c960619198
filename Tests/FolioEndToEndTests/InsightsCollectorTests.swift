import FolioTestSupport
import Foundation
import GRDB
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `folio insights collect` over loopback, as learners' devices and strangers reach it:
/// reports stored and nothing else, every other request refused with its status, and a
/// collector killed at any moment keeps what it said it stored.
final class InsightsCollectorTests: XCTestCase {
    /// A running collector and its address.
    final class Collector: @unchecked Sendable {
        let process: Process
        let url: URL

        init(database: URL, _ options: [String] = []) throws {
            process = try FolioProcess.start(["insights", "collect", "--database", database.path, "--port", "0"] + options)
            let errors = (process.standardError as! Pipe).fileHandleForReading
            var printed = Data()
            var address: URL?
            let deadline = Date().addingTimeInterval(30)
            while address == nil, Date() < deadline {
                let chunk = errors.availableData
                if chunk.isEmpty { break }
                printed += chunk
                let text = String(decoding: printed, as: UTF8.self)
                if let range = text.range(of: #"http://127\.0\.0\.1:[0-9]+"#, options: .regularExpression) {
                    address = URL(string: String(text[range]) + "/reports")
                }
            }
            guard let address else {
                throw NSError(domain: "collect", code: 1, userInfo: [NSLocalizedDescriptionKey: String(decoding: printed, as: UTF8.self)])
            }
            url = address
        }

        func post(_ body: Data, headers: [String: String] = [:]) async throws -> (status: Int, body: String, headers: [AnyHashable: Any]) {
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.httpBody = body
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = response as! HTTPURLResponse
            return (http.statusCode, String(decoding: data, as: UTF8.self), http.allHeaderFields)
        }

        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static func report(question: String = "know-yourself", program: String = "go-grrrls", missed: Bool = true) -> [String: Any] {
        [
            "program": program, "quiz": "who-am-i", "question": question, "day": "2026-11-28", "randomize": 0.3, "missed": missed,
            "workedOut": false, "passed": true,
        ]
    }

    static func file(_ reports: [[String: Any]]) -> Data {
        try! JSONSerialization.data(withJSONObject: ["format": "folio-insights", "version": 1, "reports": reports], options: [.sortedKeys])
    }

    static func stored(in database: URL) throws -> [Row] {
        try DatabaseQueue(path: database.path).read { db in try Row.fetchAll(db, sql: "SELECT * FROM report ORDER BY id") }
    }

    func testValidReportsAreStoredWithTheirFieldsAndNothingOfTheRequest() async throws {
        let database = try TestFixtures.temporaryFolder(self).appendingPathComponent("insights.sqlite")
        let collector = try Collector(database: database)
        defer { collector.kill() }
        let answer = try await collector.post(
            Self.file([Self.report(), Self.report(question: "self-esteem", missed: false)]),
            headers: ["User-Agent": "Learner's phone", "Cookie": "name=Maya", "X-Forwarded-For": "203.0.113.9", "Referer": "https://example.org/maya"])
        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(answer.body, "", "a stored report is answered with nothing")
        XCTAssertNil(answer.headers["Set-Cookie"])
        XCTAssertEqual(answer.headers["Access-Control-Allow-Origin"] as? String, "*", "a page of the site, on another address, can read the status")
        let rows = try Self.stored(in: database)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(Array(rows[0].columnNames), ["id", "program", "quiz", "question", "day", "randomize", "missed", "workedOut", "passed"])
        XCTAssertEqual(rows[0]["question"] as String, "know-yourself")
        XCTAssertEqual(rows[1]["missed"] as Bool, false)
        // Nothing the request carried besides the reports is anywhere in the file.
        let bytes = try Data(contentsOf: database) + ((try? Data(contentsOf: URL(fileURLWithPath: database.path + "-wal"))) ?? Data())
        for trace in ["Maya", "203.0.113.9", "127.0.0.1", "Learner", "example.org"] {
            XCTAssertNil(bytes.range(of: Data(trace.utf8)), "\(trace) is kept")
        }
    }

    func testOversizedMalformedForeignAndFloodingRequestsAreRefusedWithTheirStatus() async throws {
        let database = try TestFixtures.temporaryFolder(self).appendingPathComponent("insights.sqlite")
        let collector = try Collector(database: database, ["--program", "go-grrrls", "--per-minute", "8"])
        defer { collector.kill() }
        var oversized = Self.report()
        oversized["question"] = String(repeating: "a", count: 70_000)
        var withName = Self.report()
        withName["name"] = "Maya"
        let refusals: [(Data, Int, String)] = [
            (Self.file([oversized]), 413, "over 64 KB"),
            (Data("{\"format\":\"folio-insights\"".utf8), 400, "not JSON"),
            (Self.file([withName]), 400, "a field besides the report's"),
            (Self.file([Self.report(program: "another-program")]), 400, "another program"),
            (Self.file([]), 400, "no report"),
        ]
        for (body, status, why) in refusals {
            let answer = try await collector.post(body)
            XCTAssertEqual(answer.status, status, why)
            XCTAssertFalse(answer.body.contains("Maya") || answer.body.contains("another-program"), "the answer says nothing of what was sent")
        }
        XCTAssertEqual(try Self.stored(in: database).count, 0, "nothing refused is stored")
        // Five requests made already; three more are allowed this minute, then 429.
        var statuses: [Int] = []
        for _ in 0..<6 { statuses.append(try await collector.post(Self.file([Self.report()])).status) }
        if statuses.filter({ $0 == 204 }).count < 3 {
            // The minute turned during the run: every count started again.
            XCTAssertFalse(statuses.contains(429) && statuses.last != 429, "\(statuses)")
        } else {
            XCTAssertEqual(statuses, [204, 204, 204, 429, 429, 429])
        }
        XCTAssertEqual(try Self.stored(in: database).count, statuses.filter { $0 == 204 }.count)
    }

    /// Posts one report at a time until the collector stops answering; how many it said it stored.
    static func postUntilRefused(to collector: Collector, round: Int) async -> Int {
        var stored = 0
        for index in 0..<200 {
            guard let answer = try? await collector.post(file([report(question: "q\(round)-\(index)")])) else { break }
            if answer.status == 204 { stored += 1 }
        }
        return stored
    }

    func testAKilledCollectorLosesNoReportItSaidItStored() async throws {
        let database = try TestFixtures.temporaryFolder(self).appendingPathComponent("insights.sqlite")
        var acknowledged = 0
        for round in 0..<3 {
            let collector = try Collector(database: database, ["--per-minute", "1000"])
            // Posts keep going while the collector is killed; each 204 must be on disk.
            async let posted = Self.postUntilRefused(to: collector, round: round)
            try await Task.sleep(nanoseconds: 300_000_000)
            collector.kill()
            acknowledged += await posted
            XCTAssertGreaterThanOrEqual(try Self.stored(in: database).count, acknowledged, "round \(round)")
        }
        XCTAssertGreaterThan(acknowledged, 0, "some reports were stored before each kill")
        let report = try FolioProcess.run([
            "insights", "report", database.path, "--content", TestFixtures.root.appendingPathComponent("spec-examples").path, "--format", "json",
        ])
        XCTAssertEqual(report.status, 0, report.stderr)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let read = ["reports", "unknownQuestions", "otherPrograms"].map { summary[$0] as? Int ?? 0 }.reduce(0, +)
        XCTAssertEqual(read, try Self.stored(in: database).count, "the report reads every stored report")
    }
}
