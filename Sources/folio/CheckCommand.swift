import ArgumentParser
import FolioBundle
import FolioCore
import FolioModel
import Foundation

/// `folio check`: reads and checks the content, writes nothing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the content folder and report every problem.",
        discussion: """
            On a terminal, a line shows how far the check of a large program has got.
            With --against and a bundle published before, it also warns about edits that
            would drop learners' saved progress, as folio build does against its output.

            Exit codes: 0 no errors (warnings allowed), 1 the content has errors (or
            warnings, with --strict), 2 a usage or file problem.

            Examples:
              folio check                    check ./Content
              folio check "Summer Camp"      check another folder
              folio check --strict --quiet   for pipelines: any warning fails it
              folio check --format json      problems as JSON, for pipelines
              folio check --format github    problems as GitHub Actions annotations
              folio check --against Output/bundle --strict
            """)

    @OptionGroup var options: ContentOptions

    @Option(help: "A published bundle to compare with: edits that would drop learners' saved progress are warned about.")
    var against: String?

    func run() throws {
        let reporter = try Reporter(options: options, example: "folio check MyProgram")
        var published: PublishedIdentities?
        if let against {
            guard let read = PublishedBundle.identities(at: URL(fileURLWithPath: against)) else {
                reporter.printError("there is no Folio bundle at `\(against)` to compare with: give the `bundle` folder of a build, such as `Output/bundle`")
                throw ExitStatus.usageOrFiles
            }
            published = read
        }
        let result = try reporter.compile(against: published)
        reporter.report(result)
        if result.diagnostics.hasErrors { throw ExitStatus.contentErrors }
    }
}
