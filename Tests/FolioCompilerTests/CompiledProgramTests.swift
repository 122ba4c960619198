import FolioContent
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// What the spec examples compile to: the model that apps, graders and the site read.
final class CompiledProgramTests: XCTestCase {
    func program(_ folder: URL = Fixtures.specExamples, drafts: Bool = false) throws -> CompiledProgram {
        let result = try Compiler(contentFolder: folder, options: .init(includeDrafts: drafts)).compile()
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.all.map(\.message))")
        return try XCTUnwrap(result.program)
    }

    func testSettingsComeFromFolioYAML() throws {
        let settings = try program().settings
        XCTAssertEqual(
            settings,
            ProgramSettings(
                id: "go-grrrls", idStated: true, title: "Go Grrrls", language: "en", description: "Growing up strong, one chapter at a time.", baseURL: "/",
                share: ["twitter", "facebook"], contact: "mailto:staff@example.org", allowHTML: false))
    }

    func testTheChapterCarriesItsVideoAsAPlaceholderAndAStructuredEntry() throws {
        let chapter = try XCTUnwrap(program().chapters.first)
        XCTAssertEqual(chapter.id, "who-am-i")
        XCTAssertEqual(chapter.quiz, "who-am-i")
        XCTAssertEqual(chapter.videos, [Video(provider: .youtube, title: "Three-minute talk on confidence", youtubeID: "aBcDeFgHiJ0", start: 30)])
        XCTAssertTrue(
            chapter.html.contains(
                "<p>Everyone changes between middle school and high school\u{2026}</p>\n<figure class=\"folio-video\" data-video=\"0\"></figure>\n<p>The paragraph after"
            ), chapter.html)
        XCTAssertEqual(chapter.videos.first?.embedURL, "https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0?start=30")
        XCTAssertEqual(chapter.videos.first?.watchURL, "https://www.youtube.com/watch?v=aBcDeFgHiJ0&t=30s")
        XCTAssertNil(Video(provider: .file, title: "Trip", source: "media/trip.mp4").watchURL)
    }

    func testQuizQuestionsGetTheirTypesIDsAndHints() throws {
        let quiz = try XCTUnwrap(program().quiz("who-am-i"))
        XCTAssertEqual(quiz.chapter, "who-am-i")
        XCTAssertEqual(quiz.mode, .practice)
        XCTAssertEqual(quiz.passPercent, 70)
        XCTAssertEqual(quiz.shuffle, .choices)
        XCTAssertEqual(quiz.draw, 5)
        XCTAssertEqual(quiz.timeLimitSeconds, 600)
        XCTAssertEqual(
            quiz.questions.map(\.id),
            [
                "what-is-self-esteem", "which-of-these-are-healthy-e4cd", "everyone-feels-nervous-sometimes-a08d", "finish-the-right-i-have-5c85",
                "how-many-hours-of-sleep-235b",
            ], "a question that states no id gets one from its prompt: its first words and a hash of them all")
        XCTAssertEqual(quiz.questions.map(\.type), [.single, .multiple, .trueFalse, .text, .number])

        let first = quiz.questions[0]
        XCTAssertEqual(first.prompt.html, "What is <em>self-esteem</em>?")
        XCTAssertEqual(first.choices.map(\.id), ["how-much-you-value-yourself-13a9", "how-popular-you-are-360f", "how-well-you-do-at-3514"])
        XCTAssertEqual(first.choices.map(\.correct), [true, false, false])
        XCTAssertEqual(first.choices[0].feedback?.markdown, "Yes! It is about how you see yourself.")
        XCTAssertEqual(first.choices[1].hint?.markdown, "Popularity is about what others think. Who does the valuing here?")
        XCTAssertEqual(first.explanation?.markdown, "Self-esteem is the opinion you hold of yourself.")

        XCTAssertEqual(
            quiz.questions[1].hints.map(\.markdown), ["There is more than one right answer.", "Think about what helps your body and what helps your mind."])
        XCTAssertEqual(quiz.questions[2].answer, true)
        XCTAssertEqual(quiz.questions[2].hints.map(\.markdown), ["Even adults on stage get butterflies."], "a question's `hint` is the first of its hints")
        XCTAssertEqual(quiz.questions[3].accept, ["myself", "me", "who I am"])
        XCTAssertEqual(quiz.questions[4].number, 9)
        XCTAssertEqual(quiz.questions[4].tolerance, 1)
    }

    /// `show_answers: false` keeps an assessment's answers back; on a practice quiz it does
    /// nothing, and says so.
    func testShowAnswersIsAnAssessmentSetting() throws {
        func compile(_ settings: String) throws -> Compiler.Result {
            var files = TestFixtures.snapshot(Fixtures.specExamples)
            let quiz = String(decoding: try XCTUnwrap(files["quizzes/who-am-i.yaml"]), as: UTF8.self)
            // The quiz is a practice quiz (`mode: practice`); `settings` are written before its questions.
            let edited = quiz.replacingOccurrences(of: "\nmode: practice", with: "\n#").replacingOccurrences(
                of: "\nquestions:", with: "\n" + settings + "questions:")
            files["quizzes/who-am-i.yaml"] = Data(edited.utf8)
            return try Compiler(content: ContentInMemory(files: files)).compile()
        }
        let hidden = try compile("mode: assessment\nshow_answers: false\n")
        XCTAssertEqual(hidden.program?.quiz("who-am-i")?.showAnswers, false)
        XCTAssertEqual(hidden.program?.quiz("who-am-i")?.showsAnswers, false)
        XCTAssertFalse(hidden.diagnostics.all.contains { $0.code == .quizShowAnswersPractice })
        let shown = try compile("mode: assessment\nshow_answers: true\n")
        XCTAssertNil(shown.program?.quiz("who-am-i")?.showAnswers, "the default is not written to the bundle")
        let practice = try compile("show_answers: false\n")
        let warning = try XCTUnwrap(practice.diagnostics.all.first { $0.code == .quizShowAnswersPractice })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location.file, "quizzes/who-am-i.yaml")
        XCTAssertTrue(warning.message.contains("applies to assessment quizzes"), warning.message)
        XCTAssertNil(practice.program?.quiz("who-am-i")?.showAnswers)
        let wrongKind = try compile("mode: assessment\nshow_answers: nope\n")
        XCTAssertTrue(wrongKind.diagnostics.hasErrors, "a value that is not true or false is an error")
    }

    /// `type: reflection` questions are kept apart from the graded ones, with a prompt and
    /// a discussion prompt and nothing that grades.
    func testReflectionQuestionsAreKeptApartAndNeverGraded() throws {
        func compile(_ questions: String, settings: String = "") throws -> Compiler.Result {
            var files = TestFixtures.snapshot(Fixtures.specExamples)
            files["quizzes/who-am-i.yaml"] = Data(("title: Who am I?\n" + settings + "questions:\n" + questions).utf8)
            return try Compiler(content: ContentInMemory(files: files)).compile()
        }
        let graded = "  - id: nervous\n    prompt: Everyone feels nervous sometimes.\n    answer: true\n    hint: Even adults get butterflies.\n"
        let reflection = "  - type: reflection\n    prompt: What helps *you* feel calm?\n    discussion: Ask a friend what helps them.\n"
        let result = try compile(reflection + graded + reflection.replacingOccurrences(of: "*you*", with: "you"), settings: "draw: 1\n")
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.all.map(\.message))")
        let quiz = try XCTUnwrap(result.program?.quiz("who-am-i"))
        XCTAssertEqual(quiz.questions.map(\.id), ["nervous"], "only graded questions are questions; draw counts them alone")
        let ids = try XCTUnwrap(quiz.reflections?.map(\.id))
        XCTAssertEqual(ids.count, 2)
        XCTAssertTrue(ids[0].hasPrefix("what-helps-you-feel-calm"), ids[0])
        XCTAssertEqual(ids[1], ids[0] + "-2", "prompts that read alike are told apart by their place")
        XCTAssertEqual(quiz.reflections?.first?.prompt.html, "What helps <em>you</em> feel calm?")
        XCTAssertEqual(quiz.reflections?.first?.discussion?.markdown, "Ask a friend what helps them.")

        let withAnswer = try compile(graded + "  - type: reflection\n    prompt: How do you feel?\n    answer: true\n    points: 2\n")
        let notFor = withAnswer.diagnostics.all.filter { $0.code == .quizFieldNotForType }
        XCTAssertEqual(notFor.map(\.location.line), [9, 10], "each grading field is pointed at")
        XCTAssertTrue(notFor[0].message.contains("a reflection question does not use `answer`"), notFor[0].message)

        let discussion = try compile(graded.replacingOccurrences(of: "    hint:", with: "    discussion: Talk.\n    hint:"))
        XCTAssertTrue(
            discussion.diagnostics.all.contains { $0.code == .quizFieldNotForType && $0.message.contains("only a reflection question uses `discussion`") },
            "\(discussion.diagnostics.all.map(\.message))")

        let onlyReflections = try compile(reflection)
        XCTAssertTrue(
            onlyReflections.diagnostics.all.contains { $0.code == .quizNoQuestions && $0.message.contains("only reflection questions") },
            "\(onlyReflections.diagnostics.all.map(\.message))")

        let sameID = try compile("  - id: nervous\n    type: reflection\n    prompt: Why?\n" + graded)
        XCTAssertTrue(sameID.diagnostics.all.contains { $0.code == .quizDuplicateQuestionID }, "\(sameID.diagnostics.all.map(\.message))")
    }

    /// A card may have a picture from `media/`, with words for whoever cannot see it.
    func testACardsPictureIsAMediaFileWithItsWords() throws {
        func compile(_ card: String) throws -> Compiler.Result {
            var files = TestFixtures.snapshot(Fixtures.specExamples)
            files["decks/pictures.yaml"] = Data(("title: Pictures\ncards:\n  - front: Sun\n    back: A star\n" + card).utf8)
            files["media/sun.png"] = try Data(contentsOf: TestFixtures.sampleContent.appendingPathComponent("media/sunrise.png"))
            return try Compiler(content: ContentInMemory(files: files)).compile()
        }
        let shown = try compile("    image: ../media/sun.png\n    alt: A yellow sun\n")
        XCTAssertFalse(shown.diagnostics.hasErrors, "\(shown.diagnostics.all.map(\.message))")
        XCTAssertEqual(
            shown.program?.decks.first { $0.id == "pictures" }?.cards.first?.image, Deck.CardImage(path: "media/sun.png", alt: "A yellow sun"))

        let missing = try compile("    image: ../media/moon.png\n    alt: A moon\n")
        let notThere = try XCTUnwrap(missing.diagnostics.all.first { $0.code == .linkTargetMissing })
        XCTAssertEqual([notThere.location.file, "\(notThere.location.line)"], ["decks/pictures.yaml", "5"])
        XCTAssertTrue(notThere.message.contains("`../media/moon.png` does not exist"), notThere.message)

        let outside = try compile("    image: ../chapters/01-who-am-i.md\n    alt: A chapter\n")
        XCTAssertTrue(outside.diagnostics.all.contains { $0.code == .linkTargetMissing && $0.message.contains("must be in the `media/` folder") })

        let noWords = try compile("    image: ../media/sun.png\n")
        XCTAssertEqual(noWords.diagnostics.all.filter { $0.code == .imageAltMissing }.map(\.severity), [.warning])
        XCTAssertEqual(noWords.program?.decks.first { $0.id == "pictures" }?.cards.first?.image?.path, "media/sun.png", "it still shows")

        let wordsOnly = try compile("    alt: A yellow sun\n")
        XCTAssertTrue(wordsOnly.diagnostics.all.contains { $0.code == .invalidValue && $0.message.contains("this card has no `image`") })
    }

    func testDecksInBothFormatsAndTheBillOfRights() throws {
        let program = try program()
        XCTAssertEqual(program.decks.map(\.id), ["body-words", "feelings"])
        XCTAssertEqual(program.decks[0].title, "Body words")
        XCTAssertEqual(program.decks[0].cards.map(\.front), ["Puberty", "Hormones"])
        XCTAssertEqual(program.decks[1].cards, [Deck.Card(id: "empathy-9fa5", front: "Empathy", back: "Understanding how someone else feels.")])
        let rights = try XCTUnwrap(program.billOfRights)
        XCTAssertEqual(rights.rights.map(\.id), ["be-myself"])
        XCTAssertEqual(rights.intro?.html, "<p>Every girl has the right to …</p>\n")
    }

    func testLinksToChaptersAndMediaAreResolvedForTheBundle() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: content.appendingPathComponent("media/sun.png"))
        try "---\ntitle: Friends\n---\n\nBack to [who am I](01-who-am-i.md#top), a ![sun](../media/sun.png), [a site](https://example.org).\n"
            .write(to: content.appendingPathComponent("chapters/02-friends.md"), atomically: true, encoding: .utf8)
        let chapter = try XCTUnwrap(program(content).chapters.last)
        XCTAssertEqual(chapter.id, "friends")
        XCTAssertEqual(chapter.previous, "who-am-i")
        XCTAssertTrue(chapter.html.contains("<a href=\"folio:chapter/who-am-i#top\">who am I</a>"), chapter.html)
        XCTAssertTrue(chapter.html.contains("<img src=\"media/sun.png\" alt=\"sun\" />"), chapter.html)
        XCTAssertTrue(chapter.html.contains("<a href=\"https://example.org\">a site</a>"), chapter.html)
    }

    func testDraftsAreLeftOutUnlessAskedFor() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        try "---\ntitle: Soon\ndraft: true\n---\nSoon.\n".write(to: content.appendingPathComponent("chapters/02-soon.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try program(content).chapters.map(\.id), ["who-am-i"])
        XCTAssertEqual(try program(content, drafts: true).chapters.map(\.id), ["who-am-i", "soon"])
    }

    func testAQuizMadeFromADeckHasAQuestionPerCardAndDrawsCount() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let deck =
            "title: Feelings\ncards:\n"
            + ["Joy", "Anger", "Fear", "Calm", "Pride"].map { "  - front: \($0)\n    back: The feeling called \($0.lowercased())\n" }.joined()
        try deck.write(to: content.appendingPathComponent("decks/feelings.yaml"), atomically: true, encoding: .utf8)
        try "title: Feelings check\nquiz_from_deck:\n  deck: feelings\n  count: 3\n  style: choices\n"
            .write(to: content.appendingPathComponent("quizzes/feelings-check.yaml"), atomically: true, encoding: .utf8)
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.quizUnused])
        let quiz = try XCTUnwrap(result.program?.quiz("feelings-check"))
        XCTAssertEqual(quiz.fromDeck, "feelings")
        XCTAssertEqual(quiz.draw, 3)
        XCTAssertEqual(quiz.questions.count, 5)
        for (question, front) in zip(quiz.questions, ["Joy", "Anger", "Fear", "Calm", "Pride"]) {
            XCTAssertEqual(question.prompt.markdown, front)
            XCTAssertEqual(question.choices.count, 4)
            XCTAssertEqual(question.choices.filter(\.correct).map(\.text.markdown), ["The feeling called \(front.lowercased())"])
            XCTAssertEqual(Set(question.choices.map(\.text.markdown)).count, 4, "four different choices")
        }
        // Built twice, the same quiz: choices are picked by a stable hash.
        let again = try Compiler(contentFolder: content).compile().program?.quiz("feelings-check")
        XCTAssertEqual(again, quiz)
    }

    func testALocalVideoFromMediaPlaysWithItsCaptions() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        try Data("fake mp4".utf8).write(to: content.appendingPathComponent("media/breathing.mp4"))
        try Data("WEBVTT\n".utf8).write(to: content.appendingPathComponent("media/breathing.vtt"))
        try Data("fake webm".utf8).write(to: content.appendingPathComponent("media/stretch.webm"))
        try "---\ntitle: Calm\n---\n\n![Breathing exercise](../media/breathing.mp4)\n\n![Stretching](../media/stretch.webm)\n"
            .write(to: content.appendingPathComponent("chapters/02-calm.md"), atomically: true, encoding: .utf8)
        let chapter = try XCTUnwrap(program(content).chapters.last)
        XCTAssertEqual(
            chapter.videos,
            [
                Video(provider: .file, title: "Breathing exercise", source: "media/breathing.mp4", captions: "media/breathing.vtt"),
                Video(provider: .file, title: "Stretching", source: "media/stretch.webm", captions: nil),
            ])
        XCTAssertEqual(chapter.html, "\(Chapter.videoPlaceholder(0))\n\(Chapter.videoPlaceholder(1))\n")
    }

    func testCardsWithInlineMarkdownCarryTheirHTMLForTheSiteAndKeepTheirMarkdown() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let deck = """
            title: Words
            cards:
              - front: "**Calm**"
                back: Peaceful *inside*
              - front: Plain words
                back: Also plain

            """
        try deck.write(to: content.appendingPathComponent("decks/words.yaml"), atomically: true, encoding: .utf8)
        let program = try program(content)
        XCTAssertEqual(program.decks.first { $0.id == "words" }?.cards.map(\.front), ["**Calm**", "Plain words"], "the bundle keeps the Markdown")
        XCTAssertEqual(program.cardHTML["**Calm**"], "<strong>Calm</strong>")
        XCTAssertEqual(program.cardHTML["Peaceful *inside*"], "Peaceful <em>inside</em>")
        XCTAssertNil(program.cardHTML["Plain words"], "plain words are escaped where they are shown")
    }

    func testFourChoiceDeckQuizzesNeedFourDifferentBacks() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let deck = "title: Same\ncards:\n" + (1...5).map { "  - front: Word \($0)\n    back: The same meaning\n" }.joined()
        try deck.write(to: content.appendingPathComponent("decks/same.yaml"), atomically: true, encoding: .utf8)
        try "title: Same check\nquiz_from_deck:\n  deck: same\n  style: choices\n"
            .write(to: content.appendingPathComponent("quizzes/same-check.yaml"), atomically: true, encoding: .utf8)
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.deckTooSmallForChoices, .quizUnused])
        XCTAssertTrue(result.diagnostics.all[0].message.contains("has 1"), result.diagnostics.all[0].message)
    }
}
