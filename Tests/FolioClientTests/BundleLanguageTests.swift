import FolioModel
import Foundation
import XCTest

@testable import FolioClient

/// An app reading the sample's bundle in Spanish (format 1.6): the parts translated, the
/// rest in English and said to be so, the interface's words, the same ids in both.
final class BundleLanguageTests: XCTestCase {
    /// The sample's bundle as Folio builds it (Tests/Golden, checked against a build by
    /// GoldenFileTests).
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/sample/bundle")

    func testAnAppGetsTheSpanishPartsAndTheEnglishOnesWhereThereIsNoTranslation() throws {
        let reader = try BundleReader(folder: Self.sample)
        XCTAssertEqual(reader.languages, ["en", "es"])
        XCTAssertEqual(reader.defaultLanguage, "en")

        let translated = try reader.chapter("who-am-i", in: "es")
        XCTAssertEqual(translated.language, "es")
        XCTAssertFalse(translated.isFallback)
        XCTAssertEqual(translated.value.title, "¿Quién soy?")
        XCTAssertEqual(translated.value.id, try reader.chapter("who-am-i").id)

        let fallback = try reader.chapter("friendship", in: "es")
        XCTAssertTrue(fallback.isFallback)
        XCTAssertEqual(fallback.language, "en")
        XCTAssertEqual(fallback.value, try reader.chapter("friendship"))

        // The same quiz in other words: what progress is kept by is the same.
        let quiz = try reader.quiz("feelings-check", in: "es").value
        let original = try reader.quiz("feelings-check")
        XCTAssertNotEqual(quiz.title, original.title)
        XCTAssertEqual(quiz.questions.map(\.id), original.questions.map(\.id))
        XCTAssertEqual(quiz.questions.map { $0.choices.map(\.correct) }, original.questions.map { $0.choices.map(\.correct) })

        XCTAssertFalse(try reader.welcome(in: "es").isFallback)
        XCTAssertFalse(try XCTUnwrap(try reader.billOfRights(in: "es")).isFallback)
        XCTAssertTrue(try reader.deck("body-words", in: "es").isFallback)
        XCTAssertEqual(
            reader.chapters(in: "es").map(\.isFallback), reader.manifest.chapters.map { !["who-am-i", "feelings"].contains($0.id) })
        XCTAssertEqual(reader.chapters(in: "es").first?.value.title, "¿Quién soy?")
        // English asked for is English, never a fallback.
        XCTAssertFalse(try reader.chapter("who-am-i", in: "en").isFallback)
    }

    func testTheInterfaceWordsAndALanguageForALearner() throws {
        let reader = try BundleReader(folder: Self.sample)
        let spanish = try XCTUnwrap(try reader.interface("es"))
        XCTAssertFalse(spanish.isFallback)
        XCTAssertEqual(spanish.value.messages["site.untranslated-note"], .text("Esta parte todavía no está traducida."))
        let french = try XCTUnwrap(try reader.interface("fr"))
        XCTAssertTrue(french.isFallback)
        XCTAssertEqual(french.language, "en")

        XCTAssertEqual(reader.language(matching: ["es-MX", "en"]), "es")
        XCTAssertEqual(reader.language(matching: ["fr-CA", "de"]), "en")
        XCTAssertEqual(reader.language(matching: []), "en")
    }
}
