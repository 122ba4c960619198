import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// Translations beside their originals (`Tests/Fixtures/translated/`, the spec examples
/// with a Spanish translation of each kind of file) compile into the original's
/// structure with the translation's words.
final class TranslationTests: XCTestCase {
    static let translated = TestFixtures.root.appendingPathComponent("translated")

    func compile(_ folder: URL = translated, options: Compiler.Options = .init()) throws -> Compiler.Result {
        try Compiler(contentFolder: folder, options: options).compile()
    }

    func testEachKindOfTranslationKeepsItsOriginalsStructureAndTakesItsWords() throws {
        let result = try compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), Array(repeating: .translationUnmarked, count: 6))
        let program = try XCTUnwrap(result.program)
        XCTAssertEqual(program.settings.languages, ["en", "es"])
        XCTAssertEqual(program.translations.map(\.language), ["es"])
        let spanish = try XCTUnwrap(program.translation("es"))

        XCTAssertEqual(spanish.welcome?.title, "Bienvenida")
        XCTAssertEqual(spanish.billOfRights?.title, "Derechos de las chicas")
        XCTAssertEqual(spanish.billOfRights?.rights.map(\.id), program.billOfRights?.rights.map(\.id))
        XCTAssertEqual(spanish.billOfRights?.rights.first?.text.markdown, "Tengo derecho a ser yo misma.")

        let original = try XCTUnwrap(program.chapters.first)
        let chapter = try XCTUnwrap(spanish.chapter(original.id))
        XCTAssertEqual(chapter.title, "¿Quién soy?")
        XCTAssertEqual(chapter.summary, "Lo que te hace ser tú.")
        XCTAssertEqual(
            [chapter.order, chapter.quiz, chapter.previous, chapter.next] as [AnyHashable?], [original.order, original.quiz, original.previous, original.next])
        XCTAssertEqual(chapter.videos.map(\.youtubeID), original.videos.map(\.youtubeID))
        XCTAssertTrue(chapter.plainText.contains("Todo el mundo cambia"), chapter.plainText)

        let quiz = try XCTUnwrap(spanish.quiz("who-am-i"))
        let englishQuiz = try XCTUnwrap(program.quiz("who-am-i"))
        XCTAssertEqual(quiz.title, "Pon a prueba lo que sabes")
        XCTAssertEqual(quiz.chapter, englishQuiz.chapter)
        XCTAssertEqual([quiz.mode, quiz.shuffle] as [AnyHashable], [englishQuiz.mode, englishQuiz.shuffle])
        XCTAssertEqual(
            [quiz.passPercent, quiz.timeLimitSeconds.map(Double.init), quiz.draw.map(Double.init)],
            [
                englishQuiz.passPercent, englishQuiz.timeLimitSeconds.map(Double.init), englishQuiz.draw.map(Double.init),
            ])
        // The original's ids, though the Spanish words would give others.
        XCTAssertEqual(quiz.questions.map(\.id), englishQuiz.questions.map(\.id))
        XCTAssertEqual(quiz.questions.map { $0.choices.map(\.id) }, englishQuiz.questions.map { $0.choices.map(\.id) })
        XCTAssertEqual(quiz.questions.map { $0.choices.map(\.correct) }, englishQuiz.questions.map { $0.choices.map(\.correct) })
        XCTAssertEqual(quiz.questions.map(\.type), englishQuiz.questions.map(\.type))
        XCTAssertEqual(quiz.questions[0].prompt.markdown, "¿Qué es la *autoestima*?")
        XCTAssertEqual(quiz.questions[0].choices[0].feedback?.markdown, "¡Sí! Se trata de cómo te ves.")
        XCTAssertEqual(quiz.questions[1].hints.map(\.markdown), ["Hay más de una respuesta correcta.", "Piensa en lo que ayuda a tu cuerpo y a tu mente."])
        XCTAssertEqual(quiz.questions[3].accept, ["yo misma", "yo", "quien soy"])
        XCTAssertEqual(quiz.questions[4].number, 9)

        for id in ["feelings", "body-words"] {
            let deck = try XCTUnwrap(spanish.deck(id), id)
            let englishDeck = try XCTUnwrap(program.decks.first { $0.id == id })
            XCTAssertEqual(deck.cards.map(\.id), englishDeck.cards.map(\.id), id)
            XCTAssertNotEqual(deck.cards.map(\.front), englishDeck.cards.map(\.front), id)
        }
        XCTAssertEqual(spanish.deck("body-words")?.cards.first?.front, "Pubertad")
        XCTAssertEqual(spanish.deck("body-words")?.title, "Palabras del cuerpo")

        XCTAssertEqual(Set(spanish.states.values), [.unmarked])
        XCTAssertEqual(spanish.states.count, 6)
        XCTAssertEqual(spanish.state(of: TranslatedPart(.chapter, "who-am-i")), .unmarked)
    }

    /// The default language's program is the one a program without `languages` gives.
    func testTheDefaultLanguagesProgramIsTheOriginalsAlone() throws {
        let alone = try XCTUnwrap(try compile(TestFixtures.specExamples).program)
        let translated = try XCTUnwrap(try compile().program)
        XCTAssertEqual(alone.translations.count, 0)
        XCTAssertEqual(alone.chapters, translated.chapters)
        XCTAssertEqual(alone.quizzes, translated.quizzes)
        XCTAssertEqual(alone.decks, translated.decks)
        XCTAssertEqual(alone.billOfRights, translated.billOfRights)
        XCTAssertEqual(alone.welcome, translated.welcome)
    }

    /// A typed answer in Spanish is graded as any: case, spacing and accents forgiven.
    func testATypedAnswerInATranslatedQuizIsFoldedAsAnyOther() throws {
        let program = try XCTUnwrap(try compile().program)
        let question = try XCTUnwrap(program.translation("es")?.quiz("who-am-i")?.questions[3])
        XCTAssertTrue(try QuestionGrader.grade(question, .text("Quién soy")).correct)
        XCTAssertTrue(try QuestionGrader.grade(question, .text("  YO MISMA ")).correct)
        XCTAssertFalse(try QuestionGrader.grade(question, .text("myself")).correct)
    }

    /// Without the language in `languages`, a file named like a translation is what it
    /// was before translations: here a chapter, whose name cannot give it an id.
    func testANameWithALanguageNotListedMeansWhatItMeantBefore() throws {
        var files = TestFixtures.snapshot(TestFixtures.specExamples)
        files["chapters/01-who-am-i.es.md"] = Data("---\ntitle: ¿Quién soy?\n---\n\nHola.\n".utf8)
        let result = try Compiler(content: ContentInMemory(files: files)).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.invalidID])
        XCTAssertEqual(result.diagnostics.all.first?.location.file, "chapters/01-who-am-i.es.md")
    }

    /// The record written from a compilation makes every translation translated; a change
    /// to an original's words makes its translation outdated, shown in the default
    /// language, until it is marked again.
    func testTheRecordTellsTranslatedFromOutdated() throws {
        let folder = try TestFixtures.copy(Self.translated, in: self)
        var options = Compiler.Options()
        options.keepsTranslationRecords = true
        func mark() throws {
            let record = try XCTUnwrap(try compile(folder, options: options).translationRecords["es"])
            XCTAssertEqual(record.files.count, 6)
            let url = folder.appendingPathComponent("translations/es.yaml")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try record.yaml.write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(TranslationRecord.read(text: record.yaml, path: "translations/es.yaml"), record, "the record reads back as written")
        }
        try mark()
        let marked = try compile(folder)
        XCTAssertEqual(marked.diagnostics.all.map(\.message), [])
        XCTAssertEqual(Set(try XCTUnwrap(marked.program?.translation("es")).states.values), [.translated])

        let quiz = folder.appendingPathComponent("quizzes/who-am-i.yaml")
        try (try String(contentsOf: quiz, encoding: .utf8)).replacingOccurrences(of: "Everyone feels nervous sometimes.", with: "We all feel nervous at times.")
            .write(to: quiz, atomically: true, encoding: .utf8)
        let outdated = try compile(folder)
        let warning = try XCTUnwrap(outdated.diagnostics.all.first)
        XCTAssertEqual(outdated.diagnostics.all.count, 1)
        XCTAssertEqual(warning.code, .translationOutdated)
        XCTAssertEqual(warning.location, SourceLocation(file: "quizzes/who-am-i.es.yaml", line: 25, column: 5))
        XCTAssertTrue(warning.message.contains("`#3` was \"Everyone feels nervous sometimes.\" and is now \"We all feel nervous at times.\""), warning.message)
        let spanish = try XCTUnwrap(outdated.program?.translation("es"))
        XCTAssertEqual(spanish.state(of: TranslatedPart(.quiz, "who-am-i")), .outdated)
        XCTAssertNil(spanish.quiz("who-am-i"), "an outdated quiz falls back whole")
        XCTAssertNotNil(spanish.chapter("who-am-i"))

        try mark()
        XCTAssertEqual(try compile(folder).diagnostics.all.map(\.message), [])
    }

    /// The record holds the words of every translated original, more than the 2 MB a text
    /// an author writes may have: it is read all the same.
    /// The record read line by line as Folio writes it says what libyaml reads in it, for
    /// words with quotes, backslashes, accents, line breaks and characters YAML escapes.
    func testTheRecordReadAsWrittenIsWhatYAMLReads() throws {
        var record = TranslationRecord()
        let texts = [
            "plain words", "¿Qué \"dijo\"?\nLínea dos\t\\fin", "", "  spaces  ", "a: b # c", "\u{7}bell \u{1F600} \u{2028}",
            "ends with a backslash \\",
        ]
        record.files["chapters/01-x.es.md"] = texts.enumerated().map {
            TranslationRecord.Item(key: "item \"\($0.offset)\"", fingerprint: "f\($0.offset)", text: $0.element)
        }
        record.files["quizzes/qué \\ \"x\".es.yaml"] = [TranslationRecord.Item(key: "#answers", fingerprint: "0", text: nil)]
        let written = record.yaml
        let fast = try XCTUnwrap(TranslationRecord.readAsWritten(written, keepingTexts: true), "Folio's own record is read line by line")
        var ignored = DiagnosticList()
        let root = try XCTUnwrap(YAMLFile.root(of: SourceFile(path: "translations/es.yaml", text: written), diagnostics: &ignored))
        guard case .mapping(let files) = root.kind else { return XCTFail("the record is a mapping") }
        XCTAssertEqual(files.map(\.key).sorted(), fast.files.keys.sorted())
        for file in files {
            guard case .mapping(let entries) = file.value.kind else { return XCTFail(file.key) }
            XCTAssertEqual(entries.map(\.key), fast.files[file.key]?.map(\.key))
        }
        XCTAssertEqual(fast, record)
        let fingerprintsOnly = try XCTUnwrap(TranslationRecord.readAsWritten(written, keepingTexts: false))
        XCTAssertEqual(fingerprintsOnly.files["chapters/01-x.es.md"]?.map(\.fingerprint), texts.indices.map { "f\($0)" })
        XCTAssertEqual(fingerprintsOnly.files["chapters/01-x.es.md"]?.compactMap(\.text), [])
    }

    func testARecordOfMoreThanTwoMegabytesIsRead() throws {
        let folder = try TestFixtures.copy(Self.translated, in: self)
        var options = Compiler.Options()
        options.keepsTranslationRecords = true
        var record = try XCTUnwrap(try compile(folder, options: options).translationRecords["es"])
        record.files["chapters/99-gone.es.md"] = [TranslationRecord.Item(key: "body", fingerprint: "0", text: String(repeating: "words ", count: 500_000))]
        let url = folder.appendingPathComponent("translations/es.yaml")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try record.yaml.write(to: url, atomically: true, encoding: .utf8)
        XCTAssertGreaterThan(try Data(contentsOf: url).count, 2 * 1024 * 1024)
        let result = try compile(folder)
        XCTAssertEqual(result.diagnostics.all.map(\.message), [])
        XCTAssertEqual(Set(try XCTUnwrap(result.program?.translation("es")).states.values), [.translated])
    }

    /// `folio pin-ids` writes into an original the id an item had by its place: its
    /// translation, which states none, still matches it by place, and is not outdated.
    func testAnIDPinnedInTheOriginalLeavesItsTranslationCurrent() throws {
        let folder = try TestFixtures.copy(Self.translated, in: self)
        var options = Compiler.Options()
        options.keepsTranslationRecords = true
        let record = try XCTUnwrap(try compile(folder, options: options).translationRecords["es"])
        let url = folder.appendingPathComponent("translations/es.yaml")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try record.yaml.write(to: url, atomically: true, encoding: .utf8)
        let quiz = folder.appendingPathComponent("quizzes/who-am-i.yaml")
        try (try String(contentsOf: quiz, encoding: .utf8)).replacingOccurrences(
            of: "  - prompt: Everyone feels nervous sometimes.", with: "  - id: everyone-feels-nervous\n    prompt: Everyone feels nervous sometimes."
        ).write(to: quiz, atomically: true, encoding: .utf8)
        let result = try compile(folder)
        XCTAssertEqual(result.diagnostics.all.map(\.message), [])
        XCTAssertEqual(result.program?.translation("es")?.quiz("who-am-i")?.questions[2].id, "everyone-feels-nervous")
    }

    /// Items of a 1.x program that state no ids, choices above all, are matched by their
    /// place: a translation with the choices in another order marks other choices right.
    func testChoicesWithoutIDsAreMatchedByPlace() throws {
        var files = TestFixtures.snapshot(Self.translated)
        let quiz = String(decoding: files["quizzes/who-am-i.es.yaml"]!, as: UTF8.self)
        files["quizzes/who-am-i.es.yaml"] = Data(
            quiz.replacingOccurrences(
                of:
                    "      - { text: Hablar con una amiga, correct: true }\n      - { text: Salir a caminar, correct: true }\n      - { text: Guardártelo todo, hint: Los sentimientos guardados tienden a crecer. }",
                with:
                    "      - { text: Guardártelo todo, hint: Los sentimientos guardados tienden a crecer. }\n      - { text: Hablar con una amiga, correct: true }\n      - { text: Salir a caminar, correct: true }"
            ).utf8)
        let result = try Compiler(content: ContentInMemory(files: files)).compile()
        let codes = result.diagnostics.all.filter { $0.severity == .error }.map(\.code)
        XCTAssertEqual(codes, [.translationAnswerDiffers, .translationAnswerDiffers])
        XCTAssertNil(result.program)
    }
}

