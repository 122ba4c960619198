import FolioCore
import FolioModel

/// A deck, read, with its location for cross-file rules.
struct ParsedDeck {
    var deck: Deck
    var idLocation: SourceLocation
}

/// Reads flashcard decks, in YAML or in the plain TXT import format.
enum DeckParser {
    static let fields = ["id", "title", "cards"]
    static let cardFields = ["front", "back"]

    static func parse(_ file: SourceFile, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        file.path.lowercased().hasSuffix(".txt") ? parseText(file, diagnostics: &diagnostics) : parseYAML(file, diagnostics: &diagnostics)
    }

    private static func idFromName(_ file: SourceFile) -> String {
        Identifier.fromFileName(String(file.path.split(separator: "/").last!)).id
    }

    static func parseYAML(_ file: SourceFile, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        guard let root = YAMLFile.root(of: file, diagnostics: &diagnostics),
            let fields = FieldReader(root, what: "a deck", allowed: Self.fields, elsewhere: [("a card", cardFields)], diagnostics: &diagnostics)
        else { return nil }
        let stated = fields.id(of: file, kind: "deck", diagnostics: &diagnostics)
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: <the deck's name>`")
        var cards: [Deck.Card] = []
        if let items = fields.list("cards", diagnostics: &diagnostics) {
            for item in items {
                guard
                    let card = FieldReader(
                        item, what: "a card", allowed: cardFields, elsewhere: [("a deck", Self.fields)], diagnostics: &diagnostics)
                else { continue }
                let front = card.string("front", required: true, diagnostics: &diagnostics, help: "add `front: <the word or question>`")
                let back = card.string("back", required: true, diagnostics: &diagnostics, help: "add `back: <the meaning or answer>`")
                if let front, let back { cards.append(.init(front: front, back: back)) }
            }
            if items.isEmpty {
                diagnostics.error(
                    .deckEmpty, at: fields.location(of: "cards")!, "this deck has no cards", help: "add cards as `- front: ...` with `back: ...` under `cards:`"
                )
            }
        } else if fields.isEmpty("cards"), let at = fields.keyLocation(of: "cards") {
            diagnostics.error(
                .deckEmpty, at: at, "`cards:` has nothing under it, so this deck has no cards",
                help: "write each card under `cards:`, indented, as `- front: ...` with `back: ...` on the next line")
        } else if !fields.has("cards"), !fields.misspelt.contains("cards") {
            diagnostics.error(.deckEmpty, at: root.location, "this deck has no `cards`", help: "add `cards:` with `- front: ...` and `back: ...` for each card")
        }
        guard let (id, idLocation) = stated, let title else { return nil }
        return ParsedDeck(deck: Deck(id: id, title: title, cards: cards), idLocation: idLocation)
    }

    /// The TXT format: the first line is the title, then a front line and a back line per
    /// card; blank lines between cards are allowed.
    static func parseText(_ file: SourceFile, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        let id = idFromName(file)
        guard Identifier.check(id, kind: "deck", at: .startOf(file.path), diagnostics: &diagnostics) else { return nil }
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            (number: $0.offset + 1, text: String($0.element.withoutTrailingSpacesAndTabs))
        }
        while let first = lines.first, first.text.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.text.isEmpty { lines.removeLast() }
        guard let titleLine = lines.first else {
            diagnostics.error(
                .deckEmpty, at: .startOf(file.path), "this deck file is empty",
                help: "write the deck's title on the first line, then each card's front and back on two lines")
            return nil
        }
        var cards: [Deck.Card] = []
        var pendingFront: (number: Int, text: String)?
        for line in lines.dropFirst() {
            if line.text.isEmpty {
                if let front = pendingFront {
                    diagnostics.error(
                        .deckFrontWithoutBack, at: SourceLocation(file: file.path, line: front.number, column: 1),
                        "the card \"\(front.text)\" has a front but no back: the next line is blank",
                        help: "write the back of the card on the line right after its front")
                    pendingFront = nil
                }
                continue
            }
            if let front = pendingFront {
                cards.append(.init(front: front.text, back: line.text))
                pendingFront = nil
            } else {
                pendingFront = line
            }
        }
        if let front = pendingFront {
            diagnostics.error(
                .deckFrontWithoutBack, at: SourceLocation(file: file.path, line: front.number, column: 1),
                "the card \"\(front.text)\" has a front but no back: it is the last line of the file",
                help: "write the back of the card on the next line, or remove this line")
        }
        if cards.isEmpty, !diagnostics.all.contains(where: { $0.code == .deckFrontWithoutBack && $0.location.file == file.path }) {
            diagnostics.error(
                .deckEmpty, at: SourceLocation(file: file.path, line: titleLine.number, column: 1), "this deck has a title but no cards",
                help: "after the title line, write each card's front and back on two lines")
        }
        return ParsedDeck(deck: Deck(id: id, title: titleLine.text, cards: cards), idLocation: .startOf(file.path))
    }
}

extension DiagnosticCode {
    public static let deckFrontWithoutBack = DiagnosticCode("deck-front-without-back", .error, .decks)
    public static let deckEmpty = DiagnosticCode("deck-empty", .error, .decks)
}
