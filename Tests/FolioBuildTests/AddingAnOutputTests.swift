import FolioBundle
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBuild
@testable import FolioServe

/// An output is one renderer and one entry in the list of renderers: this one, a plain
/// text of each chapter with its quiz's questions and a sheet of every deck's cards,
/// lives in this test alone. Without any other change, the whole build writes it, every
/// short way after an edit updates it to the bytes a build from scratch writes, `folio
/// serve` shows it, and a change of its option builds again.
final class AddingAnOutputTests: XCTestCase {
    /// The test's output: `text/chapters/<id>.txt` and `text/decks.txt`, lines cut at `width`.
    struct PlainText: ServableRenderer {
        let folder = "text"
        var width = 72
        var reads: ProgramParts { [.chapterOutline, .chapterTexts, .quizzes, .decks] }
        var options: [String] { ["width=\(width)"] }

        func servedFiles(_ program: CompiledProgram, context: RenderContext) -> [String: ServedFile] {
            var files: [String: ServedFile] = [:]
            for position in program.chapters.indices {
                files[Self.chapterPath(program.chapters[position])] = .made { Data(chapterText(program, at: position).utf8) }
            }
            files["decks.txt"] = .made { Data(deckSheet(program).utf8) }
            return files
        }

        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            for (path, file) in servedFiles(program, context: context) {
                guard case .made(let make) = file else { continue }
                try files.write(make(), to: path)
            }
            return RenderSummary(folder: folder)
        }

        /// The edited chapters' files, every file with a quiz's questions after a quiz
        /// edit, and the deck sheet after a deck edit.
        func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws -> RenderSummary? {
            guard ProgramParts([.chapterTexts, .quizzes, .decks]).isSuperset(of: change.parts) else { return nil }
            var positions = Set(change.chapters)
            if change.parts.contains(.quizzes) { positions.formUnion(program.chapters.indices.filter { program.chapters[$0].quiz != nil }) }
            for position in positions.sorted() {
                try files.write(Data(chapterText(program, at: position).utf8), to: Self.chapterPath(program.chapters[position]))
            }
            if change.parts.contains(.decks) { try files.write(Data(deckSheet(program).utf8), to: "decks.txt") }
            return RenderSummary(folder: folder)
        }

        static func chapterPath(_ chapter: CompiledChapter) -> String { "chapters/\(chapter.id).txt" }

