import FolioCore
import FolioExplanations
import FolioImport
import FolioSyntax
import Foundation
import XCTest

@testable import FolioCompiler

/// `folio explain` tells the truth: every code has an explanation, and every example,
/// laid over the spec examples and compiled, shows what it says it shows.
final class ExplanationTests: XCTestCase {
    /// Every code a module declares.
    static let declared =
        DiagnosticCode.coreCodes + DiagnosticCode.yamlCodes + DiagnosticCode.compilerCodes + DiagnosticCode.interfaceCodes + DiagnosticCode.giftCodes

    func testEveryCodeHasOneExplanation() {
        XCTAssertEqual(Self.declared.count, Set(Self.declared).count, "a code is declared twice")
        for code in Self.declared {
            XCTAssertNotNil(Explanation.of(code), "\(code.rawValue) has no explanation")
        }
        XCTAssertEqual(Explanation.all.map(\.code).sorted { $0.rawValue < $1.rawValue }, Self.declared.sorted { $0.rawValue < $1.rawValue })
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
        XCTAssertEqual(without, [.fileTooLarge, .fileUnreadable, .contentLinkNotFollowed, .progressDropped])
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

    /// Codes that no few lines of content make the compiler report, each with why, and
    /// where they are shown instead. Every other code is shown by its example.
    static let notShownByContent: [DiagnosticCode: String] = [
        .fileTooLarge: "a file of more than 2 MB does not fit in an example: testAFileOverTwoMegabytesShowsFileTooLarge writes one",
        .fileUnreadable:
            "whether a file can be opened depends on its permissions on this computer, not on what it says: testAFileNobodyMayReadShowsFileUnreadable",
        .contentLinkNotFollowed: "a link is made by the file system, not written in a file: HostileInputTests makes links in a program",
        .progressDropped:
            "it compares the program with a bundle published before, which an example of content does not have: ProgressKeepingTests and the edit scenarios publish one",
        .giftSyntax: "only `folio import` reports it: ExplainCommandTests imports the example's GIFT file",
        .giftUnsupported: "only `folio import` reports it: ExplainCommandTests imports the example's GIFT file",
        .giftChanged: "only `folio import` reports it: ExplainCommandTests imports the example's GIFT file",
        .giftIgnored: "only `folio import` reports it: ExplainCommandTests imports the example's GIFT file",
        .giftNoQuestions: "only `folio import` reports it: ExplainCommandTests imports the example's GIFT file",
    ]

    /// For every code: its example of the mistake, laid over the spec examples (a small
    /// valid program), makes the compiler report that code, in one of the example's
    /// files; its fix makes no problem at all.
    func testEveryCodeIsShownByItsExampleOrListedWithWhyNot() throws {
        let base = try compile(ContentExample([]))
        XCTAssertEqual(describe(base.diagnostics), [], "the program the examples are laid over is valid")
        var checked = 0
        for code in Self.declared {
            let explanation = try XCTUnwrap(Explanation.of(code), "\(code.rawValue) has no explanation")
            if let reason = Self.notShownByContent[code] {
                XCTAssertFalse(reason.isEmpty, code.rawValue)
                continue
            }
            let mistake = try XCTUnwrap(explanation.mistake, "\(code.rawValue) has no example, and is not listed as a code content cannot show")
            let fix = try XCTUnwrap(explanation.fix, code.rawValue)
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
        XCTAssertEqual(checked + Self.notShownByContent.count, Self.declared.count)
        XCTAssertGreaterThanOrEqual(checked, 55)
    }

    /// The list above holds only the codes that need it: a code with an example of
    /// content is checked with it, not excused.
    func testOnlyCodesWithoutAContentExampleAreListed() {
        for (code, _) in Self.notShownByContent {
            let explanation = Explanation.of(code)
            XCTAssertTrue(code.area == .gift || explanation?.mistake == nil, "\(code.rawValue) has an example of content; check it instead")
        }
    }

    func testAFileOverTwoMegabytesShowsFileTooLarge() throws {
        let text = "---\ntitle: Huge\n---\n" + String(repeating: "word ", count: 500_000)
        let broken = try compile(.file("chapters/02-huge.md", text))
        XCTAssertEqual(broken.diagnostics.all.map(\.code), [.fileTooLarge])
        XCTAssertEqual(broken.diagnostics.all.first?.location.file, "chapters/02-huge.md")
        let fixed = try compile(.file("chapters/02-huge.md", "---\ntitle: Huge\n---\n" + String(repeating: "word ", count: 1_000)))
        XCTAssertEqual(describe(fixed.diagnostics), [])
    }

    func testAFileNobodyMayReadShowsFileUnreadable() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: chapter.path)
        addTeardownBlock { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: chapter.path) }
        // The system administrator may read any file, so only another account can show it.
        if FileManager.default.isReadableFile(atPath: chapter.path) {
            throw XCTSkip("this account may read a file without read permission (it is the administrator)")
        }
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.fileUnreadable])
        XCTAssertEqual(result.diagnostics.all.first?.location.file, "chapters/01-who-am-i.md")
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
