import ArgumentParser
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import Foundation

/// Options shared by the commands that read a content folder.
struct ContentOptions: ParsableArguments {
    @Argument(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    @Flag(help: "Include chapters marked `draft: true`.")
    var drafts = false

    @Option(help: "How to print problems: `text` for people; `json`, or `github` (GitHub Actions annotations), for pipelines.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Count warnings as errors: they fail the run (exit code 1), and `build` writes nothing.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print the problems alone: no summary, no \"no problems\" or \"built\" line, no progress line.")
    var quiet = false
}

/// How `check`, `build` and `import` print problems.
enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable {
    /// Messages with the line and a caret, on standard error.
    case text
    /// One JSON document on standard output.
    case json
    /// GitHub Actions workflow commands (`::error file=...`) on standard output.
    case github
}

/// How `progress` prints its table.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// The exit codes every command uses, as documented in docs/commands.md.
enum ExitStatus {
    static let contentErrors = ExitCode(1)
    static let usageOrFiles = ExitCode(2)
}

/// Compiles and prints diagnostics the same way for `check` and `build`.
struct Reporter {
    let options: ContentOptions
    /// The content folder, found from `options.content`.
    let folder: ProgramFolder
    /// The progress line, on a terminal only.
    let progress: ProgressLine?

    /// `example` shows how the command is given a content folder, for the message that
    /// says there is none (`folio check MyProgram`).
    init(options: ContentOptions, example: String) throws {
        self.options = options
        folder = try ProgramFolder.find(options.content, example: example)
        progress = ProgressLine.forRun(quiet: options.quiet)
    }

    /// The compiled content, with warnings made errors under `--strict`; with
    /// `published`, the ids of the bundle published before, edits that would drop
    /// learners' saved progress are warned about. The progress line is cleared before
    /// this returns, so that problems print on lines of their own.
    /// Compiles the content folder, read through `content` when given (a source that
    /// reads the same folder).
    func compile(
        against published: PublishedIdentities? = nil, keepingTextBaseline: Bool = false, content: (any ContentSource)? = nil,
        shelf: (any TextShelf)? = nil
    ) throws -> Compiler.Result {
        let settings = Compiler.Options(
            includeDrafts: options.drafts, published: published, keepsTextBaseline: keepingTextBaseline, textShelf: shelf)
        let compiler =
            content.map { Compiler(content: $0, options: settings, progress: progress) }
            ?? Compiler(contentFolder: URL(fileURLWithPath: folder.path), options: settings, progress: progress)
        defer { progress?.clear() }
        do {
            var result = try compiler.compile()
            if options.strict { result.diagnostics = result.diagnostics.warningsAsErrors }
            return result
        } catch let failure as ToolFailure {
            printError(failure.description)
            throw ExitStatus.usageOrFiles
        }
    }

    /// Prints the diagnostics in the chosen format; `--quiet` leaves out the summary
    /// line, which is all a run without problems would print.
    func report(_ result: Compiler.Result, failure: MachineOutput.Failure? = nil) {
        let messages = rendered(result, failure: failure)
        print(messages.standardOutput, terminator: "")
        printToStandardError(messages.standardError)
        if options.format == .json { MachineRun.printedDocument = true }
    }

    /// The diagnostics as `report` prints them, on each stream.
    func rendered(_ result: Compiler.Result, failure: MachineOutput.Failure? = nil) -> (standardOutput: String, standardError: String) {
        let renderer = DiagnosticRenderer(contentFolderDisplay: folder.path, useColor: Terminal.colorOnStandardError)
        let diagnostics = result.diagnostics
        switch options.format {
        case .json:
            return (renderer.json(diagnostics, sources: result.sources, failure: failure), "")
        case .github:
            let summary = DiagnosticRenderer.summary(errors: diagnostics.errorCount, warnings: diagnostics.warningCount) + "\n"
            return (renderer.github(diagnostics), options.quiet ? "" : summary)
        case .text:
            return ("", renderer.text(diagnostics, sources: result.sources, summary: !options.quiet))
        }
    }

    func printError(_ message: String) {
        MachineRun.lastError = message
        let label = Terminal.colorOnStandardError ? "\u{1B}[1;31merror\u{1B}[0m" : "error"
        printToStandardError("\(label): \(message)\n")
    }

    /// A warning about the tool's own files (not the content), as `warning: ...`.
    func printWarning(_ message: String) {
        let label = Terminal.colorOnStandardError ? "\u{1B}[1;33mwarning\u{1B}[0m" : "warning"
        printToStandardError("\(label): \(message)\n")
    }

    func printToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
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
