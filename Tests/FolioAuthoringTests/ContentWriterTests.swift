import FolioAuthoring
import FolioCore
import Foundation
import XCTest

/// Files are created only where nothing is, changed only when they still hold what was
/// read, and a change that fails part way leaves the folder as it was.
final class ContentWriterTests: XCTestCase {
    func testAFileThatAppearedMeanwhileIsNotReplacedAndTheRestIsUndone() throws {
        let folder = try TemporaryProgram.with([:], self)
        let change = ContentChange(newFiles: [.init(path: "chapters/01-a.md", text: "new"), .init(path: "quizzes/a.yaml", text: "new")])
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("quizzes"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.url.appendingPathComponent("quizzes/a.yaml"))
        XCTAssertThrowsError(try ContentWriter(folder: folder).apply(change)) { error in
            XCTAssertEqual("\(error)", "`\(folder.shown)/quizzes/a.yaml` already exists, and Folio never replaces a file")
        }
        XCTAssertEqual(try TemporaryProgram.text("quizzes/a.yaml", in: folder), "mine")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("chapters").path), "the folder it made is gone too")
    }

    func testAFileChangedSinceItWasReadIsNotChanged() throws {
        let folder = try TemporaryProgram.with(["chapters/01-a.md": "---\ntitle: A\n---\n"], self)
        let plan = try NewContent.quiz(title: "Q", id: nil, chapter: "a", in: folder, inventory: try ContentInventory.read(folder.url))
        try Data("---\ntitle: A, edited\n---\n".utf8).write(to: folder.url.appendingPathComponent("chapters/01-a.md"))
        XCTAssertThrowsError(try ContentWriter(folder: folder).apply(plan.change)) { error in
            XCTAssertTrue("\(error)".contains("changed while Folio was working"), "\(error)")
        }
        XCTAssertEqual(try TemporaryProgram.text("chapters/01-a.md", in: folder), "---\ntitle: A, edited\n---\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("quizzes/q.yaml").path))
    }

    func testTheStarterThenEachNewFileChecksWithoutAnError() throws {
        let folder = try TemporaryProgram.starter(self)
        func apply(_ plan: NewContent.Plan) throws {
            try ContentWriter(folder: folder).apply(plan.change)
            let result = try TemporaryProgram.compile(folder)
            XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.all)")
        }
        try apply(try NewContent.chapter(title: "Making Friends", id: nil, withQuiz: true, in: folder, inventory: ContentInventory.read(folder.url)))
        try apply(try NewContent.chapter(title: "Moving On", id: nil, withQuiz: false, in: folder, inventory: ContentInventory.read(folder.url)))
        try apply(try NewContent.quiz(title: "Moving quiz", id: nil, chapter: "moving-on", in: folder, inventory: ContentInventory.read(folder.url)))
        try apply(try NewContent.deck(title: "Body words", id: nil, in: folder, inventory: ContentInventory.read(folder.url)))
        try apply(try NewContent.quiz(title: "Spare", id: nil, chapter: nil, in: folder, inventory: ContentInventory.read(folder.url)))
        let result = try TemporaryProgram.compile(folder)
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.quizUnused], "only the quiz no chapter names is worth a warning")
        let program = try XCTUnwrap(result.program)
        XCTAssertEqual(program.chapters.map(\.id), ["getting-started", "making-friends", "moving-on"])
        XCTAssertEqual(program.chapters.map(\.quiz), ["getting-started", "making-friends", "moving-quiz"])
        XCTAssertEqual(program.decks.map(\.id), ["body-words", "folio-words"])
    }
}
