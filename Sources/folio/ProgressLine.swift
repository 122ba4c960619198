import FolioCore
import Foundation

/// The progress line of `folio check` and `folio build`: one line on standard error,
/// redrawn in place after a carriage return and cleared before anything else is
/// printed. It is for people watching a terminal only: never in a pipe or a log file,
/// where the redrawn lines would pile up, and never with `--quiet`.
final class ProgressLine: BuildProgress, @unchecked Sendable {
    /// A progress line for this run, or nil when standard error is not a terminal, the
    /// terminal is too narrow for the line, or the run is `--quiet`.
    static func forRun(quiet: Bool) -> ProgressLine? {
        guard !quiet, isatty(2) == 1 else { return nil }
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, Int(size.ws_col) <= widest {
            return nil  // a wrapped line cannot be redrawn in place
        }
        return ProgressLine(color: Terminal.colorOnStandardError)
    }

    /// The widest line the bar can draw, with counts of up to six digits.
    static let widest = ProgressBar(phase: .parsing, done: 999_999, total: 999_999).columns

    /// How long a run goes before the line appears: shorter runs would only flicker.
    /// `FOLIO_PROGRESS_DELAY_MS` changes it, so that a demonstration or a test can see
    /// the line on a build of any length.
    static let delay: UInt64 = {
        let variable = ProcessInfo.processInfo.environment["FOLIO_PROGRESS_DELAY_MS"]
        guard let milliseconds = variable.flatMap({ UInt64($0) }) else { return 300_000_000 }
        return milliseconds * 1_000_000
    }()
    /// The shortest time between two redraws, so that drawing never slows the run.
    static let interval: UInt64 = 100_000_000

    private let color: Bool
    private let started = DispatchTime.now().uptimeNanoseconds
    // `advance` is called from every thread the build runs on.
    private let lock = NSLock()
    private var bar: ProgressBar?
    private var lastDrawn: UInt64 = 0
    /// Columns of the line on the screen now; 0 when none is shown.
    private var shownColumns = 0

    private init(color: Bool) { self.color = color }

    func begin(_ phase: BuildPhase, total: Int?) {
        lock.lock()
        defer { lock.unlock() }
        bar = ProgressBar(phase: phase, total: total)
        draw(force: true)
    }

    func advance() {
        lock.lock()
        defer { lock.unlock() }
        bar?.done += 1
        // The last item always shows: the line ends full, not at a count from earlier.
        draw(force: bar.map { $0.done == $0.total } ?? false)
    }

    /// Removes the line, so that what is printed next starts on an empty line; a later
    /// phase draws it again.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        bar = nil
        guard shownColumns > 0 else { return }
        // Spaces rather than an erase-line code, which not every terminal knows.
        write("\r" + String(repeating: " ", count: shownColumns) + "\r")
        shownColumns = 0
    }

    private func draw(force: Bool) {
        guard let bar else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - started >= Self.delay, force || now - lastDrawn >= Self.interval else { return }
        lastDrawn = now
        // A shorter line than the last one is padded, to cover what that one showed.
        let padding = max(0, shownColumns - bar.columns)
        write("\r" + bar.line(color: color) + String(repeating: " ", count: padding))
        shownColumns = bar.columns + padding
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
