import ArgumentParser

/// `folio`: checks learning content written in Markdown and YAML and builds it into a
/// bundle for apps and a static site.
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Check and build learning content written in Markdown and YAML.",
        discussion: """
            Exit codes: 0 no errors (warnings allowed), 1 the content has errors, 2 a usage or file problem.
            """,
        subcommands: [CheckCommand.self, BuildCommand.self])
}

Folio.main()
