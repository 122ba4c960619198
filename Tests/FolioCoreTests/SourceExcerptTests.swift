import XCTest

@testable import FolioCore

/// Messages quote a line whole when it is short, and the part around the problem when
/// it is long.
final class SourceExcerptTests: XCTestCase {
    func testAShortLineIsQuotedWhole() {
        let excerpt = SourceExcerpt(line: "title: Who Am I?", column: 8)
        XCTAssertEqual(excerpt.text, "title: Who Am I?")
        XCTAssertEqual(excerpt.caretOffset, 7)
    }

    func testALongLineIsCutAroundTheColumnWithTheCaretStillUnderIt() {
        let line = String(repeating: "a", count: 5_000) + "X" + String(repeating: "b", count: 5_000)
        let excerpt = SourceExcerpt(line: line, column: 5_001)
        XCTAssertEqual(excerpt.text, "…" + String(repeating: "a", count: 60) + "X" + String(repeating: "b", count: 59) + "…")
        XCTAssertEqual(Array(excerpt.text.unicodeScalars)[excerpt.caretOffset], "X")
    }

    func testTheStartAndTheEndOfALongLineAreCutOnOneSideOnly() {
        let line = "é" + String(repeating: "x", count: 300)
        let start = SourceExcerpt(line: line, column: 1)
        XCTAssertEqual(start.caretOffset, 0)
        XCTAssertTrue(start.text.hasPrefix("éxx") && start.text.hasSuffix("x…"))
        XCTAssertEqual(start.text.unicodeScalars.count, 61)
        let end = SourceExcerpt(line: line, column: 302)
        XCTAssertTrue(end.text.hasPrefix("…x") && !end.text.hasSuffix("…"))
        XCTAssertEqual(end.caretOffset, end.text.unicodeScalars.count)
    }

    func testEveryRendererQuotesTheExcerpt() {
        var sources = SourceStore()
        let long = String(repeating: "word ", count: 4_000)
        sources.add(SourceFile(path: "chapters/x.md", text: "---\n" + long + "\n"))
        let list = DiagnosticList([Diagnostic(.unknownField, at: SourceLocation(file: "chapters/x.md", line: 2, column: 10_001), "here")])
        let renderer = DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false)
        for output in [renderer.text(list, sources: sources), renderer.json(list, sources: sources), renderer.html(list, sources: sources)] {
            XCTAssertLessThan(output.utf8.count, 2_000, output)
            XCTAssertTrue(output.contains("…"), output)
        }
    }
}
