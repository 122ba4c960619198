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

    @Option(
        name: .customLong("share-insights"),
        help: ArgumentHelp(
            "`on`: after each chapter quiz, keep an anonymous report (randomized first) in a file to give the facilitator; `off`: stop and delete the reports not given.",
            valueName: "on|off"))
    var shareInsights: Switch?

    enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

    func validate() throws {
        if export != nil, importFile != nil { throw ValidationError("give `--export` or `--import`, not both") }
        if shareInsights != nil, learners || export != nil || importFile != nil {
            throw ValidationError("give `--share-insights` alone, or with `--learner`")
        }
        if learners, export != nil || importFile != nil || progress.learner != nil {
            throw ValidationError("`--learners` lists every learner: give it without `--learner`, `--export` or `--import`")
        }
    }

    func run() throws {
        if learners || export != nil || importFile != nil {
            let words = TerminalWords(try language.interfaceWithoutProgram())
            if learners { return listLearners(words) }
            if let export { return try exportProgress(to: export, words) }
            if let importFile { return try importProgress(from: importFile, words) }
        }
        let source = try program.load()
        let interface = try language.interface(for: source)
        let insights = InsightsQueue(progressPath: progress.path)
        if let shareInsights { return try share(shareInsights, insights: insights, source: source, words: TerminalWords(interface)) }
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
            let waiting = insights.reports.count
            if insights.isSharing, waiting > 0 {
                let note = TerminalWords(interface)("insights.terminal-waiting", count: waiting, ["file": insights.path])
                console.write("\n" + TextLayout(width: console.width, style: console.style).wrap(note, tone: .muted))
            }
            if let (typed, near) = progress.nearLearner {
                let nearCommand = "folio progress" + progress.followUpOptions(learner: near) + language.followUpOptions
                let note = TerminalWords(interface)("progress.near-learner", ["typed": typed, "near": near, "command": nearCommand])
                console.write("\n" + TextLayout(width: console.width, style: console.style).wrap(note, tone: .emphasis))
            }
        }
    }

    /// `--share-insights on|off`, for this learner: the file of reports made or deleted.
    private func share(_ choice: Switch, insights: InsightsQueue, source: ProgramSource, words: TerminalWords) throws {
        do {
            switch choice {
            case .on:
                guard let settings = source.insights else { return print(words("insights.terminal-not-asked")) }
                try insights.turnOn()
                let percent = "\(Int((settings.randomize * 100).rounded()))%"
                print(words("insights.terminal-on", ["percent": percent, "file": insights.path]))
            case .off:
                try insights.turnOff()
                print(words("insights.terminal-off"))
            }
        } catch {
            throw CommandFailure("cannot \(choice == .on ? "make" : "delete") `\(insights.path)`: \(error.localizedDescription)")
        }
    }

    /// The learners with a file beside the progress file, by the names their files keep.
    private func listLearners(_ words: TerminalWords) {
        let files = progress.learnerFiles
        let names = files.names()
        let folder = URL(fileURLWithPath: files.base).deletingLastPathComponent().path
        var lines: [String]
        if names.isEmpty {
            lines = [words("progress.learners.none", ["folder": folder])]
        } else {
            lines = [words("progress.learners.list", ["folder": folder])] + names.map { "  " + $0 }
            let command = "folio progress\(progress.followUpOptions(learner: nil))\(language.followUpOptions) --learner NAME"
            lines.append(words("progress.learners.see-one", ["command": command]))
        }
        if files.hasUnnamedFile {
            lines.append(words("progress.learners.unnamed", ["command": "folio progress" + language.followUpOptions]))
        }
        print(lines.joined(separator: "\n"))
    }

    private func exportProgress(to file: String, _ words: TerminalWords) throws {
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
        let command = "folio progress\(learner)\(language.followUpOptions) --import \(LearnerName.shellWord(file))"
        print(
            progress.learner.map { words("progress.exported.learners", ["file": file, "learner": $0, "command": command]) }
                ?? words("progress.exported.yours", ["file": file, "command": command]))
    }

    /// Reads the other file from a copy, so that opening it (which may bring an older
    /// file up to date) never changes what was given.
    private func importProgress(from file: String, _ words: TerminalWords) throws {
        guard FileManager.default.fileExists(atPath: file) else { throw CommandFailure("there is no file `\(file)` to import") }
        guard try progress.confirmNewLearner(console: TerminalConsole(), command: "folio progress --import " + LearnerName.shellWord(file)) else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("folio-import-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) }
        }
        do {
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            let count = try ProgressStore(path: progress.path).merge(from: try ProgressStore(path: copy))
            // Each count is a message of its own, put in a list as the language writes lists.
            let items = words.list([
                words("progress.imported.attempts", count: count.attempts), words("progress.imported.sessions", count: count.sessions),
                words("progress.imported.thoughts", count: count.thoughts),
            ])
            print(
                count.alreadyHere > 0
                    ? words("progress.imported.some-here", count: count.alreadyHere, ["items": items, "file": progress.path])
                    : words("progress.imported", ["items": items, "file": progress.path]))
            if !count.refused.isEmpty {
                // Said in words, with the first few places, so that a damaged file is noticed.
                let places = count.refused.prefix(3).map { "\($0.place): \($0.reason)" }.joined(separator: "; ")
                let more = words.number(Double(count.refused.count - 3))
                print(
                    count.refused.count > 3
                        ? words("progress.left-out.more", count: count.refused.count, ["places": places, "more": more])
                        : words("progress.left-out", count: count.refused.count, ["places": places]))
            }
        } catch let error as ProgressError {
            throw CommandFailure(error.description)
        } catch let error as CocoaError {
            throw CommandFailure("cannot read `\(file)`: \(error.localizedDescription)")
        }
    }
}
