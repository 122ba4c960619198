import ArgumentParser
import FolioAuthoring

/// `folio new chapter`: adds the next chapter.
struct NewChapterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chapter",
        abstract: "Add a chapter after the last one.",
        discussion: """
            The chapter's file is chapters/NN-<id>.md: NN is one more than the highest
            chapter number (its `order:`, or the number its file name starts with), so the
            new chapter comes last; the id is made from the title (lower-case letters,
            digits and hyphens, accents dropped) and must not be used by another chapter.

            The new chapter has no quiz: a quiz is not required, and the program checks
            without a problem as it is. With --with-quiz, its quiz is made too, as
            quizzes/<id>.yaml with an example question, and named in the chapter's front
            matter (`quiz: <id>`), so that the quiz ends the chapter. To give the chapter a
            quiz later: folio new quiz "Title" --chapter <id>.

            Examples:
              folio new chapter "Making Friends"   makes chapters/07-making-friends.md
              folio new chapter "Making Friends" --with-quiz
                                                   and quizzes/making-friends.yaml
              folio new chapter "Qui suis-je ?" --id who-am-i-fr
              folio new chapter "Moving On" --content "Summer Camp"
            """)

    @OptionGroup var options: NewOptions

    @Flag(help: "Also create the chapter's quiz, quizzes/<id>.yaml, and name it in the chapter.")
    var withQuiz = false

    func run() throws {
        let (folder, inventory) = try options.folder()
        try options.apply(.chapter, in: folder) { () throws(AuthoringFailure) in
            try NewContent.chapter(title: options.title, id: options.id, withQuiz: withQuiz, in: folder, inventory: inventory)
        }
    }
}
