import FolioCompiler
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

/// The bundle writes each quiz straight into bytes; they must be the bytes the JSON
/// encoder gives for the quiz, which apps have read since the first bundle.
final class QuizJSONTests: XCTestCase {
    private func assertSameBytes(_ quiz: Quiz, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertWrittenAsTheEncoderWrites(quiz, try QuizJSON.pretty(quiz), label, file: file, line: line)
    }

    func testEveryQuizOfRealProgramsIsWrittenAsTheEncoderWritesIt() throws {
        var count = 0
        for folder in [TestFixtures.sampleContent, TestFixtures.repository.appendingPathComponent("Tests/Fixtures/spec-examples")] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            for quiz in program.quizzes { try assertSameBytes(quiz, "quiz \(quiz.id) of \(folder.lastPathComponent)") }
            count += program.quizzes.count
        }
        XCTAssertGreaterThan(count, 5)
    }

    /// Every field set, every field left out, and empty lists: each key in its place.
    func testEveryFieldPresentOrAbsentIsWrittenAsTheEncoderWritesIt() throws {
        let text = RichText(markdown: "Say \"hi\" \\ <b>é</b>\n\u{1}", html: "Say “hi” \\ <b>é</b>")
        let full = Question(
            id: "q-1", type: .number, prompt: text, points: 2.5, partial: true,
            choices: [
                Choice(id: "a", text: text, correct: true, hint: text, feedback: text), Choice(id: "b", text: text, correct: false),
            ],
            hints: [text, RichText(markdown: "", html: "")], explanation: text, answer: false, accept: ["yes", "Ye\"s", ""], number: -0.25,
            tolerance: 1e-7)
        let bare = Question(id: "q2", type: .single, prompt: text)
        var quiz = Quiz(
            id: "all", title: "All \"of\" it", chapter: "ch", mode: .assessment, passPercent: 66.5, shuffle: .both, draw: 2, timeLimitSeconds: 600,
            fromDeck: "deck", showAnswers: false, questions: [full, bare])
        quiz.reflections = [Reflection(id: "r1", prompt: text, discussion: text), Reflection(id: "r2", prompt: text)]
        try assertSameBytes(quiz, "every field")
        quiz.reflections = []
        try assertSameBytes(quiz, "no reflections")
        try assertSameBytes(Quiz(id: "none", title: "", questions: []), "no questions")
        for type in Question.Kind.allCases {
            try assertSameBytes(Quiz(id: "k", title: "k", passPercent: 70, questions: [Question(id: "q", type: type, prompt: text, points: 1)]), "\(type)")
        }
    }

    func testANumberThatIsNotFiniteIsRefusedAsTheEncoderRefusesIt() {
        let quiz = Quiz(id: "x", title: "x", passPercent: .nan, questions: [])
        XCTAssertThrowsError(try JSONOutput.pretty(quiz))
        XCTAssertThrowsError(try QuizJSON.pretty(quiz))
    }
}
