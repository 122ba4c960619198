import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioSyntax
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// A body read straight from cmark's tree (``DirectBodyWalk``, how every chapter is read)
/// is exactly the body read by way of nodes (``BodyWalk``, ``HeadingIDs``, ``BodyHTML``,
/// which the sanitiser of allowed HTML needs): the same HTML and slots, videos, headings,
/// plain text, and the same questions asked about the same places in the same order.
final class DirectBodyWalkTests: XCTestCase {
    /// Answers as a resolver would, and records every question as a diagnostic, so that
    /// comparing diagnostics compares the questions. An image whose description has an
    /// odd number of bytes is a video, so that both kinds are read everywhere.
    struct Recording: BodyDecider {
        func link(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> LinkTarget {
            diagnostics.warning(.linkTargetMissing, at: reference.location, "link \(reference.url) \(reference.title) \(reference.text)")
            return reference.url.hasSuffix(".md") ? .chapter(id: reference.url, suffix: "") : .asWritten(reference.url)
        }

        func image(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> ImageDecision {
            diagnostics.warning(
                .imageRemote, at: reference.location, "image \(reference.url) \(reference.title) \(reference.text) \(reference.isAloneInParagraph)")
            guard reference.text.utf8.count % 2 == 1 else { return .picture(.asWritten(reference.url)) }
            return .video(Video(provider: .youtube, title: reference.text, youtubeID: reference.url, start: nil))
        }

        func rawHTML(_ html: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool {
            diagnostics.warning(.rawHTMLOmitted, at: location, "html \(html)")
            return false
        }

        func wordParagraph(_ text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {
            diagnostics.warning(.videoAddressAsText, at: location, "word \(text)")
        }

        func isNote(_ html: String) -> Bool { WritingHabitRules.isNote(html) }

        func paragraph(_ paragraph: WrittenParagraph, diagnostics: inout DiagnosticList) {
            diagnostics.warning(.bulletNotMarkdown, at: paragraph.location, "paragraph \(paragraph.bytes)")
        }

        func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {
            diagnostics.warning(.headingLevelOne, at: location, "heading \(level) \(text)")
        }
    }

    /// What a body became, every part of it.
    struct Read: Equatable {
        var segments: [BodySegment]
        var body: Body
        var videos: [Video]
        var headings: [Heading]
        var plainText: String
        var tooDeep: SourceLocation?
        var questions: [String]
    }

    static func direct(_ markdown: String, smart: Bool) -> Read? {
        let source = SourceFile(path: "chapters/x.md", text: "---\ntitle: X\n---\n" + markdown)
        var stream = MarkdownStream(markdown[...], source: source, lineOffset: 3, smartPunctuation: smart)
        var walk = DirectBodyWalk(decider: Recording())
        guard walk.read(&stream) else { return nil }
        let body = walk.builder.body
        return Read(
            segments: body.segments, body: body, videos: walk.videos, headings: walk.headings,
            plainText: String(decoding: walk.plainText, as: UTF8.self).trimmedASCIIWhitespace, tooDeep: stream.tooDeep,
            questions: walk.diagnostics.all.map(describe))
    }

    static func byNodes(_ markdown: String, smart: Bool) -> Read {
        let source = SourceFile(path: "chapters/x.md", text: "---\ntitle: X\n---\n" + markdown)
        let document = MarkdownDocument.parse(markdown, source: source, lineOffset: 3, smartPunctuation: smart)
        var walk = BodyWalk(decider: Recording(), document: document)
        let (blocks, headings) = HeadingIDs.assign(walk.blocks(document.root.children))
        let body = Body(blocks: blocks)
        return Read(
            segments: body.segments, body: body, videos: walk.videos, headings: headings, plainText: walk.plainText.trimmedASCIIWhitespace,
            tooDeep: document.tooDeep, questions: walk.diagnostics.all.map(describe))
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.line):\(diagnostic.location.column) \(diagnostic.message)"
    }

    /// The texts whose two readings differ (both with and without typographic punctuation).
    func differing(_ texts: [String], file: StaticString = #filePath, line: UInt = #line) -> [String] {
        var differ: [String] = []
        for text in texts {
            for smart in [false, true] {
                guard let direct = Self.direct(text, smart: smart) else {
                    XCTFail("raw HTML is never kept here: \(text.debugDescription)", file: file, line: line)
                    continue
                }
                if direct != Self.byNodes(text, smart: smart) { differ.append(text) }
            }
        }
        return differ
    }

    func testEveryExampleOfTheCommonMarkSpecificationIsReadTheSameBothWays() throws {
        let examples = try BodyHTMLSpecTests.examples("0.30") + BodyHTMLSpecTests.examples("0.31.2")
        XCTAssertGreaterThan(examples.count, 1300)
        XCTAssertEqual(differing(examples.map(\.markdown)), [])
    }

    func testImagesVideosAndLinksInsideEachOtherAreReadTheSameBothWays() {
        let texts = [
            // Alone in a paragraph: a video (odd description) replaces it; a picture does not.
            "![abc](v)\n", "![ab](p)\n", "- ![abc](v)\n- ![ab](p)\n", "- ![abc](v)\n\n- ![ab](p)\n",
            "> ![abc](v)\n>\n> ![ab](p \"title\")\n",
            // Inside descriptions, links and images are asked about but not shown.
            "![Watch [part two](02.md) ![x](inner) now](outer)\n", "![a [b](c.md) `d`](e)\n", "Text ![a ![bc](v) d](p) end\n",
            "![![![deep](a)](b)](c) and ![<b>html</b> *em* **strong**](p)\n",
            // Headings take their ids from their text: pictures give their description, videos nothing.
            "# Title\n\n## Title\n\n## Title ![pic](p) [link](x.md) `code`\n\n### ![abc](v) Title\n\nTitle\n===\n",
            "# \n\n# *\n\n#  ![ab](p)\n", "# Sleep\n# Sleep\n# Sleep-2\n# Sleep 2\n",
            // Words alone in a paragraph, line breaks, raw HTML left out.
            "youtube.com/watch?v=aBcDeFgHiJ0\n\nword\n", "a  \nb\\\nc\nd\n", "<div>\nblock\n</div>\n\ninline <span>x</span> here\n",
            "![a <b>c</b>](x)\n", "[link <i>x</i>](y)\n",
            // Code, rules, lists that start elsewhere, tight and loose.
            "```swift extra\nlet a = \"<b>\"\n```\n\n    indented\n\n***\n\n3. three\n4. four\n\n- a\n\n  b\n- c\n",
            "- a\n  - b\n    > c\n    > - d ![abc](v)\n", "1. ![ab](p)\n   ![abc](v)\n",
            "Été \"quoted\" -- dash... ![café](média.png) [à](b.md)\n", "",
        ]
        XCTAssertEqual(differing(texts), [])
    }

    func testNestingBeyondTheLimitIsCutTheSameBothWays() {
        let deep = MarkdownDocument.maxNesting
        let texts = [
            String(repeating: "> ", count: deep - 2) + "![abc](v) [x](y.md) *e*\n",
            String(repeating: "> ", count: deep - 1) + "![abc](v) [x](y.md) *e*\n",
            String(repeating: "> ", count: deep) + "![ab](p) [x](y.md)\n",
            String(repeating: "> ", count: deep + 5) + "text\n\nafter\n",
            String(repeating: "- ", count: deep + 5) + "item\n",
            String(repeating: "> ", count: deep - 3) + String(repeating: "*a ", count: 10) + "b" + String(repeating: "*", count: 10) + "\n",
            String(repeating: "> ", count: deep - 4) + "# head ![a *b **c***](p)\n",
            String(repeating: "[a ", count: 80) + String(repeating: "](x)", count: 80) + "\n",
            String(repeating: "![a ", count: 80) + String(repeating: "](x)", count: 80) + "\n",
        ]
        XCTAssertEqual(differing(texts), [])
        XCTAssertNotNil(Self.direct(texts[3], smart: true)?.tooDeep)
    }

    /// Documents made of random pieces of Markdown, the same seed each run.
    func testRandomDocumentsAreReadTheSameBothWays() {
        let pieces = [
            "> ", "- ", "1. ", "# ", "## ", "**", "*", "_", "`code`", "[link](a.md)", "[l *e*](https://x.org \"t\")", "![abc](v)",
            "![ab](p)", "![a [b](c.md)](d)", "<b>", "</b>", "\n", "\n\n", "text ", "word", "  \n", "***\n", "```\ncode\n```\n",
            "été ", "\"quote\" ", "it's ", "--", "...", "    ", "\\", "&amp; ", "<", "]", "[", "(", ")", "!",
        ]
        var generator = SeededGenerator(seed: 20_261_127)
        var texts: [String] = []
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...40, using: &generator)
            texts.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        XCTAssertEqual(differing(texts), [])
    }

    /// The sample program's chapters and welcome page through the compiler's own resolver.
    func testTheSampleProgramIsResolvedTheSameBothWays() throws {
        let content = TestFixtures.sampleContent
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: content.appendingPathComponent($0).path, isDirectory: &folder) && !folder.boolValue
        }
        let chapters = files.filter { $0.hasPrefix("chapters/") && $0.hasSuffix(".md") }.sorted()
        XCTAssertGreaterThanOrEqual(chapters.count, 6)
        let resolver = BodyResolver(
            index: ContentIndex(
                chapterIDs: Dictionary(uniqueKeysWithValues: chapters.map { ($0, String($0.dropFirst(12).dropLast(3))) }), excludedDrafts: [],
                allFiles: Set(files), allowHTML: false))
        for path in chapters + ["welcome.md"] {
            let text = try String(contentsOf: content.appendingPathComponent(path), encoding: .utf8)
            let source = SourceFile(path: path, text: text)
            // The body after the front matter, as the compiler reads it.
            let end = try XCTUnwrap(text.range(of: "\n---\n", range: text.index(after: text.startIndex)..<text.endIndex), path).upperBound
            let body = text[end...]
            let lineOffset = text[..<end].filter { $0 == "\n" }.count
            var direct = DiagnosticList()
            var byNodes = DiagnosticList()
            let a = resolver.resolve(body, source: source, lineOffset: lineOffset, diagnostics: &direct)
            let b = resolver.resolveByNodes(body, source: source, lineOffset: lineOffset, diagnostics: &byNodes)
            XCTAssertEqual(a.body, b.body, path)
            XCTAssertEqual(a.videos, b.videos, path)
            XCTAssertEqual(a.headings, b.headings, path)
            XCTAssertEqual(a.plainText, b.plainText, path)
            XCTAssertEqual(direct.all.map(Self.describe), byNodes.all.map(Self.describe), path)
            XCTAssertFalse(a.plainText.isEmpty, path)
        }
    }

