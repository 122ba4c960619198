import FolioInterface
import FolioModel
import FolioProgram
import FolioQuiz
import Foundation
import XCTest

@testable import FolioSite

/// The site speaks the program's language: its pages' own words, their titles, labels and
/// controls, and the words its scripts show, all come from that language's catalogue.
final class SiteWordsTests: XCTestCase {
    /// The areas of the catalogue the site's words are in.
    static let siteAreas = ["site.", "home.", "chapter.", "quiz.", "deck.", "progress-page.", "progress-file.", "search."]

    private func spanishProgram() -> CompiledProgram {
        var quiz = Quiz(
            id: "who-am-i-quiz", title: "¿Quién soy?", passPercent: 70, timeLimitSeconds: 120,
            questions: [
                Question(
                    id: "q1", type: .single, prompt: RichText(markdown: "Pick one", html: "Pick one"),
                    choices: [
                        Choice(id: "a", text: RichText(markdown: "A", html: "A"), correct: true),
                        Choice(id: "b", text: RichText(markdown: "B", html: "B"), correct: false),
                    ], hints: [RichText(markdown: "Think", html: "Think")]),
                Question(
                    id: "q2", type: .multiple, prompt: RichText(markdown: "Pick two", html: "Pick two"),
                    choices: [
                        Choice(id: "a", text: RichText(markdown: "A", html: "A"), correct: true),
                        Choice(id: "b", text: RichText(markdown: "B", html: "B"), correct: true),
                    ]),
                Question(id: "q3", type: .number, prompt: RichText(markdown: "How many?", html: "How many?"), number: 2.5, tolerance: 0.5),
            ])
        quiz.reflections = [Reflection(id: "r", prompt: RichText(markdown: "Why?", html: "Why?"), discussion: RichText(markdown: "Say", html: "Say"))]
        let deck = Deck(
            id: "feelings", title: "Feelings",
            cards: (1...4).map { Deck.Card(id: "c\($0)", front: "front \($0)", back: "back \($0)") })
        return SiteRendererTests.program(
            settings: ProgramSettings(id: "go-grrrls", title: "Go Grrrls", language: "es", contact: "mailto:team@example.org"), quizzes: [quiz],
            decks: [deck])
    }

