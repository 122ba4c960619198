import ArgumentParser
import FolioCompiler
import FolioCore
import Foundation

/// Options shared by the commands that read a content folder.
struct ContentOptions: ParsableArguments {
    @Argument(help: "The content folder.")
    var content: String = "Content"

    @Flag(help: "Include chapters marked `draft: true`.")
    var drafts = false

    @Option(help: "How to print problems: `text` for people, `json` for pipelines.")
    var format: OutputFormat = .text
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The exit codes every command uses, as documented in the README.
enum ExitStatus {
    static let contentErrors = ExitCode(1)
    static let usageOrFiles = ExitCode(2)
}

/// Compiles and prints diagnostics the same way for `check` and `build`.
struct Reporter {
    let options: ContentOptions

    func compile() throws -> Compiler.Result {
        let compiler = Compiler(
            contentFolder: URL(fileURLWithPath: options.content), options: .init(includeDrafts: options.drafts))
        do {
            return try compiler.compile()
        } catch let failure as ToolFailure {
            printError(failure.description)
            throw ExitStatus.usageOrFiles
        }
    }

    func report(_ result: Compiler.Result) {
        let renderer = DiagnosticRenderer(contentFolderDisplay: options.content, useColor: Terminal.colorOnStandardError)
        switch options.format {
        case .json:
            print(renderer.json(result.diagnostics, sources: result.sources), terminator: "")
        case .text:
            FileHandle.standardError.write(Data(renderer.text(result.diagnostics, sources: result.sources).utf8))
        }
    }

    func printError(_ message: String) {
        let label = Terminal.colorOnStandardError ? "\u{1B}[1;31merror\u{1B}[0m" : "error"
        FileHandle.standardError.write(Data("\(label): \(message)\n".utf8))
    }
}

/// What the terminal can show.
enum Terminal {
    /// Colour only on a terminal and only when `NO_COLOR` is not set (no-color.org).
    static var colorOnStandardError: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(2) == 1
    }

    /// The same, for what a command prints on standard output.
    static var colorOnStandardOutput: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(1) == 1
    }
}
