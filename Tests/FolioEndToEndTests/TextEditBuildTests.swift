import FolioTestSupport
import Foundation
import XCTest

/// After an edit below chapters' front matter and nothing else, `folio build` compiles
/// and writes only what those chapters' texts are in, and its output and messages are
/// those of a build from scratch, byte for byte. Any other edit, or an edit that has or
/// had a message, takes the whole way. Which way a build took shows in `--timings`: the
/// short way's phase `recompile`, the whole way's `parse`.
final class TextEditBuildTests: XCTestCase {
    var temporary: URL!
    var content: URL!
    var output: URL!

    override func setUpWithError() throws {
        temporary = try TestFixtures.temporaryFolder(self)
        content = temporary.appendingPathComponent("Content")
        output = temporary.appendingPathComponent("Output")
        // In one language: in a program with translations, an edit of an original takes
        // the whole way (testEditsOfTranslatedChaptersTakeTheShortWay has the other).
        try TestFixtures.writeSampleInOneLanguage(to: content)
    }

    enum Way: Equatable { case short, whole, none }

    /// Builds into the output with `--timings`; returns what it said, without the
    /// timings, and the way it took.
    func build(_ extra: [String] = [], expectFailure: Bool = false) throws -> (messages: String, way: Way) {
        let result = try FolioProcess.run(["build", content.path, "--output", output.path, "--timings"] + extra)
        if !expectFailure { XCTAssertEqual(result.status, 0, result.stderr) }
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let phases = Set(lines.compactMap { $0.split(separator: " ").first.map(String.init) })
        let way: Way = phases.contains("recompile") ? .short : phases.contains("parse") ? .whole : .none
        let messages = lines.filter { !$0.contains(" s  peak ") }.joined(separator: "\n")
        return (messages, way)
    }

