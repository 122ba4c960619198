import ArgumentParser
import FolioAuthoring
import Foundation

/// `folio new`: adds a chapter, a quiz or a deck to a program.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Add a chapter, a quiz or a flashcard deck to the program.",
        discussion: """
            Each adds one file, correctly named and ready to check, with notes (lines
            starting with #) that show how it is written. Nothing is ever replaced: an id
            that is already used is refused.

            Exit codes: 0 the file was created, 2 it was refused (the id is used, the
            content folder is missing) or could not be written.

            Examples:
              folio new chapter "Making Friends"   makes chapters/07-making-friends.md
              folio new chapter "Making Friends" --with-quiz
                                                   and quizzes/making-friends.yaml
              folio new quiz "Safe online" --chapter life-online
                                                   quizzes/safe-online.yaml, which
                                                   ends the chapter life-online
              folio new deck "Kind words"          makes decks/kind-words.yaml
            """,
        subcommands: [NewChapterCommand.self, NewQuizCommand.self, NewDeckCommand.self])
}

/// The options every `folio new` command takes.
struct NewOptions: ParsableArguments {
    @Argument(help: "The title, in quotes.")
    var title: String

    @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    @Option(help: "The id, which is also the file's name (default: made from the title).")
    var id: String?

    /// The content folder, which must exist, and what is in it.
    func folder() throws -> (ContentFolder, ContentInventory) {
        let folder = ContentFolder(try ProgramFolder.find(content, example: "folio new chapter \"Title\" --content MyProgram").path)
        do {
            return (folder, try ContentInventory.read(folder.url))
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Writes the planned files and says what was made.
    func apply(_ kind: NewContent.Plan.Kind, in folder: ContentFolder, _ plan: () throws(AuthoringFailure) -> NewContent.Plan) throws {
        do {
            let plan = try plan()
            try ContentWriter(folder: folder).apply(plan.change)
            FileHandle.standardError.write(Data(plan.report(kind, folder: folder).utf8))
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
