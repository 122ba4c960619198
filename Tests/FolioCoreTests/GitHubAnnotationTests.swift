import FolioCore
import XCTest

/// Diagnostics as GitHub Actions workflow commands, escaped as GitHub's own toolkit
/// escapes them.
final class GitHubAnnotationTests: XCTestCase {
    func testMessagesEscapePercentAndLineBreaks() {
        XCTAssertEqual(DiagnosticRenderer.githubData("100% sure\r\nnext line\nlast"), "100%25 sure%0D%0Anext line%0Alast")
        XCTAssertEqual(DiagnosticRenderer.githubData("a: b, c"), "a: b, c", "colons and commas are fine in a message")
    }

    func testPropertiesAlsoEscapeColonsAndCommas() {
        XCTAssertEqual(DiagnosticRenderer.githubProperty("C:/Con,tent 100%/a.yaml"), "C%3A/Con%2Ctent 100%25/a.yaml")
    }

    func testOneLinePerDiagnosticWithNotesAndHelpInTheMessage() {
        var list = DiagnosticList()
        list.warning(.quizNoHint, at: SourceLocation(file: "quizzes/b.yaml", line: 3, column: 5), "no help: 50% of learners")
        list.error(
            .quizSingleCorrectCount, at: SourceLocation(file: "quizzes/a.yaml", line: 14, column: 9), "two correct choices",
            help: "mark only one", notes: [.init(location: SourceLocation(file: "quizzes/a.yaml", line: 11, column: 9), message: "the first")])
        let renderer = DiagnosticRenderer(contentFolderDisplay: "Content", useColor: true)
        XCTAssertEqual(
            renderer.github(list),
            """
            ::error file=Content/quizzes/a.yaml,line=14,col=9,title=quiz-single-correct-count::two correct choices%0Anote: Content/quizzes/a.yaml:11:9: the first%0Ahelp: mark only one
            ::warning file=Content/quizzes/b.yaml,line=3,col=5,title=quiz-no-hint::no help: 50%25 of learners

            """)
    }

    func testStrictMakesWarningsErrorsAndChangesNothingElse() {
        var list = DiagnosticList()
        list.warning(.quizNoHint, at: .startOf("a.yaml"), "w", help: "h")
        list.error(.invalidID, at: .startOf("b.yaml"), "e")
        let strict = list.warningsAsErrors
        XCTAssertEqual(strict.errorCount, 2)
        XCTAssertEqual(strict.warningCount, 0)
        XCTAssertEqual(strict.all.map(\.code), [.quizNoHint, .invalidID])
        XCTAssertEqual(strict.all.map(\.location), list.all.map(\.location))
        XCTAssertEqual(strict.all.map(\.message), ["w", "e"])
        XCTAssertEqual(strict.all.first?.help, "h")
    }
}
