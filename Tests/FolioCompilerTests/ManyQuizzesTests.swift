import FolioContent
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// A program with more quizzes than the checker builds at once (it builds them in
/// batches, on all cores): every quiz comes out whole, as its own file wrote it, and
/// every mistake is reported against its own file.
final class ManyQuizzesTests: XCTestCase {
    static let count = 700

    func files(mistakesIn broken: Set<Int> = []) -> [String: Data] {
        var files = TestFixtures.snapshot(TestFixtures.specExamples)
        for n in 0..<Self.count {
            let mode = broken.contains(n) ? "exam" : "practice"
            files[String(format: "quizzes/extra-%03d.yaml", n)] = Data(
                """
                title: Extra \(n)
                mode: \(mode)
                questions:
                  - prompt: Question \(n)?
                    choices:
                      - text: Right \(n)
                        correct: true
                      - text: Wrong \(n)
                        hint: Look again at part \(n).

                """.utf8)
        }
        return files
    }

    func testEveryQuizIsBuiltFromItsOwnFile() throws {
        let result = try Compiler(content: ContentInMemory(files: files())).compile()
        XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.all.prefix(3).map(\.message))")
        let quizzes = try XCTUnwrap(result.program).quizzes.filter { $0.id.hasPrefix("extra-") }
        XCTAssertEqual(quizzes.count, Self.count)
        for quiz in quizzes {
            let n = try XCTUnwrap(Int(quiz.id.dropFirst("extra-".count)))
            XCTAssertEqual(quiz.title, "Extra \(n)")
            XCTAssertEqual(quiz.questions.map(\.prompt.markdown), ["Question \(n)?"])
            XCTAssertEqual(quiz.questions.first?.choices.map(\.text.markdown), ["Right \(n)", "Wrong \(n)"])
        }
    }

    func testMistakesInDifferentBatchesAreEachReportedAtTheirFile() throws {
        let broken: Set = [3, 300, 699]
        let result = try Compiler(content: ContentInMemory(files: files(mistakesIn: broken))).compile()
        let errors = result.diagnostics.all.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.location.file), broken.sorted().map { String(format: "quizzes/extra-%03d.yaml", $0) })
        XCTAssertEqual(Set(errors.map(\.location.line)), [2])
        XCTAssertNil(result.program)
    }
}
