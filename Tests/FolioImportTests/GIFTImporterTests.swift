import FolioContent
import FolioCore
import FolioQuiz
import Foundation
import XCTest

@testable import FolioImport

/// The whole import from the file's bytes: encodings, sizes, empty files, and inputs
/// made to break a parser, none of which may crash or hang it.
final class GIFTImporterTests: XCTestCase {
    func run(_ bytes: [UInt8]) -> GIFTImporter.Result {
        GIFTImporter.run(Data(bytes), path: "quiz.gift", id: "quiz", title: "Quiz")
    }

    func run(_ text: String) -> GIFTImporter.Result { run(Array(text.utf8)) }

    func testWindowsLineEndsAndAByteOrderMarkAreRead() throws {
        let result = run([0xEF, 0xBB, 0xBF] + Array("Grant is buried in Grant's tomb.{F}\r\n\r\nThe sun rises in the east.{T}\r\n".utf8))
        XCTAssertEqual(result.diagnostics.all.reported, [])
        XCTAssertEqual(result.quiz?.questions.map(\.prompt), ["Grant is buried in Grant's tomb.", "The sun rises in the east."])
        XCTAssertEqual(result.quiz?.questions.map(\.line), [1, 3])
    }

    func testAFileThatIsNotUTF8IsReportedAtItsFirstBadByte() {
        // "Où" in Latin-1: the ù is the byte 0xF9.
        let result = run(Array("Grant {T}\n\nO".utf8) + [0xF9] + Array(" est Grant ? {T}\n".utf8))
        XCTAssertNil(result.yaml)
        XCTAssertEqual(result.diagnostics.all.reported, [Reported(.fileNotUTF8, at: SourceLocation(file: "quiz.gift", line: 3, column: 2))])
        XCTAssertNotNil(result.sources.line(3, of: "quiz.gift"), "the line can still be quoted")
    }

    func testAFileOverTwoMegabytesIsReportedWithoutBeingRead() {
        let result = run(String(repeating: "Grant is buried in Grant's tomb.{F}\n\n", count: 60_000))
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.fileTooLarge])
        XCTAssertNil(result.yaml)
    }

    /// A question kept out by a mistake in its GIFT is told apart from one Folio has
    /// nothing like, so that `folio import` can say the import is incomplete.
    func testQuestionsLeftOutByAnErrorAreToldApartFromUnsupportedOnes() {
        let result = run("Fine. {T}\n\nBroken {=a ~b\n\nMatch. {=a -> b =c -> d}\n\n{=no ~question}\n")
        XCTAssertEqual(result.imported, 1)
        XCTAssertEqual(
            result.skippedQuestions,
            [
                SkippedQuestion(line: 3, reason: "this `{` is never closed", becauseOfError: true),
                SkippedQuestion(line: 5, reason: "a matching question"),
                SkippedQuestion(line: 7, reason: "no question text", becauseOfError: true),
            ])
        XCTAssertTrue(result.leftOutBecauseOfErrors)
        XCTAssertFalse(run("Fine. {T}\n\nMatch. {=a -> b =c -> d}\n").leftOutBecauseOfErrors)
    }

    func testEmptyFilesAndFilesWithoutAQuestionImportNothing() {
        for text in ["", "// only a comment\n", "$CATEGORY: Grant\n", "Match. {=a -> b =c -> d}\n"] {
            let result = run(text)
            XCTAssertNil(result.yaml, text)
            XCTAssertEqual(result.diagnostics.all.last?.code, .giftNoQuestions, text)
            XCTAssertEqual(result.imported, 0)
        }
    }

    func testLargeFilesOfBrokenInputEndQuickly() {
        let pieces = ["{", "}", "=", "~", "#", "::", "\\", "%", "->", "..", ":", "[html]", "<b", "<!--", "&#", "\n", "\n\n", " ", "a", "é", "{#", "T"]
        var generator = SeededGenerator(seed: 2024)
        let started = Date()
        for _ in 0..<200 {
            let text = (0..<400).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let result = run(text)
            if let yaml = result.yaml { XCTAssertTrue(yaml.hasPrefix("# Imported from quiz.gift")) }
        }
        // Close to the size limit, in one question each: linear work, not quadratic.
        let choices: String = "Q {" + String(repeating: "~a ", count: 600_000) + "=b}"
        let braces = String(repeating: "{", count: 1_900_000)
        let html: String = "[html]" + String(repeating: "<a \"", count: 450_000) + " {T}"
        let numbers: String = "Q {#" + String(repeating: "=1 ", count: 200_000) + "}"
        for text in [choices, braces, html, numbers] {
            _ = run(text)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 120)
    }

    /// An import never writes a quiz that `folio check` would then refuse.
    func testAQuizLargerThanCheckReadsIsNotWritten() {
        let gift = (0..<20_000).map { "::q\($0):: Q\($0)? {=a ~b ~c ~d ~e ~f}\n\n" }.joined()
        XCTAssertLessThan(gift.utf8.count, SourceDecoder.maxFileSize, "the GIFT file itself may be read")
        let result = run(gift)
        XCTAssertNil(result.yaml)
        XCTAssertEqual(result.diagnostics.all.reported, [Reported(.fileTooLarge, at: .startOf("quiz.gift"))])
        XCTAssertTrue(
            result.diagnostics.all[0].message.hasPrefix("the quiz made from this file's 20,000 questions would be "), result.diagnostics.all[0].message)
    }

    func testAQuizOfMoreValuesThanCheckReadsIsNotWritten() {
        var diagnostics = DiagnosticList()
        let yaml = "questions:\n" + String(repeating: "- a\n", count: 200_001)
        XCTAssertLessThan(yaml.utf8.count, SourceDecoder.maxFileSize)
        XCTAssertFalse(GIFTImporter.fitsInAQuizFile(yaml, path: "quiz.gift", questions: 1, diagnostics: &diagnostics))
        XCTAssertEqual(
            diagnostics.all.map(\.message),
            ["the quiz made from this file's 1 questions would hold more than 200,000 values, more than Folio reads in one quiz file"])
        var none = DiagnosticList()
        XCTAssertTrue(
            GIFTImporter.fitsInAQuizFile("questions:\n" + String(repeating: "- a\n", count: 1_000), path: "quiz.gift", questions: 1, diagnostics: &none))
    }
}
