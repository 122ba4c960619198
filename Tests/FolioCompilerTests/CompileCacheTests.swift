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
        var parts = result.diagnostics.all.map { "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column) \($0.message)" }
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
        let content = try Fixtures.copy(Fixtures.sampleContent, in: self)
        let cache = CompileCache()
        try assertSameAsFromScratch(content, cache: cache, "first build")
        XCTAssertEqual(cache.lastReuse, .init(reads: 0, parses: 0, bodies: 0))

        // Nothing changed: everything is reused.
        try assertSameAsFromScratch(content, cache: cache, "no change")
        let chapters = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("chapters").path).filter { $0.hasSuffix(".md") }
        XCTAssertEqual(cache.lastReuse.bodies, chapters.count - 1, "every published chapter's body (one is a draft)")

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

    func testAnEditedChapterIsTheOnlyOneParsedAndRenderedAgain() throws {
        let content = try Fixtures.copy(Fixtures.sampleContent, in: self)
        let cache = CompileCache()
        _ = try Compiler(contentFolder: content, cache: cache).compile()
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { ContentKind(path: $0).isText }
        let chapter = content.appendingPathComponent("chapters/03-feelings.md")
        try write(try String(contentsOf: chapter, encoding: .utf8) + "\nOne more sentence.\n", to: chapter)
        _ = try Compiler(contentFolder: content, cache: cache).compile()
        XCTAssertEqual(cache.lastReuse.reads, files.count - 1)
        XCTAssertEqual(cache.lastReuse.bodies, 4, "the other four published chapters")
        let quizzes = files.filter { $0.hasPrefix("quizzes/") }
        XCTAssertEqual(cache.lastReuse.builtQuizzes, quizzes.count, "every quiz: none changed")
    }

    func testAnEditedQuizIsTheOnlyOneBuiltAndCheckedAgain() throws {
        let content = try Fixtures.copy(Fixtures.sampleContent, in: self)
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
}
