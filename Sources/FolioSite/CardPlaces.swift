import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// Where version 1's card marks go. Version 1's site saved a learner's marks by a card's
/// place in its deck, without its front, so the site can carry them over only with the
/// deck as version 1 last published it: for each deck, the id of the card now at each of
/// version 1's places, or nil where that card is gone. `card-ids.json` carries it
/// (`version1Places`) for `site.js`.
///
/// The first build over a bundle of version 1 finds each of that bundle's cards by its
/// front among the cards now (so cards added, removed or moved in the same edit are
/// still found); every later build keeps what the site it replaces carried, less the
/// cards since removed. Without a bundle or site before it, there is nothing to know
/// the places by, and `site.js` takes the cards' places now.
public enum CardPlaces {
    /// The places for `program`, from the bundle and the site this build replaces.
    public static func version1(published: PublishedIdentities?, previousSite: URL?, program: CompiledProgram) -> [String: [String?]]? {
        guard let published else { return nil }
        let decks = Dictionary(program.decks.map { ($0.id, $0.cards) }, uniquingKeysWith: { first, _ in first })
        if published.idsArePositional {
            var places: [String: [String?]] = [:]
            for old in published.decks {
                guard let cards = decks[old.id] else { continue }
                var taken = Set<Int>()
                places[old.id] = old.cards.enumerated().map { index, card in
                    // The card at the same place when it has the same front (two cards
                    // may share one), else the first with that front not taken.
                    let found =
                        cards.indices.contains(index) && cards[index].front == card.front && !taken.contains(index)
                        ? index : cards.indices.first { cards[$0].front == card.front && !taken.contains($0) }
                    if let found { taken.insert(found) }
                    return found.map { cards[$0].id }
                }
            }
            return places
        }
        guard let previousSite, let data = FileManager.default.contents(atPath: previousSite.appendingPathComponent(CardIDs.path).path),
            let previous = try? JSONDecoder().decode(CardIDs.self, from: data), let places = previous.version1Places
        else { return nil }
        return places.reduce(into: [:]) { result, entry in
            guard let cards = decks[entry.key] else { return }
            let ids = Set(cards.map(\.id))
            result[entry.key] = entry.value.map { $0.flatMap { ids.contains($0) ? $0 : nil } }
        }
    }
}

/// `card-ids.json`: each deck's card ids in order, and where version 1's marks go.
struct CardIDs: Codable {
    static let path = "card-ids.json"
    var decks: [String: [String]]
    var version1Places: [String: [String?]]?
}