    private func pages(of program: CompiledProgram) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: SiteRenderer(program: program, version: "abc").files().map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
    }

    func testASpanishProgramHasSpanishTitlesControlsAndLabels() throws {
        let pages = pages(of: spanishProgram())
        let chapter = try XCTUnwrap(pages["chapters/who-am-i.html"])
        XCTAssertTrue(chapter.contains(#"<html lang="es""#))
        XCTAssertTrue(chapter.contains(##"<a class="skip" href="#main">Saltar al contenido</a>"##), chapter)
        XCTAssertTrue(chapter.contains(##"<a class="skip" href="#quiz">Saltar al cuestionario</a>"##))
        XCTAssertTrue(chapter.contains(#"<nav aria-label="Sitio">"#))
        XCTAssertTrue(chapter.contains(#"<nav class="chapter-nav" aria-label="Capítulos">"#))
        XCTAssertTrue(chapter.contains(#"<p class="eyebrow">Capítulo 1</p>"#))
        XCTAssertTrue(chapter.contains("<title>Who Am I? · Go Grrrls</title>"))
        XCTAssertTrue(chapter.contains(#"<span class="muted">Siguiente</span>"#))
        XCTAssertTrue(chapter.contains(#"<h2 id="quiz-title">Pon a prueba lo que sabes: ¿Quién soy?</h2>"#))
        XCTAssertTrue(chapter.contains("3 preguntas · se aprueba con el 70 % · tiempo límite: 2 min"), chapter)
        XCTAssertTrue(chapter.contains(#"<span class="question-number">Pregunta 1</span>"#))
        XCTAssertTrue(chapter.contains(#"<span class="muted">(elige todas las que valgan)</span>"#))
        XCTAssertTrue(chapter.contains("<strong>Todavía no.</strong> Think"))
        XCTAssertTrue(chapter.contains("<summary>¿Necesitas una pista?</summary>"))
        XCTAssertTrue(chapter.contains("2,5 (más o menos 0,5)"), "numbers as Spanish writes them")
        XCTAssertTrue(chapter.contains(#"<section class="reflections" aria-label="Piénsalo">"#))
        XCTAssertTrue(chapter.contains("subject=Problema%20en%20%C2%ABWho%20Am%20I%3F%C2%BB"), "the problem report's subject")
        XCTAssertTrue(chapter.contains("Ver el vídeo (de YouTube)"))
        XCTAssertTrue(chapter.contains(#"<script src="../words-es.js" defer></script>"#))

        let progress = try XCTUnwrap(pages["progress.html"])
        XCTAssertTrue(progress.contains("<title>Mi progreso · Go Grrrls</title>"))
        XCTAssertTrue(progress.contains(#"<th scope="col" role="columnheader">Intentos</th>"#))
        XCTAssertTrue(progress.contains(#"data-label="Tarjetas sabidas" data-cell="known">0 de 4</td>"#))
        XCTAssertTrue(progress.contains(#"<button type="button" id="forget-no">Mejor no</button>"#))
        let search = try XCTUnwrap(pages["search.html"])
        XCTAssertTrue(search.contains("<title>Buscar · Go Grrrls</title>"))
        XCTAssertTrue(search.contains(#"placeholder="Una palabra, como amiga""#))
        let decks = try XCTUnwrap(pages["decks/index.html"])
        XCTAssertTrue(decks.contains("<title>Tarjetas · Go Grrrls</title>"))
        XCTAssertTrue(decks.contains(#"<span class="muted">4 tarjetas</span>"#))
        let deck = try XCTUnwrap(pages["decks/feelings.html"])
        XCTAssertTrue(deck.contains(#"<h2 id="quiz-title">Pregúntame sobre estas tarjetas</h2>"#))

        // No English message of the site's, of two words or more, is left on any page.
        let html = pages.filter { $0.key.hasSuffix(".html") }
        for (key, message) in InterfaceCatalogue.english.messages where Self.siteAreas.contains(where: key.hasPrefix) {
            guard case .text(let text) = message, message.placeholders.isEmpty, text.contains(" ") else { continue }
            for (path, page) in html {
                XCTAssertFalse(page.contains(HTML.escape(text)), "\(path) shows the English of \(key): \(text)")
            }
        }
    }

    func testTheScriptsWordsAreOneFileOfTheLanguageThatEveryPageLoadsAndTheOfflineCacheKeeps() throws {
        let pages = pages(of: spanishProgram())
        let words = try XCTUnwrap(pages["words-es.js"])
        XCTAssertTrue(words.hasPrefix("window.FolioWords = {") || words.contains("\nwindow.FolioWords = {"), words)
        let json = try XCTUnwrap(words.range(of: "{").map { String(words[$0.lowerBound...].dropLast(2)) })
        let messages = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(messages["quiz.check"] as? String, "Comprobar")
        XCTAssertEqual(
            messages["deck.due-today"] as? [String: String], ["one": "Hoy te toca repasar {count} tarjeta.", "other": "Hoy te toca repasar {count} tarjetas."])
        XCTAssertNil(messages["progress-page.title"], "only what the scripts ask for")
        XCTAssertNil(pages["words-en.js"])
        for (path, page) in pages where path.hasSuffix(".html") {
            XCTAssertTrue(page.contains(#"words-es.js" defer></script>"#), path)
        }
        XCTAssertTrue(try XCTUnwrap(pages["sw.js"]).contains("'words-es.js'"))
    }

    func testEveryKeyTheScriptsAskForIsInEnglishAndSpanishWithTheSamePlaceholders() throws {
        // Every `t('key'` call in the scripts' source (not `split('`, `createElement('`).
        var called: Set<String> = []
        for (name, text) in SiteAssets.files where name.hasSuffix(".js") {
            let pieces = text.components(separatedBy: "t('")
            for (before, piece) in zip(pieces, pieces.dropFirst()) {
                guard let last = before.last, !(last.isLetter || last.isNumber || last == "_") else { continue }
                called.insert(String(piece.prefix { $0 != "'" }))
            }
        }
        XCTAssertGreaterThan(called.count, 150)
        let english = InterfaceCatalogue.english.messages
        for key in called { XCTAssertNotNil(english[key], "the scripts ask for \(key), which en.yaml does not have") }
        XCTAssertTrue(Set(SiteWords.scriptKeys).isSuperset(of: called))
        XCTAssertTrue(SiteWords.scriptKeys.contains("quiz.outcome-revealed"), "a key chosen before the call")

        let spanish = InterfaceCatalogue.forLanguage("es")
        for (key, message) in english where Self.siteAreas.contains(where: key.hasPrefix) {
            let translated = try XCTUnwrap(spanish.messages[key], "es.yaml has no \(key)")
            XCTAssertEqual(translated.placeholders, message.placeholders, key)
            if case .plural = message, case .text = translated { XCTFail("\(key) is a plural message in English only") }
        }
    }

    func testAnEnglishProgramKeepsItsWords() throws {
        let pages = pages(of: SiteRendererTests.program(decks: [Deck(id: "d", title: "D", cards: [Deck.Card(id: "c", front: "f", back: "b")])]))
        let home = try XCTUnwrap(pages["index.html"])
        XCTAssertTrue(home.contains(##"<a class="skip" href="#main">Skip to the content</a>"##))
        XCTAssertTrue(home.contains(#"<span class="muted">1 card</span>"#))
        XCTAssertTrue(home.contains(#"<script src="words-en.js" defer></script>"#))
        XCTAssertTrue(try XCTUnwrap(pages["progress.html"]).contains("<title>My progress · Go Grrrls</title>"))
    }

    func testAProgramsOwnCatalogueGoesOverFoliosWords() throws {
        var program = spanishProgram()
        program.interfaceCatalogues["es"] = InterfaceCatalogue(
            language: "es", messages: ["search.placeholder": .text("Una palabra, como valiente"), "quiz.check": .text("¡Comprueba!")])
        let pages = pages(of: program)
        XCTAssertTrue(try XCTUnwrap(pages["search.html"]).contains(#"placeholder="Una palabra, como valiente""#))
        XCTAssertTrue(try XCTUnwrap(pages["words-es.js"]).contains(#""quiz.check":"¡Comprueba!""#))
        XCTAssertTrue(try XCTUnwrap(pages["search.html"]).contains(#"<button type="submit" class="primary">Buscar</button>"#), "the rest as Folio has it")
    }

    func testThePseudoLanguageMarksEveryWordOfThePages() throws {
        var program = spanishProgram()
        program.settings.language = PseudoLanguage.tag
        let chapter = try XCTUnwrap(pages(of: program)["chapters/who-am-i.html"])
        XCTAssertTrue(chapter.contains(#"<html lang="en-XA""#))
        XCTAssertTrue(chapter.contains("<p class=\"eyebrow\">[Çĥàþţéŕ 1]</p>"), chapter)
        XCTAssertTrue(chapter.contains(#"<nav aria-label="[Šíţé]">"#))
    }
}
