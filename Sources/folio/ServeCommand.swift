import ArgumentParser
import FolioCompiler
import FolioCore
import FolioServe
import FolioSystem
import Foundation

/// `folio serve`: a live preview of the site while writing.
struct ServeCommand: ParsableCommand, AsynchronousCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site while you write: rebuilt and reloaded on every save.",
        discussion: """
            Builds the content folder and serves its site at http://127.0.0.1:PORT/ (only
            this computer can open it). Every time a file in the content folder is saved,
            the site is rebuilt and open pages reload by themselves. While the content has
            errors, the browser shows them (file, line, message and how to fix it) instead
            of the site, and so does the terminal. Nothing is written to the output folder:
            use `folio build` for that.

            Examples:
              folio serve                     preview ./Content at http://127.0.0.1:8080/
              folio serve "Summer Camp" --port 9000
              folio serve --drafts            include chapters marked `draft: true`
            """)

    @Argument(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    @Option(help: "The port to serve on.")
    var port: Int = 8080

    @Flag(help: "Include chapters marked `draft: true`.")
    var drafts = false

    @Flag(help: "Print how long each phase of every rebuild takes.")
    var timings = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be a number from 0 to 65535") }
    }

    func run() throws {
        // main.swift calls `runAsynchronously()` for this command.
        throw CommandFailure("`folio serve` cannot run here")
    }

    func runAsynchronously() async throws {
        PhaseTimer.shared.enabled = timings
        let folder = try ProgramFolder.find(content, example: "folio serve MyProgram")
        let server = PreviewServer(
            contentFolder: URL(fileURLWithPath: folder.path), contentDisplay: folder.path, port: port, includeDrafts: drafts,
            useColor: Terminal.colorOnStandardError)
        do {
            try await server.run()
        } catch let failure as ToolFailure {
            throw CommandFailure(failure.description)
        }
    }
}
