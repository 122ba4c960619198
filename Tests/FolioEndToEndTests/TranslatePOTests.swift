import FolioTestSupport
import Foundation
import XCTest

/// `folio translate export --format po` and `folio translate import` on the sample, with
/// GNU gettext's own tools reading what Folio writes.
final class TranslatePOTests: XCTestCase {
    var folder: URL!
    var content: URL { folder.appendingPathComponent("Content") }
    var po: URL { folder.appendingPathComponent("po") }

    override func setUpWithError() throws {
        folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: content)
    }

    func run(_ arguments: [String]) throws -> FolioProcess.Output { try FolioProcess.run(arguments, in: folder) }

    /// Runs a gettext tool in the test's folder.
    func gettext(_ arguments: [String]) throws -> (status: Int32, text: String) {
        try TestFixtures.runTool(["sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path] + arguments)
    }

    func export() throws {
        let exported = try run(["translate", "export", "es", "--format", "po", "--output", "po"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
    }

    func text(_ path: String, in base: URL? = nil) throws -> String {
        try String(contentsOf: (base ?? content).appendingPathComponent(path), encoding: .utf8)
    }

    func replace(_ old: String, with new: String, in url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(url.lastPathComponent) has no `\(old)`")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    func testExportedFilesPassMsgfmtAndImportUnchangedChangesNoFile() throws {
        try export()
        for name in ["es.po", "interface.es.po"] {
            let checked = try gettext(["msgfmt", "--check", "-o", "/dev/null", "po/\(name)"])
            XCTAssertEqual(checked.status, 0, "\(name): \(checked.text)")
        }
        let texts = try text("es.po", in: po)
        XCTAssertTrue(
            texts.contains(
                """
                #. A question's prompt.
                #: quizzes/feelings-check.yaml:6
                msgctxt "quizzes/feelings-check.yaml#naming-a-feeling/prompt"
                msgid "Why can naming a feeling help?"
                msgstr "¿Por qué puede ayudar ponerle nombre a un sentimiento?"
                """), texts)
        XCTAssertTrue(texts.contains("msgctxt \"quizzes/feelings-check.yaml#where-worry-shows/accept\"\nmsgid \"\"\n\"stomach\\n\"\n"), texts)
        XCTAssertTrue(texts.contains("msgctxt \"chapters/02-friendship.md#title\"\nmsgid \"Good Friends, Real Friends\"\nmsgstr \"\"\n"), texts)
        XCTAssertTrue(texts.contains("msgctxt \"decks/feelings.yaml#title\"\n"), texts)
        XCTAssertTrue(texts.contains("#: decks/body-words.txt:3\nmsgctxt \"decks/body-words.txt##1/front\"\nmsgid \"Puberty\"\nmsgstr \"\"\n"), texts)
        XCTAssertFalse(texts.contains("#, fuzzy"), "nothing in the sample is outdated")
        XCTAssertTrue(try text("interface.es.po", in: po).contains("msgctxt \"quiz.check\""))

        let before = TestFixtures.snapshot(content)
        let imported = try run(["translate", "import", "po/es.po", "po/interface.es.po"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stderr, "Nothing to change: the translations say what the PO files say.\n")
        XCTAssertEqual(TestFixtures.snapshot(content), before)
    }

    func testAnEditedEntryIsWrittenIntoItsValueKeepingTheFile() throws {
        try export()
        let deck = try text("decks/feelings.es.yaml")
        let quiz = try text("quizzes/feelings-check.es.yaml")
        let record = try text("translations/es.yaml")
        try replace(
            "msgstr \"El sol saliendo sobre unas colinas tranquilas\"", with: "msgstr \"El sol que sale sobre unas colinas tranquilas\"",
            in: po.appendingPathComponent("es.po"))
        // In `{ text: ..., correct: true }` a comma needs quotes.
        try replace("msgstr \"Salir a caminar\"", with: "msgstr \"Salir a caminar, o a correr\"", in: po.appendingPathComponent("es.po"))
        let imported = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(
            try text("decks/feelings.es.yaml"),
            deck.replacingOccurrences(of: "alt: El sol saliendo sobre unas colinas tranquilas", with: "alt: El sol que sale sobre unas colinas tranquilas"))
        XCTAssertTrue(deck.contains("    # A picture shows with the front;"))
        XCTAssertEqual(
            try text("quizzes/feelings-check.es.yaml"),
            quiz.replacingOccurrences(of: "{ text: Salir a caminar, correct: true }", with: "{ text: \"Salir a caminar, o a correr\", correct: true }"))
        // The originals did not change, so the record, which keeps their words, is as it was.
        XCTAssertEqual(try text("translations/es.yaml"), record)
        let check = try run(["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("translation-"), check.stderr)
    }

    func testAnUntranslatedChapterTranslatedInThePOFileIsMadeFromItsOriginal() throws {
        try export()
        // A translator's tools: the chapter's entries, translated by copying and changing.
        XCTAssertEqual(try gettext(["msggrep", "--msgctxt", "-e", "chapters/02-friendship.md#", "-o", "po/friendship.po", "po/es.po"]).status, 0)
        XCTAssertEqual(try gettext(["msgen", "-o", "po/friendship.po", "po/friendship.po"]).status, 0)
        let filtered = try gettext([
            "msgfilter", "--keep-header", "-i", "po/friendship.po", "-o", "po/friendship.po", "sed", "-e",
            "s/Good Friends, Real Friends/Buenas amigas, amigas de verdad/",
        ])
        XCTAssertEqual(filtered.status, 0, filtered.text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: content.appendingPathComponent("chapters/02-friendship.es.md").path))

        let imported = try run(["translate", "import", "po/friendship.po"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let original = try text("chapters/02-friendship.md")
        let made = try text("chapters/02-friendship.es.md")
        XCTAssertEqual(made, original.replacingOccurrences(of: "title: Good Friends, Real Friends", with: "title: Buenas amigas, amigas de verdad"))
        // Every entry was translated from the original as it is: the chapter is current.
        XCTAssertTrue(try text("translations/es.yaml").contains("\"chapters/02-friendship.es.md\":\n  \"title\":\n"))
        let status = try run(["translate", "status", "es"])
        XCTAssertFalse(status.stdout.contains("chapter friendship"), status.stdout)
    }

    func testAnOutdatedItemIsFuzzyWithTheWordsItWasTranslatedFrom() throws {
        try export()
        try FileManager.default.moveItem(at: po.appendingPathComponent("es.po"), to: folder.appendingPathComponent("old.po"))
        try replace(
            "prompt: Why can naming a feeling help?", with: "prompt: How can naming a feeling help?",
            in: content.appendingPathComponent("quizzes/feelings-check.yaml"))
        try export()
        let texts = try text("es.po", in: po)
        XCTAssertTrue(
            texts.contains(
                """
                #, fuzzy
                #| msgid "Why can naming a feeling help?"
                msgctxt "quizzes/feelings-check.yaml#naming-a-feeling/prompt"
                msgid "How can naming a feeling help?"
                msgstr "¿Por qué puede ayudar ponerle nombre a un sentimiento?"
                """), texts)
        // msgattrib finds the fuzzy entries: those of the changed question, and no other.
        let fuzzy = try gettext(["msgattrib", "--only-fuzzy", "po/es.po"])
        XCTAssertEqual(fuzzy.status, 0, fuzzy.text)
        let contexts = fuzzy.text.split(separator: "\n").filter { $0.hasPrefix("msgctxt ") }
        XCTAssertEqual(contexts.count, 7, fuzzy.text)
        XCTAssertTrue(contexts.allSatisfy { $0.hasPrefix("msgctxt \"quizzes/feelings-check.yaml#naming-a-feeling/") }, fuzzy.text)
        // msgmerge brings a translator's older file up to the new export.
        let merged = try gettext(["msgmerge", "--previous", "--quiet", "-o", "merged.po", "old.po", "po/es.po"])
        XCTAssertEqual(merged.status, 0, merged.text)
        XCTAssertTrue(try text("merged.po", in: folder).contains("#| msgid \"Why can naming a feeling help?\""))

        // Imported as it is, a fuzzy entry marks nothing: the quiz stays outdated.
        let record = try text("translations/es.yaml")
        let imported = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try text("translations/es.yaml"), record)
        XCTAssertTrue(try run(["check"]).stderr.contains("[translation-outdated]"))

        // Translated again and no longer fuzzy, it is marked current.
        var again = texts.replacingOccurrences(
            of:
                "#, fuzzy\n#| msgid \"Why can naming a feeling help?\"\nmsgctxt \"quizzes/feelings-check.yaml#naming-a-feeling/prompt\"\nmsgid \"How can naming a feeling help?\"\nmsgstr \"¿Por qué puede ayudar ponerle nombre a un sentimiento?\"",
            with:
                "msgctxt \"quizzes/feelings-check.yaml#naming-a-feeling/prompt\"\nmsgid \"How can naming a feeling help?\"\nmsgstr \"¿Cómo puede ayudar ponerle nombre a un sentimiento?\""
        )
        again = again.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#, fuzzy") && !$0.hasPrefix("#|") }
            .joined(separator: "\n")
        try again.write(to: po.appendingPathComponent("es.po"), atomically: true, encoding: .utf8)
        let current = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(current.status, 0, current.stderr)
        XCTAssertTrue(try text("quizzes/feelings-check.es.yaml").contains("    prompt: ¿Cómo puede ayudar ponerle nombre a un sentimiento?\n"))
        let check = try run(["check"])
        XCTAssertFalse(check.stderr.contains("[translation-outdated]"), check.stderr)
    }

    func testTheInterfaceFileWritesOnlyTheMessagesThatDifferFromFolios() throws {
        try export()
        try replace(
            "msgctxt \"quiz.check\"\nmsgid \"Check\"\nmsgstr \"Comprobar\"", with: "msgctxt \"quiz.check\"\nmsgid \"Check\"\nmsgstr \"Revisar\"",
            in: po.appendingPathComponent("interface.es.po"))
        let imported = try run(["translate", "import", "po/interface.es.po"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try text("interface/es.yaml"), "language: es\nmessages:\n  quiz.check: Revisar\n")
        let check = try run(["check"])
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertFalse(check.stderr.contains("interface-"), check.stderr)

        // Exported again, the program's word is the translation.
        try export()
        XCTAssertTrue(try text("interface.es.po", in: po).contains("msgctxt \"quiz.check\"\nmsgid \"Check\"\nmsgstr \"Revisar\"\n"))
        let before = TestFixtures.snapshot(content)
        XCTAssertEqual(try run(["translate", "import", "po/interface.es.po"]).status, 0)
        XCTAssertEqual(TestFixtures.snapshot(content), before)
    }

    func testABrokenPOFileIsReportedAtItsLineAndNothingIsWritten() throws {
        try export()
        let before = TestFixtures.snapshot(content)
        let file = po.appendingPathComponent("es.po")
        let exported = try text("es.po", in: po)

        // An edited entry in the same import, so that a write would show.
        let edited = exported.replacingOccurrences(of: "msgstr \"Salir a caminar\"", with: "msgstr \"Caminar\"")
        try (edited + "\nmsgctxt \"quizzes/nope.yaml#x/prompt\"\nmsgid \"A\"\nmsgstr \"B\"\n").write(to: file, atomically: true, encoding: .utf8)
        let unknown = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(unknown.status, 1, unknown.stderr)
        let line = edited.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        XCTAssertTrue(unknown.stderr.hasPrefix("po/es.po:\(line): error: `quizzes/nope.yaml#x/prompt` names `quizzes/nope.yaml`"), unknown.stderr)
        XCTAssertEqual(TestFixtures.snapshot(content), before)

        try (edited + "\nmsgid \"unclosed\nmsgstr \"\"\n").write(to: file, atomically: true, encoding: .utf8)
        let syntax = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(syntax.status, 1, syntax.stderr)
        // At the line msgfmt names, where it finds the string unclosed.
        let msgfmt = try gettext(["msgfmt", "--check", "-o", "/dev/null", "po/es.po"])
        XCTAssertNotEqual(msgfmt.status, 0)
        XCTAssertTrue(msgfmt.text.hasPrefix("po/es.po:\(line + 1): end-of-line within string"), msgfmt.text)
        XCTAssertTrue(syntax.stderr.hasPrefix("po/es.po:\(line + 1): error: end-of-line within string"), syntax.stderr)
        XCTAssertEqual(TestFixtures.snapshot(content), before)

        // A translation whose picture is not its original's breaks the structure rules.
        let body = try XCTUnwrap(exported.range(of: "msgctxt \"chapters/01-who-am-i.md#body\""))
        let translated = try XCTUnwrap(exported[body.upperBound...].range(of: "\nmsgstr "))
        // The entry's lines are wrapped as msgfmt wraps them, the address too.
        let video = try XCTUnwrap(exported[translated.upperBound...].range(of: "watch?v=aBcDeFgHiJ0&t=30)"))
        var broken = exported
        broken.replaceSubrange(video, with: "watch?v=zYxWvUtSrQp&t=30)")
        broken = broken.replacingOccurrences(of: "msgstr \"Salir a caminar\"", with: "msgstr \"Caminar\"")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let structure = try run(["translate", "import", "po/es.po"])
        XCTAssertEqual(structure.status, 1, structure.stderr)
        XCTAssertTrue(structure.stderr.contains("Content/chapters/01-who-am-i.es.md:"), structure.stderr)
        XCTAssertTrue(structure.stderr.contains("[translation-media-differs]"), structure.stderr)
        XCTAssertEqual(TestFixtures.snapshot(content), before)
    }
}
