import XCTest

@testable import FolioSyntax

final class FrontMatterTests: XCTestCase {
    func testSplitsYAMLAndBodyWithTheirLineOffsets() throws {
        let text = "---\ntitle: Hi\nquiz: x\n---\n\nBody line\n"
        let split = try FrontMatter.split(text).get()
        XCTAssertEqual(split.yaml, "title: Hi\nquiz: x")
        XCTAssertEqual(split.yamlLineOffset, 1)
        XCTAssertEqual(split.body, "\nBody line\n")
        XCTAssertEqual(split.bodyLineOffset, 4, "the body's first line is line 5 of the file")
    }

    func testAFileWithoutFrontMatterIsAllBody() throws {
        let split = try FrontMatter.split("Just text\n").get()
        XCTAssertNil(split.yaml)
        XCTAssertEqual(split.body, "Just text\n")
    }

    func testTheClosingLineMayBeDotsAndMayHaveTrailingSpaces() throws {
        XCTAssertEqual(try FrontMatter.split("---\na: 1\n...\nbody").get().body, "body")
        XCTAssertEqual(try FrontMatter.split("--- \na: 1\n---  \nbody").get().body, "body")
    }

    /// The body is the rest of the file after the closing line, to the last byte: no
    /// line end is added or lost, whatever the file ends with.
    func testTheBodyIsTheRestOfTheFileExactly() throws {
        for (text, body) in [
            ("---\na: 1\n---", ""), ("---\na: 1\n---\n", ""), ("---\na: 1\n---\n\n", "\n"), ("---\na: 1\n---\nA\n\n\nB", "A\n\n\nB"),
            ("---\na: 1\n---\né 😀\n", "é 😀\n"),
        ] {
            let split = try FrontMatter.split(text).get()
            XCTAssertEqual(String(split.body), body, text.debugDescription)
            XCTAssertEqual(text.hasSuffix(split.body), true)
        }
    }

    /// Against the rule as written: split every line at `\n`; the first line is `---`;
    /// the front matter is the lines up to the next `---` or `...` (trailing spaces and
    /// tabs allowed), joined by `\n`; the body is everything after that line's end.
    func testEveryTextSplitsAsTheRuleSays() throws {
        func byTheRule(_ text: String) -> (yaml: String?, body: String, bodyLineOffset: Int)? {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            func fence(_ line: String, closing: Bool) -> Bool {
                var word = line
                while word.hasSuffix(" ") || word.hasSuffix("\t") { word.removeLast() }
                return word == "---" || (closing && word == "...")
            }
            guard fence(lines[0], closing: false) else { return (nil, text, 0) }
            guard let close = lines.indices.dropFirst().first(where: { fence(lines[$0], closing: true) }) else { return nil }
            return (lines[1..<close].joined(separator: "\n"), lines[(close + 1)...].joined(separator: "\n"), close + 1)
        }
        let pieces = ["---", "--- ", "...", "---\t", "a: 1", "", "b: é😀", " ---", "text", "----"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let count = Int.random(in: 1...7, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: "\n")
            switch (FrontMatter.split(text), byTheRule(text)) {
            case (.success(let split), let expected?):
                XCTAssertEqual(split.yaml, expected.yaml, text.debugDescription)
                XCTAssertEqual(String(split.body), expected.body, text.debugDescription)
                XCTAssertEqual(split.yaml == nil ? 0 : split.bodyLineOffset, expected.bodyLineOffset, text.debugDescription)
            case (.failure(.unclosed), nil): break
            default: XCTFail("\(text.debugDescription): \(FrontMatter.split(text)) against \(String(describing: byTheRule(text)))")
            }
        }
    }

    func testATruncatedFrontMatterIsAProblem() {
        guard case .failure(.unclosed) = FrontMatter.split("---\ntitle: Hi\n\nText\n") else { return XCTFail() }
    }
}
