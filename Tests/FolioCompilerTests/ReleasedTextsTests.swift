import FolioContent
import FolioCore
import Foundation
import XCTest

@testable import FolioCompiler

/// A compilation without a cache (`folio build`, `folio check`) lets go of each file's
/// text once the stage that reads it is done, so that a large program never holds every
/// file's text beside what it became; the texts a message quotes are kept, and every
/// message quotes its line as it would if nothing were let go.
final class ReleasedTextsTests: XCTestCase {
    /// 300 chapters (more than one batch of bodies), chapters 7 and 290 with a picture
    /// from another site (a warning), and two quizzes, one of them with a wrong answer
    /// without a hint (a warning).
    static func program() -> [String: Data] {
        /// One question whose wrong choice has `hint` (or none).
        func quiz(_ title: String, hint: String?) -> Data {
            Data(
                """
                title: \(title)
                questions:
                  - prompt: Which one?
                    choices:
                      - text: This one
                        correct: true
                      - text: That one
                \(hint.map { "        hint: \($0)\n" } ?? "")
                """.utf8)
        }
        var files: [String: Data] = [
            "folio.yaml": Data("title: Many Chapters\nid: many-chapters\n".utf8),
            "welcome.md": Data("Welcome.\n".utf8),
            "quizzes/q1.yaml": quiz("First", hint: nil),
            "quizzes/q2.yaml": quiz("Second", hint: "Look again."),
        ]
        for number in 1...300 {
            let quiz = number <= 2 ? "quiz: q\(number)\n" : ""
            let picture = number == 7 || number == 290 ? "\n![A tree](https://example.org/tree-\(number).png)\n" : ""
            files[String(format: "chapters/%03d-chapter-%d.md", number, number)] = Data(
                "---\ntitle: Chapter \(number)\n\(quiz)---\n\nThe text of chapter \(number).\n\(picture)".utf8)
        }
        return files
    }

    func testOnlyTheFilesAMessageQuotesKeepTheirText() throws {
        let result = try Compiler(content: ContentInMemory(files: Self.program())).compile()
        XCTAssertNotNil(result.program)
        let quoted = Set(result.diagnostics.all.flatMap(\.files))
        XCTAssertEqual(
            quoted, ["chapters/007-chapter-7.md", "chapters/290-chapter-290.md", "quizzes/q1.yaml"],
            result.diagnostics.all.map(\.message).joined(separator: "\n"))
        let kept = Set(result.sources.files.keys)
        XCTAssertTrue(quoted.isSubset(of: kept))
        XCTAssertEqual(
            kept.filter { $0.hasPrefix("chapters/") || $0.hasPrefix("quizzes/") }, quoted,
            "no other chapter's or quiz's text is held once the program is compiled")
    }

    func testEveryMessageQuotesTheLineItWouldQuoteIfNothingWereLetGo() throws {
        let files = Self.program()
        let released = try Compiler(content: ContentInMemory(files: files)).compile()
        // With a cache (`folio serve`), every text is kept for the next compilation.
        let kept = try Compiler(content: ContentInMemory(files: files), cache: CompileCache()).compile()
        XCTAssertEqual(kept.sources.files.count, 304)
        Self.assertSameMessages(released, kept)
    }

    /// `a` and `b`, two compilations of ``program()``, print the same messages, quoting
    /// the lines of a chapter and of a quiz.
    static func assertSameMessages(_ a: Compiler.Result, _ b: Compiler.Result, file: StaticString = #filePath, line: UInt = #line) {
        let renderer = DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false)
        let text = renderer.text(a.diagnostics, sources: a.sources)
        XCTAssertEqual(text, renderer.text(b.diagnostics, sources: b.sources), file: file, line: line)
        XCTAssertTrue(text.contains("![A tree](https://example.org/tree-290.png)"), text, file: file, line: line)
        XCTAssertTrue(text.contains("- text: That one"), text, file: file, line: line)
    }

    func testTheTextBaselineIsTheSameWhetherTextsAreLetGoOrNot() throws {
        let files = Self.program()
        let released = try Compiler(content: ContentInMemory(files: files), options: .init(keepsTextBaseline: true)).compile()
        let kept = try Compiler(content: ContentInMemory(files: files), options: .init(keepsTextBaseline: true), cache: CompileCache()).compile()
        let baseline = try XCTUnwrap(released.textBaseline)
        XCTAssertEqual(baseline, kept.textBaseline)
        XCTAssertEqual(baseline.chapters.count, 300)
        let text = String(decoding: files["chapters/150-chapter-150.md"]!, as: UTF8.self)
        XCTAssertEqual(baseline.chapters[149].frontMatter, ChapterTextBaseline.frontMatterDigest(of: text))
        XCTAssertNotEqual(baseline.chapters[149].frontMatter, baseline.chapters[150].frontMatter)
    }
}
