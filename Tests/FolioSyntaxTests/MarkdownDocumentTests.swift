import FolioCore
import XCTest

@testable import FolioSyntax

/// cmark's tree as Swift values: every node with its place, counted in characters.
final class MarkdownDocumentTests: XCTestCase {
    func links(_ node: MarkdownNode) -> [MarkdownNode] {
        var found: [MarkdownNode] = []
        if case .link = node.kind { found.append(node) }
        if case .image = node.kind { found.append(node) }
        for child in node.children { found += links(child) }
        return found
    }

    func testLocationsCountCharactersAndIncludeTheFrontMatterOffset() {
        let text = "# Été\n\nUn café ![vidéo](https://youtu.be/aBcDeFgHiJ0) ici.\n"
        let source = SourceFile(path: "chapters/x.md", text: "---\ntitle: X\n---\n" + text)
        let document = MarkdownDocument.parse(text, source: source, lineOffset: 3)
        let found = links(document.root)
        XCTAssertEqual(found.count, 1)
        // "Un café " is 8 characters but 9 bytes: the column counts characters.
        XCTAssertEqual(found.first.map(document.location(of:)), SourceLocation(file: "chapters/x.md", line: 6, column: 9))
        XCTAssertEqual(found.first?.plainText, "vidéo")
    }

    func testManyLinksOnOneLongLineAreEachPlacedByCharacter() {
        let text = (0..<2000).map { "été [l\($0)](missing-\($0).md)" }.joined(separator: " ") + "\n"
        let document = MarkdownDocument.parse(text, source: SourceFile(path: "x.md", text: text), lineOffset: 0)
        var expected: [Int] = []
        var column = 1
        for index in 0..<2000 {
            column += 4
            expected.append(column)
            column += "[l\(index)](missing-\(index).md) ".count
        }
        XCTAssertEqual(links(document.root).map(\.column), expected)
    }

    func testNestingDeeperThanTheLimitIsCutAndPlaced() {
        let text = "Intro.\n\n" + String(repeating: "> ", count: 10_000) + "deep\n"
        let document = MarkdownDocument.parse(text, source: SourceFile(path: "x.md", text: text), lineOffset: 0)
        XCTAssertEqual(document.tooDeep, SourceLocation(file: "x.md", line: 3, column: 2 * MarkdownDocument.maxNesting + 1))
        var depth = 0
        var node = document.root
        while let child = node.children.last {
            depth += 1
            node = child
        }
        XCTAssertEqual(depth, MarkdownDocument.maxNesting)
    }
}
