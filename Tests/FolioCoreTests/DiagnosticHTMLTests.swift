import FolioCore
import XCTest

/// The problems page of `folio serve` says what the terminal says, in a form a browser
/// shows well and safely.
final class DiagnosticHTMLTests: XCTestCase {
    private let quiz = SourceFile(
        path: "quizzes/who-am-i.yaml",
        text: "questions:\n  - prompt: Who <decides>?\n    choices:\n      - text: You\n        hnit: Think again\n")

    private func render(_ list: DiagnosticList) -> String {
        var sources = SourceStore()
        sources.add(quiz)
        return DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false).html(list, sources: sources)
    }

    func testErrorsComeBeforeWarningsBecauseTheyAreWhatHoldsTheSiteBack() throws {
        var list = DiagnosticList()
        list.warning(.quizNoHint, at: SourceLocation(file: quiz.path, line: 4, column: 9), "no help for this wrong choice")
        list.error(.unknownField, at: SourceLocation(file: quiz.path, line: 5, column: 9), "unknown field `hnit`")
        let page = render(list)
        let error = try XCTUnwrap(page.range(of: "unknown field"))
        let warning = try XCTUnwrap(page.range(of: "no help for this wrong choice"))
        XCTAssertLessThan(error.lowerBound, warning.lowerBound)
        XCTAssertTrue(page.contains("<code>Content/quizzes/who-am-i.yaml:5:9</code>"), page)
    }

    func testBacktickedNamesBecomeCodeAndAuthorTextIsEscaped() {
        var list = DiagnosticList()
        list.error(
            .unknownField, at: SourceLocation(file: quiz.path, line: 2, column: 13), "unknown field `hnit` in <choice>; did you mean `hint`?",
            help: "rename it to `hint`; a lone ` stays")
        let page = render(list)
        XCTAssertTrue(page.contains("unknown field <code>hnit</code> in &lt;choice&gt;; did you mean <code>hint</code>?"), page)
        XCTAssertTrue(page.contains("rename it to <code>hint</code>; a lone ` stays"), page)
        // The offending line is shown with its caret, escaped.
        XCTAssertTrue(page.contains("2 |   - prompt: Who &lt;decides&gt;?\n  |             ^"), page)
        XCTAssertFalse(page.contains("<decides>"))
    }
}
