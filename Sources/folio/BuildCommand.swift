import ArgumentParser
import FolioAuthoring
import FolioBundle
import FolioClient
import FolioCompiler
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
        // The same inputs as the build that wrote the output: it is already what this
        // build would write, so nothing is written and its messages are said again.
        let outputURL = URL(fileURLWithPath: output)
        let record = BuildRecord.load(for: outputURL)
        // The content folder as the compiler reads it, for the record too.
        let content = URL(fileURLWithPath: reporter.folder.path).standardizedFileURL
        // With a record to compare with, the inputs are read first, mostly by their
        // status. Without one (or with --rebuild), nothing is compared, so the build
        // records what its compiler reads, as it reads it: the content is read once.
        let recorder =
            rebuild || record == nil ? RecordingContentSource(root: content) : nil
        var inputs =
            recorder != nil
            ? nil
            : try? BuildInputs.read(
                folder: content, options: recordOptions(output: output), previous: record?.inputs)
        PhaseTimer.shared.mark("inputs")
        if !rebuild, let inputs, let record, inputs.sameBuild(as: record.inputs), record.outputsAreIntact(in: outputURL) {
            print(record.standardOutput, terminator: "")
            reporter.printToStandardError(record.standardError)
            if options.format == .json { MachineRun.printedDocument = true }
            return
        }
        // Only chapters' texts changed: only they are compiled and written again.
        if !rebuild, signingKey == nil, options.format != .json, let inputs, let record {
            let edit: TextEditBuild.Outcome?
            do {
                edit = try TextEditBuild(folder: content, output: outputURL, inputs: inputs, record: record)
                    .run(builtLine: { Self.builtLine($0, output: output) }, quiet: options.quiet)
            } catch let failure as ToolFailure {
                reporter.printError(failure.description)
                throw ExitStatus.usageOrFiles
            }
            if let edit {
                // In the order a whole build says them: the messages, what it left alone
                // beside the output, what it built.
                print(edit.standardOutput, terminator: "")
                reporter.printToStandardError(edit.messages)
                edit.notes.forEach { reporter.printWarning($0) }
                reporter.printToStandardError(edit.built)
                BuildRecord.write(
                    inputs: inputs, output: outputURL, standardOutput: edit.standardOutput, standardError: edit.messages + edit.built,
                    baseline: record.baseline, changing: (record.outputs, edit.changedOutputs))
                PhaseTimer.shared.mark("record")
                return
            }
        }
        // What the last build published, to tell which saved progress this one would drop.
        var published = PublishedBundle.identities(at: URL(fileURLWithPath: output + "/bundle"))
        // The chapters' text waits for the outputs in a file beside them, not in memory.
        let shelf = ScratchShelf(in: outputURL.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent())
        var result = try reporter.compile(against: published, keepingTextBaseline: true, content: recorder, shelf: shelf)
        // A text the shelf could not give back was read as empty: the messages about it
        // would be wrong, so the failure is said instead.
        do { try shelf?.checkEveryTextWasRead() } catch let failure as ToolFailure {
            reporter.printError(failure.description)
            throw ExitStatus.usageOrFiles
        }
        if let recorder { inputs = recorder.inputs(options: recordOptions(output: output)) }
        // The text of every content file is needed from here on only to quote the lines
        // of messages: the rest is let go before the outputs are written.
        result.sources = result.sources.quoted(by: result.diagnostics.all)
        // Of what was published, only the decks are read after the check (CardPlaces).
        published?.quizzes = []
        // A clean build says what it built; "no problems" would only repeat it. The JSON
        // document waits for the output to be written, so that it can say if it was not.
        let json = options.format == .json
        let messages = reporter.rendered(result)
        if !result.diagnostics.all.isEmpty, !json { reporter.report(result) }
        // Under --strict, warnings are errors, though the program was compiled.
        guard !result.diagnostics.hasErrors, let program = result.program else {
            if json { reporter.report(result) }
            throw ExitStatus.contentErrors
        }
        // Held once, and let go as the outputs are written, before the record is made.
        result.program = nil
        do {
            let places = CardPlaces.version1(published: published, previousSite: URL(fileURLWithPath: output + "/site"), program: program)
            BuildRecord.remove(for: outputURL)
            var driver = BuildDriver(renderers: Self.outputs(version1Places: places, signingKey: signingKey), progress: reporter.progress)
            driver.shelf = shelf
            let built: String
            let released: LettingGo
            do {
                (built, released) = try Self.writeOutputs(consume program, driver: &driver, output: output)
            } catch {
                driver.notes.forEach { reporter.printWarning($0) }
                throw error
            }
            reporter.progress?.clear()
            driver.notes.forEach { reporter.printWarning($0) }
            if json { reporter.report(result) }
            if options.format != .json, !options.quiet { FileHandle.standardError.write(Data(built.utf8)) }
            // A build that warned about progress saved with the bundle it replaced is not
            // recorded: the next build compares with this build's bundle, and would not
            // say it again.
            if let inputs, !result.diagnostics.all.contains(where: { $0.code == .progressDropped }) {
                let shownErrors = result.diagnostics.all.isEmpty || json ? "" : messages.standardError
                BuildRecord.write(
                    inputs: inputs, output: outputURL, standardOutput: messages.standardOutput,
                    standardError: shownErrors + (json || options.quiet ? "" : built), baseline: result.textBaseline?.lines ?? [])
            }
            released.wait()
            PhaseTimer.shared.mark("record")
        } catch let failure as ToolFailure {
            reporter.progress?.clear()
            reporter.printError(failure.description)
            if json { reporter.report(result, failure: .init(kind: "file", message: failure.description, command: "folio build", exitCode: 2)) }
            throw ExitStatus.usageOrFiles
        }
    }

    /// Builds `program` into `output`; returns the line that says what was built, and
    /// the program, being let go on another core while the build record is made.
    static func writeOutputs(_ program: consuming CompiledProgram, driver: inout BuildDriver, output: String) throws -> (String, LettingGo) {
        let made = try driver.build(program, into: URL(fileURLWithPath: output))
        let line = builtLine(program, output: output, bundleHash: made.first { $0.folder == "bundle" }?.fingerprint ?? "")
        return (line, LettingGo(consume program))
    }

    /// What `folio build` writes: the bundle for apps and its archive, then the site
    /// (whose offline cache is versioned by the bundle's hash).
    static func outputs(version1Places: [String: [String?]]?, signingKey: BundleSigningKey? = nil) -> [any OutputRenderer] {
        [BundleRenderer(signingKey: signingKey, signedAt: signingTime()), BundleArchiveRenderer(), SiteOutput(version1Places: version1Places)]
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
    static func builtLine(_ program: CompiledProgram, output: String, bundleHash: String) -> String {
        builtLine(chapters: program.chapters.count, quizzes: program.quizzes.count, decks: program.decks.count, output: output, bundleHash: bundleHash)
    }

    /// The same line from the bundle's manifest.
    static func builtLine(_ manifest: Manifest, output: String) -> String {
        builtLine(
            chapters: manifest.chapters.count, quizzes: manifest.quizzes.count, decks: manifest.decks.count, output: output, bundleHash: manifest.bundleHash)
    }

    static func builtLine(chapters: Int, quizzes: Int, decks: Int, output: String, bundleHash: String) -> String {
        let counts = [count(chapters, "chapter", "chapters"), count(quizzes, "quiz", "quizzes"), count(decks, "deck", "decks")]
        return "built \(counts.joined(separator: ", ")) into \(output) (bundle \(bundleHash.prefix(12)))\n"
    }

    /// What, besides the content, decides the bytes a build writes and what it prints.
    func recordOptions(output: String) -> [String] {
        [
            "content=\(options.content)", "output=\(output)", "drafts=\(options.drafts)", "strict=\(options.strict)", "format=\(options.format)",
            "quiet=\(options.quiet)", "colour=\(Terminal.colorOnStandardError)",
            "sign=" + (sign.flatMap { FileManager.default.contents(atPath: $0) }.map(FileDigest.sha256) ?? "none"),
        ]
    }

    /// "1 chapter", "2 chapters".
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}

/// A compiled program let go on another thread: at 10,000 chapters it is millions of
/// values, and freeing them took a tenth of a second on one core at the end of a build
/// whose other core was idle. ``wait()`` returns once it is gone.
final class LettingGo: @unchecked Sendable {
    // Touched only by the thread that lets it go, once it has been handed over.
    private var program: CompiledProgram?
    private let gone = DispatchSemaphore(value: 0)

    init(_ program: consuming CompiledProgram) {
        self.program = consume program
        DispatchQueue.global().async {
            self.program = nil
            self.gone.signal()
        }
    }

    func wait() { gone.wait() }
}