/// The preview's compile cache: an edit of a translation is compiled again, not taken
/// from what the cache kept.
final class TranslationCacheTests: XCTestCase {
    func testAnEditOfATranslationShowsThroughTheCompileCache() throws {
        let folder = try TestFixtures.copy(TranslationTests.translated, in: self)
        let cache = CompileCache()
        let first = try Compiler(contentFolder: folder, cache: cache).compile()
        XCTAssertEqual(first.program?.translation("es")?.chapter("who-am-i")?.title, "¿Quién soy?")
        let chapter = folder.appendingPathComponent("chapters/01-who-am-i.es.md")
        // A later modification time than the cache saw, whatever the file system's resolution.
        try (try String(contentsOf: chapter, encoding: .utf8)).replacingOccurrences(of: "title: ¿Quién soy?", with: "title: ¿Quién soy yo?")
            .write(to: chapter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: chapter.path)
        let second = try Compiler(contentFolder: folder, cache: cache).compile()
        XCTAssertEqual(second.program?.translation("es")?.chapter("who-am-i")?.title, "¿Quién soy yo?")
        let original = folder.appendingPathComponent("chapters/01-who-am-i.md")
        try (try String(contentsOf: original, encoding: .utf8)).replacingOccurrences(of: "continues the text.", with: "goes on.")
            .write(to: original, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: original.path)
        let third = try Compiler(contentFolder: folder, cache: cache).compile()
        XCTAssertTrue(third.program?.chapters.first?.plainText.contains("goes on.") ?? false)
    }
}
