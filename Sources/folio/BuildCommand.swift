import ArgumentParser
import FolioAuthoring
import FolioBuild
import FolioBundle
import FolioClient
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSite
import FolioSystem
import Foundation

/// `folio build`: checks the content, then writes the bundle and the site.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check the content, then write the app bundle and the site.",
        discussion: """
            Writes <output>/bundle (JSON and media for apps), <output>/bundle.zip (the
            bundle in one file, for an app's first download) and <output>/site (HTML). The
            output is replaced as a whole only when the build succeeds: a build with errors
            (or warnings, with --strict) leaves the previous output as it was. Against the
            bundle already in <output>, it warns about edits that would drop learners'
            saved progress (a new program id; quizzes, questions, choices, decks or cards
            removed or given new ids), so --strict stops them. On a terminal, a line
            shows how far a long build has got; it is never printed into a pipe or a
            file, nor with --quiet.

            Exit codes: 0 built (warnings allowed), 1 the content has errors (or warnings,
            with --strict) and nothing was written, 2 a usage or file problem.

            Examples:
              folio build                            build ./Content into ./Output
              folio build --output Preview           build into another folder
              folio build "Summer Camp"              build another program
              folio build --strict --quiet           for pipelines: any warning fails it
              folio build --format github            problems as GitHub Actions annotations
              folio build --timings                  how long each phase took
              folio build --sign keys/program.key    sign the bundle (see `folio keygen`)
              folio build --no-facilitator-guide     leave out Output/facilitator
            """)

    @OptionGroup var options: ContentOptions

    @Option(
        name: .shortAndLong,
        help: "The output folder (default: Output; ../Output when the content folder is this folder, as the output cannot be inside it).")
    var output: String?

    @Flag(help: "Print how long each phase of the build took.")
    var timings = false

    @Flag(help: "Build everything again, even when the content and options are those the output was built from.")
    var rebuild = false

    @Flag(
        name: .customLong("facilitator-guide"), inversion: .prefixedNo,
        help: "Write the facilitator's guide (Output/facilitator), which no learner page links to.")
    var facilitatorGuide = true

    @Option(
        help: ArgumentHelp(
            "Sign the bundle's manifest with this key file (made by `folio keygen`), for apps that accept only signed bundles.",
            valueName: "key-file"))
    var sign: String?

    func run() throws {
        PhaseTimer.shared.enabled = timings
        defer { if timings { FileHandle.standardError.write(Data(PhaseTimer.shared.report.utf8)) } }
        let reporter = try Reporter(options: options, example: "folio build MyProgram")
        let output = self.output ?? ContentFolder(reporter.folder.path).defaultBuildOutput
        try Self.checkApart(content: reporter.folder.path, output: output)
        let signingKey = try sign.map { try Self.signingKey($0, content: reporter.folder.path, output: output) }
        let json = options.format == .json
        var action = BuildAction(
            content: URL(fileURLWithPath: reporter.folder.path), output: URL(fileURLWithPath: output), options: recordOptions(output: output),
            renderers: StandardOutputs.renderers(
                signingKey: signingKey, signedAt: signingKey == nil ? nil : Self.signingTime(), facilitatorGuide: facilitatorGuide))
        action.rebuild = rebuild
        // A JSON document is written once the output is: a short way, which says again
        // what the last build said, would not know whether it was.
        action.mayTakeShortWay = !json
        action.progress = reporter.progress
        let outcome: BuildAction.Outcome
        do {
            outcome = try action.run(host: Host(reporter: reporter, output: output))
        } catch let errors as BuildAction.ContentErrors {
            if json { reporter.report(errors.result) }
            throw ExitStatus.contentErrors
        } catch let failure as BuildFailure {
            reporter.progress?.clear()
            failure.notes.forEach { reporter.printWarning($0) }
            guard let tool = failure.underlying as? ToolFailure else { throw failure.underlying }
            reporter.printError(tool.description)
            if json, let result = failure.result {
                reporter.report(result, failure: .init(kind: "file", message: tool.description, command: "folio build", exitCode: 2))
            }
            throw ExitStatus.usageOrFiles
        } catch let failure as ToolFailure {
            reporter.progress?.clear()
            reporter.printError(failure.description)
            throw ExitStatus.usageOrFiles
        }
        reporter.progress?.clear()
        switch outcome.way {
        case .unchanged, .chapterTexts:
            // What the last build said, in the order a whole build says it: the messages,
            // what it left alone beside the output, what it built.
            print(outcome.messages.standardOutput, terminator: "")
            reporter.printToStandardError(outcome.messages.standardError)
            if json { MachineRun.printedDocument = true }
        case .quizzesAndDecks, .whole:
            // The messages were shown once the content was compiled.
            break
        }
        outcome.notes.forEach { reporter.printWarning($0) }
        if json, let result = outcome.result { reporter.report(result) }
        reporter.printToStandardError(outcome.built)
    }

    /// How `folio build` compiles and shows messages, for the build's action.
    struct Host: BuildHost {
        let reporter: Reporter
        let output: String

        var json: Bool { reporter.options.format == .json }

        func compile(against published: PublishedIdentities?, content: (any ContentSource)?, shelf: (any TextShelf)?) throws -> Compiler.Result {
            try reporter.compile(against: published, keepingTextBaseline: true, content: content, shelf: shelf)
        }

        /// Shows the messages as soon as they are known, but for the JSON document, which
        /// waits for the output to be written, so that it can say if it was not. A clean
        /// build says what it built; "no problems" would only repeat it.
        func compiled(_ result: Compiler.Result) -> BuildMessages {
            let messages = reporter.rendered(result)
            if !result.diagnostics.all.isEmpty, !json { reporter.report(result) }
            return BuildMessages(
                standardOutput: messages.standardOutput, standardError: result.diagnostics.all.isEmpty || json ? "" : messages.standardError)
        }

        func builtLine(chapters: Int, quizzes: Int, decks: Int, bundleHash: String) -> String {
            json || reporter.options.quiet
                ? "" : BuildCommand.builtLine(chapters: chapters, quizzes: quizzes, decks: decks, output: output, bundleHash: bundleHash)
        }
    }

    /// The signed manifest's `signedAt`: now, or `SOURCE_DATE_EPOCH` (seconds since
    /// 1970, the reproducible-builds convention) when set, so that a signed build can
    /// be made byte for byte again.
    static func signingTime() -> String {
        let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
        return BundleSignature.timestamp(epoch.map { Date(timeIntervalSince1970: $0) } ?? Date())
    }

    /// Reads the signing key, refusing one kept where it would be published: inside the
    /// output or the content folder.
    static func signingKey(_ path: String, content: String, output: String) throws -> BundleSigningKey {
        let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for (folder, name) in [(output, "output"), (content, "content")] {
            let resolved = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
            if key.hasPrefix(resolved + "/") {
                throw CommandFailure(
                    "the signing key `\(path)` is inside the \(name) folder, where it could be published: move it out (for example to ~/.config/folio/) and keep it out of version control"
                )
            }
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CommandFailure("cannot read the signing key `\(path)`: make one with `folio keygen \(path)`")
        }
        do { return try BundleSigningKey(file: text) } catch { throw CommandFailure("`\(path)`: \(error)") }
    }

    /// Refuses an output folder that is the content folder, inside it (it would be read as
    /// content) or around it (replacing the output would remove the content).
    static func checkApart(content: String, output: String) throws {
        // Through links too: a link named Output may point into the content folder.
        let contentPath = URL(fileURLWithPath: content).standardizedFileURL.resolvingSymlinksInPath().path
        let out = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        if out == contentPath || contentPath.hasPrefix(out + "/") || out.hasPrefix(contentPath + "/") {
            throw ValidationError(
                "the output folder `\(output)` must not be the content folder, inside it, or around it: give another with `--output`, such as a folder beside the content folder"
            )
        }
    }

    /// `built 5 chapters, 5 quizzes, 2 decks into Output (bundle 948353a9618a)`.
    static func builtLine(chapters: Int, quizzes: Int, decks: Int, output: String, bundleHash: String) -> String {
        let counts = [count(chapters, "chapter", "chapters"), count(quizzes, "quiz", "quizzes"), count(decks, "deck", "decks")]
        return "built \(counts.joined(separator: ", ")) into \(output) (bundle \(bundleHash.prefix(12)))\n"
    }

    /// What, besides the content and the renderers' own options (the signing key's),
    /// decides the bytes a build writes and what it prints.
    func recordOptions(output: String) -> [String] {
        [
            "content=\(options.content)", "output=\(output)", "drafts=\(options.drafts)", "strict=\(options.strict)", "format=\(options.format)",
            "quiet=\(options.quiet)", "colour=\(Terminal.colorOnStandardError)", "facilitator-guide=\(facilitatorGuide)",
        ]
    }

    /// "1 chapter", "2 chapters".
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
