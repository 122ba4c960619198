import FolioContent
import FolioCore
import FolioModel
import Foundation
import XCTest

@testable import FolioCompiler

/// A rebuild with the cache `folio serve` keeps gives exactly what a build from scratch
/// gives, whatever changed, and reuses what did not change.
final class CompileCacheTests: XCTestCase {
    /// The program and diagnostics, as comparable text.
    func outcome(_ result: Compiler.Result) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Each with the line it quotes, so the files kept for quoting are compared too.
        var parts = result.diagnostics.all.map {
            "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column) \($0.message) | "
                + (result.sources.line($0.location.line, of: $0.location.file) ?? "-")
        }
        if let program = result.program {
            parts.append(String(decoding: try encoder.encode(program.chapters.map { Chapter($0) }), as: UTF8.self))
            parts.append(String(decoding: try encoder.encode(program.quizzes), as: UTF8.self))
            parts.append(String(decoding: try encoder.encode(program.decks), as: UTF8.self))
            parts.append(program.media.map(\.bundlePath).joined(separator: ","))
        }
        return parts.joined(separator: "\n")
    }

    func assertSameAsFromScratch(_ content: URL, cache: CompileCache, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        // File times have a resolution; a change within the same tick must still be seen,
        // which the size or the inode tells in these edits.
        let cached = try Compiler(contentFolder: content, cache: cache).compile()
        let fresh = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(try outcome(cached), try outcome(fresh), label, file: file, line: line)
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testEditsAdditionsRemovalsAndRenamesGiveWhatAFreshBuildGives() throws {
        let content = try Fixtures.sampleInOneLanguage(in: self)
        let cache = CompileCache()
        try assertSameAsFromScratch(content, cache: cache, "first build")
        XCTAssertEqual(cache.lastReuse, .init(reads: 0, parses: 0, bodies: 0))

        // Nothing changed: the last program is the answer.
        try assertSameAsFromScratch(content, cache: cache, "no change")
        XCTAssertTrue(cache.lastReuse.chapterTextOnly)

        // One chapter's text changes: only it is read, parsed and rendered again.
        let chapter = content.appendingPathComponent("chapters/02-friendship.md")
        try write(try String(contentsOf: chapter, encoding: .utf8).replacingOccurrences(of: "title: ", with: "title: New: ") + "\nA new line.\n", to: chapter)
        try assertSameAsFromScratch(content, cache: cache, "one chapter edited")

        // A quiz breaks, then is fixed.
        let quiz = content.appendingPathComponent("quizzes/friendship.yaml")
        let original = try String(contentsOf: quiz, encoding: .utf8)
        try write(original.replacingOccurrences(of: "correct: true", with: "correct: yes please"), to: quiz)
        try assertSameAsFromScratch(content, cache: cache, "quiz broken")
        try write(original, to: quiz)
        try assertSameAsFromScratch(content, cache: cache, "quiz fixed")

        // A new chapter links to an old one, which links back: bodies depend on other files.
        try write("---\ntitle: Extra\nsummary: More.\n---\n\nSee [who am I](01-who-am-i.md).\n", to: content.appendingPathComponent("chapters/07-extra.md"))
        try assertSameAsFromScratch(content, cache: cache, "chapter added")
        XCTAssertEqual(cache.lastReuse.bodies, 0, "a new file changes what links can point to, so every body is checked again")
        try FileManager.default.moveItem(at: content.appendingPathComponent("chapters/07-extra.md"), to: content.appendingPathComponent("chapters/08-more.md"))
        try assertSameAsFromScratch(content, cache: cache, "chapter renamed")
        try FileManager.default.removeItem(at: content.appendingPathComponent("media/sunrise.png"))
        try assertSameAsFromScratch(content, cache: cache, "an image the text uses is deleted")
        try FileManager.default.removeItem(at: content.appendingPathComponent("chapters/08-more.md"))
        try assertSameAsFromScratch(content, cache: cache, "chapter removed")
    }

    /// An edit of front matter takes the whole way, which reuses what did not change.
    func testAnEditedChapterIsTheOnlyOneParsedAndRenderedAgain() throws {
        let content = try Fixtures.sampleInOneLanguage(in: self)
        let cache = CompileCache()
        _ = try Compiler(contentFolder: content, cache: cache).compile()
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { ContentKind(path: $0).isText }
        let chapter = content.appendingPathComponent("chapters/03-feelings.md")
        try write(try String(contentsOf: chapter, encoding: .utf8).replacingOccurrences(of: "summary: ", with: "summary: New: "), to: chapter)
        _ = try Compiler(contentFolder: content, cache: cache).compile()
        XCTAssertFalse(cache.lastReuse.chapterTextOnly)
        XCTAssertEqual(cache.lastReuse.reads, files.count - 1)
        XCTAssertEqual(cache.lastReuse.bodies, 4, "the other four published chapters")
        let quizzes = files.filter { $0.hasPrefix("quizzes/") }
        XCTAssertEqual(cache.lastReuse.builtQuizzes, quizzes.count, "every quiz: none changed")
    }

    func testAnEditedQuizIsTheOnlyOneBuiltAndCheckedAgain() throws {
        let content = try Fixtures.sampleInOneLanguage(in: self)
        let cache = CompileCache()
        try assertSameAsFromScratch(content, cache: cache, "first build")
        let quizzes = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("quizzes").path).filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThan(quizzes.count, 2)
        let quiz = content.appendingPathComponent("quizzes/friendship.yaml")
        let original = try String(contentsOf: quiz, encoding: .utf8)
        // A hint goes missing: the rules within the quiz must see it, not a stale result.
        try write(original.replacingOccurrences(of: "hint:", with: "note:"), to: quiz)
        try assertSameAsFromScratch(content, cache: cache, "a quiz's hints renamed")
        XCTAssertEqual(cache.lastReuse.builtQuizzes, quizzes.count - 1)
        try write(original, to: quiz)
        try assertSameAsFromScratch(content, cache: cache, "the quiz put back")
        XCTAssertEqual(cache.lastReuse.builtQuizzes, quizzes.count - 1)
    }

    /// The edit an author makes most, a chapter's text below its front matter, takes the
    /// short way (``ChapterTextEdit``); every other edit the whole way; both give what a
    /// compilation from the start gives, errors, quoted lines and all.
    func testEditsBelowTheFrontMatterTakeTheShortWayAndGiveWhatAFreshBuildGives() throws {
        let content = try Fixtures.sampleInOneLanguage(in: self)
        let cache = CompileCache()
        try assertSameAsFromScratch(content, cache: cache, "first build")
        let feelings = content.appendingPathComponent("chapters/03-feelings.md")
        let friendship = content.appendingPathComponent("chapters/02-friendship.md")
        let original = try String(contentsOf: feelings, encoding: .utf8)
        func edit(_ file: URL, _ change: (String) -> String) throws {
            try write(change(try String(contentsOf: file, encoding: .utf8)), to: file)
        }
        func expect(_ shortWay: Bool, _ label: String, line: UInt = #line) throws {
            try assertSameAsFromScratch(content, cache: cache, label, line: line)
            // The fresh compilation above has no cache; the short way is judged on the cached one.
            XCTAssertEqual(cache.lastReuse.chapterTextOnly, shortWay, label, line: line)
        }

        try edit(feelings) { $0 + "\nOne more paragraph, with **bold** words.\n" }
        try expect(true, "a paragraph added")
        try edit(feelings) { $0 + "\nSee [the missing page](99-nowhere.md).\n" }
        try expect(true, "a link to a chapter that does not exist: an error")
        try edit(feelings) { $0.replacingOccurrences(of: "99-nowhere.md", with: "01-who-am-i.md") }
        try expect(true, "the link fixed")
        try edit(feelings) { $0 + "\n## A new heading\n\n![A sunrise](../media/sunrise.png)\n" }
        try edit(friendship) { $0 + "\nAnd [a link back](03-feelings.md#a-new-heading).\n" }
        try expect(true, "two chapters at once, a heading and a picture")
        try edit(feelings) { $0.replacingOccurrences(of: "title: Big Feelings", with: "title: Bigger Feelings") }
        try expect(false, "the front matter changed")
        try edit(feelings) { $0 + "\nA line.\n" }
        try expect(true, "the text again after that")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 7, 0, 0, 0, 9, 8, 2, 0, 0, 0])
            .write(to: content.appendingPathComponent("media/sunrise.png"))
        try expect(false, "a picture replaced by one of another size")
        try write("A note.\n", to: content.appendingPathComponent("media/new-note.txt"))
        try expect(false, "a file added")
        var bytes = Array(original.utf8)
        bytes.append(contentsOf: [0xFF, 0x0A])
        try Data(bytes).write(to: feelings)
        try expect(false, "a chapter that is not UTF-8")
        try write(original, to: feelings)
        try expect(false, "put back as it was")

        // Random edits of chapters' texts, each compared with a compilation from the start.
        var random = SystemRandomNumberGenerator()
        let chapters = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("chapters").path).filter { $0.hasSuffix(".md") }
            .sorted()
        let lines = [
            "A plain sentence.", "[Who am I](01-who-am-i.md)", "[gone](nowhere.md)", "## Heading", "## Heading", "![Talk](https://youtu.be/aBcDeFgHiJ0)",
            "<b>raw HTML</b>", "[a handout](../media/feelings-checklist.txt)", "- a list\n- of two", "\u{7}", "",
        ]
        for round in 0..<12 {
            let file = content.appendingPathComponent("chapters/" + chapters.randomElement(using: &random)!)
            try edit(file) { $0 + "\n" + lines.randomElement(using: &random)! + "\n" }
            try assertSameAsFromScratch(content, cache: cache, "random edit \(round) of \(file.lastPathComponent)")
        }
    }
}
