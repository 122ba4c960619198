import FolioBuild
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioOutput
import FolioTestSupport
import Foundation
import XCTest

/// A program with translations builds the whole way after any edit: a translation's,
/// the record's, or an original's (which can leave its translation outdated), and the
/// output is then a build from scratch's.
final class TranslatedBuildTests: XCTestCase {
    var temporary: URL!
    var content: URL!
    var output: URL!

    override func setUpWithError() throws {
        temporary = try TestFixtures.temporaryFolder(self)
        content = temporary.appendingPathComponent("Content")
        output = temporary.appendingPathComponent("Output")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("translated"), to: content)
    }

    @discardableResult
    func build(into output: URL? = nil) throws -> BuildAction.Outcome {
        let action = BuildAction(content: content, output: output ?? self.output, options: [], renderers: StandardOutputs.renderers())
        return try action.run(host: AddingAnOutputTests.QuietHost(content: content))
    }

    func append(_ text: String, to path: String) throws {
        let file = content.appendingPathComponent(path)
        let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (before + text).write(to: file, atomically: true, encoding: .utf8)
    }

    func assertSameAsFromScratch(_ outcome: BuildAction.Outcome, _ label: String) throws {
        let fresh = temporary.appendingPathComponent("Fresh-\(UUID().uuidString)")
        let scratch = try build(into: fresh)
        XCTAssertEqual(TestFixtures.snapshot(output), TestFixtures.snapshot(fresh), label)
        XCTAssertEqual(outcome.messages.standardError + outcome.built, scratch.messages.standardError + scratch.built, label)
    }

    func testEveryEditOfATranslatedProgramTakesTheWholeWay() throws {
        XCTAssertEqual(try build().way, .whole)
        XCTAssertEqual(try build().way, .unchanged)
        let edits: [(path: String, text: String)] = [
            ("chapters/01-who-am-i.es.md", "\nUna línea más.\n"),
            ("quizzes/who-am-i.es.yaml", "# una nota\n"),
            ("decks/feelings.es.yaml", "# una nota\n"),
            ("translations/es.yaml", "# a note\n"),
            ("chapters/01-who-am-i.md", "\nOne more line.\n"),
            ("quizzes/who-am-i.yaml", "# a note\n"),
        ]
        for edit in edits {
            try append(edit.text, to: edit.path)
            let outcome = try build()
            XCTAssertEqual(outcome.way, .whole, edit.path)
            try assertSameAsFromScratch(outcome, edit.path)
            XCTAssertEqual(try build().way, .unchanged, edit.path)
        }
    }

    /// The same edit of a program without translations takes a short way, so the test
    /// above would see it if translations were not told apart.
    func testWithoutLanguagesTheSameEditsTakeAShortWay() throws {
        let settings = content.appendingPathComponent("folio.yaml")
        try (try String(contentsOf: settings, encoding: .utf8)).replacingOccurrences(of: "languages: [en, es]\n", with: "")
            .write(to: settings, atomically: true, encoding: .utf8)
        for path in try FileManager.default.subpathsOfDirectory(atPath: content.path) where path.contains(".es.") {
            try FileManager.default.removeItem(at: content.appendingPathComponent(path))
        }
        XCTAssertEqual(try build().way, .whole)
        try append("\nOne more line.\n", to: "chapters/01-who-am-i.md")
        XCTAssertEqual(try build().way, .chapterTexts)
        try append("# a note\n", to: "quizzes/who-am-i.yaml")
        XCTAssertEqual(try build().way, .quizzesAndDecks)
    }
}
