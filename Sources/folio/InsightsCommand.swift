import ArgumentParser
import FolioCore
import FolioInsights
import FolioQuiz
import Foundation

/// `folio insights`: what learners who opted in report, for staff (docs/insights.md).
struct InsightsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Collect anonymous quiz reports, and see which questions the group finds hard.",
        discussion: """
            Learners say yes on the site's progress page (or with `folio progress
            --share-insights on`); each report is randomized on the device first, so
            that none says anything certain about anyone. docs/insights.md says how.

            Examples:
              folio insights report reports/ --output insights.html
              folio insights collect --database insights.sqlite
            """,
        subcommands: [InsightsReportCommand.self, InsightsCollectCommand.self])
}

/// `folio insights report`: the estimates, as a page or JSON.
struct InsightsReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Estimate each question's miss rate, each hint's help and each chapter's completion from anonymous reports.",
        discussion: """
            REPORTS are files learners shared (`folio-insights-*.json`), folders of them,
            or the database of `folio insights collect`. Each estimate comes with its 95%
            interval; a group of fewer than --minimum reports shows none.

            Examples:
              folio insights report reports/ --output insights.html
              folio insights report reports/ folio-insights-2026-11-28.json --format json
              folio insights report insights.sqlite --minimum 30
                                             the collector's database
            """)

    @Argument(help: ArgumentHelp("Report files, folders of them, or a collector's database.", valueName: "REPORTS"))
    var reports: [String]

    @Option(help: "The content folder whose quizzes the reports are about; without it, ./Content, or this folder if it holds folio.yaml.")
    var content: String = ProgramFolder.defaultName

    @Option(help: ArgumentHelp("Write the page (or JSON) to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Option(help: "`html` for people (a page to open or print), `json` for programs.")
    var format: InsightsFormat = .html

    @Option(help: "The fewest reports a group needs to show an estimate.")
    var minimum = InsightsSummary.defaultMinimum

    enum InsightsFormat: String, ExpressibleByArgument, CaseIterable { case html, json }

    func validate() throws {
        if minimum < 1 { throw ValidationError("`--minimum` is a number of reports, 1 or more") }
    }

    func run() throws {
        var all: [InsightsReport] = []
        var refused: [String] = []
        for path in reports {
            try read(path, into: &all, refused: &refused)
        }
        for problem in refused { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
        let options = ContentOptions.parseOrExit([content, "--quiet"])
        let reporter = try Reporter(options: options, example: "folio insights report REPORTS --content MyProgram")
        let result = try reporter.compile()
        guard !result.diagnostics.hasErrors, let program = result.program else {
            reporter.report(result)
            throw ExitStatus.contentErrors
        }
        let summary = InsightsSummary(reports: all, program: program, minimum: minimum)
        let data = format == .json ? summary.json() : Data(InsightsPage(summary).html().utf8)
        if let output {
            do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                throw CommandFailure("cannot write `\(output)`: \(error.localizedDescription)")
            }
            let left = summary.otherPrograms + summary.unknownQuestions
            FileHandle.standardError.write(
                Data(
                    "wrote \(output): \(summary.reports) report\(summary.reports == 1 ? "" : "s") on \(summary.quizzes.count) quiz\(summary.quizzes.count == 1 ? "" : "zes")\(left > 0 ? ", \(left) left out" : "")\n"
                        .utf8))
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    /// The reports of a file, of every `.json` file in a folder (and its folders), or of a
    /// collector's database. A file that is not one of reports is said and left out.
    func read(_ path: String, into all: inout [InsightsReport], refused: inout [String]) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CommandFailure("there is no file or folder `\(path)`")
        }
        if isFolder.boolValue {
            let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in files { try read((path as NSString).appendingPathComponent(file), into: &all, refused: &refused) }
            return
        }
        if InsightsStore.isDatabase(path) {
            do { all += try InsightsStore(path: path).reports() } catch {
                throw CommandFailure("`\(path)` is a database, but not one `folio insights collect` can read: \(error)")
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read `\(path)`") }
        do { all += try InsightsReportFile.read(data) } catch { refused.append("`\(path)` is left out: \(error)") }
    }
}

/// `folio insights collect`: the collector.
struct InsightsCollectCommand: ParsableCommand, AsynchronousCommand {
    static let configuration = CommandConfiguration(
        commandName: "collect",
        abstract: "Accept anonymous reports from the site and keep them in an SQLite database.",
        discussion: """
            Set the site's `insights: url:` to this collector's public address,
            behind a TLS proxy (docs/insights.md shows one). It stores each report's
            fields and nothing else: no address, no header, no time but the day.
            It answers 204 for reports stored, 400 for anything else, 413 for a body
            over 64 KB, and 429 to an address that sends more than --per-minute
            requests in a minute.

            Examples:
              folio insights collect --database insights.sqlite
              folio insights collect --database insights.sqlite --program go-grrrls
                                             reports of this program only
              folio insights collect --database insights.sqlite --behind-proxy
                                             behind a proxy that sets X-Forwarded-For
            """)

    @Option(help: ArgumentHelp("The SQLite database to keep reports in; made when missing.", valueName: "FILE"))
    var database: String

    @Option(help: "The address to listen on: 127.0.0.1 behind a proxy on this computer.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8090

    @Option(help: "Accept reports of this program id only.")
    var program: String?

    @Option(name: .customLong("per-minute"), help: "Requests one address may make in a minute.")
    var perMinute = 30

    @Flag(help: "Count requests by the address a proxy forwarded (X-Forwarded-For), not the proxy's own.")
    var behindProxy = false

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("`--port` is a number from 0 to 65535") }
        if perMinute < 1 { throw ValidationError("`--per-minute` is 1 or more") }
    }

    func run() throws {
        throw CommandFailure("`folio insights collect` cannot run here")
    }

    func runAsynchronously() async throws {
        let store: InsightsStore
        do { store = try InsightsStore(path: database) } catch {
            throw CommandFailure("cannot open the database `\(database)`: \(error)")
        }
        var limits = InsightsCollector.Limits()
        limits.perMinute = perMinute
        let collector = InsightsCollector(store: store, host: host, port: port, program: program, behindProxy: behindProxy, limits: limits)
        let host = self.host, database = self.database
        do {
            try await collector.run { port in
                FileHandle.standardError.write(Data("collecting anonymous reports on http://\(host):\(port) into \(database); Ctrl-C stops\n".utf8))
            }
        } catch let failure as ToolFailure {
            throw CommandFailure(failure.description)
        }
    }
}
