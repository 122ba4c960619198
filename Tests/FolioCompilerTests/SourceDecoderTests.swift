import FolioContent
import FolioCore
import Foundation
import XCTest

/// Every text file is read by one set of rules: a byte order mark dropped, `\r\n` and
/// `\r` read as `\n`, UTF-8 only (the first bad byte's place said), no control
/// characters; and its lines indexed for messages to quote.
final class SourceDecoderTests: XCTestCase {
    func decoded(_ bytes: [UInt8]) -> SourceDecoder.Result { SourceDecoder.decode(Data(bytes), path: "chapters/one.md") }

    func testABOMIsDroppedAndEveryLineBreakIsALineFeed() throws {
        let file = try XCTUnwrap(decoded([0xEF, 0xBB, 0xBF] + Array("# Title\r\nOne\rTwo\nThree".utf8)).file)
        XCTAssertEqual(file.text, "# Title\nOne\nTwo\nThree")
        XCTAssertEqual(file.lineCount, 4)
        XCTAssertEqual((1...4).map { file.line($0) }, ["# Title", "One", "Two", "Three"])
        XCTAssertNil(file.line(5))
    }

    func testLinesAreIndexedToTheLastEmptyOne() throws {
        let file = try XCTUnwrap(decoded(Array("a\n\nbé\n".utf8)).file)
        XCTAssertEqual(file.lineCount, 4, "a final line break starts an empty last line")
        XCTAssertEqual((1...4).map { file.line($0) }, ["a", "", "bé", ""])
        let empty = try XCTUnwrap(decoded([]).file)
        XCTAssertEqual(empty.text, "")
        XCTAssertEqual(empty.lineCount, 1)
        XCTAssertEqual(empty.line(1), "")
        let bomOnly = try XCTUnwrap(decoded([0xEF, 0xBB, 0xBF]).file)
        XCTAssertEqual(bomOnly.text, "")
    }

    func testTheFirstByteThatIsNotUTF8IsFoundAndTheFileStillQuoted() throws {
        let result = decoded(Array("fine\nca".utf8) + [0xE9] + Array("fé\n".utf8))
        XCTAssertNil(result.file)
        let diagnostic = try XCTUnwrap(result.diagnostics.first)
        XCTAssertEqual(diagnostic.code, .fileNotUTF8)
        XCTAssertEqual(diagnostic.location, SourceLocation(file: "chapters/one.md", line: 2, column: 3))
        XCTAssertTrue(diagnostic.message.contains("0xE9"), diagnostic.message)
        XCTAssertEqual(result.quotable?.line(1), "fine")
    }

    func testAControlCharacterIsRefusedWhereItIs() throws {
        let result = decoded(Array("one\ntw\u{1B}o".utf8))
        XCTAssertNil(result.file)
        XCTAssertEqual(result.diagnostics.map(\.location), [SourceLocation(file: "chapters/one.md", line: 2, column: 3)])
        XCTAssertEqual(result.quotable?.line(2), "tw\u{1B}o")
    }

    /// U+0080 to U+009F start with the byte 0xC2, as `¿`, `¡` and `°` do: those are text,
    /// found so without reading the text character by character, and these are refused,
    /// wherever either falls among the bytes.
    func testTheC1ControlsAreRefusedAndTheOtherCharactersThatShareTheirFirstByteAreNot() throws {
        for text in ["¿Qué es?", "¡Sí!", "20 °C", "a\u{A0}b", "¿", "x¿"] {
            XCTAssertNotNil(decoded(Array(text.utf8)).file, text)
            XCTAssertEqual(ControlCharacter.find(in: text).count, 0, text)
            XCTAssertFalse(Array(text.utf8).withUnsafeBufferPointer(ControlCharacter.mayHold), "\(text) is looked through by its bytes alone")
        }
        for (text, column) in [("¿Qu\u{9B}é?", 4), ("\u{85}", 1), ("¡Sí!\u{80}", 5), ("¿\u{9F}", 2)] {
            let result = decoded(Array(("one\n" + text).utf8))
            XCTAssertNil(result.file, text)
            XCTAssertEqual(result.diagnostics.map(\.location), [SourceLocation(file: "chapters/one.md", line: 2, column: column)], text)
        }
    }
}
