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

    func testATruncatedFrontMatterIsAProblem() {
        guard case .failure(.unclosed) = FrontMatter.split("---\ntitle: Hi\n\nText\n") else { return XCTFail() }
    }
}
