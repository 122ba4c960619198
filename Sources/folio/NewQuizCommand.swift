import ArgumentParser
import FolioAuthoring

/// `folio new quiz`: adds a quiz, and names it in a chapter when asked.
struct NewQuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Add a quiz with an example question.",
        discussion: """
            The quiz's file is quizzes/<id>.yaml. With --chapter, the line `quiz: <id>` is
            added at the end of that chapter's front matter, so the quiz ends the chapter;
            a chapter that already names a quiz is left as it is, and the command refused.

            Examples:
              folio new quiz "Feelings check"       makes quizzes/feelings-check.yaml
              folio new quiz "Feelings check" --chapter feelings
                                                    and ends the chapter feelings with it
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
