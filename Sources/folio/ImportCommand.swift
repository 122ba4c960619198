import ArgumentParser
import FolioAuthoring
import FolioCore
import FolioImport
import Foundation

/// `folio import`: turns a Moodle GIFT quiz file into a Folio quiz file.
struct ImportCommand: ParsableCommand {
    /// The name, the help text and its examples.
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Moodle quiz (GIFT format) as a Folio quiz.",
        discussion: """
            Writes <content>/quizzes/<id>.yaml and reports, at its line and column, every
            part of the GIFT file that could not be kept as written. Questions Folio has
            no equivalent for (matching, essay) are left out; the others are imported.
            An existing quiz file is never replaced without --force.

            A question with a mistake in its GIFT (an error) is left out too, and the
            others are still written; the command then says which were left out and
            why, and exits with 1, so that a script does not take the import for
            complete.

            Exit codes: 0 every question Folio can express was imported (warnings
            allowed), 1 a question was left out because of an error, or none could be
            imported, 2 a usage or file problem.

            Examples:
              folio import grant.gift                  write Content/quizzes/grant.yaml
              folio import grant.gift --force          replace an earlier import
              folio import grant.gift --format json    problems as JSON, for pipelines
              folio import grant.gift --format github  as GitHub annotations
              folio import week-1.gift --id body-changes --title "Body changes"
            """)

    /// The file to import.
    @Argument(help: "The GIFT file exported from Moodle (usually ending in .gift or .txt).")
    var file: String

    /// The content folder the quiz is written into.
    @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    /// The quiz's id, instead of the one made from the file name.
    @Option(help: "The quiz's id, which is also its file name (default: from the GIFT file's name).")
    var id: String?

    /// The quiz's title, instead of the one made from the file name.
    @Option(help: "The quiz's title (default: from the GIFT file's name).")
    var title: String?

    /// Whether an existing quiz file may be replaced.
    @Flag(help: "Replace the quiz file if it already exists.")
    var force = false

    /// Text for people; JSON or GitHub Actions annotations for pipelines.
    @Option(help: "How to print problems: `text` for people; `json`, or `github` (GitHub Actions annotations), for pipelines.")
    var format: DiagnosticFormat = .text

    /// Rejects an invalid `--id` or an empty `--title` before any file is read.
    func validate() throws {
        if let id, !ImportIdentifier.isValid(id) {
            throw ValidationError(
                "`\(id)` cannot be a quiz id: ids use only lower-case letters, digits and single hyphens; try `\(ImportIdentifier.make(from: id) ?? "my-quiz")`"
            )
        }
        if let title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("the title cannot be empty")
        }
    }

    /// Reads the GIFT file, reports, and writes the quiz unless it would replace one.
    func run() throws {
        let content = try ProgramFolder.find(self.content, example: "folio import grant.gift --content MyProgram").path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        else {
            throw CommandFailure("cannot read the GIFT file `\(file)`: check its name and that you may read it")
        }
        let name = URL(fileURLWithPath: file).lastPathComponent
        let quizID = id ?? ImportIdentifier.quizID(fromFileName: name)
        let folder = URL(fileURLWithPath: content).appendingPathComponent("quizzes")
        let target = folder.appendingPathComponent("\(quizID).yaml")
        let shown = ContentFolder(content).display("quizzes/\(quizID).yaml")
        if !force {
            for existing in ["\(quizID).yaml", "\(quizID).yml"] where FileManager.default.fileExists(atPath: folder.appendingPathComponent(existing).path) {
                let path = ContentFolder(content).display("quizzes/" + existing)
                throw CommandFailure("`\(path)` already exists; give `--force` to replace it, or `--id` to import the quiz under another name")
            }
        }

        let result = GIFTImporter.run(data, path: file, id: quizID, title: title ?? ImportIdentifier.title(fromFileName: name))
        let renderer = DiagnosticRenderer(contentFolderDisplay: "", useColor: Terminal.colorOnStandardError)
        switch format {
        case .json:
            print(renderer.json(result.diagnostics, sources: result.sources), terminator: "")
            MachineRun.printedDocument = true
        case .github:
            print(renderer.github(result.diagnostics), terminator: "")
        case .text where !result.diagnostics.all.isEmpty:
            FileHandle.standardError.write(Data(renderer.text(result.diagnostics, sources: result.sources).utf8))
        case .text:
            break
        }
        guard let yaml = result.yaml else {
            FileHandle.standardError.write(Data("no quiz was written\n".utf8))
            throw ExitStatus.contentErrors
        }
        let replacing = FileManager.default.fileExists(atPath: target.path)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(yaml.utf8).write(to: target, options: .atomic)
        } catch {
            throw CommandFailure("cannot write `\(shown)`: \(error.localizedDescription)")
        }
        var message = Self.summary(result, written: shown, gift: name)
        // A new quiz is shown to learners only once a chapter names it.
        if !replacing { message += "to end a chapter with it, add `quiz: \(quizID)` to the chapter's front matter\n" }
        FileHandle.standardError.write(Data(message.utf8))
        // The quiz is written, but without the questions an error kept out.
        if result.leftOutBecauseOfErrors { throw ExitStatus.contentErrors }
    }

    /// What was imported into the file shown as `written`, and each question left out,
    /// by its line in the GIFT file `gift`, with why.
    static func summary(_ result: GIFTImporter.Result, written: String, gift: String) -> String {
        func count(_ n: Int) -> String { n == 1 ? "1 question" : "\(n) questions" }
        var out = "imported \(count(result.imported)) into \(written)"
        out += result.skipped == 0 ? "\n" : "; \(count(result.skipped)) left out\n"
        let errors = result.skippedQuestions.filter(\.becauseOfError)
        let unsupported = result.skippedQuestions.filter { !$0.becauseOfError }
        if !errors.isEmpty {
            out += "left out because of a mistake in the GIFT file (the errors above):\n"
            for question in errors { out += "  line \(question.line): \(question.reason)\n" }
        }
        if !unsupported.isEmpty {
            out += "left out because Folio has nothing like them (the warnings above):\n"
            for question in unsupported { out += "  line \(question.line): \(question.reason)\n" }
        }
        if !errors.isEmpty {
            out +=
                "fix the mistakes in \(gift), then import it again with `--force` to bring in \(errors.count == 1 ? "that question" : "those questions") too\n"
        }
        return out
    }
}
