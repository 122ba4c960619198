import FolioCore
import FolioSystem
import Foundation

/// The console of a real process: reads lines from standard input, writes to standard
/// output. Input is line by line, so the terminal's own editing (Backspace) works and a
/// file of answers can be piped in. It waits with `poll` on the keyboard and on the
/// signal pipe together, so Ctrl-C and a quiz's time limit end a wait cleanly.
public final class TerminalConsole: Console {
    public let width: Int
    public let style: TerminalStyle
    public let isInteractive: Bool
    private let input: Int32 = 0
    private var buffer: [UInt8] = []
    private var inputEnded = false
    private let echoInput: Bool

    /// Reads the environment once: colour only when standard output is a terminal and
    /// neither `NO_COLOR` nor `TERM=dumb` says otherwise (no-color.org).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        InterruptSignal.install()
        let outputIsTerminal = isatty(1) == 1
        isInteractive = isatty(0) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let locale =
            environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        let unicode = locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
        style = TerminalStyle(color: outputIsTerminal && !noColor && environment["TERM"] != "dumb", unicode: unicode)
        width = Self.terminalWidth(environment: environment)
        // Piped answers are not shown by a terminal; writing them after the prompt keeps a
        // transcript readable.
        echoInput = !isInteractive
    }

    static func terminalWidth(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    public var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { SystemCalls.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return  // output closed: nothing more can be shown
            }
            offset += written
        }
        bytes.removeAll()
    }

    public func readLine(prompt: String, until deadline: Double?) -> ConsoleInput {
        write(prompt)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                return deliver(Array(buffer[..<newline]), consuming: newline + 1)
            }
            if inputEnded {
                if buffer.isEmpty { return endInput() }
                return deliver(buffer, consuming: buffer.count)
            }
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - now
                if left <= 0 { return endWait(.timedOut) }
                timeout = Int32(min(left * 1000, 60_000).rounded(.up))
            }
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            if InterruptSignal.readEnd >= 0 { fds.append(pollfd(fd: InterruptSignal.readEnd, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if InterruptSignal.take() { return endWait(.interrupted) }
            if ready < 0 {
                if errno == EINTR { continue }
                inputEnded = true
                continue
            }
            if ready == 0 { continue }
            if fds[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = SystemCalls.read(input, &chunk, chunk.count)
                if count > 0 {
                    buffer += chunk[..<count]
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    inputEnded = true
                }
            }
        }
    }

    private func deliver(_ bytes: [UInt8], consuming count: Int) -> ConsoleInput {
        buffer.removeFirst(count)
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        if echoInput { write(line + "\n") }
        return .line(line)
    }

    /// A wait that ended without a line: the cursor is still after the prompt.
    private func endWait(_ input: ConsoleInput) -> ConsoleInput {
        write("\n")
        return input
    }

    private func endInput() -> ConsoleInput {
        write("\n")
        return .endOfInput
    }
}
