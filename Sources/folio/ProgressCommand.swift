import ArgumentParser
import FolioCore
import FolioProgress
import FolioRunner
import Foundation

/// `folio progress`: how the learner is doing, per chapter and deck.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show your progress: quizzes passed, best scores, time spent and your streak.",
        discussion: """
            A quiz counts as passed once an attempt reaches its pass mark (or, for a quiz
            without one, gets every question right). The streak is the number of days in a
            row with some study, ending today or yesterday.

            Examples:
              folio progress                 the table, from Output/bundle
              folio progress --content Content
                                             from ./Content, not from a build
              folio progress --format json   for programs
              folio progress --progress /media/usb/progress.sqlite
              folio progress --learners      the learners with progress here
              folio progress --language es   in Spanish
            """)

    @OptionGroup var program: ProgramOptions
    @OptionGroup var progress: ProgressOptions
    @OptionGroup var language: LanguageOptions

    @Option(help: "`text` for people, `json` for programs.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("Copy this learner's progress file to FILE, to move it to another computer.", valueName: "FILE"))
    var export: String?

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("Add the progress in FILE (made with --export) to this learner's, each record once.", valueName: "FILE"))
    var importFile: String?

    @Flag(help: "List the learners whose progress is on this computer, beside the progress file.")
    var learners = false

    func validate() throws {
        if export != nil, importFile != nil { throw ValidationError("give `--export` or `--import`, not both") }
        if learners, export != nil || importFile != nil || progress.learner != nil {
            throw ValidationError("`--learners` lists every learner: give it without `--learner`, `--export` or `--import`")
        }
    }

    func run() throws {
        if learners { return listLearners() }
        if let export { return try exportProgress(to: export) }
        if let importFile { return try importProgress(from: importFile) }
        let source = try program.load()
        let interface = try language.interface(for: source)
        let summary: ProgressSummary
        let today = StudyStreak.day(of: Date())
        if FileManager.default.fileExists(atPath: progress.path) {
            do {
                summary = try progress.open(for: source).summary(of: source.outline, today: today)
            } catch let error as ProgressError {
                throw CommandFailure(error.description)
            }
        } else {
            // Nothing studied yet: show the empty table without creating a file.
            summary = ProgressStore.emptySummary(of: source.outline)
        }
        switch format {
        case .json:
            print(MachineOutput.document(.progress, summary), terminator: "")
        case .text:
            let console = TerminalConsole()
            console.write(
                ProgressTable(
                    summary: summary, width: console.width, style: console.style, learner: progress.learner,
                    followUpOptions: progress.followUpOptions + language.followUpOptions, interface: interface
                ).text)
            if let (typed, near) = progress.nearLearner {
                let nearCommand = "folio progress" + progress.followUpOptions(learner: near) + language.followUpOptions
                let note = InterfaceText(interface)("progress.near-learner", ["typed": typed, "near": near, "command": nearCommand])
                console.write("\n" + TextLayout(width: console.width, style: console.style).wrap(note, tone: .emphasis))
            }
        }
    }

    /// The learners with a file beside the progress file, by the names their files keep.
    private func listLearners() {
        let files = progress.learnerFiles
        let names = files.names()
        let folder = URL(fileURLWithPath: files.base).deletingLastPathComponent().path
        var lines: [String]
        if names.isEmpty {
            lines = ["No learner has progress of her own in \(folder) yet. Start with --learner NAME on folio quiz or folio study."]
        } else {
            lines = ["Learners with progress in \(folder):"] + names.map { "  " + $0 }
            lines.append("See one's progress with: folio progress\(progress.followUpOptions(learner: nil)) --learner NAME")
        }
        if files.hasUnnamedFile { lines.append("Progress is also kept without a name: folio progress") }
        print(lines.joined(separator: "\n"))
    }

    private func exportProgress(to file: String) throws {
        guard FileManager.default.fileExists(atPath: progress.path) else {
            throw CommandFailure("there is no progress to export yet at `\(progress.path)`")
        }
        do {
            try ProgressStore(path: progress.path).export(to: file)
        } catch let error as ProgressError {
            throw CommandFailure(error.description)
        }
        // The other computer's progress file is its own; her name is the same there.
        let learner = progress.learner.map { " --learner " + LearnerName.shellWord($0) } ?? ""
        print(
            "Wrote \(file): a copy of \(progress.learner.map { "\($0)'s" } ?? "your") progress. "
                + "On the other computer: folio progress\(learner) --import \(LearnerName.shellWord(file))")
    }

    /// Reads the other file from a copy, so that opening it (which may bring an older
    /// file up to date) never changes what was given.
    private func importProgress(from file: String) throws {
        guard FileManager.default.fileExists(atPath: file) else { throw CommandFailure("there is no file `\(file)` to import") }
        guard try progress.confirmNewLearner(console: TerminalConsole(), command: "folio progress --import " + LearnerName.shellWord(file)) else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("folio-import-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
        }
        do {
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            let count = try ProgressStore(path: progress.path).merge(from: try ProgressStore(path: copy))
            print(
                "Imported \(count.attempts) quiz attempt\(count.attempts == 1 ? "" : "s"), \(count.sessions) study session\(count.sessions == 1 ? "" : "s")"
                    + " and \(count.thoughts) thought\(count.thoughts == 1 ? "" : "s") into \(progress.path)"
                    + (count.alreadyHere > 0 ? " (\(count.alreadyHere) already here)." : "."))
            if !count.refused.isEmpty {
                // Said in words, with the first few places, so that a damaged file is noticed.
                let places = count.refused.prefix(3).map { "\($0.place): \($0.reason)" }.joined(separator: "; ")
                print(
                    "Left out \(count.refused.count) record\(count.refused.count == 1 ? "" : "s") of that file that Folio does not save in that form: \(places)"
                        + (count.refused.count > 3 ? "; and \(count.refused.count - 3) more." : "."))
            }
        } catch let error as ProgressError {
            throw CommandFailure(error.description)
        } catch let error as CocoaError {
            throw CommandFailure("cannot read `\(file)`: \(error.localizedDescription)")
        }
    }
}
