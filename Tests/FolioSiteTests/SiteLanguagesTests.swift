import FolioCompiler
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioSite

/// The site in each of the program's languages: the sample (`Content/`, in English and
/// Spanish) has every page of English's in `es/`, each with its translated parts where
/// learners see them translated, the original elsewhere with a note, and a way to the
/// same page in the other language.
final class SiteLanguagesTests: XCTestCase {
    private static let sample = Result { try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program) }

    /// Every file of the sample's site by path, as text.
    private func sampleSite() throws -> [String: String] {
        let program = try Self.sample.get()
        var files: [String: String] = [:]
        for renderer in [SiteRenderer(program: program, version: "v")] + SiteOutput.otherLanguages(of: program, version: "v") {
            for file in renderer.files() {
                XCTAssertNil(files[file.path], "\(file.path) is written twice")
                files[file.path] = String(decoding: file.data, as: UTF8.self)
            }
        }
        return files
    }

    func testTheSampleFallsBackWhereItsTranslationIsMissing() throws {
        let localized = try Self.sample.get().localized(to: "es")
        XCTAssertEqual(localized.language, "es")
        XCTAssertFalse(localized.fallsBack(TranslatedPart(.chapter, "who-am-i")))
        XCTAssertFalse(localized.fallsBack(TranslatedPart(.quiz, "who-am-i")))
        XCTAssertFalse(localized.fallsBack(.welcome))
        XCTAssertTrue(localized.fallsBack(TranslatedPart(.chapter, "friendship")))
        XCTAssertTrue(localized.fallsBack(TranslatedPart(.quiz, "friendship")))
        XCTAssertTrue(localized.fallsBack(TranslatedPart(.deck, "body-words")))
        let chapters = localized.program.chapters
        XCTAssertEqual(chapters.map(\.id), try Self.sample.get().chapters.map(\.id))
        XCTAssertEqual(chapters.first { $0.id == "who-am-i" }?.title, "¿Quién soy?")
        XCTAssertEqual(chapters.first { $0.id == "friendship" }?.title, "Good Friends, Real Friends")
        // In the default language, the program as it is.
        let english = try Self.sample.get().localized(to: "en")
        XCTAssertTrue(english.fallbacks.isEmpty)
        XCTAssertEqual(english.program.chapters.first?.title, "Who Am I?")
    }

    func testAnUnmarkedTranslationIsShownAndAnOutdatedOneFallsBack() throws {
        var settings = ProgramSettings(id: "go-grrrls", title: "Go Grrrls", language: "en")
        settings.languages = ["en", "es"]
        var program = SiteRendererTests.program(settings: settings)
        var spanish = try XCTUnwrap(program.chapters.first)
        spanish.title = "¿Quién soy?"
        program.translations = [
            CompiledTranslation(language: "es", chapters: [spanish], states: [TranslatedPart(.chapter, spanish.id): .unmarked])
        ]
        XCTAssertEqual(program.localized(to: "es").program.chapters.first?.title, "¿Quién soy?")
        XCTAssertFalse(program.localized(to: "es").fallsBack(TranslatedPart(.chapter, spanish.id)))
        XCTAssertTrue(program.localized(to: "es").fallsBack(.welcome))
        // An outdated translation is not among the translation's parts.
        program.translations[0].states[TranslatedPart(.chapter, spanish.id)] = .outdated
        program.translations[0].chapters = []
        XCTAssertEqual(program.localized(to: "es").program.chapters.first?.title, "Who Am I?")
        XCTAssertTrue(program.localized(to: "es").fallsBack(TranslatedPart(.chapter, spanish.id)))
    }

    func testEveryPageOfTheDefaultLanguageIsInEachOtherLanguagesFolder() throws {
        let site = try sampleSite()
        let english = site.keys.filter { $0.hasSuffix(".html") && !$0.hasPrefix("es/") }
        XCTAssertTrue(english.contains("chapters/friendship.html"))
        for path in english { XCTAssertNotNil(site["es/" + path], "es/\(path) is missing") }
        XCTAssertEqual(Set(site.keys.filter { $0.hasPrefix("es/") }), Set(english.map { "es/" + $0 }))
        XCTAssertNotNil(site["words-es.js"])
        XCTAssertNil(site["es/site.css"], "the languages share the scripts and styles")
        let worker = try XCTUnwrap(site["sw.js"])
        XCTAssertTrue(worker.contains("'es/chapters/who-am-i.html'"))
        XCTAssertTrue(worker.contains("'words-es.js'"))
    }

    func testATranslatedChapterIsInSpanishWithItsQuizAndSharedAssets() throws {
        let page = try XCTUnwrap(try sampleSite()["es/chapters/who-am-i.html"])
        XCTAssertTrue(page.contains(#"<html lang="es""#))
        XCTAssertTrue(page.contains(#"data-root="../../" data-pages="../""#), page)
        XCTAssertTrue(page.contains(#"<link rel="stylesheet" href="../../site.css">"#))
        XCTAssertTrue(page.contains(#"<script src="../../words-es.js" defer></script>"#))
        XCTAssertTrue(page.contains("<h1>¿Quién soy?</h1>"))
        XCTAssertTrue(page.contains(#"<p class="eyebrow">Capítulo 1</p>"#))
        XCTAssertFalse(page.contains("untranslated"))
        XCTAssertFalse(page.contains(#"<div lang="en">"#))
        // Links between pages stay in the language; the same quiz ids as in English.
        XCTAssertTrue(page.contains(#"<a href="../index.html">Capítulos</a>"#), page)
        XCTAssertTrue(page.contains(#"data-quiz="who-am-i""#) || page.contains(#"id="quiz""#))
    }

    func testAChapterThatFallsBackSaysSoAndIsMarkedInItsLanguage() throws {
        let page = try XCTUnwrap(try sampleSite()["es/chapters/friendship.html"])
        XCTAssertTrue(page.contains(#"<html lang="es""#))
        XCTAssertTrue(page.contains(#"<p class="notice untranslated" role="note">Esta parte todavía no está traducida.</p>"#), page)
        XCTAssertTrue(page.contains(#"<h1 lang="en">Good Friends, Real Friends</h1>"#))
        XCTAssertTrue(page.contains(#"<div lang="en">"#))
        // One note for the page: its quiz falls back with it.
        XCTAssertEqual(page.components(separatedBy: "Esta parte todavía no está traducida.").count, 2)
        // The interface around it stays in Spanish.
        XCTAssertTrue(page.contains(#"<p class="eyebrow">Capítulo 2</p>"#))
        // Its row in the lists of chapters is marked as well.
        let home = try XCTUnwrap(try sampleSite()["es/index.html"])
        XCTAssertTrue(home.contains(#"<span class="chapter-title" lang="en">Good Friends, Real Friends</span>"#), home)
        XCTAssertTrue(home.contains(#"<span class="chapter-title">¿Quién soy?</span>"#))
        let progress = try XCTUnwrap(try sampleSite()["es/progress.html"])
        XCTAssertTrue(progress.contains(#"<a href="chapters/friendship.html" lang="en">Good Friends, Real Friends</a>"#))
        let deck = try XCTUnwrap(try sampleSite()["es/decks/body-words.html"])
        XCTAssertTrue(deck.contains(#"<p class="notice untranslated" role="note">Esta parte todavía no está traducida.</p>"#))
    }

    func testEveryPageHasASwitcherToTheSamePageAndAlternateLinks() throws {
        let site = try sampleSite()
        let spanish = try XCTUnwrap(site["es/chapters/who-am-i.html"])
        XCTAssertTrue(spanish.contains(#"<nav class="languages" aria-label="Idioma">"#))
        XCTAssertTrue(spanish.contains(#"<a href="../../chapters/who-am-i.html" hreflang="en" lang="en">English</a>"#), spanish)
        XCTAssertTrue(spanish.contains(#"<a href="../../es/chapters/who-am-i.html" hreflang="es" lang="es" aria-current="page">Español</a>"#))
        XCTAssertTrue(spanish.contains(#"<link rel="alternate" hreflang="en" href="../../chapters/who-am-i.html">"#))
        XCTAssertTrue(spanish.contains(#"<link rel="alternate" hreflang="es" href="../../es/chapters/who-am-i.html">"#))
        XCTAssertTrue(spanish.contains(#"<link rel="alternate" hreflang="x-default" href="../../chapters/who-am-i.html">"#))
        let english = try XCTUnwrap(site["index.html"])
        XCTAssertTrue(english.contains(#"<nav class="languages" aria-label="Language">"#))
        XCTAssertTrue(english.contains(#"<a href="index.html" hreflang="en" lang="en" aria-current="page">English</a>"#))
        XCTAssertTrue(english.contains(#"<a href="es/index.html" hreflang="es" lang="es">Español</a>"#))
        XCTAssertFalse(english.contains("data-pages"))
        for (path, page) in site where path.hasSuffix(".html") {
            XCTAssertTrue(page.contains(#"<nav class="languages""#), "\(path) has no switcher")
        }
    }

    func testAlternateLinksArePublishedAddressesUnderABaseURL() throws {
        var program = try Self.sample.get()
        program.settings.baseURL = "https://example.org/grrrls/"
        let spanish = try XCTUnwrap(SiteOutput.otherLanguages(of: program, version: "v").first)
        let page = String(decoding: spanish.render(.home).data, as: UTF8.self)
        XCTAssertTrue(page.contains(#"<link rel="canonical" href="https://example.org/grrrls/es/">"#), page)
        XCTAssertTrue(page.contains(#"<link rel="alternate" hreflang="en" href="https://example.org/grrrls/">"#))
        XCTAssertTrue(page.contains(#"<link rel="alternate" hreflang="es" href="https://example.org/grrrls/es/">"#))
        XCTAssertTrue(page.contains(#"<link rel="alternate" hreflang="x-default" href="https://example.org/grrrls/">"#))
        // The switcher itself stays relative, so the site works from disk.
        XCTAssertTrue(page.contains(#"<a href="../index.html" hreflang="en" lang="en">English</a>"#))
    }

    func testEachLanguagesSearchIndexHoldsWhatItsLearnersRead() throws {
        let site = try sampleSite()
        let spanish = try XCTUnwrap(site["es/search.html"])
        let english = try XCTUnwrap(site["search.html"])
        // Words are folded in the index, as a search folds what is typed.
        XCTAssertTrue(spanish.contains("identidad es una mezcla"))
        XCTAssertFalse(english.contains("identidad es una mezcla"))
        XCTAssertTrue(spanish.contains(#""t":"¿Quién soy?","u":"chapters/who-am-i.html""#))
        // What the index itself names, in the learner's words.
        XCTAssertTrue(spanish.contains(#""t":"Cuestionario: ¿Quién soy?""#), spanish)
        XCTAssertFalse(spanish.contains(#""t":"Quiz: "#))
        // A part that falls back is found in its original words.
        XCTAssertTrue(spanish.contains(#""t":"Good Friends, Real Friends""#))
    }

    func testAProgramInOneLanguageHasNoSwitcher() throws {
        let renderer = SiteRenderer(program: SiteRendererTests.program(), version: "v")
        for file in renderer.files() where file.path.hasSuffix(".html") {
            let page = String(decoding: file.data, as: UTF8.self)
            XCTAssertFalse(page.contains("hreflang"), file.path)
            XCTAssertFalse(page.contains("data-pages"), file.path)
        }
        XCTAssertTrue(SiteOutput.otherLanguages(of: SiteRendererTests.program(), version: "v").isEmpty)
    }
}
