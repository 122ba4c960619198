import ArgumentParser
import FolioCore
import Foundation

// Linked for its allocator, which takes the C library's place in the whole process
// (Package.swift says why); only told, below, how soon to give memory back.
#if !FOLIO_SYSTEM_MALLOC
    import CJemalloc

    /// Memory freed is given back to the system after a second unused rather than
    /// jemalloc's ten: a build lets go of each file's text and each output's bytes as it
    /// goes, and held for ten seconds they added to a large build's peak, for no time saved
    /// (docs/development.md, "Measured choices").
    private func returnFreedMemorySooner() {
        // The default for arenas made from now on, then each one made already (those
        // not yet in use refuse, and take the default when they are).
        var arenas: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        _ = mallctl("arenas.narenas", &arenas, &size, nil, 0)
        for (setting, milliseconds) in [("dirty_decay_ms", 1000), ("muzzy_decay_ms", 0)] {
            for name in ["arenas.\(setting)"] + (0..<arenas).map({ "arena.\($0).\(setting)" }) {
                var value = milliseconds
                _ = mallctl(name, nil, nil, &value, MemoryLayout<Int>.size)
            }
        }
    }
    returnFreedMemorySooner()
#endif

/// `folio`: checks learning content written in Markdown and YAML and builds it into a
/// bundle for apps and a static site.
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Write, check, preview and build learning content in Markdown and YAML; import Moodle quizzes.",
        discussion: """
            Start a program with `folio init`, write its files, then check and build it.
            Each command has its own help, with examples: `folio help <command>`.

            Examples:
              folio init "Summer Camp"            start a program in the folder Summer Camp
              folio new chapter "Making Friends"  add a chapter to ./Content
              folio check                         check ./Content and list every problem
              folio explain unknown-field         what a problem's code means, and the fix
              folio serve                         preview the site while you write
              folio build                         build ./Content into ./Output
              folio quiz who-am-i                 take a chapter's quiz in the terminal

            Exit codes: 0 no errors (warnings allowed), 1 the content has errors (or
            warnings, with --strict), 2 a usage or file problem: a mistake in the command,
            a missing folder, a file that cannot be read or written. Also 1 when `import`
            left a question out because of a mistake in the GIFT file, or the input of
            `quiz` ended before the quiz did; 130 when `quiz` or `study` is stopped with
            Ctrl-C (`serve` stops with 0).

            Shell completion: once your shell has folio's completion script, Tab
            completes commands, options and file names. To install it:
              bash  folio --generate-completion-script bash \\
                      > ~/.local/share/bash-completion/completions/folio
              zsh   folio --generate-completion-script zsh > ~/.zfunc/_folio
                    and, in ~/.zshrc before `compinit`: fpath+=(~/.zfunc)
              fish  folio --generate-completion-script fish \\
                      > ~/.config/fish/completions/folio.fish
            then open a new terminal.
            """,
        version: FolioVersion.current,
        subcommands: [
            InitCommand.self, NewCommand.self, CheckCommand.self, BuildCommand.self, ServeCommand.self, ExplainCommand.self,
            QuizCommand.self, StudyCommand.self, ProgressCommand.self, GradeCommand.self, ImportCommand.self, PinIDsCommand.self, TranslateCommand.self,
            KeygenCommand.self,
            SyncCommand.self, InsightsCommand.self,
        ])
}

/// A command that runs as a long-lived service (`folio serve`).
protocol AsynchronousCommand {
    func runAsynchronously() async throws
}

/// What this run has said for tools: with `--format json`, a command that cannot run
/// still prints one JSON document (an `error` document) on standard output.
enum MachineRun {
    static let wantsJSON = MachineOutput.requested(in: Array(CommandLine.arguments.dropFirst()))
    /// The last `error:` line a command printed before it gave up with exit code 2.
    nonisolated(unsafe) static var lastError: String?
    /// Whether a command printed its own JSON document (the problems found).
    nonisolated(unsafe) static var printedDocument = false

    static func fail(_ kind: String, _ message: String, command: ParsableCommand.Type) -> Never {
        if wantsJSON, !printedDocument {
            let name = ([Folio.configuration.commandName ?? "folio"] + commandPath(command)).joined(separator: " ")
            print(MachineOutput.error(.init(kind: kind, message: message, command: name, exitCode: 2)), terminator: "")
        }
        exit(2)
    }

    /// The command the arguments name (`new chapter` gives NewChapterCommand), for a
    /// command line the parser refused.
    static func named(by arguments: [String]) -> ParsableCommand.Type {
        var command: ParsableCommand.Type = Folio.self
        for argument in arguments {
            guard let child = command.configuration.subcommands.first(where: { $0.configuration.commandName == argument }) else { break }
            command = child
        }
        return command
    }

    /// `["new", "chapter"]` for NewChapterCommand.
    static func commandPath(_ command: ParsableCommand.Type) -> [String] {
        func search(_ node: ParsableCommand.Type, _ path: [String]) -> [String]? {
            if node == command { return path }
            for child in node.configuration.subcommands {
                if let found = search(child, path + [child.configuration.commandName ?? "\(child)"]) { return found }
            }
            return nil
        }
        return search(Folio.self, []) ?? []
    }
}

// Usage mistakes exit with 2, like file problems, rather than the parser's default 64,
// so that pipelines need to know only three codes.
var parsed: ParsableCommand.Type = MachineRun.named(by: Array(CommandLine.arguments.dropFirst()))
do {
    var command = try Folio.parseAsRoot()
    parsed = type(of: command)
    if let asynchronous = command as? AsynchronousCommand {
        try await asynchronous.runAsynchronously()
    } else {
        try command.run()
    }
} catch {
    if let failure = error as? CommandFailure {
        FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
        MachineRun.fail("file", failure.description, command: parsed)
    }
    let code = Folio.exitCode(for: error)
    if code == .validationFailure {
        // A mistake found once the command was read (the output folder is the content
        // folder) is followed by that command's usage, not the root's.
        // Words the shell split from a folder name with spaces are "unexpected arguments".
        let message = Folio.message(for: error)
        let unexpected = message.lowercased().contains("unexpected argument") ? message.matches(of: /'([^']*)'/).map { String($0.1) } : []
        let hint = ProgramFolder.quotingHint(
            unexpected: unexpected, arguments: Array(CommandLine.arguments.dropFirst()), command: MachineRun.commandPath(parsed))
        let text =
            parsed == Folio.self
            ? Folio.fullMessage(for: error)
            : "Error: \(message)\n" + (hint.map { "Hint: \($0)\n" } ?? "") + "Usage: " + Folio.usageString(for: parsed) + "\n  See 'folio help "
                + MachineRun.commandPath(parsed).joined(separator: " ") + "' for more information."
        FileHandle.standardError.write(Data((text + "\n").utf8))
        MachineRun.fail("usage", Folio.message(for: error), command: parsed)
    }
    // Anything else is a file or system problem that no command turned into a message
    // of its own (say, a progress file that cannot be read): 2, not the parser's 1,
    // which means content errors.
    if code == .failure, !(error is ExitCode) {
        FileHandle.standardError.write(Data("error: \(Folio.message(for: error))\n".utf8))
        MachineRun.fail("file", Folio.message(for: error), command: parsed)
    }
    // A command that printed its own `error:` line and stopped with 2.
    if let exit = error as? ExitCode, exit == ExitStatus.usageOrFiles {
        MachineRun.fail("file", MachineRun.lastError ?? "the command could not run", command: parsed)
    }
    Folio.exit(withError: error)
}
