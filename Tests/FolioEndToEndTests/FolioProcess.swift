import FolioTestSupport
import Foundation
import XCTest

/// Runs the built `folio` executable as a user or a pipeline would.
struct FolioProcess {
    static let repository = TestFixtures.repository

    /// The executable beside the test bundle (`.build/<configuration>/folio`).
    static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["FOLIO_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("folio")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/folio")
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs folio with `arguments` in `directory` and waits for it.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = try start(arguments, in: directory, environment: environment)
        let out = process.standardOutput as! Pipe, err = process.standardError as! Pipe
        // Read before waiting, so a full pipe cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs folio with `input` on its standard input, as answers piped from a file.
    static func runWithInput(_ arguments: [String], input: String, environment: [String: String] = [:]) throws -> Output {
        let process = try start(arguments, environment: environment, stdin: Pipe())
        let stdin = process.standardInput as! Pipe
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = process.standardOutput as! Pipe, err = process.standardError as! Pipe
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func start(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], stdin: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = withoutLanguage(ProcessInfo.processInfo.environment)
        env.merge(environment) { _, new in new }
        process.environment = env
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `environment` without a language for the learner's words: the runners speak the
    /// program's own language on every machine, unless a test gives one. Whether the locale
    /// is UTF-8, which the marks on screen follow, is kept.
    static func withoutLanguage(_ environment: [String: String]) -> [String: String] {
        var env = environment
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"].contains { env[$0]?.uppercased().contains("UTF-8") ?? false }
        env["LC_ALL"] = nil
        env["LC_MESSAGES"] = nil
        env["LANG"] = utf8 ? "C.UTF-8" : "C"
        return env
    }

    /// Runs folio with `arguments` in `directory` on a pseudo-terminal made by util-linux
    /// `script`, as someone typing the command would; returns everything the terminal
    /// received (standard output and error together, line breaks as CR LF).
    static func runInTerminal(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Output {
        let command = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // -q: no "Script started" lines; -e: script exits with folio's status; the log
        // goes nowhere, what the terminal shows comes out of script's standard output.
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.currentDirectoryURL = directory
        var env = withoutLanguage(ProcessInfo.processInfo.environment)
        env["NO_COLOR"] = nil
        env["TERM"] = "xterm-256color"
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: shown, as: UTF8.self), stderr: "")
    }
}
