import FolioCompiler
import FolioCore
import FolioModel
import Foundation
import XCTest

@testable import FolioImport

/// Each GIFT fixture imported into a copy of the spec examples and built by the real
/// compiler: the quiz must compile without an error, and its questions must say what
/// the GIFT file said.
final class RoundTripTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The quiz compiled from the GIFT fixture `name`, and what the import reported.
    func compiled(_ name: String) throws -> (Quiz, [Diagnostic]) {
        let content = FileManager.default.temporaryDirectory.appendingPathComponent("folio-import-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("spec-examples"), to: content)
        addTeardownBlock { try? FileManager.default.removeItem(at: content) }
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("gift/\(name)"))
        let id = ImportIdentifier.quizID(fromFileName: name)
        let imported = GIFTImporter.run(data, path: name, id: id, title: ImportIdentifier.title(fromFileName: name))
        let yaml = try XCTUnwrap(imported.yaml, imported.diagnostics.all.map(\.message).joined(separator: "\n"))
        try yaml.write(to: content.appendingPathComponent("quizzes/\(id).yaml"), atomically: true, encoding: .utf8)

        let result = try Compiler(contentFolder: content).compile()
        let errors = result.diagnostics.all.filter { $0.severity == .error }
        XCTAssertEqual(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" }, [], yaml)
        let quiz = try XCTUnwrap(result.program?.quiz(id))
        XCTAssertEqual(quiz.title, ImportIdentifier.title(fromFileName: name))
        return (quiz, imported.diagnostics.sorted)
    }

    func testMoodleDocumentationExamples() throws {
        let (quiz, reported) = try compiled("moodle-examples.gift")
        XCTAssertEqual(reported.map(\.code), [.giftUnsupported, .giftUnsupported], "matching and essay are left out")
        XCTAssertEqual(quiz.questions.map(\.type), [.single, .single, .trueFalse, .trueFalse, .text, .text, .number, .number])
        let q = quiz.questions
        XCTAssertEqual(q[0].prompt.markdown, "Who's buried in Grant's tomb?")
        XCTAssertEqual(q[0].choices.map(\.text.markdown), ["Grant", "Jefferson", "no one"])
        XCTAssertEqual(q[0].choices.map(\.correct), [false, false, true])
        XCTAssertEqual(q[1].prompt.markdown, "Grant is _____ in Grant's tomb.")
        XCTAssertEqual(q[1].choices.filter(\.correct).map(\.text.markdown), ["entombed"])
        XCTAssertEqual(q[2].answer, false)
        XCTAssertEqual(q[3].answer, true)
        XCTAssertEqual(q[4].accept, ["no one", "nobody"])
        XCTAssertEqual(q[5].prompt.markdown, "Two plus two equals _____.")
        XCTAssertEqual(q[5].accept, ["four", "4"])
        XCTAssertEqual(q[6].number, 1822)
        XCTAssertEqual(q[6].tolerance, 5)
        XCTAssertEqual(try XCTUnwrap(q[7].number), 3.1415, accuracy: 1e-9, "a range is its midpoint")
        XCTAssertEqual(try XCTUnwrap(q[7].tolerance), 0.0005, accuracy: 1e-9, "and its half-width")
    }

    func testFeedbackAndWeights() throws {
        let (quiz, reported) = try compiled("feedback-and-weights.gift")
        XCTAssertEqual(reported.map(\.code), [.giftChanged, .giftChanged], "the -100% weights and the 50% numeric answer")
        let q = quiz.questions
        XCTAssertEqual(q.map(\.id), ["grants-tomb", "q2", "q3", "q4", "q5", "q6", "q7", "q8"])
        XCTAssertEqual(q[0].choices[0].feedback?.markdown, "Yes, with his wife Julia.")
        XCTAssertEqual(q[0].choices[1].hint?.markdown, "Was true for 12 years, but Grant's remains were buried in the tomb in 1897.")
        XCTAssertEqual(q[0].choices.compactMap(\.hint).count, 4)
        XCTAssertEqual(q[0].explanation?.markdown, "Grant's tomb is the largest mausoleum in North America.")
        XCTAssertEqual(q[1].type, .multiple)
        XCTAssertTrue(q[1].partial)
        XCTAssertEqual(q[1].choices.filter(\.correct).map(\.text.markdown), ["Grant", "Grant's wife"])
        XCTAssertEqual(q[2].choices.filter(\.correct).map(\.text.markdown), ["Two", "Three", "Five"])
        XCTAssertTrue(q[2].partial)
        XCTAssertEqual(q[3].answer, true)
        XCTAssertEqual(q[3].hints.map(\.markdown), ["No: the tomb is in Manhattan."])
        XCTAssertEqual(q[3].explanation?.markdown, "Yes, in Riverside Park. The tomb was finished in 1897.")
        XCTAssertEqual(q[4].answer, false)
        XCTAssertEqual(q[4].hints.map(\.markdown), ["No one is buried in Grant's tomb."])
        XCTAssertEqual(q[5].accept, ["no one", "nobody"])
        XCTAssertEqual(q[5].explanation?.markdown, "Excellent answer!")
        XCTAssertEqual(q[6].number, 1822)
        XCTAssertEqual(q[6].tolerance, nil)
        XCTAssertEqual(q[6].explanation?.markdown, "Correct! Full credit.")
        XCTAssertEqual(q[7].number, 366)
        XCTAssertEqual(q[7].hints.map(\.markdown), ["Think of February 29."])
        XCTAssertEqual(q[7].explanation?.markdown, "A leap year adds one day.")
    }

    func testTitlesEscapesAndFormats() throws {
        let (quiz, reported) = try compiled("titles-escapes-formats.gift")
        XCTAssertEqual(reported.map(\.code), [.giftIgnored, .giftChanged, .giftUnsupported], "category, the <span>, the [htm] marker")
        let q = quiz.questions
        XCTAssertEqual(q.map(\.id), ["q1", "q2", "q1-2", "escapes-gift-symbols", "formats", "multi-line", "typo-in-a-marker"])
        XCTAssertEqual(q[0].prompt.markdown, "1+1=2")
        XCTAssertEqual(q[1].choices.map(\.text.markdown), ["yellow", "red", "blue"])
        XCTAssertEqual(q[1].choices[0].feedback?.markdown, "right; good!")
        XCTAssertEqual(q[1].choices[1].hint?.markdown, "wrong, it's yellow")
        XCTAssertEqual(q[2].prompt.markdown, "Two plus _____ equals four.")
        XCTAssertEqual(q[2].accept, ["two", "2"])
        XCTAssertEqual(q[3].prompt.html, "Which character starts a wrong answer: ~ or =?")
        XCTAssertEqual(q[3].choices.map(\.text.html), ["~", "=", "#"])
        XCTAssertEqual(q[3].choices[0].feedback?.markdown, "Right: a tilde.")
        XCTAssertEqual(q[4].prompt.html, "Which word is <strong>bold</strong> in this <em>question</em>?")
        XCTAssertEqual(q[4].choices.map(\.text.html), ["bold, written *plainly*", "<em>italic</em>", "red"])
        XCTAssertEqual(q[5].prompt.markdown, "This question is written\non **two lines**.\nThis is a third.")
        XCTAssertEqual(q[6].prompt.html, "[htm]Is this HTML?")
    }

    func testAYouthProgramQuizImportsWithoutAWord() throws {
        let (quiz, reported) = try compiled("youth-program.gift")
        XCTAssertEqual(reported.map(\.message), [])
        let q = quiz.questions
        XCTAssertEqual(q.map(\.id), ["what-is-self-esteem", "healthy-stress", "nervous", "first-right", "sleep", "water"])
        XCTAssertEqual(q.map(\.type), [.single, .multiple, .trueFalse, .text, .number, .number])
        XCTAssertEqual(q[0].choices.filter(\.correct).map(\.feedback?.markdown), ["Yes! It is about how you see yourself."])
        XCTAssertEqual(q[0].explanation?.markdown, "Self-esteem is the opinion you hold of yourself.")
        XCTAssertTrue(q[1].partial)
        XCTAssertEqual(q[1].choices.map(\.correct), [true, true, false])
        XCTAssertEqual(q[1].choices[2].hint?.markdown, "Bottled-up feelings tend to grow.")
        XCTAssertEqual(q[2].answer, true)
        XCTAssertEqual(q[2].hints.map(\.markdown), ["Even adults on stage get butterflies."])
        XCTAssertEqual(q[2].explanation?.markdown, "Right: it is a normal feeling.")
        XCTAssertEqual(q[3].prompt.markdown, "Finish the first right: I have the right to be _____.")
        XCTAssertEqual(q[3].accept, ["myself", "me", "who I am"])
        XCTAssertEqual(q[3].explanation?.markdown, "Yes! It is the first right on the Bill of Rights page.")
        XCTAssertEqual(q[4].number, 9)
        XCTAssertEqual(q[4].tolerance, 1)
        XCTAssertEqual(q[5].number, 60)
        XCTAssertEqual(q[5].tolerance, 5)
        XCTAssertEqual(q[5].hints.map(\.markdown), ["Think of more than half."])
    }

    func testAFileWithMistakesStillImportsItsGoodQuestions() throws {
        let (quiz, reported) = try compiled("broken.gift")
        XCTAssertEqual(reported.filter { $0.severity == .error }.map(\.location.line), [3, 5, 7, 9, 11, 13])
        XCTAssertEqual(quiz.questions.map(\.prompt.markdown), ["Unclosed title Who is buried here?", "This one is fine."])
    }
}
