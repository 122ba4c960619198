import ArgumentParser
import FolioAuthoring

/// `folio new quiz`: adds a quiz, and names it in a chapter when asked.
struct NewQuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Add a quiz with an example question.",
        discussion: """
            The quiz's file is quizzes/<id>.yaml. With --chapter, the line `quiz: <id>`
            is added to that chapter's front matter, after its title (and its summary,
            if it has one), so the quiz ends the chapter; a chapter that already names
            a quiz is left as it is, and the command refused.

            Examples:
              folio new quiz "Safe online"          makes quizzes/safe-online.yaml
              folio new quiz "Safe online" --chapter life-online
                                                    and ends the chapter life-online
                                                    with it
              folio new quiz "Test your knowledge" --id friendship-quiz
            """)

    @OptionGroup var options: NewOptions

    @Option(help: "The id of the chapter this quiz ends; `quiz: <id>` is added to its front matter.")
    var chapter: String?

    func run() throws {
        let (folder, inventory) = try options.folder()
        try options.apply(.quiz, in: folder) { () throws(AuthoringFailure) in
            try NewContent.quiz(title: options.title, id: options.id, chapter: chapter, in: folder, inventory: inventory)
        }
    }
}
