import CCmark
import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation
import XCTest

@testable import FolioCompiler

/// Markdown is read by cmark and rendered by Folio: every example of the CommonMark
/// specification, read into a ``Body`` and rendered by ``BodyHTML``, gives exactly the
/// HTML cmark itself gives for it (and, for spec 0.30, which the system's cmark
/// implements, exactly what the spec says).
///
/// The spec's examples expect text as typed, so both sides read them without smart
/// punctuation; chapters are read with it, and the same examples read that way give
/// what cmark gives with its smart option.
final class BodyHTMLSpecTests: XCTestCase {
    struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    static func examples(_ version: String) throws -> [Example] {
        let url = TestPaths.external.appendingPathComponent("commonmark/spec-\(version).json")
        return try JSONDecoder().decode([Example].self, from: Data(contentsOf: url))
    }

    /// Keeps every link, image and piece of raw HTML as written, as cmark's own renderer does.
    struct AsWritten: BodyDecider {
        func link(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> LinkTarget { .asWritten(reference.url) }
        func image(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> ImageDecision {
            .picture(.asWritten(reference.url))
        }
        func rawHTML(_ html: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool { true }
        func wordParagraph(_ text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {}
        func isNote(_ html: String) -> Bool { false }
        func paragraph(_ paragraph: WrittenParagraph, diagnostics: inout DiagnosticList) {}
        func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {}
    }

    static func folioHTML(_ markdown: String, smartPunctuation: Bool = false) -> String {
        let document = MarkdownDocument.parse(
            markdown, source: SourceFile(path: "spec.md", text: markdown), lineOffset: 0, smartPunctuation: smartPunctuation)
        var walk = BodyWalk(decider: AsWritten(), document: document)
        return BodyHTML.bundle(Body(blocks: walk.blocks(document.root.children)))
    }

    static func cmarkHTML(_ markdown: String, smartPunctuation: Bool = false) -> String {
        let options = CMARK_OPT_UNSAFE | (smartPunctuation ? CMARK_OPT_SMART : 0)
        guard let html = markdown.withCString({ cmark_markdown_to_html($0, markdown.utf8.count, options) }) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    func testEveryExampleOfSpec030RendersAsCmarkAndTheSpecSay() throws {
        let examples = try Self.examples("0.30")
        XCTAssertEqual(examples.count, 652)
        var differFromCmark: [Int] = []
        var differFromSpec: [Int] = []
        for example in examples {
            let html = Self.folioHTML(example.markdown)
            if html != Self.cmarkHTML(example.markdown) { differFromCmark.append(example.example) }
            if html != example.html { differFromSpec.append(example.example) }
        }
        XCTAssertEqual(differFromCmark, [], "examples Folio renders differently from cmark")
        XCTAssertEqual(differFromSpec, [], "examples Folio renders differently from the spec")
    }

    func testEveryExampleOfSpec0312RendersAsCmark() throws {
        var differ: [Int] = []
        for example in try Self.examples("0.31.2") where Self.folioHTML(example.markdown) != Self.cmarkHTML(example.markdown) {
            differ.append(example.example)
        }
        XCTAssertEqual(differ, [])
    }

    /// As chapters are read: quotes, dashes and ellipses typographic, code as typed.
    func testEveryExampleReadWithSmartPunctuationRendersAsCmarkWithItsSmartOption() throws {
        var differ: [Int] = []
        var changed = 0
        for example in try Self.examples("0.31.2") {
            let html = Self.folioHTML(example.markdown, smartPunctuation: true)
            if html != Self.cmarkHTML(example.markdown, smartPunctuation: true) { differ.append(example.example) }
            if html != Self.folioHTML(example.markdown) { changed += 1 }
        }
        XCTAssertEqual(differ, [])
        XCTAssertGreaterThan(changed, 20, "the examples with quotes, dashes or ellipses read differently")
    }

    func testSmartPunctuationLeavesCodeAsTyped() {
        let markdown = "\"Quotes\" and it's -- all... `don't \"touch\"`\n\n    code's \"block\"\n"
        XCTAssertEqual(
            Self.folioHTML(markdown, smartPunctuation: true),
            "<p>\u{201C}Quotes\u{201D} and it\u{2019}s \u{2013} all\u{2026} <code>don't &quot;touch&quot;</code></p>\n"
                + "<pre><code>code's &quot;block&quot;\n</code></pre>\n")
    }

    /// Pieces of every example glued together, nested in quotes and lists, so that blocks
    /// meet in ways the examples alone do not show.
    func testExamplesNestedInQuotesAndListsRenderAsCmark() throws {
        let examples = try Self.examples("0.30")
        for (index, example) in examples.enumerated() where index % 3 == 0 {
            let next = examples[(index + 1) % examples.count].markdown
            for markdown in [
                example.markdown + "\n" + next,
                example.markdown.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n"),
                "- " + example.markdown.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "),
                "1. a\n2. " + example.markdown.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n   "),
            ] {
                XCTAssertEqual(Self.folioHTML(markdown), Self.cmarkHTML(markdown), "example \(example.example) as \(markdown.debugDescription)")
            }
        }
    }
}
