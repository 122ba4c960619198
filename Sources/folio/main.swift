import ArgumentParser
import Foundation

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
        subcommands: [
            InitCommand.self, NewCommand.self, CheckCommand.self, BuildCommand.self, ServeCommand.self, ExplainCommand.self,
            QuizCommand.self, StudyCommand.self, ProgressCommand.self, GradeCommand.self, ImportCommand.self, PinIDsCommand.self, KeygenCommand.self,
            SyncCommand.self,
        ])
}

/// A command that runs as a long-lived service (`folio serve`).
protocol AsynchronousCommand {
    func runAsynchronously() async throws
}

// Usage mistakes exit with 2, like file problems, rather than the parser's default 64,
// so that pipelines need to know only three codes.
do {
    var command = try Folio.parseAsRoot()
    if let asynchronous = command as? AsynchronousCommand {
        try await asynchronous.runAsynchronously()
    } else {
        try command.run()
    }
} catch {
    if let failure = error as? CommandFailure {
        FileHandle.standardError.write(Data("error: \(failure.description)\n".utf8))
        exit(2)
    }
    let code = Folio.exitCode(for: error)
    if code == .validationFailure {
        FileHandle.standardError.write(Data((Folio.fullMessage(for: error) + "\n").utf8))
        exit(2)
    }
    // Anything else is a file or system problem that no command turned into a message
    // of its own (say, a progress file that cannot be read): 2, not the parser's 1,
    // which means content errors.
    if code == .failure, !(error is ExitCode) {
        FileHandle.standardError.write(Data("error: \(Folio.message(for: error))\n".utf8))
        exit(2)
    }
    Folio.exit(withError: error)
}