        func chapterText(_ program: CompiledProgram, at position: Int) -> String {
            let chapter = program.chapters[position]
            var lines = [chapter.title, String(repeating: "=", count: chapter.title.count), ""] + wrapped(chapter.plainText)
            if let id = chapter.quiz, let quiz = program.quiz(id) {
                lines += ["", "Quiz: \(quiz.title)"] + quiz.questions.enumerated().flatMap { wrapped("\($0.offset + 1). \($0.element.prompt.markdown)") }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        func deckSheet(_ program: CompiledProgram) -> String {
            program.decks.flatMap { deck in [deck.title] + deck.cards.flatMap { wrapped("- \($0.front): \($0.back)") } + [""] }.joined(separator: "\n")
        }

        /// Words joined into lines of at most `width` characters.
        func wrapped(_ text: String) -> [String] {
            var lines: [String] = []
            var line = ""
            for word in text.split(whereSeparator: \.isWhitespace) {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            return line.isEmpty ? lines : lines + [line]
        }
    }

    /// Compiles as `folio build` does, and shows nothing: the messages are kept as text.
    struct QuietHost: BuildHost {
        let content: URL
        func compile(against published: PublishedIdentities?, content source: (any ContentSource)?, shelf: (any TextShelf)?) throws -> Compiler.Result {
            let options = Compiler.Options(published: published, keepsTextBaseline: true, textShelf: shelf)
            return try (source.map { Compiler(content: $0, options: options) } ?? Compiler(contentFolder: content, options: options)).compile()
        }
        func compiled(_ result: Compiler.Result) -> BuildMessages {
            let text = DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false).text(result.diagnostics, sources: result.sources)
            return BuildMessages(standardError: result.diagnostics.all.isEmpty ? "" : text)
        }
        func builtLine(chapters: Int, quizzes: Int, decks: Int, bundleHash: String) -> String {
            "built \(chapters) chapters, \(quizzes) quizzes, \(decks) decks (bundle \(bundleHash.prefix(12)))\n"
        }
    }

    var temporary: URL!
    var content: URL!
    var output: URL!

    override func setUpWithError() throws {
        temporary = try TestFixtures.temporaryFolder(self)
        content = temporary.appendingPathComponent("Content")
        output = temporary.appendingPathComponent("Output")
        // The short ways are ways of programs in one language: a program with translations
        // takes the whole way on every build.
        try TestFixtures.writeSampleInOneLanguage(to: content)
    }

    /// Folio's own outputs and the test's, in one list.
    func renderers(width: Int = 72) -> [any OutputRenderer] { StandardOutputs.renderers() + [PlainText(width: width)] }

    @discardableResult
    func build(into output: URL? = nil, width: Int = 72) throws -> BuildAction.Outcome {
        let action = BuildAction(content: content, output: output ?? self.output, options: [], renderers: renderers(width: width))
        return try action.run(host: QuietHost(content: content))
    }

    /// The output is what a build from scratch of the same content writes, file for file,
    /// and it says what that build says.
    func assertSameAsFromScratch(_ outcome: BuildAction.Outcome, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let fresh = temporary.appendingPathComponent("Fresh-\(UUID().uuidString)")
        let scratch = try build(into: fresh)
        XCTAssertEqual(scratch.way, .whole, label, file: file, line: line)
        let built = TestFixtures.snapshot(output)
        let expected = TestFixtures.snapshot(fresh)
        XCTAssertEqual(built.keys.sorted(), expected.keys.sorted(), label, file: file, line: line)
        for (path, data) in expected where built[path] != data {
            XCTFail("\(label): \(path) differs from a build from scratch", file: file, line: line)
        }
        XCTAssertEqual(outcome.messages.standardError + outcome.built, scratch.messages.standardError + scratch.built, label, file: file, line: line)
        try FileManager.default.removeItem(at: fresh)
    }

    func text(_ path: String) throws -> String { try String(contentsOf: output.appendingPathComponent("text/" + path), encoding: .utf8) }

    func replace(_ old: String, with new: String, in path: String) throws {
        let file = content.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(path) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    func testTheWholeBuildWritesIt() throws {
        let outcome = try build()
        XCTAssertEqual(outcome.way, .whole)
        XCTAssertEqual(outcome.renderers["text"], .rendered)
        let chapter = try text("chapters/who-am-i.txt")
        XCTAssertTrue(chapter.hasPrefix("Who Am I?\n=========\n\n"), chapter)
        XCTAssertTrue(chapter.contains("Quiz: "), chapter)
        XCTAssertTrue(try text("decks.txt").contains("Body words\n- Puberty: The years when your body changes"))
        XCTAssertEqual(try build().way, .unchanged)
    }

    func testAnEditOfAChaptersTextUpdatesItTheShortWay() throws {
        try build()
        try replace("\n## ", with: "\nA line only this test writes.\n\n## ", in: "chapters/02-friendship.md")
        let outcome = try build()
        XCTAssertEqual(outcome.way, .chapterTexts)
        XCTAssertEqual(outcome.renderers["text"], .updated)
        XCTAssertTrue(try text("chapters/friendship.txt").contains("A line only this test writes."))
        try assertSameAsFromScratch(outcome, "a chapter's text edited")
    }

    /// A program in several languages: an edit of a translation, or of an original that
    /// another language shows in its place, gives the site's pages of every language
    /// that a build from scratch gives.
    func testAnEditOfATranslatedChapterOrOfAnOriginalShownInItsPlaceGivesEveryLanguagesPages() throws {
        try FileManager.default.removeItem(at: content)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
        try build()
        try replace("\n## ", with: "\nUna línea que solo escribe esta prueba.\n\n## ", in: "chapters/01-who-am-i.es.md")
        var outcome = try build()
        let spanish = try String(contentsOf: output.appendingPathComponent("site/es/chapters/who-am-i.html"), encoding: .utf8)
        XCTAssertTrue(spanish.contains("Una línea que solo escribe esta prueba."))
        try assertSameAsFromScratch(outcome, "a translated chapter edited")
        try replace("\n## ", with: "\nA line only this test writes.\n\n## ", in: "chapters/02-friendship.md")
        outcome = try build()
        let fallback = try String(contentsOf: output.appendingPathComponent("site/es/chapters/friendship.html"), encoding: .utf8)
        XCTAssertTrue(fallback.contains("A line only this test writes."))
        try assertSameAsFromScratch(outcome, "an original shown in Spanish edited")
    }

    func testAQuizEditUpdatesItTheShortWay() throws {
        try build()
        try replace("prompt: Why can naming a feeling help?", with: "prompt: Why does naming a feeling help?", in: "quizzes/feelings-check.yaml")
        let outcome = try build()
        XCTAssertEqual(outcome.way, .quizzesAndDecks)
        XCTAssertEqual(outcome.renderers["text"], .updated)
        XCTAssertTrue(try text("chapters/feelings.txt").contains("Why does naming a feeling help?"))
        try assertSameAsFromScratch(outcome, "a quiz edited")
    }

    func testADeckEditUpdatesItTheShortWay() throws {
        try build()
        try replace("A time when you grow taller quickly.", with: "A time when you grow taller fast.", in: "decks/body-words.txt")
        let outcome = try build()
        XCTAssertEqual(outcome.way, .quizzesAndDecks)
        XCTAssertEqual(outcome.renderers["text"], .updated)
        XCTAssertTrue(try text("decks.txt").contains("- Growth spurt: A time when you grow taller fast."))
        try assertSameAsFromScratch(outcome, "a deck edited")
    }

    /// An edit that reaches no part it reads leaves its files as they were, unasked.
    func testAnOutputThatReadsNothingAnEditChangedIsKept() throws {
        var renderers = renderers()
        renderers[renderers.count - 1] = ChaptersOnly()
        let action = BuildAction(content: content, output: output, options: [], renderers: renderers)
        _ = try action.run(host: QuietHost(content: content))
        try replace("A time when you grow taller quickly.", with: "A time when you grow taller fast.", in: "decks/body-words.txt")
        let outcome = try action.run(host: QuietHost(content: content))
        XCTAssertEqual(outcome.way, .quizzesAndDecks)
        XCTAssertEqual(outcome.renderers["chapters-only"], .kept)
        XCTAssertEqual(outcome.renderers["site"], .rendered)
    }

    /// Reads the chapters' titles alone, and cannot update itself.
    struct ChaptersOnly: OutputRenderer {
        let folder = "chapters-only"
        var reads: ProgramParts { [.chapterOutline] }
        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            try files.write(Data(program.chapters.map(\.title).joined(separator: "\n").utf8), to: "titles.txt")
            return RenderSummary(folder: folder)
        }
    }

    func testANewOptionOfItBuildsAgain() throws {
        try build(width: 72)
        XCTAssertEqual(try build(width: 72).way, .unchanged)
        let narrower = try build(width: 40)
        XCTAssertEqual(narrower.way, .whole)
        XCTAssertTrue(try text("chapters/who-am-i.txt").split(separator: "\n").allSatisfy { $0.count <= 40 })
        try assertSameAsFromScratchWithWidth(40)
    }

    func assertSameAsFromScratchWithWidth(_ width: Int) throws {
        let fresh = temporary.appendingPathComponent("Fresh-\(UUID().uuidString)")
        try build(into: fresh, width: width)
        XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh))
    }

    /// `folio serve` shows the output from the same list, file by file, and a rebuild
    /// after an edit shows the change.
    func testThePreviewShowsItAndItsChange() async throws {
        let site = LiveSite(renderers: renderers())
        let compile = { try Compiler(contentFolder: self.content).compile() }
        await site.publish(try compile(), renderer: DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false))
        guard case .page(let before, let type) = await site.answer("/__folio/outputs/text/chapters/friendship.txt") else {
            return XCTFail("the preview does not show the plain text")
        }
        XCTAssertTrue(type.hasPrefix("text/plain"), type)
        XCTAssertFalse(String(decoding: before, as: UTF8.self).contains("A line only this test writes."))
        try replace("\n## ", with: "\nA line only this test writes.\n\n## ", in: "chapters/02-friendship.md")
        await site.publish(try compile(), renderer: DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false))
        guard case .page(let after, _) = await site.answer("/__folio/outputs/text/chapters/friendship.txt") else {
            return XCTFail("the preview does not show the plain text after the edit")
        }
        XCTAssertTrue(String(decoding: after, as: UTF8.self).contains("A line only this test writes."))
        // The site is still at the root.
        guard case .page(let home, _) = await site.answer("/index.html") else { return XCTFail("no home page") }
        XCTAssertTrue(String(decoding: home, as: UTF8.self).contains("<html"))
    }

    /// Rounds of random edits of chapters' texts, quizzes and decks, each built into the
    /// same output and from scratch: every renderer's files are the same, and most rounds
    /// took a short way.
    func testRandomEditsGiveWhatABuildFromScratchGivesForEveryRenderer() throws {
        try randomEdits(bilingual: false)
    }

    /// The same rounds on the sample in English and Spanish, with edits of translated
    /// originals that change their structure too (a card, a question): each build takes
    /// the whole way and succeeds, those translations being outdated, and gives what a
    /// build from scratch gives.
    func testRandomEditsOfABilingualProgramGiveWhatABuildFromScratchGives() throws {
        try FileManager.default.removeItem(at: content)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
        try randomEdits(bilingual: true)
    }

    func randomEdits(bilingual: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededRandom(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let pieces = [
            "A plain sentence about friends.", "## A heading \(UUID().uuidString.prefix(4))", "- a list item\n- another one",
            "A [link to a chapter](01-who-am-i.md#who-am-i).", "![A sunrise](../media/sunrise.png)", "**Bold** and _italic_ text, “quoted”.",
        ]
        let chapters = ["01-who-am-i.md", "02-friendship.md", "03-feelings.md", "04-body-and-health.md", "05-the-big-move.md"]
        let quizEdits = [
            ("quizzes/feelings-check.yaml", "prompt: Why can naming a feeling help?"),
            ("quizzes/feelings-check.yaml", "hint: Bottled-up feelings tend to grow."),
        ]
        try build()
        var ways: [BuildAction.Way] = []
        var structureChanged = false
        for round in 0..<6 {
            // A bilingual program's first round changes a translated deck's structure.
            switch bilingual && round == 0 ? 3 : random.next() % (bilingual ? 5 : 3) {
            case 0:
                let name = pick(chapters)
                let piece = pick(pieces)
                let file = content.appendingPathComponent("chapters/" + name)
                let text = try String(contentsOf: file, encoding: .utf8)
                try (text + "\n" + piece + "\n").write(to: file, atomically: true, encoding: .utf8)
            case 1:
                let (path, line) = pick(quizEdits)
                let file = content.appendingPathComponent(path)
                let text = try String(contentsOf: file, encoding: .utf8)
                guard let range = text.range(of: line) ?? text.range(of: line + " (again)") else { continue }
                try text.replacingCharacters(in: range, with: text[range].hasSuffix("(again)") ? line : line + " (again)").write(
                    to: file, atomically: true, encoding: .utf8)
            case 3:
                // A card more in a translated deck.
                structureChanged = true
                let file = content.appendingPathComponent("decks/feelings.yaml")
                try (try String(contentsOf: file, encoding: .utf8) + "  - front: Word \(round) \(seed % 1000)\n    back: What word \(round) means.\n").write(
                    to: file, atomically: true, encoding: .utf8)
            case 4:
                // A question more in a translated quiz.
                structureChanged = true
                let file = content.appendingPathComponent("quizzes/feelings-check.yaml")
                try
                    (try String(contentsOf: file, encoding: .utf8)
                    + "\n  - prompt: Is question \(round) \(seed % 1000) true?\n    type: true-false\n    answer: true\n")
                    .write(to: file, atomically: true, encoding: .utf8)
            default:
                let file = content.appendingPathComponent("decks/body-words.txt")
                try (try String(contentsOf: file, encoding: .utf8) + "\nWord \(round) \(seed % 1000)\nWhat word \(round) means.\n").write(
                    to: file, atomically: true, encoding: .utf8)
            }
            let outcome = try build()
            ways.append(outcome.way)
            if bilingual { XCTAssertEqual(outcome.way, .whole, "round \(round), seed \(seed)") }
            if structureChanged {
                XCTAssertTrue(outcome.messages.standardError.contains("and its structure changed: an item was added"), outcome.messages.standardError)
            }
            try assertSameAsFromScratch(outcome, "round \(round), seed \(seed)")
            XCTAssertEqual(try build().way, .unchanged, "round \(round), seed \(seed): the record tells the output as it is")
        }
        if !bilingual { XCTAssertGreaterThan(ways.filter { $0 != .whole }.count, 3, "seed \(seed): \(ways)") }
    }
}
