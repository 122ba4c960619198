import ArgumentParser
import FolioAuthoring
import Foundation

/// `folio init`: starts a new program in a new or empty folder.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new program: a folder of example files to make your own.",
        discussion: """
            Creates a complete program that checks and builds: folio.yaml, welcome.md,
            bill-of-rights.yaml, an example chapter with a video, a picture and a quiz,
            a flashcard deck, and media/. Every file has notes, on lines starting with
            #, that explain how it is written.

            The folder must be new or empty: init never changes an existing program, nor
            any other files. Next, run the commands it prints, in the same folder; or go
            into the program's folder (cd "Summer Camp") and leave its name out.

            The program's title is the folder's name ("My Program" for ./Content), or
            --title. Its id, which learners' saved progress is kept under, is made from
            the title and written in folio.yaml, so the title can change later.

            Exit codes: 0 the program was created, 2 the folder is not new or empty, or
            cannot be written.

            Examples:
              folio init                             create the program in ./Content
              folio init "Summer Camp"               create it in the folder Summer Camp
              folio init --title "Go Grrrls Spring"  its id is then go-grrrls-spring
            """)

    @Argument(help: "The folder to create the program in; it must be new or empty.")
    var folder: String = "Content"

    @Option(help: "The program's title (default: the folder's name, or \"My Program\" for Content).")
    var title: String?

    func run() throws {
        // Inside a program's own folder, a new ./Content would be read instead of it.
        if folder == ProgramFolder.defaultName, (try? ProgramFolder.find(folder, example: ""))?.path == "." {
            throw CommandFailure(
                "this folder already holds a Folio program (it has `folio.yaml`), and `folio init` never changes one. To add to it, use `folio new chapter \"Title\"`"
            )
        }
        let content = ContentFolder(folder)
        do {
            try ContentWriter(folder: content).apply(try ProgramInit.plan(in: content, title: title))
        } catch {
            throw CommandFailure(error.description)
        }
        FileHandle.standardError.write(Data(ProgramInit.report(content).utf8))
    }
}
