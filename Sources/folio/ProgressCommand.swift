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
            """)

    @OptionGroup var program: ProgramOptions
    @OptionGroup var progress: ProgressOptions

    @Option(help: "`text` for people, `json` for programs.")
    var format: OutputFormat = .text

    func run() throws {
        let source = try program.load()
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
            console.write(ProgressTable(summary: summary, width: console.width, style: console.style).text)
        }
    }
}
