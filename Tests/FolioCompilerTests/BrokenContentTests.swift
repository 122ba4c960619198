import FolioCore
import Foundation
import XCTest

@testable import FolioCompiler

/// Every mistake in `Tests/Fixtures/broken/` is reported with its code, file, line,
/// column and message, and nothing else is reported.
final class BrokenContentTests: XCTestCase {
    func testTheSpecExamplesAreAcceptedWithoutProblems() throws {
        let result = try Compiler(contentFolder: Fixtures.specExamples).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.message), [])
        XCTAssertNotNil(result.program)
    }

    func testEachBrokenCaseReportsExactlyItsExpectedDiagnostics() throws {
        let cases = Fixtures.brokenCases
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        for name in cases {
            let content = try Fixtures.brokenContent(name, in: self)
            let result = try Compiler(contentFolder: content).compile()
            let expected = try Fixtures.expectations(name)
            XCTAssertFalse(expected.isEmpty, "\(name): expected.txt lists nothing")
            let actual = result.diagnostics.sorted.map(Fixtures.Expectation.init)
            XCTAssertEqual(actual.map(\.place).sorted(), expected.map(\.place).sorted(), "\(name): the diagnostics differ")
            // Two problems may share a place; each expectation needs one that says it.
            for expectation in expected {
                let atPlace = actual.filter { $0.place == expectation.place }
                guard !atPlace.isEmpty else { continue }
                XCTAssertTrue(
                    atPlace.contains { $0.messagePart.contains(expectation.messagePart) },
                    "\(name): \(atPlace.map(\.messagePart)) does not say \"\(expectation.messagePart)\"")
            }
            // A content error means no program to emit; warnings alone do not stop it.
            XCTAssertEqual(result.program == nil, expected.contains { $0.severity == "error" }, name)
        }
    }

    /// Every error and warning says how to fix it, in words an author uses.
    func testEveryMessageSaysHowToFixItInAnAuthorsWords() throws {
        let jargon = try NSRegularExpression(
            pattern: "\\b(scalar|mapping|node|sequence|keys?|boolean|integer|string|parser?|token|alias event)\\b", options: [.caseInsensitive])
        for name in Fixtures.brokenCases {
            let result = try Compiler(contentFolder: try Fixtures.brokenContent(name, in: self)).compile()
            for diagnostic in result.diagnostics.all {
                let place = "\(name): \(diagnostic.code.rawValue) \(diagnostic.message)"
                XCTAssertFalse((diagnostic.help ?? "").isEmpty, "\(place) has no help")
                for text in [diagnostic.message, diagnostic.help ?? ""] + diagnostic.notes.map(\.message) {
                    let range = NSRange(text.startIndex..., in: text)
                    XCTAssertNil(jargon.firstMatch(in: text, range: range), "\(place): \"\(text)\" uses a programmer's word")
                }
            }
        }
    }

    /// The spec's "must be rejected" rules each have a broken case.
    func testEveryRejectionRuleOfTheSpecHasAFixture() throws {
        let covered = Set(try Fixtures.brokenCases.flatMap { try Fixtures.expectations($0).map(\.code) })
        let required: [DiagnosticCode] = [
            .quizSingleCorrectCount, .quizMultipleNoCorrect, .quizTrueFalseAnswer, .quizTextAccept, .quizNumberAnswer,
            .quizDuplicateChoice, .quizDuplicateQuestionID, .quizDrawTooLarge, .quizPassInvalid, .quizTimeLimitInvalid,
            .unknownField, .chapterQuizMissing, .chapterQuizShared, .duplicateID, .invalidID, .linkToDraft,
            .videoInvalidID, .videoInvalidStart, .videoTitleMissing, .linkOutsideContent, .linkTargetMissing, .linkUnsafe,
            .deckFrontWithoutBack, .yamlTab, .yamlUnclosedQuote, .yamlDuplicateKey, .yamlAliasLimit, .yamlNestingLimit,
            .fileNotUTF8, .frontMatterUnclosed, .quizNoHint, .imageAltMissing, .rawHTMLOmitted, .unknownFileType,
        ]
        for code in required {
            XCTAssertTrue(covered.contains(code.rawValue), "no broken fixture for \(code.rawValue)")
        }
    }

    func testAFileOverTheSizeLimitIsOneErrorAndIsNotRead() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let huge = "---\ntitle: Huge\n---\n" + String(repeating: "word ", count: 500_000)
        try huge.write(to: content.appendingPathComponent("chapters/05-huge.md"), atomically: true, encoding: .utf8)
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.fileTooLarge])
        XCTAssertEqual(result.diagnostics.all.first?.location.file, "chapters/05-huge.md")
    }

    func testAMissingContentFolderIsAToolFailureNotADiagnostic() {
        XCTAssertThrowsError(try Compiler(contentFolder: URL(fileURLWithPath: "/nonexistent/folio")).compile()) { error in
            XCTAssertTrue(error is ToolFailure)
        }
    }
}
