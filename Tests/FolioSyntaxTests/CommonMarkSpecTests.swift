import FolioCore
import Foundation
import XCTest

@testable import FolioSyntax

/// Markdown goes through cmark untouched: every example of the CommonMark 0.30 spec
/// renders byte for byte as the spec says when raw HTML is allowed, and no raw HTML
/// survives when it is not.
final class CommonMarkSpecTests: XCTestCase {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    func examples() throws -> [Example] {
        let url = TestPaths.external.appendingPathComponent("commonmark/spec-0.30.json")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
    }

    func testEveryExampleRendersAsTheSpecSays() throws {
        let examples = try examples()
        XCTAssertEqual(examples.count, 652)
        var failures: [Int] = []
        for example in examples {
            let source = SourceFile(path: "spec.md", text: example.markdown)
            let html = MarkdownDocument(example.markdown, source: source, lineOffset: 0).renderHTML()
            if html != example.html { failures.append(example.example) }
        }
        XCTAssertEqual(failures, [], "examples that render differently")
    }

    func testRawHTMLIsRemovedWhenNotAllowed() throws {
        for example in try examples() where example.section == "HTML blocks" || example.section == "Raw HTML" {
            let source = SourceFile(path: "spec.md", text: example.markdown)
            let document = MarkdownDocument(example.markdown, source: source, lineOffset: 0)
            let found = document.rawHTML
            document.removeRawHTML()
            XCTAssertTrue(document.rawHTML.allSatisfy { $0.html == "<!-- raw HTML omitted -->" })
            let html = document.renderHTML()
            for raw in found where !raw.html.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                XCTAssertFalse(html.contains(raw.html.trimmingCharacters(in: .whitespacesAndNewlines)), "example \(example.example) kept \(raw.html)")
            }
        }
    }

    func testLocationsCountCharactersAndIncludeTheFrontMatterOffset() {
        let text = "# Été\n\nUn café ![vidéo](https://youtu.be/aBcDeFgHiJ0) ici.\n"
        let source = SourceFile(path: "chapters/x.md", text: "---\ntitle: X\n---\n" + text)
        let document = MarkdownDocument(text, source: source, lineOffset: 3)
        var found: [MarkdownReference] = []
        document.rewriteReferences {
            found.append($0); return .keep
        }
        XCTAssertEqual(found.count, 1)
        // "Un café " is 8 characters but 9 bytes: the column counts characters.
        XCTAssertEqual(found.first?.location, SourceLocation(file: "chapters/x.md", line: 6, column: 9))
        XCTAssertEqual(found.first?.text, "vidéo")
        XCTAssertEqual(found.first?.isAloneInParagraph, false)
    }
}
