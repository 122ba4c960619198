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
