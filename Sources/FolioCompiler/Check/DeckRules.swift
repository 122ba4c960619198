import FolioCore
import FolioModel

/// Cards' ids: each card that states none gets one made from its front
/// (``ImplicitID``), so study progress stays with a card when cards are added, removed or
/// reordered; two cards may not state the same id, and two whose fronts read the same
/// are told apart by their order, with a warning.
enum DeckRules {
    /// `published` is the deck as the bundle published before had it, when there is one:
    /// of two cards whose fronts read the same, the one it knew keeps its id.
    static func identifyCards(_ parsed: inout ParsedDeck, published: PublishedIdentities.DeckIDs? = nil, diagnostics: inout DiagnosticList) {
        let stated = parsed.deck.cards.map { !$0.id.isEmpty }
        var ids = parsed.deck.cards.map { $0.id.isEmpty ? ImplicitID.make(for: $0.front, fallback: "card") : $0.id }
        let made = ids
        for (index, earlier) in ImplicitID.repeatedStated(ids, stated: stated) {
            diagnostics.error(
                .deckDuplicateCardID, at: parsed.cardLocations[index], "two cards of this deck have the id `\(ids[index])`",
                help: "give this card an id of its own, or remove its `id` line",
                notes: [.init(location: parsed.cardLocations[earlier], message: "the other card with this id")])
        }
        let renamed = ImplicitID.disambiguate(&ids, stated: stated)
        var kept = Set<Int>()
        if !renamed.isEmpty, let published {
            let known = published.cards.compactMap { card in card.id.flatMap { id in card.back.map { (id: id, content: $0) } } }
            kept = ImplicitID.keepPublished(&ids, made: made, stated: stated, content: parsed.deck.cards.map(\.back), published: known)
        }
        for index in parsed.deck.cards.indices { parsed.deck.cards[index].id = ids[index] }
        for (index, earlier) in renamed {
            diagnostics.warning(
                .deckSameFront, at: parsed.cardLocations[index],
                "this card's front, \"\(parsed.deck.cards[index].front)\", reads the same as an earlier card's, so the two are told apart only by their order"
                    + (kept.contains(index) || kept.contains(earlier) ? " (and by the bundle published before, whose card keeps its id)" : ""),
                help: parsed.cardLocations[index].file.lowercased().hasSuffix(".txt")
                    ? "make the fronts different, or remove one of the cards, so each learner's marks stay with the right card"
                    : "make the fronts different, or give each card an `id:`, so each learner's marks stay with the right card",
                notes: [.init(location: parsed.cardLocations[earlier], message: "the earlier card")])
        }
    }
}

extension DeckRules {
    /// Cards' pictures: a file of `media/` (written `../media/...` from a deck, as from a
    /// quiz), with `alt` words for whoever cannot see it; `alt` without `image` is a slip.
    static func checkImages(_ parsed: inout ParsedDeck, files: Set<String>, diagnostics: inout DiagnosticList) {
        for (position, written) in parsed.cardImages.sorted(by: { $0.key < $1.key }) {
            guard let image = written.path else {
                if let alt = written.alt {
                    diagnostics.error(
                        .invalidValue, at: alt.location, "`alt` describes a card's picture, but this card has no `image`",
                        help: "add `image: ../media/<the picture's file>` to the card, or remove `alt`")
                }
                continue
            }
            var path = image.value
            while path.hasPrefix("../") { path.removeFirst(3) }
            guard path.hasPrefix("media/"), files.contains(path) else {
                diagnostics.error(
                    .linkTargetMissing, at: image.location,
                    path.hasPrefix("media/")
                        ? "`\(image.value)` does not exist" : "a card's picture must be in the `media/` folder, but `\(image.value)` is not",
                    help: "put the picture in `media/` and write `image: ../media/<its file name>`")
                continue
            }
            let alt = written.alt?.value.trimmingCharacters(in: .whitespaces) ?? ""
            if alt.isEmpty {
                diagnostics.warning(
                    .imageAltMissing, at: image.location, "this card's picture has no `alt`, so a learner who cannot see it does not know what it shows",
                    help: "add `alt: <what the picture shows>` to the card")
            }
            parsed.deck.cards[position].image = Deck.CardImage(path: path, alt: alt)
        }
    }
}

extension DiagnosticCode {
    /// Two cards of a deck state the same id.
    public static let deckDuplicateCardID = DiagnosticCode("deck-duplicate-card-id", .error, .decks)
    /// Two cards without ids whose fronts read the same.
    public static let deckSameFront = DiagnosticCode("deck-same-front", .warning, .decks)
}
