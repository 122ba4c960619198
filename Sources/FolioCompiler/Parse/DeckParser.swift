import FolioCore
import FolioModel
import FolioSyntax

/// A deck, read, with its location for cross-file rules.
struct ParsedDeck {
    /// Cards that state no id have an empty one until ``DeckRules`` gives them theirs.
    var deck: Deck
    var idLocation: SourceLocation
    /// Where each card is written: its `id`, when it states one, else its first line.
    var cardLocations: [SourceLocation]
    /// The pictures as written, by card position: `image` (checked against the content's
    /// files by ``DeckRules/checkImages(_:files:diagnostics:)``) and `alt`.
    var cardImages: [Int: WrittenCardImage] = [:]
}

/// A card's `image:` and `alt:` as written.
struct WrittenCardImage {
    var path: Stated<String>?
    var alt: Stated<String>?
}

/// Reads flashcard decks, in YAML or in the plain TXT import format.
enum DeckParser {
    static let fields = ["id", "title", "cards"]
    static let cardFields = ["id", "front", "back", "image", "alt"]

    /// `idName` is the name the id comes from when the file's own does not give it (a
    /// translation's).
    static func parse(_ file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        file.path.lowercased().hasSuffix(".txt")
            ? parseText(file, idName: idName, diagnostics: &diagnostics) : parseYAML(file, idName: idName, diagnostics: &diagnostics)
    }

    private static func idFromName(_ file: SourceFile, idName: String? = nil) -> String {
        Identifier.fromFileName(idName ?? String(file.path.split(separator: "/").last!)).id
    }

    static func parseYAML(_ file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        YAMLFile.read(file, diagnostics: &diagnostics) { root, diagnostics in parseYAML(root, of: file, idName: idName, diagnostics: &diagnostics) }
    }

