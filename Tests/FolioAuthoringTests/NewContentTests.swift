import FolioAuthoring
import FolioCore
import Foundation
import XCTest

/// `folio new`: names, numbers and ids, and every refusal, planned before anything is
/// written.
final class NewContentTests: XCTestCase {
    let chapter = "---\ntitle: A chapter\n---\n\nText.\n"

    func plan(chapter title: String, id: String? = nil, withQuiz: Bool = false, in folder: ContentFolder) throws -> NewContent.Plan {
        try NewContent.chapter(title: title, id: id, withQuiz: withQuiz, in: folder, inventory: try ContentInventory.read(folder.url))
    }

    func testTheFirstChapterIsNumberOne() throws {
        let folder = try TemporaryProgram.with([:], self)
        let plan = try self.plan(chapter: "Making Friends", in: folder)
        XCTAssertEqual(plan.path, "chapters/01-making-friends.md")
        XCTAssertEqual(plan.number, 1)
        XCTAssertEqual(plan.change.newFiles.map(\.path), ["chapters/01-making-friends.md"])
    }

    func testANewChapterComesAfterTheHighestNumberNeverInAGap() throws {
        let folder = try TemporaryProgram.with(
            [
                "chapters/01-a.md": chapter, "chapters/02-b.md": chapter, "chapters/05-c.md": chapter,
                "chapters/unnumbered.md": chapter, "chapters/.07-hidden.md": chapter, "chapters/08-notes.txt": "",
            ], self)
        XCTAssertEqual(try plan(chapter: "Next", in: folder).path, "chapters/06-next.md")
    }

    func testAnOrderInTheFrontMatterCountsAsTheChaptersNumber() throws {
        let folder = try TemporaryProgram.with(
            ["chapters/01-a.md": chapter, "chapters/02-b.md": "---\ntitle: B\norder: 12\n---\n", "chapters/part/03-c.md": chapter], self)
        XCTAssertEqual(try plan(chapter: "Next", in: folder).path, "chapters/13-next.md")
        let hundred = try TemporaryProgram.with(["chapters/99-a.md": chapter], self)
        XCTAssertEqual(try plan(chapter: "Next", in: hundred).path, "chapters/100-next.md")
    }

    func testIdsAreMadeFromTheTitleWithAccentsFolded() throws {
        let folder = try TemporaryProgram.with([:], self)
        XCTAssertEqual(try plan(chapter: "  Qui suis-je ?  ", in: folder).id, "qui-suis-je")
        XCTAssertEqual(try plan(chapter: "Ça va, l'été!", in: folder).id, "ca-va-lete")
        XCTAssertEqual(try plan(chapter: "Who am I?", id: "me", in: folder).path, "chapters/01-me.md")
        XCTAssertThrowsError(try plan(chapter: "友情", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("Give one with `--id`"), "\(error)")
        }
        XCTAssertThrowsError(try plan(chapter: "Friends", id: "My Friends", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("try `my-friends`"), "\(error)")
        }
        XCTAssertThrowsError(try plan(chapter: "   ", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("needs a title"), "\(error)")
        }
        XCTAssertThrowsError(try plan(chapter: "Two\nlines", in: folder))
    }

    func testAnIdAnotherChapterHasIsRefusedWhetherFromItsNameOrItsFrontMatter() throws {
        let folder = try TemporaryProgram.with(
            ["chapters/01-friendship.md": chapter, "chapters/02-x.md": "---\nid: feelings\ntitle: Feelings\n---\n"], self)
        XCTAssertThrowsError(try plan(chapter: "Friendship", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("there is already a chapter `friendship`: `\(folder.shown)/chapters/01-friendship.md`"), "\(error)")
        }
        XCTAssertThrowsError(try plan(chapter: "Feelings!", in: folder))
        XCTAssertEqual(try plan(chapter: "X", in: folder).id, "x", "the file name of a chapter that states its id is free")
    }

    func testWithQuizMakesTheQuizAndNamesItUnlessTheQuizIdIsTaken() throws {
        let folder = try TemporaryProgram.with(["quizzes/feelings.yaml": "title: Q\n", "chapters/01-a.md": "---\ntitle: A\nquiz: stress\n---\n"], self)
        let plan = try self.plan(chapter: "Making Friends", withQuiz: true, in: folder)
        XCTAssertEqual(plan.change.newFiles.map(\.path), ["chapters/02-making-friends.md", "quizzes/making-friends.yaml"])
        XCTAssertTrue(plan.change.newFiles[0].text.contains("\nquiz: making-friends\n"))
        XCTAssertThrowsError(try self.plan(chapter: "Feelings", withQuiz: true, in: folder)) { error in
            XCTAssertTrue("\(error)".contains("there is already a quiz `feelings`"), "\(error)")
        }
        XCTAssertThrowsError(try self.plan(chapter: "Stress", withQuiz: true, in: folder)) { error in
            XCTAssertTrue("\(error)".contains("the chapter `a`"), "\(error)")
        }
        XCTAssertNoThrow(try self.plan(chapter: "Feelings", in: folder), "without a quiz, a quiz's id is no obstacle")
    }

    func testTitlesAreQuotedWhenYAMLWouldMisreadThem() throws {
        let folder = try TemporaryProgram.with([:], self)
        let text = try plan(chapter: "Friends: old and new", in: folder).change.newFiles[0].text
        XCTAssertTrue(text.contains("\ntitle: \"Friends: old and new\"\n"), text)
    }

    func testAQuizWhoseIdStartsWithANumberStatesIt() throws {
        let folder = try TemporaryProgram.with([:], self)
        let quiz = try NewContent.quiz(title: "3-2-1 Go", id: nil, chapter: nil, in: folder, inventory: ContentInventory())
        XCTAssertEqual(quiz.path, "quizzes/3-2-1-go.yaml")
        XCTAssertTrue(quiz.change.newFiles[0].text.contains("\nid: 3-2-1-go\n"))
        let plain = try NewContent.deck(title: "Body words", id: nil, in: folder, inventory: ContentInventory())
        XCTAssertFalse(plain.change.newFiles[0].text.contains("\nid:"))
    }

    func testDecksRefuseAnIdAnyDeckFileHas() throws {
        let folder = try TemporaryProgram.with(["decks/body-words.txt": "Body\nA\nB\n", "decks/x.yaml": "id: feelings\ntitle: F\ncards: []\n"], self)
        let inventory = try ContentInventory.read(folder.url)
        XCTAssertThrowsError(try NewContent.deck(title: "Body words", id: nil, in: folder, inventory: inventory))
        XCTAssertThrowsError(try NewContent.deck(title: "Feelings", id: nil, in: folder, inventory: inventory))
        XCTAssertEqual(try NewContent.deck(title: "Words", id: nil, in: folder, inventory: inventory).path, "decks/words.yaml")
    }
}
