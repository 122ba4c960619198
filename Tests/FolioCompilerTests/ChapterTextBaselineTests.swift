import FolioContent
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// What a build keeps for the next one: read back from its lines as it was written, and
/// a chapter recompiled against it is the chapter a whole compilation makes, or nothing
/// when the edit is not one it can judge.
final class ChapterTextBaselineTests: XCTestCase {
    /// The sample in one language: the text baseline is kept for programs without
    /// translations, whose builds take the short way after an edit of chapters' texts.
    func sample() throws -> [String: Data] { TestFixtures.sampleInOneLanguageFiles() }

    func compile(_ files: [String: Data]) throws -> Compiler.Result {
        try Compiler(content: ContentInMemory(files: files), options: .init(keepsTextBaseline: true)).compile()
    }

    func testTheLinesReadBackAsTheBaseline() throws {
        XCTAssertNil(try Compiler(content: ContentInMemory(files: sample())).compile().textBaseline, "kept only when asked for")
        let baseline = try XCTUnwrap(try compile(sample()).textBaseline)
        XCTAssertEqual(baseline.chapters.map(\.path).first, "chapters/01-who-am-i.md")
        XCTAssertEqual(baseline.excludedDrafts, ["life-online"], "the draft is left out, and links to it are told apart")
        let lines = try XCTUnwrap(baseline.lines)
        XCTAssertEqual(ChapterTextBaseline(lines: lines), baseline)
        XCTAssertNil(ChapterTextBaseline(lines: lines + ["unknown\tline"]))
        XCTAssertNil(ChapterTextBaseline(lines: Array(lines.dropFirst())), "without the line saying whether HTML is allowed")
    }

    func testARecompiledChapterIsTheChapterAWholeCompilationMakes() throws {
        var files = try sample()
        let path = "chapters/02-friendship.md"
        let baseline = try XCTUnwrap(try compile(files).textBaseline)
        let text = String(decoding: try XCTUnwrap(files[path]), as: UTF8.self)
        files[path] = Data(text.replacingOccurrences(of: "## Warning signs", with: "A new line, linking [who I am](01-who-am-i.md).\n\n## Warning signs").utf8)
        let whole = try XCTUnwrap(try compile(files).program)
        let listed = try ContentInMemory(files: files).list().files
        let recompiled = try XCTUnwrap(baseline.recompile(path, content: ContentInMemory(files: files), resolver: baseline.resolver(listed: listed)))
        let chapter = whole.chapters[recompiled.position]
        XCTAssertEqual(chapter.id, "friendship")
        XCTAssertEqual(recompiled.text.body, chapter.body)
        XCTAssertEqual(recompiled.text.videos, chapter.videos)
        XCTAssertEqual(recompiled.text.headings, chapter.headings)
        XCTAssertEqual(recompiled.text.plainText, chapter.plainText)
        XCTAssertTrue(chapter.plainText.contains("A new line, linking who I am."), chapter.plainText)
    }

    func testEditsItCannotJudgeGiveNothing() throws {
        let files = try sample()
        let path = "chapters/02-friendship.md"
        let baseline = try XCTUnwrap(try compile(files).textBaseline)
        let text = String(decoding: try XCTUnwrap(files[path]), as: UTF8.self)
        let edits = [
            ("its title", text.replacingOccurrences(of: "title: Good Friends", with: "title: Good Pals")),
            ("a line more above the body", text.replacingOccurrences(of: "quiz: friendship\n", with: "quiz: friendship\n\n")),
            ("a link to a missing chapter", text + "\nSee [this](missing.md).\n"),
            ("a character it warns about", text + "\nA bell \u{7}.\n"),
        ]
        for (label, edited) in edits {
            var changed = files
            changed[path] = Data(edited.utf8)
            let listed = try ContentInMemory(files: changed).list().files
            XCTAssertNil(baseline.recompile(path, content: ContentInMemory(files: changed), resolver: baseline.resolver(listed: listed)), label)
        }
        let listed = try ContentInMemory(files: files).list().files
        XCTAssertNil(baseline.recompile("welcome.md", content: ContentInMemory(files: files), resolver: baseline.resolver(listed: listed)), "not a chapter")
        XCTAssertNil(
            baseline.recompile("chapters/06-life-online.md", content: ContentInMemory(files: files), resolver: baseline.resolver(listed: listed)), "a draft")
        var flagged = baseline
        flagged.filesWithMessages.insert(path)
        XCTAssertNil(flagged.recompile(path, content: ContentInMemory(files: files), resolver: baseline.resolver(listed: listed)), "a file a message was about")
        XCTAssertNotNil(baseline.recompile(path, content: ContentInMemory(files: files), resolver: baseline.resolver(listed: listed)), "unchanged")
    }
}
