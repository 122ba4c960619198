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

    /// Small groups are looked through and large ones keep a table of their keys: either
    /// way, every key given again is reported once, with a note at its first place, and
    /// the group keeps every pair.
    func testARepeatedKeyIsFoundInAGroupOfAnySize() throws {
        for size in [1, 2, 7, 8, 9, 10, 16, 40] {
            for (first, again) in [(0, size), (size - 1, size), (0, size + 3), (size / 2, size + 1)] {
                var lines = (0..<size + 4).map { "key\($0): \($0)" }
                lines[again] = "key\(first): again"
                lines.append("key\(first): thrice")
                let result = read(lines.joined(separator: "\n") + "\n")
                let label = "\(size) keys, key\(first) again at \(again)"
                XCTAssertEqual(result.diagnostics.map(\.code), [.yamlDuplicateKey, .yamlDuplicateKey], label)
                XCTAssertEqual(result.diagnostics.map(\.location.line), [again + 1, size + 5], label)
                XCTAssertEqual(result.diagnostics.map { $0.notes.first?.location.line }, [first + 1, first + 1], label)
                guard case .mapping(let pairs)? = result.root?.kind else { return XCTFail(label) }
                XCTAssertEqual(pairs.count, size + 5, label)
            }
        }
        let clean = read((0..<30).map { "key\($0): \($0)" }.joined(separator: "\n"))
        XCTAssertEqual(clean.diagnostics.map(\.code), [])
    }

    /// A control character written as an escape in double quotes is reported, where
    /// plain text around it is not.
    func testAnEscapedControlCharacterIsFoundAnywhereInAValue() {
        for prefix in ["", "a", "long enough to fill a word or two ", "tab\\tand\\nline "] {
            let result = read("title: \"\(prefix)\\e[2J end\"\nmode: \"\(prefix)\"\n")
            XCTAssertEqual(result.diagnostics.map(\.code), [.textControlCharacter], prefix)
        }
        XCTAssertEqual(read("title: \"\\u0085 next line\"\n").diagnostics.map(\.code), [.textControlCharacter])
        XCTAssertEqual(read("title: \"café — “quoted” \\u00A0 ok\"\n").diagnostics.map(\.code), [])
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