    /// A passage in another language is paired on nodes; a `</span>` before any
    /// `<span lang>` is raw HTML left out, as the direct walk reads it.
    func testAPassageInAnotherLanguageIsLeftToTheWayByNodes() {
        let texts = [
            ("Say <span lang=\"es\">hola</span>.\n", false), ("Say <span lang=\"es\">hola.\n", false),
            ("*<span lang=\"es\">a* b</span> <span lang=\"x y\">c</span>\n", false), ("inline <span>x</span> </span>\n", true),
        ]
        for (text, kept) in texts {
            let source = SourceFile(path: "x.md", text: text)
            var stream = MarkdownStream(text[...], source: source, lineOffset: 0)
            var walk = DirectBodyWalk(decider: Recording())
            XCTAssertEqual(walk.read(&stream), kept, text)
        }
    }

    func testRawHTMLTheProgramAllowsIsLeftToTheWayByNodes() {
        struct Allowing: BodyDecider {
            func link(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> LinkTarget { .asWritten(reference.url) }
            func image(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> ImageDecision { .picture(.asWritten(reference.url)) }
            func rawHTML(_ html: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool { true }
            func wordParagraph(_ text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {}
            func isNote(_ html: String) -> Bool { false }
            func paragraph(_ paragraph: WrittenParagraph, diagnostics: inout DiagnosticList) {}
            func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {}
        }
        for (text, kept) in [("Some <b>bold</b> text.\n", false), ("Plain *text*.\n", true), ("<div>\nx\n</div>\n", false)] {
            let source = SourceFile(path: "x.md", text: text)
            var stream = MarkdownStream(text[...], source: source, lineOffset: 0)
            var walk = DirectBodyWalk(decider: Allowing())
            XCTAssertEqual(walk.read(&stream), kept, text)
        }
    }
}
