import ArgumentParser
import Foundation

/// `folio`: checks learning content written in Markdown and YAML and builds it into a
/// bundle for apps and a static site.
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Check and build learning content written in Markdown and YAML; import Moodle quizzes.",
        discussion: """
            Exit codes: 0 no errors (warnings allowed), 1 the content has errors, 2 a usage or file problem.
            """,
        subcommands: [
            CheckCommand.self, BuildCommand.self, ServeCommand.self, ExplainCommand.self, QuizCommand.self, StudyCommand.self,
            ProgressCommand.self, GradeCommand.self, ImportCommand.self,
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
    Folio.exit(withError: error)
}
