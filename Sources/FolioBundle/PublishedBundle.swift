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
        let decoder = JSONDecoder()
        func read<T: Decodable>(_ type: T.Type, _ path: String) -> T? {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else { return nil }
            return try? decoder.decode(T.self, from: data)
        }
        guard let manifest = read(ManifestIDs.self, "manifest.json"), manifest.format == "folio-bundle" else { return nil }
        // Ids in the bundle name its files; one that is not an id is not read.
        let quizzes = manifest.quizzes.filter(ContentID.isValid).compactMap { read(PublishedIdentities.QuizIDs.self, "quizzes/\($0).json") }
        let decks = manifest.decks.map(\.id).filter(ContentID.isValid).compactMap { read(PublishedIdentities.DeckIDs.self, "decks/\($0).json") }
        return PublishedIdentities(program: manifest.program, quizzes: quizzes, decks: decks)
    }

}
