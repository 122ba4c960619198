import ArgumentParser
import FolioBuild
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
            this computer can open it; with --lan, a phone on the same network too, from
            the address and QR code it prints). Every time a file in the content folder is
            saved, the site is rebuilt and open pages reload by themselves. While the
            content has errors, the browser shows them (file, line, message and how to fix
            it) instead of the site, and so does the terminal. Nothing is written to the
            output folder: use `folio build` for that.

            Examples:
              folio serve                     preview ./Content at http://127.0.0.1:8080/
              folio serve "Summer Camp" --port 9000
              folio serve --drafts            include chapters marked `draft: true`
              folio serve --lan               open it on a phone on the same Wi-Fi too
            """)

    @Argument(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    @Option(help: "The port to serve on.")
    var port: Int = 8080

    @Flag(help: "Include chapters marked `draft: true`.")
    var drafts = false

    @Flag(help: "Print how long each phase of every rebuild takes.")
    var timings = false

    @Flag(
        help: ArgumentHelp(
            "Serve on this computer's local network too, to open the preview on a phone: prints its address and a QR code.",
            discussion: "Anyone on the network can open the preview while it runs."))
    var lan = false

    @Option(help: ArgumentHelp("Serve on this address of this computer instead of 127.0.0.1 (0.0.0.0: every address).", valueName: "ADDRESS"))
    var bind: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be a number from 0 to 65535") }
        if lan, bind != nil { throw ValidationError("give `--lan` or `--bind`, not both") }
    }

    /// Where to listen: 127.0.0.1 unless asked; never an address that is not this computer's.
    func serveAddress() throws -> ServeAddress {
        guard lan || bind != nil, bind?.lowercased() != "localhost" else { return .loopback }
        let addresses = ComputerAddresses.all()
        let lanAddress = ComputerAddresses.forLAN(among: addresses)
        guard let bind else {
            guard let lanAddress else {
                throw CommandFailure("this computer has no address on a network (only 127.0.0.1): connect it to the Wi-Fi, then try again")
            }
            return .everyAddress(network: lanAddress, of: addresses)
        }
        let everyAddress = ["0.0.0.0", "::"]
        guard everyAddress.contains(bind) || addresses.contains(where: { $0.lowercased() == bind.lowercased() }) else {
            throw CommandFailure(
                "`\(bind)` is not an address of this computer; its addresses are \(addresses.joined(separator: ", ")) (or 0.0.0.0 for all of them)")
        }
        return .only(bind, lanAddress: lanAddress, of: addresses)
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
            useColor: Terminal.colorOnStandardError, address: try serveAddress(), renderers: StandardOutputs.renderers())
        do {
            try await server.run()
        } catch let failure as ToolFailure {
            throw CommandFailure(failure.description)
        }
    }
}
