import XCTest

@testable import FolioCore

/// A file lists at most 50 problems, then one that counts the rest.
final class DiagnosticLimitTests: XCTestCase {
    func diagnostics(_ count: Int, in file: String, warningsFrom: Int = .max) -> [Diagnostic] {
        (1...count).map {
            Diagnostic(.unknownField, $0 >= warningsFrom ? .warning : .error, at: SourceLocation(file: file, line: $0, column: 1), "problem \($0)")
        }
    }

    func testAFileWithFewProblemsListsThemAll() {
        let list = DiagnosticList(diagnostics(50, in: "a.yaml"))
        XCTAssertEqual(list.limitedPerFile.all, list.all)
    }

    func testTheFirstFiftyByPlaceAreListedAndTheRestCounted() {
        let list = DiagnosticList(diagnostics(8_001, in: "a.yaml", warningsFrom: 8_000).reversed() + diagnostics(3, in: "b.yaml"))
        let limited = list.limitedPerFile.sorted
        XCTAssertEqual(limited.count, 50 + 1 + 3)
        let a = limited.filter { $0.location.file == "a.yaml" }
        XCTAssertEqual(a.prefix(50).map(\.location.line), Array(1...50))
        let summary = a[50]
        XCTAssertEqual(summary.code, .tooManyProblems)
        XCTAssertEqual(summary.severity, .error)
        XCTAssertEqual(summary.location.line, 51)
        XCTAssertEqual(summary.message, "and 7,951 more problems in this file (7,949 errors, 2 warnings), not listed")
        XCTAssertEqual(limited.filter { $0.location.file == "b.yaml" }.count, 3)
    }

    func testOnlyWarningsLeftOutMakeAWarning() {
        let list = DiagnosticList(diagnostics(60, in: "a.yaml", warningsFrom: 1))
        XCTAssertEqual(list.limitedPerFile.all.last?.severity, .warning)
        XCTAssertFalse(list.limitedPerFile.hasErrors)
    }
}
