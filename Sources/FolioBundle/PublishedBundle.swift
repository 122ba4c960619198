import FolioCore
import FolioModel
import Foundation

/// Reads the ids of a bundle that was published before, for `folio build` to compare
/// with what it is about to publish.
public enum PublishedBundle {
    /// The manifest's few fields needed, read leniently: a bundle written before ids were
    /// stable has no program id.
    private struct ManifestIDs: Decodable {
        var format: String
        var program: PublishedIdentities.Program
        var quizzes: [String]
        var decks: [Deck]
        struct Deck: Decodable { var id: String }
    }

    /// The ids of the bundle in `folder`; nil when there is no bundle there (a first
    /// build), or what is there is not one Folio can read, which is not this build's
    /// business to report: only the comparison is left out.
    public static func identities(at folder: URL) -> PublishedIdentities? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("manifest.json").path),
            let manifest = try? JSONDecoder().decode(ManifestIDs.self, from: data), manifest.format == "folio-bundle"
        else { return nil }
        // Ids in the bundle name its files; one that is not an id is not read. The files are
        // read on all cores with the small JSON reader, and only the ids (and cards' words)
        // kept: Foundation's decoder cost a large program seconds and much memory
        // (docs/development.md, "Measured choices").
        let quizzes = ParallelMap.run(manifest.quizzes.filter(ContentID.isValid)) { id in
            read(folder, "quizzes/\(id).json").flatMap(quiz)
        }
        let decks = ParallelMap.run(manifest.decks.map(\.id).filter(ContentID.isValid)) { id in
            read(folder, "decks/\(id).json").flatMap(deck)
        }
        return PublishedIdentities(program: manifest.program, quizzes: quizzes.compactMap { $0 }, decks: decks.compactMap { $0 })
    }

    private static func read(_ folder: URL, _ path: String) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return nil }
        return try? JSONReader.read(data)
    }

    private static func string(_ value: JSONValue?) -> String? {
        guard case .string(let text) = value else { return nil }
        return text
    }

    private static func array(_ value: JSONValue?) -> [JSONValue] {
        guard case .array(let items) = value else { return [] }
        return items
    }

    private static func quiz(_ json: JSONValue) -> PublishedIdentities.QuizIDs? {
        guard let id = string(json["id"]) else { return nil }
        let questions = array(json["questions"]).compactMap { question -> PublishedIdentities.QuestionIDs? in
            guard let id = string(question["id"]) else { return nil }
            return .init(id: id, choices: array(question["choices"]).compactMap { string($0["id"]).map(PublishedIdentities.ChoiceIDs.init) })
        }
        return .init(id: id, questions: questions, fromDeck: string(json["fromDeck"]))
    }

    private static func deck(_ json: JSONValue) -> PublishedIdentities.DeckIDs? {
        guard let id = string(json["id"]) else { return nil }
        let cards = array(json["cards"]).compactMap { card -> PublishedIdentities.CardIDs? in
            string(card["front"]).map { .init(id: string(card["id"]), front: $0, back: string(card["back"])) }
        }
        return .init(id: id, cards: cards)
    }
}
