import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// An edit of an original never breaks the build: once its translation was marked
/// current, a mismatch the edit makes is the translation being outdated. The same
/// mismatch is the translator's error when the original is as the record has it, or
/// when the translation was never marked.
final class OutdatedTranslationTests: XCTestCase {
    /// A fingerprint is the first 16 hexadecimal digits of the SHA-256 of the words'
    /// UTF-8, as `sha256sum` gives it.
    func testAFingerprintIsTheStartOfTheWordsSHA256() {
        XCTAssertEqual(TranslationRecord.fingerprint("abc"), "ba7816bf8f01cfea")
        XCTAssertEqual(TranslationRecord.fingerprint("Élodie’s “quiz”\n🎈"), "6de870952f284e09")
        XCTAssertEqual(TranslationRecord.fingerprint(""), "e3b0c44298fc1c14")
    }

    /// The items whose words changed since the record, by key wherever the record lists
    /// them; an item whose key changed with the same words (`folio pin-ids`) is as it was,
    /// and a record made before answers were recorded does not make them a change.
    func testTheItemsThatChangedAreFoundByTheirKeysWhereverTheRecordListsThem() {
        func item(_ key: String, _ words: String) -> TranslationRecord.Item { TranslationRecord.item(key, words) }
        let now = [item("title", "Who am I?"), item("#1", "Pick one"), item("colours", "Which colour?"), item("#answers", "#1: single, right choice 2")]
        XCTAssertEqual(TranslationRecord.changedItems(now, since: now).map(\.key), [])
        XCTAssertEqual(TranslationRecord.changedItems(now, since: now.reversed()).map(\.key), [], "listed in another order")
        let recorded = [item("title", "Who am I?"), item("#1", "Pick one of these"), item("#2", "Which colour?")]
        XCTAssertEqual(TranslationRecord.changedItems(now, since: recorded).map(\.key), ["#1"], "`colours` was `#2`, with the same words")
        XCTAssertEqual(TranslationRecord.changedItems(now, since: []).map(\.key), ["title", "#1", "colours"])
        XCTAssertEqual(TranslationRecord.changedItems([item("new", "Brand new words")], since: recorded).map(\.key), ["new"])
    }

    /// The sample in English and Spanish, in memory, with `edit` made to its files.
    func compileSample(_ edit: (inout [String: String]) -> Void) throws -> Compiler.Result {
        var texts = TestFixtures.snapshot(TestFixtures.sampleContent).compactMapValues { String(data: $0, encoding: .utf8) }
        edit(&texts)
        var files = TestFixtures.snapshot(TestFixtures.sampleContent)
        for (path, text) in texts { files[path] = Data(text.utf8) }
        for path in files.keys where texts[path] == nil && path.hasSuffix(".yaml") { files[path] = nil }
        return try Compiler(content: ContentInMemory(files: files)).compile()
    }

    static let newQuestion = "  - id: a-new-question\n    prompt: Is this a new question?\n    type: true-false\n    answer: true\n"

    /// Staff edit an original the translation was marked from: a picture, a question, a
    /// card, a right answer. The build goes on; the translation is outdated, falls back
    /// whole, and its warning says how the original's structure changed.
    func testAnEditOfAnOriginalsStructureMakesItsTranslationOutdatedNotWrong() throws {
        let edits: [(label: String, translation: String, part: TranslatedPart, says: String, edit: (inout [String: String]) -> Void)] = [
            (
                "a picture", "chapters/01-who-am-i.es.md", TranslatedPart(.chapter, "who-am-i"), "whose pictures changed since",
                { $0["chapters/01-who-am-i.md"]! += "\n![A sunrise](../media/sunrise.png)\n" }
            ),
            (
                "a question", "quizzes/who-am-i.es.yaml", TranslatedPart(.quiz, "who-am-i"), "and its structure changed: an item was added",
                {
                    $0["quizzes/who-am-i.yaml"] = $0["quizzes/who-am-i.yaml"]!.replacingOccurrences(
                        of: "questions:\n", with: "questions:\n" + Self.newQuestion)
                }
            ),
            (
                "a card", "decks/feelings.es.yaml", TranslatedPart(.deck, "feelings"), "and its structure changed: an item was added",
                { $0["decks/feelings.yaml"]! += "  - front: Calm\n    back: At peace.\n" }
            ),
            (
                "an answer", "quizzes/feelings-check.es.yaml", TranslatedPart(.quiz, "feelings-check"),
                "the answer key was \"#3: true-false, false\" and is now \"#3: true-false, true\"; and its structure changed: an answer changed",
                { $0["quizzes/feelings-check.yaml"] = $0["quizzes/feelings-check.yaml"]!.replacingOccurrences(of: "answer: false", with: "answer: true") }
            ),
        ]
        XCTAssertEqual(try compileSample { _ in }.diagnostics.all.map(\.message), [], "the sample's translations are marked current")
        for (label, translation, part, says, edit) in edits {
            let result = try compileSample(edit)
            XCTAssertFalse(result.diagnostics.hasErrors, "\(label): \(result.diagnostics.all.map(\.message))")
            let warnings = result.diagnostics.all.filter { $0.code == .translationOutdated && $0.location.file == translation }
            XCTAssertTrue(warnings.contains { $0.message.contains(says) }, "\(label): \(warnings.map(\.message))")
            let spanish = try XCTUnwrap(result.program?.translation("es"), label)
            XCTAssertEqual(spanish.state(of: part), .outdated, label)
            switch part.kind {
            case .chapter: XCTAssertNil(spanish.chapter(part.id), "\(label): falls back whole")
            case .quiz: XCTAssertNil(spanish.quiz(part.id), "\(label): falls back whole")
            case .deck: XCTAssertNil(spanish.deck(part.id), "\(label): falls back whole")
            default: XCTFail(label)
            }
        }
    }

    /// The same mismatches when the original is as the record has it (the translator's
    /// mistake), or when the translation was never marked (a new translation), are errors.
    func testAMismatchWithAnOriginalAsRecordedOrAnUnmarkedTranslationIsAnError() throws {
        let mistakes: [(label: String, code: DiagnosticCode, edit: (inout [String: String]) -> Void)] = [
            (
                "an answer of the translation", .translationAnswerDiffers,
                {
                    $0["quizzes/feelings-check.es.yaml"] = $0["quizzes/feelings-check.es.yaml"]!.replacingOccurrences(
                        of: "answer: false", with: "answer: true")
                }
            ),
            ("a card of the translation", .translationItemExtra, { $0["decks/feelings.es.yaml"]! += "  - front: Calma\n    back: En paz.\n" }),
            (
                "a picture in the translation", .translationMediaDiffers,
                { $0["chapters/01-who-am-i.es.md"]! += "\n![Un amanecer](../media/sunrise.png)\n" }
            ),
            (
                "a question of an unmarked translation's original", .translationItemMissing,
                {
                    $0["translations/es.yaml"] = nil
                    $0["quizzes/who-am-i.yaml"] = $0["quizzes/who-am-i.yaml"]!.replacingOccurrences(
                        of: "questions:\n", with: "questions:\n" + Self.newQuestion)
                }
            ),
        ]
        for (label, code, edit) in mistakes {
            let result = try compileSample(edit)
            XCTAssertEqual(result.diagnostics.all.filter { $0.severity == .error }.map(\.code), [code], label)
            XCTAssertNil(result.program, label)
        }
    }
}
