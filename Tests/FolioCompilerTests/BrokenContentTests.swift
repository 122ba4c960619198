import FolioCore
import FolioTestSupport
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
        let cases = BrokenCase.all
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        for broken in cases {
            let name = broken.name
            let result = try Fixtures.compile(broken)
            let expected = broken.expected
            XCTAssertFalse(expected.isEmpty, "\(name): expected.txt lists nothing")
            let actual = result.diagnostics.sorted.map(BrokenCase.Problem.init)
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

    /// A misspelt name gets the name meant, in the message and in the fix: a field, a
    /// quiz id, a file name in a link, and a chapter linked to by its id.
    func testAMisspeltNameGetsTheNameMeant() throws {
        let cases: [(fixture: String, place: String, message: String, help: String)] = [
            (
                "misspelt-field", "quizzes/who-am-i.yaml:8:9", "unknown field `hnit` in a choice; did you mean `hint`?",
                "rename it to `hint`; the fields allowed here are `id`, `text`, `correct`, `hint`, `feedback`"
            ),
            (
                "chapter-names-missing-quiz", "chapters/01-who-am-i.md:3:7", "there is no quiz with the id `who-am-j`; did you mean `who-am-i`?",
                "change it to `quiz: who-am-i`"
            ),
            (
                "links", "chapters/01-who-am-i.md:6:37", "`02-frendship.md` does not exist; did you mean `02-friendship.md`?",
                "change the address to `02-friendship.md`"
            ),
            (
                "link-paths", "chapters/02-friendship.md:7:12", "`who-am-i` does not exist; did you mean `01-who-am-i.md`?",
                "change the address to `01-who-am-i.md`"
            ),
        ]
        for expected in cases {
            let result = try Fixtures.compile(BrokenCase(expected.fixture))
            let diagnostic = result.diagnostics.all.first { "\($0.location.file):\($0.location.line):\($0.location.column)" == expected.place }
            XCTAssertEqual(diagnostic?.message, expected.message, expected.fixture)
            XCTAssertEqual(diagnostic?.help, expected.help, expected.fixture)
        }
    }

    /// `correct: maybe` is one mistake, so it is one message: nothing that depends on
    /// whether the choice is right (the number of right choices, its `feedback`, its
    /// hint) is reported as well.
    func testAChoiceWhoseCorrectCannotBeReadIsOneMessage() throws {
        let result = try Fixtures.compile(BrokenCase("correct-maybe"))
        XCTAssertEqual(result.diagnostics.all.count, 1, result.diagnostics.all.map(\.message).description)
        let diagnostic = try XCTUnwrap(result.diagnostics.all.first)
        XCTAssertEqual(diagnostic.code, .wrongType)
        XCTAssertEqual(diagnostic.message, "`correct` should be `true` or `false`, not `maybe`")
        XCTAssertEqual(diagnostic.help, "write `correct: true` or `correct: false`, without quotes")
        XCTAssertEqual([diagnostic.location.line, diagnostic.location.column], [14, 18])
        XCTAssertNil(result.program)
    }

    /// Every error and warning says how to fix it, in words an author uses.
    func testEveryMessageSaysHowToFixItInAnAuthorsWords() throws {
        let jargon = try NSRegularExpression(
            pattern: "\\b(scalar|mapping|node|sequence|keys?|boolean|integer|string|parser?|token|alias event)\\b", options: [.caseInsensitive])
        for broken in BrokenCase.all {
            let name = broken.name
            let result = try Fixtures.compile(broken)
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
        let covered = Set(BrokenCase.all.flatMap { $0.expected.map(\.code) })
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
