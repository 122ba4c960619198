import FolioCompiler
import FolioContent
import Foundation
import XCTest

@testable import FolioAuthoring

/// `folio new` sees a program as the compiler does: the same files, decoded the same way.
final class ContentInventoryTests: XCTestCase {
    let files: [String: Data] = [
        "folio.yaml": "title: Go Grrrls\n",
        "welcome.md": "Hello.\n",
        // Saved by an old Mac editor: a lone CR ends each line.
        "chapters/01-who-am-i.md": "---\rtitle: Who Am I?\rquiz: who-am-i\r---\r\rText.\r",
        "chapters/02-friends.docx": "not text",
        "chapters/.03-draft.md.swp": "swap",
        "quizzes/who-am-i.yaml": "\u{FEFF}id: who-am-i\r\ntitle: Quiz\r\nquestions:\r\n  - prompt: Yes?\r\n    answer: true\r\n",
        "decks/words.txt": "Words\n\nfront\nback\n",
    ].mapValues { Data($0.utf8) }

    func testTheInventoryReadsWhatTheCompilerReads() throws {
        let source = ContentInMemory(files: files)
        let inventory = try ContentInventory.read(source)
        XCTAssertEqual(inventory.chapters.map(\.id), ["who-am-i"])
        XCTAssertEqual(inventory.chapters.first?.quiz, "who-am-i", "a lone CR ends a line for both")
        XCTAssertEqual(inventory.quizzes, ["who-am-i": "quizzes/who-am-i.yaml"])
        XCTAssertEqual(inventory.decks, ["words": "decks/words.txt"])
        let compiled = try XCTUnwrap(try Compiler(content: source).compile().program)
        XCTAssertEqual(compiled.chapters.map(\.id), inventory.chapters.map(\.id))
        XCTAssertEqual(Set(compiled.quizzes.map(\.id)), Set(inventory.quizzes.keys))
        XCTAssertEqual(Set(compiled.decks.map(\.id)), Set(inventory.decks.keys))
    }
}
