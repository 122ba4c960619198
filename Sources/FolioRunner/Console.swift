/// What a runner reads from the learner.
public enum ConsoleInput: Equatable, Sendable {
    /// A line she typed, without its line end.
    case line(String)
    /// The input ended (Ctrl-D on a terminal, or the end of a piped file).
    case endOfInput
    /// Ctrl-C, or the runner was asked to stop (SIGTERM, SIGHUP).
    case interrupted
    /// The deadline given to ``Console/readLine(prompt:until:)`` passed first.
    case timedOut
}

/// Where a runner talks to the learner: a real terminal (``TerminalConsole``) or a
/// script in the tests. Runners never touch file descriptors themselves.
public protocol Console: AnyObject {
    /// Columns to wrap text to.
    var width: Int { get }
    /// How text is decorated: colour and symbols.
    var style: TerminalStyle { get }
    /// Whether a person is typing (input is a terminal). Pauses for reading ("press
    /// Enter") are only made for a person; piped answers flow without them.
    var isInteractive: Bool { get }
    /// Seconds on a clock that only goes forward.
    var now: Double { get }
    func write(_ text: String)
    /// Shows `prompt` and waits for a line, until `deadline` (on the ``now`` clock) if given.
    func readLine(prompt: String, until deadline: Double?) -> ConsoleInput
}

extension Console {
    /// Waits for a line with no deadline.
    public func readLine(prompt: String) -> ConsoleInput { readLine(prompt: prompt, until: nil) }
}
