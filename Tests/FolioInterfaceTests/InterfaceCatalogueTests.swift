import FolioCore
import FolioInterface
import XCTest

final class InterfaceCatalogueTests: XCTestCase {
    func testEveryShippedCatalogueHasEveryEnglishMessageWithTheSamePlaceholders() {
        XCTAssertEqual(InterfaceCatalogue.shippedLanguages, ["en", "es"])
        let english = InterfaceCatalogue.english
        XCTAssertFalse(english.messages.isEmpty)
        for language in InterfaceCatalogue.shippedLanguages {
            let catalogue = InterfaceCatalogue.forLanguage(language)
            XCTAssertEqual(catalogue.missingKeys, [], "\(language) lacks messages")
            for (key, message) in english.messages {
                XCTAssertEqual(catalogue.messages[key]?.placeholders, message.placeholders, "\(language): \(key)")
            }
        }
    }

    func testPluralFormsFollowEachLanguagesCLDRRules() {
        XCTAssertEqual(PluralRules(language: "en").category(of: 1), .one)
        XCTAssertEqual(PluralRules(language: "en").category(of: 0), .other)
        XCTAssertEqual(PluralRules(language: "es").category(of: 1), .one)
        XCTAssertEqual(PluralRules(language: "es").category(of: 2), .other)
        // Languages with more categories than English and Spanish get them.
        XCTAssertEqual(PluralRules(language: "ar").category(of: 0), .zero)
        XCTAssertEqual(PluralRules(language: "ar").category(of: 2), .two)
        XCTAssertEqual(PluralRules(language: "pl").category(of: 3), .few)
        XCTAssertEqual(PluralRules(language: "pl").category(of: 5), .many)
        XCTAssertEqual(PluralRules(language: "en").categories, [.one, .other])
        XCTAssertEqual(PluralRules(language: "ar").categories, [.zero, .one, .two, .few, .many, .other])
    }

    func testAMessagesPlaceholdersAreFilledAndItsPluralFormChosenByCount() {
        let read = InterfaceCatalogue.read(
            """
            language: pl
            messages:
              cards:
                one: "{count} karta w {deck}"
                few: "{count} karty w {deck}"
                many: "{count} kart w {deck}"
                other: "{count} karty w {deck}"
            """, file: "interface/pl.yaml")
        XCTAssertEqual(read.diagnostics.map(\.message), [])
        let polish = try! XCTUnwrap(read.catalogue)
        XCTAssertEqual(polish.text("cards", count: 1, ["deck": "A"]), "1 karta w A")
        XCTAssertEqual(polish.text("cards", count: 3, ["deck": "A"]), "3 karty w A")
        XCTAssertEqual(polish.text("cards", count: 5, ["deck": "A"]), "5 kart w A")
        // A key the catalogue lacks shows English, never the key.
        XCTAssertEqual(polish.text("site.skip-to-content"), "Skip to the content")
    }

    func testACatalogueWithoutAnOtherFormIsRefusedWithItsPlace() {
        let read = InterfaceCatalogue.read(
            """
            language: es
            messages:
              cards:
                one: "{count} tarjeta"
            """, file: "interface/es.yaml")
        XCTAssertEqual(read.diagnostics.map(\.code), [.interfaceCatalogueInvalid])
        XCTAssertEqual(read.diagnostics.first?.location, SourceLocation(file: "interface/es.yaml", line: 4, column: 5))
    }

    func testAProgramsCatalogueGoesOverFolios() {
        let added = InterfaceCatalogue(language: "es", messages: ["site.skip-to-content": .text("Ir al texto")])
        let catalogue = InterfaceCatalogue.forLanguage("es-MX", adding: added)
        XCTAssertEqual(catalogue.text("site.skip-to-content"), "Ir al texto")
        XCTAssertEqual(catalogue.text("site.untranslated-note"), "Esta parte todavía no está traducida.")
    }
}

final class PseudoLanguageTests: XCTestCase {
    func testThePseudoLanguageAccentsAndBracketsEveryMessageAndKeepsItsPlaceholders() {
        let pseudo = InterfaceCatalogue.forLanguage("en-XA")
        XCTAssertEqual(pseudo.text("site.skip-to-content"), "[Šķíþ ţó ţĥé çóñţéñţ]")
        XCTAssertEqual(pseudo.text("terminal.question-of", count: 5, ["number": "2"]), "[Ǫúéšţíóñ 2 óƒ 5]")
        for key in InterfaceCatalogue.english.messages.keys {
            XCTAssertTrue(PseudoLanguage.isPseudo(pseudo.text(key, count: 3, ["number": "1"])), key)
        }
        XCTAssertFalse(PseudoLanguage.isPseudo("[Ĉĥéçķ] Check"))
        XCTAssertTrue(PseudoLanguage.isPseudo("[Ĉĥéçķ] 3 — [ñóţ]"))
    }
}