    /// A build from scratch of the same content into a new folder: its files and what it said.
    func fresh(_ name: String) throws -> (files: [String: Data], messages: String) {
        let folder = temporary.appendingPathComponent(name)
        let result = try FolioProcess.run(["build", content.path, "--output", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (TestFixtures.snapshot(folder), result.stderr.replacingOccurrences(of: folder.path, with: output.path))
    }

    func chapter(_ name: String) -> URL { content.appendingPathComponent("chapters/" + name) }

    /// Rewrites the text of a chapter below its front matter.
    func editBody(_ name: String, _ edit: (String) -> String) throws {
        let text = try String(contentsOf: chapter(name), encoding: .utf8)
        let end = try XCTUnwrap(text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex)).upperBound
        try (String(text[..<end]) + edit(String(text[end...]))).write(to: chapter(name), atomically: true, encoding: .utf8)
    }

    func assertSameAsFromScratch(_ messages: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scratch = try fresh("Fresh-\(UUID().uuidString)")
        let built = TestFixtures.snapshot(output)
        XCTAssertEqual(built.keys.sorted(), scratch.files.keys.sorted(), label, file: file, line: line)
        for (path, data) in scratch.files where built[path] != data {
            XCTFail("\(label): \(path) differs from a build from scratch", file: file, line: line)
        }
        XCTAssertEqual(messages, scratch.messages, label, file: file, line: line)
    }

    func testAnEditBelowTheFrontMatterRecompilesOnlyThatChapter() throws {
        XCTAssertEqual(try build().way, .whole)
        let before = TestFixtures.snapshot(output)
        try editBody("02-friendship.md") { "A new first paragraph, with a [link](01-who-am-i.md) and *emphasis*.\n\n## A new heading\n\n" + $0 }
        let started = Date()
        Thread.sleep(forTimeInterval: 0.05)
        let edited = try build()
        XCTAssertEqual(edited.way, .short, edited.messages)
        try assertSameAsFromScratch(edited.messages, "after the edit")
        // Only the files the chapter's text is in were written; the others kept their times.
        var written: [String] = []
        for (path, data) in TestFixtures.snapshot(output) {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            if try XCTUnwrap(attributes[.modificationDate] as? Date) > started { written.append(path) }
            if before[path] == data { XCTAssertFalse(written.contains(path), "\(path) has the bytes it had, and was written again") }
        }
        let shared: Set = ["bundle.zip", "bundle/manifest.json", "site/search.html", "site/sw.js"]
        XCTAssertEqual(
            Set(written.filter { !shared.contains($0) && !$0.hasPrefix("bundle/search/") }),
            ["bundle/chapters/friendship.json", "site/chapters/friendship.html", "site/workbook.html"])
        // The next build of the same content writes nothing and says the same: the record
        // tells the output as it is.
        let again = try build()
        XCTAssertEqual(again.way, .none)
        XCTAssertEqual(again.messages, edited.messages)
        // Edit after edit, each takes the short way (the spare the staging folder starts
        // from is then a build behind), and the record still tells the output as it is.
        for round in 0..<3 {
            try editBody("03-feelings.md") { $0 + "\nRound \(round).\n" }
            let next = try build()
            XCTAssertEqual(next.way, .short, "round \(round)")
            try assertSameAsFromScratch(next.messages, "round \(round)")
            XCTAssertEqual(try build().way, .none, "round \(round)")
        }
    }

    func testAQuietBuildTakesTheShortWayAndStaysQuiet() throws {
        _ = try build(["--quiet"])
        try editBody("03-feelings.md") { "A quieter first line.\n\n" + $0 }
        let edited = try build(["--quiet"])
        XCTAssertEqual(edited.way, .short)
        XCTAssertEqual(edited.messages, "", "a clean quiet build says nothing")
        let scratch = try fresh("Fresh")
        XCTAssertEqual(TestFixtures.snapshot(output), scratch.files)
    }

    /// More than 64 chapters changed at once (a word replaced everywhere) take the whole way.
    func testAChangeAcrossManyChaptersTakesTheWholeWay() throws {
        for number in 10..<80 {
            try "---\ntitle: Extra \(number)\n---\n\nThe text of extra chapter \(number).\n".write(
                to: chapter("\(number)-extra-\(number).md"), atomically: true, encoding: .utf8)
        }
        _ = try build()
        for number in 10..<75 { try editBody("\(number)-extra-\(number).md") { $0.replacingOccurrences(of: "text", with: "words") } }
        let many = try build()
        XCTAssertEqual(many.way, .whole, "65 chapters changed")
        try assertSameAsFromScratch(many.messages, "65 chapters changed")
        for number in 10..<74 { try editBody("\(number)-extra-\(number).md") { $0.replacingOccurrences(of: "words", with: "text") } }
        let fewer = try build()
        XCTAssertEqual(fewer.way, .short, "64 chapters changed")
        try assertSameAsFromScratch(fewer.messages, "64 chapters changed")
    }

    func testEditsOfSeveralChaptersAtOnceTakeTheShortWay() throws {
        _ = try build()
        try editBody("01-who-am-i.md") { $0 + "\nOne more line.\n" }
        try editBody("05-the-big-move.md") { "Moving is a *big* step.\n\n" + $0 }
        let edited = try build()
        XCTAssertEqual(edited.way, .short)
        try assertSameAsFromScratch(edited.messages, "two chapters edited")
    }

    /// Every edit the short way cannot judge is built the whole way, and the result is
    /// still that of a build from scratch.
    func testOtherEditsTakeTheWholeWay() throws {
        let edits: [(String, () throws -> Void)] = [
            ("a chapter's title", { try self.replace("title: Good Friends, Real Friends", with: "title: Good Friends", in: self.chapter("02-friendship.md")) }),
            ("a quiz", { try self.replace("title: ", with: "title: Again, ", in: self.content.appendingPathComponent("quizzes/who-am-i.yaml")) }),
            ("the welcome page", { try self.append("\nWelcome again.\n", to: self.content.appendingPathComponent("welcome.md")) }),
            ("a draft chapter", { try self.append("\nStill a draft.\n", to: self.chapter("06-life-online.md")) }),
            ("a picture", { try self.append("\n", to: self.content.appendingPathComponent("media/sunrise.png")) }),
            ("a new chapter", { try "---\ntitle: Extra\n---\n\nMore.\n".write(to: self.chapter("07-extra.md"), atomically: true, encoding: .utf8) }),
        ]
        _ = try build()
        for (label, edit) in edits {
            try edit()
            let built = try build()
            XCTAssertEqual(built.way, .whole, label)
            try assertSameAsFromScratch(built.messages, label)
        }
    }

    /// A chapter whose text has a message now, or had one, is built the whole way: its
    /// messages are those of a whole compilation.
    /// The bundle, which the short way takes the program's outline from, does not carry
    /// the site's accent and logo: the site is then written the whole way.
    func testAProgramWithItsOwnLookGivesWhatABuildFromScratchGives() throws {
        for look in [##"accent: "#0a7d5a""##, "logo: media/sunrise.png"] {
            try FileManager.default.removeItem(at: content)
            try TestFixtures.writeSampleInOneLanguage(to: content)
            try append("\n" + look + "\n", to: content.appendingPathComponent("folio.yaml"))
            _ = try build()
            try editBody("02-friendship.md") { $0 + "\nOne more line.\n" }
            try assertSameAsFromScratch(try build().messages, look)
        }
    }

    func testAChapterWithAMessageTakesTheWholeWay() throws {
        _ = try build()
        try editBody("03-feelings.md") { "See [the missing page](no-such-chapter.md).\n\n" + $0 }
        let broken = try build(expectFailure: true)
        XCTAssertEqual(broken.way, .whole)
        XCTAssertTrue(broken.messages.contains("no-such-chapter.md"), broken.messages)
        try editBody("03-feelings.md") { $0.replacingOccurrences(of: "See [the missing page](no-such-chapter.md).\n\n", with: "") }
        let fixed = try build()
        XCTAssertEqual(fixed.way, .none, "the failed build left the output, which was built from this content")
        // A warning that stays: every later edit of that chapter takes the whole way.
        try editBody("04-body-and-health.md") { "<b>Raw HTML</b> is left out.\n\n" + $0 }
        let warned = try build()
        XCTAssertEqual(warned.way, .whole)
        XCTAssertTrue(warned.messages.contains("raw-html-omitted"), warned.messages)
        try editBody("04-body-and-health.md") { $0 + "\nOne more line.\n" }
        let again = try build()
        XCTAssertEqual(again.way, .whole)
        try assertSameAsFromScratch(again.messages, "a chapter with a warning, edited again")
        // Another chapter's edit takes the short way, and says the warning again.
        try editBody("02-friendship.md") { $0 + "\nOne more line.\n" }
        let other = try build()
        XCTAssertEqual(other.way, .short)
        XCTAssertTrue(other.messages.contains("raw-html-omitted"), other.messages)
        try assertSameAsFromScratch(other.messages, "another chapter edited")
    }

    /// Rounds of random edits below chapters' front matter (words, headings, links to
    /// chapters and media, pictures, videos, lists), each built into the same output and
    /// from scratch: the two are the same, and most rounds took the short way.
    func testRandomTextEditsGiveWhatABuildFromScratchGives() throws {
        try randomTextEdits(bilingual: false)
    }

    /// The same edits of the sample in English and Spanish, whose translated chapters are
    /// edited too: a build takes the whole way, the edited originals' translations are
    /// outdated (a warning, never a failed build), and the output is a build from scratch's.
    func testRandomTextEditsOfABilingualProgramGiveWhatABuildFromScratchGives() throws {
        try FileManager.default.removeItem(at: content)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
        try randomTextEdits(bilingual: true)
    }

    /// In a program in English and Spanish, edits below the front matter of Spanish
    /// chapters alone take the short way: only their pages, files and search entries in
    /// Spanish are made again, and the output is a build from scratch's, words of the
    /// program's own interface catalogues included. A translation that no longer shows its
    /// original's pictures fails the build the whole way, as from scratch.
    func testEditsOfTranslatedChaptersTakeTheShortWay() throws {
        try FileManager.default.removeItem(at: content)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
        try FileManager.default.createDirectory(at: content.appendingPathComponent("interface"), withIntermediateDirectories: true)
        try "language: es\nmessages:\n  chapter.number: \"Capítulo número {number}\"\n".write(
            to: content.appendingPathComponent("interface/es.yaml"), atomically: true, encoding: .utf8)
        try "language: en\nmessages:\n  chapter.number: \"Part {number}\"\n".write(
            to: content.appendingPathComponent("interface/en.yaml"), atomically: true, encoding: .utf8)
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededRandom(seed: seed)
        let pieces = [
            "Una frase sencilla sobre la amistad.", "## Un título \(UUID().uuidString.prefix(4))", "- un punto\n- otro más",
            "Un [enlace a un capítulo](01-who-am-i.md#who-am-i).", "**Negrita** y _cursiva_, «entre comillas».", "> Una cita para pensar: ¿qué harías?",
        ]
        let names = ["01-who-am-i.es.md", "03-feelings.es.md"]
        _ = try build()
        for round in 0..<5 {
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let name = names[Int(random.next() % UInt64(names.count))]
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                let atStart = random.next() % 2 == 0
                try editBody(name) { atStart ? piece + "\n\n" + $0 : $0 + "\n" + piece + "\n" }
            }
            let built = try build()
            XCTAssertEqual(built.way, .short, "round \(round), seed \(seed)")
            try assertSameAsFromScratch(built.messages, "round \(round), seed \(seed)")
            XCTAssertEqual(try build().way, .none, "round \(round), seed \(seed): the record tells the output as it is")
        }
        let spanish = try String(contentsOf: output.appendingPathComponent("site/es/chapters/who-am-i.html"), encoding: .utf8)
        XCTAssertTrue(spanish.contains("Capítulo número 1"), "the program's own words for Spanish")

        try editBody("03-feelings.es.md") { $0 + "\n![Un amanecer](../media/sunrise.png)\n" }
        let broken = try build(expectFailure: true)
        XCTAssertEqual(broken.way, .whole)
        XCTAssertTrue(broken.messages.contains("translation-media-differs"), broken.messages)
    }

