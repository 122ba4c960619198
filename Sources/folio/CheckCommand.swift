import ArgumentParser
import FolioCore

/// `folio check`: reads and checks the content, writes nothing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the content folder and report every problem.",
        discussion: """
            On a terminal, a line shows how far the check of a large program has got.

            Exit codes: 0 no errors (warnings allowed), 1 the content has errors (or
            warnings, with --strict), 2 a usage or file problem.

            Examples:
              folio check                    check ./Content
              folio check "Summer Camp"      check another folder
              folio check --strict --quiet   for pipelines: any warning fails it
              folio check --format json      problems as JSON, for pipelines
              folio check --format github    problems as GitHub Actions annotations
            """)

    @OptionGroup var options: ContentOptions

    func run() throws {
        let reporter = try Reporter(options: options, example: "folio check MyProgram")
        let result = try reporter.compile()
        reporter.report(result)
        if result.diagnostics.hasErrors { throw ExitStatus.contentErrors }
    }
}
