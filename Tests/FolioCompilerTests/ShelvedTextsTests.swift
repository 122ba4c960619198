import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import Foundation
import XCTest

@testable import FolioCompiler

/// With a shelf (`folio build`), the text of every chapter and quiz waits on it from
/// loading to the stage that reads it, and every chapter's HTML and plain text from
/// resolving to writing: the program and every message are the same as without one.
final class ShelvedTextsTests: XCTestCase {
    /// A shelf in memory that counts what it is given, for telling what was put there.
    final class CountingShelf: TextShelf, @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private(set) var puts = 0
        private(set) var takes = 0
        private(set) var bytesTaken = 0

        func put(_ text: String) -> Int? {
            lock.withLock {
                puts += 1
                defer { bytes += text.utf8 }
                return bytes.count
            }
        }

        func take(at offset: Int, count: Int) -> String {
            lock.withLock {
                takes += 1
                bytesTaken += count
                return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
            }
        }
    }

    func compile(shelf: CountingShelf?) throws -> Compiler.Result {
        try Compiler(content: ContentInMemory(files: ReleasedTextsTests.program()), options: .init(keepsTextBaseline: true, textShelf: shelf))
            .compile()
    }

    func testTheProgramAndEveryMessageAreTheSameWithAShelf() throws {
        let shelf = CountingShelf()
        let shelved = try compile(shelf: shelf)
        let inMemory = try compile(shelf: nil)
        let program = try XCTUnwrap(shelved.program)
        // Read back explicitly: a chapter on a shelf is equal only to itself (ShelvedText).
        XCTAssertEqual(program.chapters.map { Chapter($0) }, inMemory.program?.chapters.map { Chapter($0) })
        XCTAssertEqual(program.quizzes, inMemory.program?.quizzes)
        XCTAssertEqual(shelved.textBaseline, inMemory.textBaseline)
        ReleasedTextsTests.assertSameMessages(shelved, inMemory)
    }

    func testEveryChaptersAndQuizzesTextWaitsOnTheShelf() throws {
        let shelf = CountingShelf()
        let result = try compile(shelf: shelf)
        let program = try XCTUnwrap(result.program)
        // Each chapter's and quiz's file, then each chapter's HTML and plain text.
        XCTAssertEqual(shelf.puts, 302 + 300 + 300)
        XCTAssertTrue(program.chapters.allSatisfy { $0.body.isShelved && $0.shelvedPlainText.isShelved })
        // A file a message quotes keeps its text on the shelf, and is quoted from there.
        XCTAssertEqual(result.sources.files["chapters/290-chapter-290.md"]?.isShelved, true)
        XCTAssertEqual(result.sources.files["quizzes/q1.yaml"]?.isShelved, true)
    }

    func testAShelvedFileGivesTheSameLinesAndColumns() throws {
        let file = SourceFile(path: "chapters/01-a.md", text: "---\ntitle: Één\n---\n\nCafé “quoted” text.\r\nLast line")
        let shelved = file.shelved(on: CountingShelf())
        XCTAssertTrue(shelved.isShelved)
        XCTAssertFalse(shelved.inMemory.isShelved)
        XCTAssertEqual(shelved.text, file.text)
        XCTAssertEqual(shelved.lineCount, file.lineCount)
        for line in 0...file.lineCount + 1 { XCTAssertEqual(shelved.line(line), file.line(line), "line \(line)") }
        XCTAssertEqual(shelved.column(ofByte: 8, onLine: 5), file.column(ofByte: 8, onLine: 5))
        XCTAssertEqual(SourceFile(path: "a", text: "").shelved(on: CountingShelf()).isShelved, false, "nothing to keep")
    }

    /// A shelf that has lost what it was given (a failing disk) gives back nothing.
    final class LosingShelf: TextShelf, @unchecked Sendable {
        func put(_ text: String) -> Int? { 0 }
        func take(at offset: Int, count: Int) throws -> String { throw ShelfReadFailure("lost") }
    }

    func testAFileWhoseTextIsLostQuotesNoLineAndDoesNotStop() {
        let file = SourceFile(path: "quizzes/a.yaml", text: "title: A\nquestions:\n  - prompt: Which?\n")
        let lost = file.shelved(on: LosingShelf())
        XCTAssertEqual(lost.lineCount, file.lineCount)
        for line in 0...file.lineCount + 1 { XCTAssertEqual(lost.line(line) ?? "", "", "line \(line)") }
        XCTAssertEqual(lost.column(ofByte: 5, onLine: 2), 5)
    }

    /// The start of a shelved text is a prefix of it that ends where a character starts,
    /// whatever the cut falls on; the whole text when it is no longer.
    func testTheStartOfAShelvedTextEndsWhereACharacterStarts() {
        let text = "ab" + String(repeating: "é€🎈x", count: 40)
        let shelved = ShelvedText(text, on: CountingShelf())
        for maxBytes in 0...text.utf8.count + 2 {
            let head = shelved.head(maxBytes)
            XCTAssertTrue(text.hasPrefix(head), "\(maxBytes)")
            XCTAssertLessThanOrEqual(head.utf8.count, maxBytes)
            XCTAssertGreaterThan(head.utf8.count, maxBytes - 4, "at most one character short of \(maxBytes)")
        }
        XCTAssertEqual(shelved.head(text.utf8.count), text)
        XCTAssertEqual(ShelvedText(text).head(3), text, "a text in memory is given whole")
    }

    /// A chapter's front matter is read from the start of its text when it closes there,
    /// else from all of it: the chapter, its body and any message are those of the whole
    /// text, and its body's fingerprint is taken from the shelf's bytes.
    func testAChaptersFrontMatterIsReadFromTheStartOfItsText() throws {
        let body = "\nLe *corps*, « cité » – ¿qué? " + String(repeating: "Texto con acentos: café, niña. ", count: 300)
        let long = "summary: " + String(repeating: "é", count: ChapterParser.frontMatterBytes) + "\n"
        let cases: [(name: String, text: String, readsWhole: Bool)] = [
            ("short", "---\ntitle: Título\nsummary: Breve\n---\n" + body, false),
            ("longer than the start", "---\ntitle: Título\n" + long + "---\n" + body, true),
            ("never closed", "---\ntitle: Título\n" + long + body, true),
            ("none", body, false),
        ]
        for (name, text, readsWhole) in cases {
            let file = SourceFile(path: "chapters/01-uno.md", text: text)
            let shelf = CountingShelf()
            let shelved = file.shelved(on: shelf)
            var fromStart = DiagnosticList()
            var whole = DiagnosticList()
            let parsed = ChapterParser.parseFrontMatter(of: shelved, diagnostics: &fromStart)
            let expected = ChapterParser.parse(file, diagnostics: &whole)
            XCTAssertEqual(fromStart.all, whole.all, name)
            XCTAssertEqual(shelf.bytesTaken > ChapterParser.frontMatterBytes + 1, readsWhole, name)
            XCTAssertEqual(parsed?.title, expected?.title, name)
            XCTAssertEqual(parsed?.summary, expected?.summary, name)
            guard let parsed, let expected else { continue }
            XCTAssertTrue(parsed.file.isShelved, name)
            XCTAssertEqual(parsed.inMemory.body, expected.body, name)
            XCTAssertEqual(parsed.inMemory.bodyLineOffset, expected.bodyLineOffset, name)
            XCTAssertEqual(parsed.bodyWordsFingerprint, TranslationRecord.fingerprint(String(expected.body)), name)
            XCTAssertEqual(expected.bodyWordsFingerprint, TranslationRecord.fingerprint(String(expected.body)), name)
        }
    }

    func testAParsedChapterLeftOnTheShelfComesBackWithItsBody() throws {
        let file = SourceFile(path: "chapters/01-a.md", text: "---\ntitle: A\n---\n\nThe *body*, with “quotes”.\n")
        var diagnostics = DiagnosticList()
        let parsed = try XCTUnwrap(ChapterParser.parse(file, diagnostics: &diagnostics))
        let left = parsed.leavingText(on: file.shelved(on: CountingShelf()))
        XCTAssertEqual(left.body, "")
        XCTAssertTrue(left.file.isShelved)
        let back = left.inMemory
        XCTAssertEqual(back.body, parsed.body)
        XCTAssertEqual(back.file.text, file.text)
        XCTAssertEqual(back.bodyLineOffset, parsed.bodyLineOffset)
    }
}
