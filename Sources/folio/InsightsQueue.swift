import FolioModel
import FolioQuiz
import Foundation

/// A terminal learner's anonymous reports (docs/insights.md): a file of reports
/// (``InsightsReportFile``) beside her progress file, `progress.insights.json` or
/// `progress-maya.insights.json`. The file is there only while she shares
/// (`folio progress --share-insights on`); `off` deletes it, and with it every report not
/// yet given. The terminal sends nothing itself: she gives the file to her facilitator,
/// whose `folio insights report` reads it.
struct InsightsQueue {
    let path: String

    /// The file beside the progress file at `progressPath`.
    init(progressPath: String) {
        path = (progressPath as NSString).deletingPathExtension + ".insights.json"
    }

    var isSharing: Bool { FileManager.default.fileExists(atPath: path) }

    /// The reports waiting; none when she does not share, or the file cannot be read.
    var reports: [InsightsReport] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? InsightsReportFile.read(data)) ?? []
    }

    func turnOn() throws {
        guard !isSharing else { return }
        try write([])
    }

    func turnOff() throws {
        guard isSharing else { return }
        try FileManager.default.removeItem(atPath: path)
    }

    /// After a finished chapter quiz: her report, when she shares and the program asks.
    /// The newest ``InsightsReportFile/mostReports`` are kept, so the file stays one that
    /// can be read.
    func add(after result: AttemptResult, program: String, settings: InsightsSettings?, day: String) throws {
        guard isSharing, let settings, let rule = InsightsRule(randomize: settings.randomize) else { return }
        var generator = SystemRandomNumberGenerator()
        guard let report = rule.report(of: result, program: program, day: day, using: &generator) else { return }
        try write(Array((reports + [report]).suffix(InsightsReportFile.mostReports)))
    }

    private func write(_ reports: [InsightsReport]) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try InsightsReportFile(reports: reports).data().write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