    /// The deck `root` holds, read from `file`.
    static func parseYAML(_ root: YAMLNode, of file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        FormattedTextRules.check(root, fields: FormattedTextRules.deckFields, in: file, diagnostics: &diagnostics)
        guard let fields = FieldReader(root, what: "a deck", allowed: Self.fields, elsewhere: [("a card", cardFields)], diagnostics: &diagnostics)
        else { return nil }
        let stated = fields.id(of: file, kind: "deck", name: idName, diagnostics: &diagnostics)
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: <the deck's name>`")
        var cards: [Deck.Card] = []
        var cardLocations: [SourceLocation] = []
        var pictures: [Int: WrittenCardImage] = [:]
        if let items = fields.list("cards", diagnostics: &diagnostics) {
            for item in items {
                guard
                    let card = FieldReader(
                        item, what: "a card", allowed: cardFields, elsewhere: [("a deck", Self.fields)], diagnostics: &diagnostics)
                else { continue }
                let front = card.string("front", required: true, diagnostics: &diagnostics, help: "add `front: <the word or question>`")
                let back = card.string("back", required: true, diagnostics: &diagnostics, help: "add `back: <the meaning or answer>`")
                var cardID = ""
                if let stated = card.string("id", diagnostics: &diagnostics),
                    Identifier.check(stated, kind: "card", at: card.location(of: "id")!, diagnostics: &diagnostics)
                {
                    cardID = stated
                }
                let image = card.string("image", diagnostics: &diagnostics).map { Stated(value: $0, location: card.location(of: "image")!) }
                let alt = card.string("alt", diagnostics: &diagnostics).map { Stated(value: $0, location: card.location(of: "alt")!) }
                if let front, let back {
                    if image != nil || alt != nil { pictures[cards.count] = WrittenCardImage(path: image, alt: alt) }
                    cards.append(.init(id: cardID, front: front, back: back))
                    cardLocations.append(cardID.isEmpty ? item.location : card.location(of: "id")!)
                }
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
        return ParsedDeck(deck: Deck(id: id, title: title, cards: cards), idLocation: idLocation, cardLocations: cardLocations, cardImages: pictures)
    }

    /// The TXT format: the first line is the title, then the cards in one of two layouts,
    /// told apart by the first card line. With a TAB in it, each line is a card, front
    /// TAB back, as Quizlet and Anki export decks; every card line must then have a TAB.
    /// Without, a front line and a back line per card, blank lines allowed between cards.
    static func parseText(_ file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> ParsedDeck? {
        let id = idFromName(file, idName: idName)
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
        if let firstCard = lines.dropFirst().first(where: { !$0.text.isEmpty }), firstCard.text.contains("\t") {
            return parseTabbed(file, id: id, title: titleLine, lines: lines.dropFirst(), diagnostics: &diagnostics)
        }
        var cards: [Deck.Card] = []
        var cardLocations: [SourceLocation] = []
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
                FormattedTextRules.check(front.text, at: SourceLocation(file: file.path, line: front.number, column: 1), in: file, diagnostics: &diagnostics)
                FormattedTextRules.check(line.text, at: SourceLocation(file: file.path, line: line.number, column: 1), in: file, diagnostics: &diagnostics)
                cards.append(.init(id: "", front: front.text, back: line.text))
                cardLocations.append(SourceLocation(file: file.path, line: front.number, column: 1))
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
        return ParsedDeck(deck: Deck(id: id, title: titleLine.text, cards: cards), idLocation: .startOf(file.path), cardLocations: cardLocations)
    }

    /// Card lines of front TAB back; blank lines are allowed. A TAB after the back is
    /// part of the back (Anki adds columns such as tags after it), so only the first TAB
    /// divides a line.
    private static func parseTabbed(
        _ file: SourceFile, id: String, title: (number: Int, text: String), lines: ArraySlice<(number: Int, text: String)>,
        diagnostics: inout DiagnosticList
    ) -> ParsedDeck? {
        var cards: [Deck.Card] = []
        var cardLocations: [SourceLocation] = []
        for line in lines where !line.text.isEmpty {
            let location = SourceLocation(file: file.path, line: line.number, column: 1)
            guard let tab = line.text.firstIndex(of: "\t") else {
                diagnostics.error(
                    .deckLineWithoutTab, at: location,
                    "this line has no TAB, but this deck's first card line has one, so each line is read as a card: front, TAB, back",
                    help:
                        "put a TAB between this card's front and back; or, to write each card's front and back on two lines, remove the TABs from the whole file"
                )
                continue
            }
            let front = String(line.text[..<tab]).trimmingCharacters(in: .whitespaces)
            let back = String(line.text[line.text.index(after: tab)...]).trimmingCharacters(in: .whitespaces)
            guard !front.isEmpty, !back.isEmpty else {
                diagnostics.error(
                    .deckFrontWithoutBack, at: location,
                    front.isEmpty
                        ? "this card has nothing before its TAB, so it has no front" : "the card \"\(front)\" has nothing after its TAB, so it has no back",
                    help: "write the front, a TAB, then the back, all on this line")
                continue
            }
            // The back is looked for after the TAB, so that one written in the front too is not taken for it.
            let afterTab = SourceLocation(file: file.path, line: line.number, column: line.text[..<tab].unicodeScalars.count + 2)
            FormattedTextRules.check(front, at: location, in: file, diagnostics: &diagnostics)
            FormattedTextRules.check(back, at: afterTab, in: file, diagnostics: &diagnostics)
            cards.append(.init(id: "", front: front, back: back))
            cardLocations.append(location)
        }
        if cards.isEmpty, !diagnostics.all.contains(where: { $0.location.file == file.path && $0.severity == .error }) {
            diagnostics.error(
                .deckEmpty, at: SourceLocation(file: file.path, line: title.number, column: 1), "this deck has a title but no cards",
                help: "after the title line, write each card as its front, a TAB, and its back")
        }
        return ParsedDeck(deck: Deck(id: id, title: title.text, cards: cards), idLocation: .startOf(file.path), cardLocations: cardLocations)
    }
}

extension DiagnosticCode {
    public static let deckFrontWithoutBack = DiagnosticCode("deck-front-without-back", .error, .decks)
    public static let deckEmpty = DiagnosticCode("deck-empty", .error, .decks)
    /// A line without a TAB in a TXT deck whose cards are written front TAB back.
    public static let deckLineWithoutTab = DiagnosticCode("deck-line-without-tab", .error, .decks)
}
