import FolioCompiler
import FolioCore
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

/// Folio's JSON encoder writes the bytes Foundation's `JSONEncoder` writes with sorted
/// keys and unescaped slashes: bundles and reports made before it stay byte-identical.
final class SortedJSONEncoderTests: XCTestCase {
    private func foundation<Value: Encodable>(_ value: Value, pretty: Bool) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    private func assertSameBytes<Value: Encodable>(_ value: Value, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for pretty in [true, false] {
            let expected = try foundation(value, pretty: pretty)
            let actual = try SortedJSONEncoder(prettyPrinted: pretty).encode(value)
            if actual != expected {
                XCTFail(
                    "\(label) (pretty: \(pretty)) differs:\nFoundation: \(String(decoding: expected.prefix(600), as: UTF8.self))\nFolio:      \(String(decoding: actual.prefix(600), as: UTF8.self))",
                    file: file, line: line)
            }
        }
    }

    /// Quizzes made at random from a seed: every optional field set and left out, text of
    /// every kind, numbers of every form.
    func testRandomQuizzesMatchFoundation() throws {
        var values = RandomQuizzes(seed: 5)
        for round in 0..<300 { try assertSameBytes(values.quiz(), "random quiz \(round)") }
    }

    private struct EdgeCases: Codable {
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[Int]] = [[], [1, 2], []]
        var numbers: [Double] = [1.5, 3, 1e20, 0.1, -0.0, 1e-7, 1e15, 1e16, 0.30000000000000004, 5e-324, .greatestFiniteMagnitude, -12.25]
        var floats: [Float] = [0.1, 3, 1e10]
        var integers: [Int] = [.max, .min, 0, -1]
        var text = "a/b\u{1}\"\\\n\t\r\u{8}\u{c}\u{b}\u{1f}\u{7f}\u{80}\u{2028}\u{2029}\u{feff}é😀"
        var absent: Int? = nil
        var present: Int? = 4
        var flags = [true, false]
        // Keys in byte order, not case-insensitive or numeric order.
        var Zebra = 1
        var _under = 2
        var a10 = 3
        var a9 = 4
        var keys: [String: Int] = ["b": 1, "B": 2, "é": 3, "e\u{301}x": 4, "f": 5, "～": 6, "😀": 7, "\u{0}": 8, "x10": 9, "x9": 10, "": 11]
        var link = URL(string: "https://example.org/a b/é")!
        var date = Date(timeIntervalSinceReferenceDate: 12.5)
        var bytes = Data([0, 1, 2, 250])
        var optionalArray: [Int?] = [1, nil, 3]
        var optionalNested: [String: [String: Bool]] = ["outer": [:], "more": ["yes": true]]
    }

    func testEdgeCasesMatchFoundationByteForByte() throws {
        try assertSameBytes(EdgeCases(), "edge cases")
        try assertSameBytes([EdgeCases(), EdgeCases()], "an array of objects")
        try assertSameBytes("top-level \"text\"", "a string alone")
        try assertSameBytes(42, "a number alone")
        try assertSameBytes([String](), "an empty array alone")
        try assertSameBytes([String: String](), "an empty object alone")
        try assertSameBytes([1: "one", 10: "ten", 2: "two"], "a dictionary with number keys")
    }

    func testEveryControlCharacterIsEscapedAsFoundationDoes() throws {
        let text = String(String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
        try assertSameBytes([text], "ASCII")
    }

    func testNumbersNotFiniteAreRefused() {
        XCTAssertThrowsError(try SortedJSONEncoder(prettyPrinted: true).encode([Double.nan]))
        XCTAssertThrowsError(try SortedJSONEncoder(prettyPrinted: false).encode(["x": Double.infinity]))
    }

    /// Every file of the bundle: what apps download was written by Foundation before.
    func testEveryBundleFileOfRealProgramsMatchesFoundation() throws {
        for folder in [TestFixtures.sampleContent, TestFixtures.repository.appendingPathComponent("Tests/Fixtures/spec-examples")] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            let pictures = program.pictureSizes()
            try assertSameBytes(WelcomePage(program.welcome, pictures: pictures), "welcome of \(folder.lastPathComponent)")
            if let rights = program.billOfRights { try assertSameBytes(rights, "bill of rights") }
            for chapter in program.chapters { try assertSameBytes(Chapter(chapter, pictures: pictures), "chapter \(chapter.id)") }
            for quiz in program.quizzes { try assertSameBytes(quiz, "quiz \(quiz.id)") }
            for deck in program.decks { try assertSameBytes(deck, "deck \(deck.id)") }
            try assertSameBytes(SearchIndex(program: program), "search index")
            try assertSameBytes(program.settings, "settings")
            XCTAssertFalse(program.chapters.isEmpty)
        }
    }
}
