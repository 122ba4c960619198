import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// The ids learners' progress is kept by stay with their items: questions, choices and
/// cards that state no id are known by their own words, never by their place; and the
/// author slips that would change grading are reported.
final class StableIDTests: XCTestCase {
    /// The spec examples with `changes` laid over them, compiled in memory.
    func compile(_ changes: [String: String], published: PublishedIdentities? = nil) throws -> Compiler.Result {
        var files = TestFixtures.snapshot(Fixtures.specExamples)
        for (path, text) in changes { files[path] = Data(text.utf8) }
        return try Compiler(content: ContentInMemory(files: files), options: .init(published: published)).compile()
    }

    func program(_ changes: [String: String]) throws -> CompiledProgram {
        let result = try compile(changes)
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.all.map(\.message))")
        return try XCTUnwrap(result.program)
    }

    func codes(_ result: Compiler.Result) -> [String] { result.diagnostics.all.map { "\($0.code.rawValue) \($0.location.line)" } }

    let twoQuestions = """
        title: Who am I?
        questions:
          - prompt: Everyone feels nervous sometimes.
            type: true-false
            answer: true
            hint: Even adults on stage get butterflies.
          - prompt: Which of these help with stress?
            type: single
            choices:
              - text: Talking to a friend
                correct: true
              - text: Keeping it all inside
                hint: Bottled-up feelings tend to grow.
              - text: Shouting at your sister
                hint: Would that make either of you feel better?

        """

    func testReorderingQuestionsAndChoicesKeepsEveryID() throws {
        let before = try XCTUnwrap(program(["quizzes/who-am-i.yaml": twoQuestions]).quiz("who-am-i"))
        // The second question first, its last two choices swapped.
        let reordered = """
            title: Who am I?
            questions:
              - prompt: Which of these help with stress?
                type: single
                choices:
                  - text: Talking to a friend
                    correct: true
                  - text: Shouting at your sister
                    hint: Would that make either of you feel better?
                  - text: Keeping it all inside
                    hint: Bottled-up feelings tend to grow.
              - prompt: Everyone feels nervous sometimes.
                type: true-false
                answer: true
                hint: Even adults on stage get butterflies.

            """
        let after = try XCTUnwrap(program(["quizzes/who-am-i.yaml": reordered]).quiz("who-am-i"))
        XCTAssertEqual(after.questions[0].choices[1].text.markdown, "Shouting at your sister", "the edit did reorder the choices")
        XCTAssertEqual(after.questions.map(\.prompt.markdown), before.questions.reversed().map(\.prompt.markdown), "the edit did reorder")
        for question in before.questions {
            let moved = try XCTUnwrap(after.questions.first { $0.id == question.id }, question.id)
            XCTAssertEqual(moved.prompt, question.prompt, "\(question.id) names the same question")
            for choice in question.choices {
                XCTAssertEqual(moved.choices.first { $0.id == choice.id }?.text, choice.text, "\(choice.id) names the same choice")
            }
        }
        XCTAssertEqual(before.questions.map(\.id), ["everyone-feels-nervous-sometimes-a08d", "which-of-these-help-with-af4e"])
        XCTAssertEqual(before.questions[1].choices.map(\.id), ["talking-to-a-friend-1f17", "keeping-it-all-inside-9cc7", "shouting-at-your-sister-5c03"])
    }

    func testCaseAndPunctuationKeepAnIDButOtherWordsMakeANewOne() throws {
        let id = ImplicitID.make(for: "Everyone feels nervous sometimes.", fallback: "q")
        XCTAssertEqual(ImplicitID.make(for: "everyone feels  NERVOUS sometimes", fallback: "q"), id)
        XCTAssertEqual(ImplicitID.make(for: "Évèryone feels nervous, sometimes!", fallback: "q"), id)
        XCTAssertNotEqual(ImplicitID.make(for: "Everyone feels nervos sometimes.", fallback: "q"), id, "a typo fixed is another text")
        XCTAssertEqual(ImplicitID.make(for: "你好吗", fallback: "q").prefix(2), "q-", "no letters a URL can carry: the fallback and the hash")
        XCTAssertTrue(ContentID.isValid(ImplicitID.make(for: "What's a *good* friend — really?", fallback: "q")))
    }

    func testAStatedIDSurvivesATypoFix() throws {
        let stated = twoQuestions.replacingOccurrences(of: "  - prompt: Everyone", with: "  - id: nervous\n    prompt: Everyone")
            .replacingOccurrences(of: "      - text: Talking", with: "      - id: talk\n        text: Talking")
        let before = try XCTUnwrap(program(["quizzes/who-am-i.yaml": stated]).quiz("who-am-i"))
        let fixed = stated.replacingOccurrences(of: "feels nervous", with: "feels nervous or shy").replacingOccurrences(
            of: "to a friend", with: "to a good friend")
        let after = try XCTUnwrap(program(["quizzes/who-am-i.yaml": fixed]).quiz("who-am-i"))
        XCTAssertEqual(before.questions[0].id, "nervous")
        XCTAssertEqual(after.questions[0].id, "nervous")
        XCTAssertEqual(after.questions[1].choices[0].id, "talk")
        XCTAssertEqual(after.questions[1].choices[1].id, before.questions[1].choices[1].id, "the others keep theirs")
    }

    func testQuestionsThatReadTheSameAreToldApartWithAWarning() throws {
        let twice = """
            title: Who am I?
            questions:
              - prompt: True or false?
                type: true-false
                answer: true
                hint: Think.
              - prompt: True or false!
                type: true-false
                answer: false
                hint: Think.

            """
        let result = try compile(["quizzes/who-am-i.yaml": twice])
        XCTAssertEqual(codes(result), ["quiz-same-prompt 7"])
        XCTAssertEqual(result.program?.quiz("who-am-i")?.questions.map(\.id), ["true-or-false-d1fe", "true-or-false-d1fe-2"])
    }

    /// The same for two questions of one prompt: the one the published bundle knew, by its
    /// choices, keeps its id when a new one of the same prompt is put before it.
    func testAQuestionOfTheSamePromptAddedBeforeTheOldOneTakesTheNextID() throws {
        func question(_ right: String, _ wrong: String) -> String {
            "  - prompt: Which helps?\n    choices:\n      - text: \(right)\n        correct: true\n      - text: \(wrong)\n        hint: Think.\n"
        }
        let quiz = "title: Who am I?\nquestions:\n" + question("Sleep", "Scrolling")
        let before = try program(["quizzes/who-am-i.yaml": quiz])
        let oldID = try XCTUnwrap(before.quiz("who-am-i")?.questions.first?.id)
        let edited = "title: Who am I?\nquestions:\n" + question("Talking", "Shouting") + question("Sleep", "Scrolling")
        XCTAssertEqual(try compile(["quizzes/who-am-i.yaml": edited]).program?.quiz("who-am-i")?.questions.map(\.id), [oldID, oldID + "-2"])

        let result = try compile(["quizzes/who-am-i.yaml": edited], published: try PublishedIdentities(before))
        XCTAssertEqual(result.program?.quiz("who-am-i")?.questions.map(\.id), [oldID + "-2", oldID], "the published question keeps its id")
        XCTAssertEqual(codes(result), ["quiz-same-prompt 9"])
        XCTAssertTrue(result.diagnostics.all[0].help?.contains("`id: \(oldID)-2` and `id: \(oldID)`") ?? false, result.diagnostics.all[0].help ?? "")
        XCTAssertFalse(result.diagnostics.all.contains { $0.code == .progressDropped })
    }

    /// Against a bundle that knew neither card of the same front, order alone tells them
    /// apart, and the warning says no more than that.
    func testCardsOfTheSameFrontThePublishedBundleDidNotKnowAreToldApartByOrder() throws {
        let published = try PublishedIdentities(program(["decks/feelings.yaml": "title: F\ncards:\n  - front: Calm\n    back: Peaceful.\n"]))
        let twice = "title: F\ncards:\n  - front: Hopeful\n    back: Sure.\n  - front: Hopeful\n    back: Expecting good things.\n"
        let result = try compile(["decks/feelings.yaml": twice], published: published)
        let ids = try XCTUnwrap(result.program?.decks.first { $0.id == "feelings" }).cards.map(\.id)
        XCTAssertEqual(ids.last, ids[0] + "-2")
        // The card `Calm` the bundle knew is gone, which is said too.
        XCTAssertEqual(codes(result), ["deck-same-front 5", "progress-dropped 3"])
        XCTAssertTrue(result.diagnostics.all[0].message.hasSuffix("told apart only by their order"), result.diagnostics.all[0].message)
    }

    func testInsertingACardAtTheTopOfADeckKeepsTheOtherCardsIDs() throws {
        let before = try program([:])
        let yaml = try String(contentsOf: Fixtures.specExamples.appendingPathComponent("decks/feelings.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "cards:\n", with: "cards:\n  - front: Calm\n    back: Peaceful.\n")
        let text = try String(contentsOf: Fixtures.specExamples.appendingPathComponent("decks/body-words.txt"), encoding: .utf8)
            .replacingOccurrences(of: "Body words\n", with: "Body words\nGrowth\nGetting bigger.\n\n")
        let after = try program(["decks/feelings.yaml": yaml, "decks/body-words.txt": text])
        for (old, new) in zip(before.decks, after.decks) {
            XCTAssertEqual(new.cards.count, old.cards.count + 1, "the edit added a card to \(old.id)")
            XCTAssertEqual(Array(new.cards.dropFirst()), old.cards, "every card of \(old.id) keeps its id")
        }
    }

    func testCardsThatReadTheSameAreToldApartWithAWarning() throws {
        let result = try compile(["decks/feelings.yaml": "title: F\ncards:\n  - front: Joy\n    back: A\n  - front: joy!\n    back: B\n"])
        XCTAssertEqual(codes(result), ["deck-same-front 5"])
        XCTAssertEqual(result.program?.decks.first { $0.id == "feelings" }?.cards.map(\.id), ["joy-5ffd", "joy-5ffd-2"])
        let stated = try compile(["decks/feelings.yaml": "title: F\ncards:\n  - id: a\n    front: Joy\n    back: A\n  - id: a\n    front: Calm\n    back: B\n"])
        XCTAssertEqual(codes(stated), ["deck-duplicate-card-id 6"])
    }

    /// A new card put at the top of a deck that already ends with a card of the same
    /// front: by order alone it would take the old card's id, and the old card's marks with
    /// it. Against the bundle published before, the card it knew keeps its id.
    func testACardOfTheSameFrontAddedBeforeTheOldOneTakesTheNextID() throws {
        let deck = "title: F\ncards:\n  - front: Calm\n    back: Peaceful.\n  - front: Hopeful\n    back: Expecting good things.\n"
        let before = try program(["decks/feelings.yaml": deck])
        let oldIDs = try XCTUnwrap(before.decks.first { $0.id == "feelings" }).cards.map(\.id)
        let edited = deck.replacingOccurrences(of: "cards:\n", with: "cards:\n  - front: Hopeful\n    back: Sure it will work out.\n")

        let byOrder = try XCTUnwrap(try compile(["decks/feelings.yaml": edited]).program?.decks.first { $0.id == "feelings" })
        XCTAssertEqual(byOrder.cards.map(\.id), [oldIDs[1], oldIDs[0], oldIDs[1] + "-2"], "without a published bundle, order decides")

        let result = try compile(["decks/feelings.yaml": edited], published: try PublishedIdentities(before))
        let after = try XCTUnwrap(result.program?.decks.first { $0.id == "feelings" })
        XCTAssertEqual(after.cards.map(\.back), ["Sure it will work out.", "Peaceful.", "Expecting good things."])
        XCTAssertEqual(after.cards.map(\.id), [oldIDs[1] + "-2", oldIDs[0], oldIDs[1]], "the published card keeps its id; the new one takes the next")
        XCTAssertEqual(codes(result), ["deck-same-front 7"])
        XCTAssertTrue(result.diagnostics.all[0].message.hasSuffix("(and by the bundle published before, whose card keeps its id)"))
        XCTAssertFalse(result.diagnostics.all.contains { $0.code == .progressDropped })
    }

    // MARK: the program's id

    func testAProgramWithoutAnIDKeepsVersionOnesKeyWithAWarningThatSaysHowToPinIt() throws {
        let result = try compile(["folio.yaml": "title: Go Grrrls!\nlanguage: en\n"])
        XCTAssertEqual(codes(result), ["program-id-missing 1"])
        XCTAssertEqual(result.diagnostics.all.first?.help, "add a line `id: go-grrrls` to `folio.yaml` (the id it has now); the title can then change freely")
        XCTAssertEqual(result.program?.settings.id, "go-grrrls", "the key version 1 made from the title")
        XCTAssertEqual(result.program?.settings.idStated, false)
        let stated = try compile(["folio.yaml": "id: go-grrrls\ntitle: Go Grrrls Spring\n"])
        XCTAssertEqual(codes(stated), [])
        XCTAssertEqual(stated.program?.settings.id, "go-grrrls")
        XCTAssertEqual(codes(try compile(["folio.yaml": "id: Go Grrrls\ntitle: G\n"])), ["invalid-id 1"])
    }

    // MARK: slips that would change grading

    func testAnAcceptOfCommasWithoutBracketsIsAWarningWithTheList() throws {
        let quiz = "title: Q\nquestions:\n  - prompt: What do you say?\n    type: text\n    accept: thanks, thank you, no thanks\n    hint: Say it.\n"
        let result = try compile(["quizzes/who-am-i.yaml": quiz])
        XCTAssertEqual(codes(result), ["quiz-accept-looks-like-list 5"])
        XCTAssertTrue(result.diagnostics.all[0].help?.contains("`accept: [thanks, thank you, no thanks]`") == true)
        XCTAssertEqual(result.program?.quiz("who-am-i")?.questions[0].accept, ["thanks, thank you, no thanks"], "what is graded does not change")
        for unchanged in ["accept: [thanks, thank you]", "accept: \"Yes, I do\"", "accept: thanks"] {
            let written = quiz.replacingOccurrences(of: "accept: thanks, thank you, no thanks", with: unchanged)
            XCTAssertEqual(codes(try compile(["quizzes/who-am-i.yaml": written])), [], unchanged)
        }
    }

    func testSeveralRightChoicesWithoutATypeAskWhichWasMeant() throws {
        let quiz = """
            title: Q
            questions:
              - prompt: Pick
                choices:
                  - text: A
                    correct: true
                  - text: B
                    correct: true
                  - text: C
                    hint: No.

            """
        let result = try compile(["quizzes/who-am-i.yaml": quiz])
        XCTAssertEqual(codes(result), ["quiz-type-implied 5"])
        XCTAssertEqual(result.program?.quiz("who-am-i")?.questions[0].type, .multiple, "read as version 1 read it")
        XCTAssertEqual(
            codes(try compile(["quizzes/who-am-i.yaml": quiz.replacingOccurrences(of: "    choices:", with: "    type: multiple\n    choices:")])), [])
        XCTAssertEqual(
            codes(try compile(["quizzes/who-am-i.yaml": quiz.replacingOccurrences(of: "    choices:", with: "    type: single\n    choices:")])),
            ["quiz-single-correct-count 8"])
    }

    func testATextDeckOfTabsIsReadOneCardPerLine() throws {
        let deck = "Feelings\nJoy\tHappy inside\n\nCalm\tPeaceful\tanki-tag\nNo tab here\n"
        let result = try compile(["decks/body-words.txt": deck])
        XCTAssertEqual(codes(result), ["deck-line-without-tab 5"])
        XCTAssertEqual(result.diagnostics.all[0].location.column, 1)
        let fixed = try compile(["decks/body-words.txt": deck.replacingOccurrences(of: "No tab here", with: "Tab\there")])
        XCTAssertEqual(codes(fixed), [])
        let cards = try XCTUnwrap(fixed.program?.decks.first { $0.id == "body-words" }).cards
        XCTAssertEqual(cards.map(\.front), ["Joy", "Calm", "Tab"])
        XCTAssertEqual(cards.map(\.back), ["Happy inside", "Peaceful\tanki-tag", "here"], "only the first TAB divides a line")
        let alternating = try compile(["decks/body-words.txt": "Feelings\nJoy\nHappy\n"])
        XCTAssertEqual(alternating.program?.decks.first { $0.id == "body-words" }?.cards.map(\.back), ["Happy"], "without TABs, version 1's two lines a card")
    }

    // MARK: what an edit would drop

    func testAgainstThePublishedBundleEachDroppedItemIsNamedWithTheIDThatKeepsIt() throws {
        let before = try program(["quizzes/who-am-i.yaml": twoQuestions])
        let published = try PublishedIdentities(before)
        // The first prompt's typo fixed, a choice reworded, a card's front changed, the title renamed.
        let edited = twoQuestions.replacingOccurrences(of: "feels nervous", with: "feels nervous or shy")
            .replacingOccurrences(of: "Keeping it all inside", with: "Keeping it all in")
        let result = try compile(
            [
                "quizzes/who-am-i.yaml": edited, "folio.yaml": "title: Go Grrrls Spring\n",
                "decks/feelings.yaml": "title: Feelings words\ncards:\n  - front: Empathy!\n    back: Understanding how someone else feels.\n",
            ], published: published)
        let dropped = result.diagnostics.all.filter { $0.code == .progressDropped }
        XCTAssertEqual(
            dropped.map { "\($0.location.file):\($0.location.line) \($0.help ?? "")" }.sorted(),
            [
                "folio.yaml:1 if this is the same program, add a line `id: go-grrrls` to `folio.yaml`: the title can then change freely",
                "quizzes/who-am-i.yaml:3 if it is the same question with its words edited, add `id: everyone-feels-nervous-sometimes-a08d` to it; if it is a new question, nothing needs doing",
                "quizzes/who-am-i.yaml:12 if it is the same choice with its words edited, add `id: keeping-it-all-inside-9cc7` to it",
            ].sorted(), "the card whose front only gained a mark of punctuation keeps its id")
        let again = try compile(["quizzes/who-am-i.yaml": twoQuestions], published: published)
        XCTAssertEqual(again.diagnostics.all.filter { $0.code == .progressDropped }.count, 0, "nothing dropped, nothing said")
    }
}

extension PublishedIdentities {
    /// The ids `program` publishes, as read back from its bundle.
    init(_ program: CompiledProgram) throws {
        let encoder = JSONEncoder()
        let manifest = try JSONDecoder().decode(
            Manifest.self,
            from: encoder.encode(
                Manifest(
                    program: program.settings, chapters: [], decks: [], quizzes: program.quizzes.map(\.id), hasBillOfRights: false, entries: [],
                    bundleHash: "")))
        self.init(
            program: .init(id: manifest.program.id, title: manifest.program.title),
            quizzes: try program.quizzes.map { try JSONDecoder().decode(QuizIDs.self, from: encoder.encode($0)) },
            decks: try program.decks.map { try JSONDecoder().decode(DeckIDs.self, from: encoder.encode($0)) })
    }
}

extension StableIDTests {
    /// The key of ASCII text is the general rule's (an ASCII text's key is hashed as it is
    /// read, below, and must hash this key).
    func testTheFastWayForASCIIGivesTheSameKeyAsTheGeneralRule() {
        for text in ["Everyone feels nervous sometimes.", "  What's a *good* friend -- really?? 42 ", "A_B-c.d/E", "", "!!!", "Tab\there"] {
            let general = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased()
                .split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ")
            XCTAssertEqual(ImplicitID.identityKey(text), general, text)
        }
        XCTAssertEqual(ImplicitID.identityKey("Café au lait"), "cafe au lait", "other text takes the general rule")
    }

    /// An ASCII text's key is hashed as it is read; the hash is the key's.
    func testTheKeyOfASCIITextIsHashedAsItIsRead() {
        var generator = SeededGenerator(seed: 11)
        let pieces = ["a", "Bb", "Z", "9", "'", "-", " ", "  ", "\t", "\n", "!?", "_", "x'y", "~", "\u{7f}", "\u{1}"]
        var texts = ["", " ", "!!!", "Everyone feels nervous sometimes.", "  lead and trail  "]
        for _ in 0..<3_000 {
            texts.append((0..<Int.random(in: 0...20, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            var bytes = text
            XCTAssertEqual(bytes.withUTF8(ImplicitID.identityHashASCII), FNV1a.hash(ImplicitID.identityKey(text)), text)
        }
        XCTAssertEqual(ImplicitID.make(for: "Everyone feels nervous sometimes.", fallback: "q"), "everyone-feels-nervous-sometimes-a08d")
    }
}

extension StableIDTests {
    /// The readable part of an id is made byte by byte for ASCII text; it must be what the
    /// general rule (``ContentID``'s slug) makes, long texts and odd signs included.
    func testTheFastWayForASCIIMakesTheSameReadablePart() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "Bb", "ccc", "dddddddddddd", "'", "-", " ", "--", "!?", "42", "x'y", "  ", "_", "Zz9", "eeeeeeeeeeeeeeeeeeee"]
        var texts = ["", "'", "a", "Everyone feels nervous sometimes.", String(repeating: "word ", count: 30), String(repeating: "x", count: 90)]
        for _ in 0..<5_000 {
            texts.append((0..<Int.random(in: 0...25, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            XCTAssertEqual(ImplicitID.readableASCII(text), ImplicitID.readableGeneral(text), text)
            // And the whole id, written at once, is the readable part, a hyphen and the
            // key's hash folded to four hex digits, as the general rule makes it.
            let hash = FNV1a.hash(ImplicitID.identityKey(text))
            let digits = String((hash ^ (hash >> 16) ^ (hash >> 32) ^ (hash >> 48)) & 0xFFFF, radix: 16)
            let readable = ImplicitID.readableGeneral(text)
            XCTAssertEqual(
                ImplicitID.make(for: text, fallback: "q"), (readable.isEmpty ? "q" : readable) + "-" + String(repeating: "0", count: 4 - digits.count) + digits,
                text)
        }
    }
}

extension StableIDTests {
    /// Every prompt, choice and card front of the sample and the spec's examples that is
    /// ASCII: the fast way makes the readable part and the hash the general rule makes.
    func testEveryASCIITextOfRealProgramsGetsTheGeneralRulesIDTheFastWay() throws {
        var texts: [String] = []
        for folder in [Fixtures.sampleContent, Fixtures.specExamples] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            for question in program.quizzes.flatMap(\.questions) {
                texts.append(question.prompt.markdown)
                texts += question.choices.map(\.text.markdown)
            }
            texts += program.decks.flatMap(\.cards).map(\.front)
        }
        texts = texts.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        XCTAssertGreaterThan(texts.count, 50)
        for text in texts {
            var bytes = text
            XCTAssertEqual(ImplicitID.readableASCII(text), ImplicitID.readableGeneral(text), text)
            XCTAssertEqual(bytes.withUTF8(ImplicitID.identityHashASCII), FNV1a.hash(ImplicitID.identityKey(text)), text)
        }
    }
}

extension StableIDTests {
    /// Texts that differ in one letter, even the last, get different hashes.
    func testTextsThatDifferInTheirLastLetterGetDifferentIDs() {
        let ids = ["A", "B", "C", "Which is right, A or B?", "Which is right, A or C?", "Which is right, A or D?"].map {
            ImplicitID.make(for: $0, fallback: "q")
        }
        XCTAssertEqual(Set(ids.map { $0.suffix(4) }).count, ids.count, "\(ids)")
    }
}
