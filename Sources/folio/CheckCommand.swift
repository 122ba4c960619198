import ArgumentParser
import FolioCore

/// `folio check`: reads and checks the content, writes nothing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the content folder and report every problem.",
        discussion: """
            Examples:
              folio check                 check ./Content
              folio check MyProgram       check another folder
              folio check --format json   problems as JSON, for pipelines
            """)

    @OptionGroup var options: ContentOptions

    func run() throws {
        let reporter = Reporter(options: options)
        let result = try reporter.compile()
        reporter.report(result)
        if result.diagnostics.hasErrors { throw ExitStatus.contentErrors }
    }
}
