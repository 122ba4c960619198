import ArgumentParser
import FolioAuthoring

/// `folio new deck`: adds a flashcard deck.
struct NewDeckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deck",
        abstract: "Add a flashcard deck with two example cards.",
        discussion: """
            The deck's file is decks/<id>.yaml; the id is made from the title and must not
            be used by another deck.

            Examples:
              folio new deck "Kind words"                makes decks/kind-words.yaml
              folio new deck "Feelings" --id feelings-2
            """)

    @OptionGroup var options: NewOptions

    func run() throws {
        let (folder, inventory) = try options.folder()
        try options.apply(.deck, in: folder) { () throws(AuthoringFailure) in
            try NewContent.deck(title: options.title, id: options.id, in: folder, inventory: inventory)
        }
    }
}
