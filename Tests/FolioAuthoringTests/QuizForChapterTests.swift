import FolioAuthoring
import FolioCore
import Foundation
import XCTest

/// `folio new quiz --chapter`: the line `quiz: <id>` goes right after the chapter's
/// summary, or its title, or else at the end of its front matter, and nothing else in
/// the file changes; a chapter that names a quiz, or
/// whose front matter cannot safely take the line, is refused.
final class QuizForChapterTests: XCTestCase {
    func plan(_ title: String, chapter: String?, in folder: ContentFolder) throws -> NewContent.Plan {
        try NewContent.quiz(title: title, id: nil, chapter: chapter, in: folder, inventory: try ContentInventory.read(folder.url))
    }

    func testTheLineGoesJustBeforeTheClosingDashes() throws {
        let text = "---\ntitle: Big Feelings # the title\nsummary: |\n  Two lines\n  of summary.\n---\n\nText with --- dashes.\n\n---\n"
        let folder = try TemporaryProgram.with(["chapters/03-feelings.md": text], self)
        let plan = try self.plan("Feelings check", chapter: "feelings", in: folder)
        XCTAssertEqual(plan.change.newFiles.map(\.path), ["quizzes/feelings-check.yaml"])
        XCTAssertEqual(plan.change.edits.map(\.path), ["chapters/03-feelings.md"])
        XCTAssertEqual(
            plan.change.edits[0].text,
            "---\ntitle: Big Feelings # the title\nsummary: |\n  Two lines\n  of summary.\nquiz: feelings-check\n---\n\nText with --- dashes.\n\n---\n")
        XCTAssertEqual(plan.chapters.map(\.id), ["feelings"])
    }

    func testTheLineGoesRightAfterTheTitleBeforeTheNotes() throws {
        let text = """
            ---
            # The chapter's settings.

            # The chapter's title.
            title: Big Feelings
            # One line about the chapter. To use it, remove the #:
            # summary: What this chapter is about.
            # To keep the chapter out of the site, add: draft: true
            #
            # Below the second line of dashes comes the text, in Markdown:
            #   a blank line starts a new paragraph;
            ---

            Text.

            """
        let folder = try TemporaryProgram.with(["chapters/03-feelings.md": text], self)
        let edited = try plan("Feelings check", chapter: "feelings", in: folder).change.edits[0].text
        XCTAssertEqual(edited, text.replacingOccurrences(of: "title: Big Feelings\n", with: "title: Big Feelings\nquiz: feelings-check\n"))
    }

    func testTheLineGoesRightAfterASummaryOfSeveralLinesAndItsComment() throws {
        let text = """
            ---
            title: Big Feelings
            summary: >
              Naming your emotions

              and handling stress.
            # Notes about what follows.
            draft: false
            ---
            Text.

            """
        let folder = try TemporaryProgram.with(["chapters/03-feelings.md": text], self)
        let edited = try plan("Feelings check", chapter: "feelings", in: folder).change.edits[0].text
        XCTAssertEqual(
            edited,
            text.replacingOccurrences(of: "  and handling stress.\n", with: "  and handling stress.\nquiz: feelings-check\n"),
            "after the whole summary, before the note about the next field")
    }

    func testWithoutATitleTheLineGoesLast() throws {
        let text = "---\ndraft: true\n# a note\n---\nText.\n"
        let folder = try TemporaryProgram.with(["chapters/03-feelings.md": text], self)
        let edited = try plan("Feelings check", chapter: "feelings", in: folder).change.edits[0].text
        XCTAssertEqual(edited, "---\ndraft: true\n# a note\nquiz: feelings-check\n---\nText.\n")
    }

    func testWindowsLineEndsAndAByteOrderMarkAreKept() throws {
        let text = "\u{FEFF}---\r\ntitle: Feelings\r\n...\r\nText.\r\n"
        let folder = try TemporaryProgram.with(["chapters/feelings.md": text], self)
        let edited = try plan("Check", chapter: "feelings", in: folder).change.edits[0].text
        XCTAssertEqual(Array(edited.utf8), Array("\u{FEFF}---\r\ntitle: Feelings\r\nquiz: check\r\n...\r\nText.\r\n".utf8))
    }

    func testAChapterThatAlreadyNamesAQuizIsRefused() throws {
        let folder = try TemporaryProgram.with(
            [
                "chapters/01-a.md": "---\ntitle: A\nquiz: a-quiz\n---\n", "chapters/02-b.md": "---\ntitle: B\nquiz:\n---\n",
                "chapters/03-c.md": "---\ntitle: C\nquiz: check\n---\n", "chapters/04-d.md": "---\ntitle: D\n---\n",
            ], self)
        XCTAssertThrowsError(try plan("Check", chapter: "a", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("the chapter `a` already ends with the quiz `a-quiz`"), "\(error)")
        }
        XCTAssertThrowsError(try plan("Check", chapter: "b", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("has an empty `quiz:` line"), "\(error)")
        }
        XCTAssertThrowsError(try plan("Check", chapter: "d", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("the chapter `c`"), "a quiz ends one chapter only: \(error)")
        }
        XCTAssertThrowsError(try plan("Check", chapter: "e", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("there is no chapter `e`"), "\(error)")
        }
        XCTAssertThrowsError(try plan("Check", chapter: "dd", in: folder)) { error in
            XCTAssertTrue("\(error)".contains("Did you mean `d`?"), "\(error)")
        }
        let named = try plan("Check", chapter: nil, in: folder)
        XCTAssertEqual(named.chapters.map(\.id), ["c"], "a chapter that already names the new quiz's id")
        XCTAssertEqual(named.change.edits, [])
    }

    func testFrontMatterThatCannotSafelyTakeTheLineIsLeftAlone() throws {
        let folder = try TemporaryProgram.with(
            [
                "chapters/01-indented.md": "---\n  title: Indented\n---\n", "chapters/02-flow.md": "---\n{title: Flow}\n---\n",
                "chapters/03-none.md": "Just text.\n", "chapters/04-open.md": "---\ntitle: Open\n", "chapters/05-bad.md": "---\ntitle: [bad\n---\n",
            ], self)
        for (id, words) in [
            ("indented", "cannot safely add"), ("flow", "cannot safely add"), ("none", "has no front matter"), ("open", "never closed"),
            ("bad", "cannot safely add"),
        ] {
            XCTAssertThrowsError(try plan("Check", chapter: id, in: folder)) { error in
                XCTAssertTrue("\(error)".contains(words), "\(id): \(error)")
            }
        }
    }
}
