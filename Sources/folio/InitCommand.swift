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
            a flashcard deck, and media/. Every file has notes that explain how it is
            written; learners never see them.

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
              folio init --github-pages              also write the GitHub Pages workflow
            """)

    @Argument(help: "The folder to create the program in; it must be new or empty.")
    var folder: String = "Content"

    @Option(help: "The program's title (default: the folder's name, or \"My Program\" for Content).")
    var title: String?

    @Flag(
        help: ArgumentHelp(
            "Also write .github/workflows/publish-site.yml, which publishes the site to GitHub Pages on every push (run it in the repository's top folder).",
            discussion: "With a folder that already holds a program, only the workflow is written."))
    var githubPages = false

    func run() throws {
        // Whether the workflow can be written is known before anything is created.
        if githubPages { try checkWorkflow() }
        if githubPages, case .program = FolderContents.of(URL(fileURLWithPath: folder)) {
            return try writeWorkflow()
        }
        try createProgram()
        if githubPages { try writeWorkflow() }
    }

    /// Refuses a folder outside the repository's top folder (the workflow names the
    /// program's folder as it is inside the repository) and a workflow that exists.
    func checkWorkflow() throws {
        guard !folder.hasPrefix("/"), !folder.split(separator: "/").contains("..") else {
            throw CommandFailure(
                "the workflow names the program's folder as it is inside the repository, so run `folio init --github-pages` in the repository's top folder, with the program's folder inside it (such as `Content`)"
            )
        }
        guard !FileManager.default.fileExists(atPath: PublishingWorkflow.path) else {
            throw CommandFailure(
                "`\(PublishingWorkflow.path)` already exists, and `folio init` never replaces a file: remove it first to write it again")
        }
    }

    /// The publishing workflow, for the program in `folder`; never over an existing file.
    func writeWorkflow() throws {
        let path = PublishingWorkflow.path
        let content = folder == "." || folder.isEmpty ? "." : folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        do {
            try FileManager.default.createDirectory(atPath: ".github/workflows", withIntermediateDirectories: true)
            try Data(PublishingWorkflow.text(content: content).utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            // A build run by hand in the program's folder writes ../Output, which is in the
            // repository when the program's folder is: keep it out of what is committed.
            if !FileManager.default.fileExists(atPath: ".gitignore") {
                try Data(PublishingWorkflow.gitignore.utf8).write(to: URL(fileURLWithPath: ".gitignore"), options: .withoutOverwriting)
            }
        } catch {
            throw CommandFailure("cannot write `\(path)`: \(error.localizedDescription)")
        }
        FileHandle.standardError.write(
            Data(
                """
                Wrote \(path), which publishes the site to GitHub Pages.
                Before it first runs:
                  1. put Folio's Linux archive (folio-<version>-linux-x86_64.tar.gz) in tools/ and commit it;
                  2. on GitHub, in Settings > Pages, set Source to "GitHub Actions".
                See docs/publishing.md in Folio's download.

                """.utf8))
    }

    func createProgram() throws {
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
