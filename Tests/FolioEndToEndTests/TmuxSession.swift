import Foundation
import XCTest

/// A real terminal for the built `folio`: a tmux session on a private socket, typed
/// into with `send-keys` and read with `capture-pane`, as a learner would use it.
final class TmuxSession {
    private let socket = "folio-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"

    /// Starts `arguments` (folio first) in a terminal of `width` columns, with `environment`.
    /// The shell prints `EXIT=<status>` when folio ends, so the exit code can be read; it
    /// survives Ctrl-C (which the terminal sends to it as well) to do so.
    init(_ arguments: [String], width: Int = 80, height: Int = 50, environment: [String: String] = [:]) throws {
        let command =
            (["env", "LANG=C.UTF-8", "TERM=xterm-256color"] + environment.map { "\($0)=\($1)" } + arguments)
            .map(Self.quoted).joined(separator: " ")
        try tmux(
            startingServer: true,
            [
                "-f", "/dev/null", "new-session", "-d", "-s", "learner", "-x", "\(width)", "-y", "\(height)",
                "sh -c 'trap : INT; \(command); echo EXIT=$?; sleep 600'",
            ])
        try tmux(["set-option", "-t", "learner", "history-limit", "5000"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types `text`, then Enter.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "learner", "-l", text]); try tmux(["send-keys", "-t", "learner", "Enter"]) }

    /// Presses a key by tmux's name for it, such as `C-c` or `C-d`.
    func press(_ key: String) throws { try tmux(["send-keys", "-t", "learner", key]) }

    /// Everything shown so far, scrollback included.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "learner", "-S", "-5000"]) }

    /// The same, with the terminal's colours and bold as escape sequences.
    func screenWithColours() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", "learner", "-S", "-5000"]) }

    /// Waits until the screen shows `text` (after `after`, if given) and returns the screen.
    @discardableResult
    func waitFor(_ text: String, after: String? = nil, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var shown = ""
        while Date() < deadline {
            shown = try screen()
            var rest = Substring(shown)
            if let after, let range = shown.range(of: after, options: .backwards) { rest = shown[range.upperBound...] }
            if rest.contains(text) { return shown }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("the terminal never showed \"\(text)\"; it shows:\n\(shown)", file: file, line: line)
        throw TimedOut()
    }

    struct TimedOut: Error {}

    /// The number shown before the choice whose text starts with `choice`, in the last question shown.
    func number(of choice: String) throws -> String {
        let lines = try screen().split(separator: "\n").map(String.init)
        guard let last = lines.lastIndex(where: { $0.hasPrefix("Question ") }),
            let line = lines[last...].first(where: { $0.drop { $0 == " " }.contains(". \(choice)") })
        else { throw TimedOut() }
        return String(line.drop { $0 == " " }.prefix { $0.isNumber })
    }

    /// The process id of the folio running in the terminal.
    func folioProcess() throws -> Int32 {
        let shell = try tmux(["display-message", "-p", "-t", "learner", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        // sh runs `env`, which replaces itself with folio.
        guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else { throw TimedOut() }
        return pid
    }

    /// Runs a tmux command with `posix_spawn`, its output in a file. Foundation's
    /// `Process` is not used: the tmux server that `new-session` leaves running would
    /// inherit what `Process` watches, and waiting for the client would never end.
    @discardableResult
    private func tmux(startingServer: Bool = false, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, startingServer ? "/dev/null" : outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing of the test process leaks into the server, which outlives this call.
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap(Int32.init)
        for descriptor in open where descriptor > 2 && fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, nil, argv, environ) == 0 else {
            throw NSError(domain: "tmux", code: 127, userInfo: [NSLocalizedDescriptionKey: "tmux cannot be started; `make test` installs it"])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else {
            throw NSError(domain: "tmux", code: Int(status), userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments.joined(separator: " ")) failed"])
        }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    private static func quoted(_ word: String) -> String { "\"" + word.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
}
