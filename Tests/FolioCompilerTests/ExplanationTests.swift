import FolioCore
import Foundation
import XCTest

@testable import FolioCompiler

/// `folio explain` tells the truth: every code has an explanation, and every example,
/// laid over the spec examples and compiled, shows what it says it shows.
final class ExplanationTests: XCTestCase {
    func testEveryCodeHasOneExplanation() {
        for code in DiagnosticCode.allCases {
            XCTAssertNotNil(Explanation.of(code), "\(code.rawValue) has no explanation")
        }
        XCTAssertEqual(Explanation.all.map(\.code).sorted { $0.rawValue < $1.rawValue }, DiagnosticCode.allCases.sorted { $0.rawValue < $1.rawValue })
        // Grouped by area, in the order of the areas.
        let areas = Explanation.all.map(\.code.area)
        XCTAssertEqual(areas, areas.sorted { DiagnosticArea.allCases.firstIndex(of: $0)! < DiagnosticArea.allCases.firstIndex(of: $1)! })
    }

    func testEveryExplanationIsComplete() {
        for explanation in Explanation.all {
            let code = explanation.code.rawValue
            XCTAssertFalse(explanation.summary.contains("\n"), "\(code): the summary is one line")
            XCTAssertFalse(explanation.summary.hasSuffix("."), "\(code): a summary reads like a message, without a full stop")
            XCTAssertLessThanOrEqual(explanation.summary.count, 60, "\(code): the summary is short")
            XCTAssertGreaterThan(explanation.meaning.count, 80, code)
            XCTAssertFalse(explanation.why.isEmpty, code)
            // Either both examples or a reason for having none.
            XCTAssertEqual(explanation.mistake == nil, explanation.fix == nil, code)
            XCTAssertEqual(explanation.mistake == nil, explanation.noExample != nil, code)
        }
    }

    /// The codes that cannot be shown in a few lines of content, and only those.
    func testOnlyProblemsOfTheComputerHaveNoExample() {
        let without = Explanation.all.filter { $0.mistake == nil }.map(\.code)
        XCTAssertEqual(without, [.fileTooLarge, .fileUnreadable])
    }

    func testExampleLinesFitATerminal() {
        for explanation in Explanation.all {
            for example in [explanation.mistake, explanation.fix].compactMap({ $0 }) {
                for file in example.files {
                    for line in file.text.split(separator: "\n") {
                        XCTAssertLessThanOrEqual(line.count, 72, "\(explanation.code.rawValue): \(file.path): \(line)")
                    }
                }
            }
        }
    }

    /// The mistake makes the compiler report the code, in one of the example's files; the
    /// fix makes no problem at all.
    func testTheCompilerReportsEveryMistakeAndNoFix() throws {
        var checked = 0
        for explanation in Explanation.all where explanation.code.area != .gift {
            guard let mistake = explanation.mistake, let fix = explanation.fix else { continue }
            let code = explanation.code
            let broken = try compile(mistake)
            let reported = broken.diagnostics.all.filter { $0.code == code }
            XCTAssertFalse(reported.isEmpty, "\(code.rawValue): the mistake is not reported; got \(describe(broken.diagnostics))")
            let paths = Set(mistake.files.map(\.path) + mistake.removed)
            for diagnostic in reported {
                // At the example's file, or, for a problem between two files, with a note there.
                let places = [diagnostic.location.file] + diagnostic.notes.map(\.location.file)
                XCTAssertTrue(places.contains(where: paths.contains), "\(code.rawValue): reported in \(diagnostic.location.file)")
                XCTAssertEqual(diagnostic.severity, code.defaultSeverity, code.rawValue)
            }
            for diagnostic in broken.diagnostics.all {
                XCTAssertNotNil(diagnostic.help, "\(code.rawValue): \(diagnostic.code.rawValue) \(diagnostic.message) has no help")
            }
            let fixed = try compile(fix)
            XCTAssertEqual(describe(fixed.diagnostics), [], "\(code.rawValue): the fix is not clean")
            XCTAssertNotNil(fixed.program, code.rawValue)
            checked += 1
        }
        XCTAssertEqual(checked, Explanation.all.filter { $0.code.area != .gift && $0.mistake != nil }.count)
        XCTAssertGreaterThanOrEqual(checked, 55)
    }

    /// The spec examples with an example laid over them, compiled.
    private func compile(_ example: ContentExample) throws -> Compiler.Result {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        for path in example.removed {
            try FileManager.default.removeItem(at: content.appendingPathComponent(path))
        }
        for file in example.files {
            let url = content.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        return try Compiler(contentFolder: content).compile()
    }

    private func describe(_ list: DiagnosticList) -> [String] {
        list.sorted.map { "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" }
    }
}
