/// Told how far a long run has got, so that someone waiting at a terminal can see it
/// moving: the compiler and the builder say when each phase begins and when each item
/// of it is done. Items are done on many threads at once, so `advance` must be safe to
/// call from any of them.
public protocol BuildProgress: Sendable {
    /// `phase` begins, with `total` items to do, or `nil` when they are not counted.
    func begin(_ phase: BuildPhase, total: Int?)
    /// One more item of the current phase is done.
    func advance()
}

/// The phases of `folio check` and `folio build`, named as the progress line shows them.
public enum BuildPhase: String, Sendable, CaseIterable {
    case reading = "Reading files"
    case parsing = "Reading chapters and quizzes"
    case checking = "Checking chapters"
    case bundle = "Writing the bundle"
    case site = "Writing the site"
}

/// The one line that shows a phase and how far it has got, such as
/// `Writing the site  [#########...............]  1250/3005`.
public struct ProgressBar: Sendable, Equatable {
    public var phase: BuildPhase
    public var done: Int
    public var total: Int?

    /// Characters between the brackets.
    public static let width = 24
    /// The longest phase name, so that the bar does not move from phase to phase.
    static let nameWidth = BuildPhase.allCases.map(\.rawValue.count).max() ?? 0

    public init(phase: BuildPhase, done: Int = 0, total: Int? = nil) {
        self.phase = phase
        self.done = done
        self.total = total
    }

    /// The line, without a line break; in colour (the name bold, the bar cyan) only
    /// when `color`. A phase whose items are not counted shows its name alone.
    public func line(color: Bool) -> String {
        let name = phase.rawValue.padding(toLength: Self.nameWidth, withPad: " ", startingAt: 0)
        let bold = color ? "\u{1B}[1m" : "", cyan = color ? "\u{1B}[36m" : "", reset = color ? "\u{1B}[0m" : ""
        guard let total, total > 0 else { return bold + phase.rawValue + "..." + reset }
        let shown = min(max(done, 0), total)
        let filled = shown * Self.width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: Self.width - filled)
        return "\(bold)\(name)\(reset)  [\(cyan)\(bar)\(reset)]  \(shown)/\(total)"
    }

    /// The number of columns `line` takes on the screen, colour codes left out.
    public var columns: Int { line(color: false).count }
}