    func randomTextEdits(bilingual: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededRandom(seed: seed)
        let pieces = [
            "A plain sentence about friends.", "## A heading \(UUID().uuidString.prefix(4))", "- a list item\n- another one",
            "A [link to a chapter](01-who-am-i.md#who-am-i).", "![A sunrise](../media/sunrise.png)", "Read the [checklist](../media/feelings-checklist.txt).",
            "![A video](https://www.youtube.com/watch?v=dQw4w9WgXcQ)", "**Bold** and _italic_ text, “quoted”.", "> A quote to think about.",
        ]
        let names = ["01-who-am-i.md", "02-friendship.md", "03-feelings.md", "04-body-and-health.md", "05-the-big-move.md"]
        _ = try build()
        var short = 0
        for round in 0..<6 {
            let count = 1 + Int(random.next() % 2)
            for _ in 0..<count {
                let name = names[Int(random.next() % UInt64(names.count))]
                let piece = pieces[Int(random.next() % UInt64(pieces.count))]
                let atStart = random.next() % 2 == 0
                try editBody(name) { atStart ? piece + "\n\n" + $0 : $0 + "\n" + piece + "\n" }
            }
            // A picture in a translated chapter at least once: its translation no longer
            // matches it, and is outdated.
            if bilingual, round == 0 { try editBody("01-who-am-i.md") { $0 + "\n![A sunrise](../media/sunrise.png)\n" } }
            let built = try build()
            if built.way == .short { short += 1 }
            if bilingual {
                XCTAssertEqual(built.way, .whole, "round \(round), seed \(seed)")
                XCTAssertTrue(built.messages.contains("whose pictures changed since"), built.messages)
            }
            try assertSameAsFromScratch(built.messages, "round \(round), seed \(seed)")
            XCTAssertEqual(try build().way, .none, "round \(round), seed \(seed): the record tells the output as it is")
        }
        if !bilingual { XCTAssertGreaterThan(short, 3, "seed \(seed)") }
    }

    func replace(_ old: String, with new: String, in file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(file.lastPathComponent) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    func append(_ more: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(more.utf8))
        try handle.close()
    }
}
