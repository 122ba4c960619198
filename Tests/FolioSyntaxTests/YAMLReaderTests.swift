import FolioCore
import XCTest

@testable import FolioSyntax

/// What the YAML reader adds to libyaml: located nodes, duplicate keys, limits, and
/// messages in plain words.
final class YAMLReaderTests: XCTestCase {
    func read(_ text: String, lineOffset: Int = 0, limits: YAMLLimits = .standard) -> YAMLReader.Result {
        YAMLReader(limits: limits).read(text, file: "q.yaml", lineOffset: lineOffset)
    }

    func testNodesKnowTheirLineAndColumn() throws {
        let result = read("title: Hi\nquestions:\n  - prompt: Why?\n    type: text\n", lineOffset: 10)
        XCTAssertTrue(result.diagnostics.isEmpty)
        guard case .mapping(let pairs)? = result.root?.kind else { return XCTFail("not a mapping") }
        XCTAssertEqual(pairs.map(\.key), ["title", "questions"])
        XCTAssertEqual(pairs[0].value.location, SourceLocation(file: "q.yaml", line: 11, column: 8))
        guard case .sequence(let items) = pairs[1].value.kind, case .mapping(let question) = items[0].kind else { return XCTFail() }
        XCTAssertEqual(question[1].keyLocation, SourceLocation(file: "q.yaml", line: 14, column: 5))
    }

    func testDuplicateKeysAreErrorsAtTheSecondWithANoteAtTheFirst() {
        let result = read("title: A\nmode: practice\ntitle: B\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlDuplicateKey])
        XCTAssertEqual(result.diagnostics.first?.location.line, 3)
        XCTAssertEqual(result.diagnostics.first?.notes.first?.location.line, 1)
    }

    func testATabInIndentationIsNamedAsSuch() {
        let result = read("title: A\nquestions:\n\t- prompt: x\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlTab])
        XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(file: "q.yaml", line: 3, column: 1))
    }

    func testAnUnclosedQuoteIsReportedWhereItOpens() {
        let result = read("title: A\nprompt: \"What is it?\nmode: practice\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlUnclosedQuote])
        XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(file: "q.yaml", line: 2, column: 9))
    }

    func testALineIndentedTooFarIsExplained() {
        let result = read("title: A\n  mode: practice\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlSyntax])
        XCTAssertEqual(result.diagnostics.first?.location.line, 2)
        XCTAssertTrue(result.diagnostics.first!.message.contains("indented more"))
    }

    func testABillionLaughsFileStopsAtTheNodeLimit() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        let result = read(text)
        XCTAssertNil(result.root)
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlAliasLimit])
        XCTAssertEqual(result.diagnostics.first?.location.line, 6, "stops at the first line past the limit")
    }

    func testAliasesWithinTheLimitExpand() {
        let result = read("base: &b {points: 2}\nq: *b\n")
        XCTAssertTrue(result.diagnostics.isEmpty)
        guard case .mapping(let pairs)? = result.root?.kind, case .mapping(let copy) = pairs[1].value.kind else { return XCTFail() }
        XCTAssertEqual(copy.first?.key, "points")
    }

    func testHundredLevelNestingIsOneError() {
        let flow = read("title: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n")
        XCTAssertEqual(flow.diagnostics.map(\.code), [.yamlNestingLimit])
        let block = read((0..<100).map { String(repeating: "  ", count: $0) + "k\($0):\n" }.joined())
        XCTAssertEqual(block.diagnostics.map(\.code), [.yamlNestingLimit])
        XCTAssertEqual(block.diagnostics.first?.location.line, 33, "the 33rd group opens on line 33")
    }

    func testASecondDocumentIsRejected() {
        let result = read("title: A\n---\ntitle: B\n")
        XCTAssertEqual(result.diagnostics.map(\.code), [.yamlMultipleDocuments])
        XCTAssertEqual(result.diagnostics.first?.location.line, 2)
    }

    func testAnUndefinedAliasIsAnErrorNotACrash() {
        let result = read("a: *nowhere\n")
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertNil(result.root)
    }

    func testScalarsKeepTheirStyleSoQuotedTextStaysText() {
        let result = read("a: true\nb: \"true\"\nc: no\n")
        guard case .mapping(let pairs)? = result.root?.kind else { return XCTFail() }
        guard case .scalar("true", .plain) = pairs[0].value.kind, case .scalar("true", .doubleQuoted) = pairs[1].value.kind,
            case .scalar(let c, _) = pairs[2].value.kind
        else { return XCTFail() }
        XCTAssertNil(YAMLScalar.bool(c), "`no` is the word no, not false")
    }
}
