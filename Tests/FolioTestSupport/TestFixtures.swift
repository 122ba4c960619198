import Foundation
import XCTest

/// The test material of the repository and the helpers every test target uses to lay it
/// out: the spec examples, the broken cases, the sample program, the external material.
public enum TestFixtures {
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `Tests/Fixtures`.
    public static let root = repository.appendingPathComponent("Tests/Fixtures")
    /// The authoring spec's own examples: a small valid program.
    public static let specExamples = root.appendingPathComponent("spec-examples")
    /// `Tests/Fixtures/broken/<case>/`, one folder a case.
    public static let broken = root.appendingPathComponent("broken")
    /// The sample program, `Content/`.
    public static let sampleContent = repository.appendingPathComponent("Content")
    /// `Tests/External`: test material Folio did not write, copied with its licences.
    public static let external = repository.appendingPathComponent("Tests/External")

    /// A new empty folder, removed when the test ends.
    public static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A fresh copy of a folder in a temporary place, removed at the end of the test.
    public static func copy(_ folder: URL, in test: XCTestCase) throws -> URL {
        let target = try temporaryFolder(test).appendingPathComponent(folder.lastPathComponent)
        try FileManager.default.copyItem(at: folder, to: target)
        return target
    }

    /// The sample program in its default language alone, by path: `Content/` without its
    /// translations (`<stem>.<language>.<ext>` for each other language `folio.yaml` lists),
    /// their record (`translations/`) and the `languages:` line. For tests of what a
    /// program in one language does, such as the short ways of a build.
    public static func sampleInOneLanguageFiles() -> [String: Data] {
        var files = snapshot(sampleContent)
        let settings = String(decoding: files["folio.yaml"] ?? Data(), as: UTF8.self)
        var lines = settings.split(separator: "\n", omittingEmptySubsequences: false)
        var others: [String] = []
        var language = "en"
        for line in lines {
            if line.hasPrefix("language:") { language = line.dropFirst("language:".count).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("languages:") {
                others = line.dropFirst("languages:".count).trimmingCharacters(in: CharacterSet(charactersIn: " []"))
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        others.removeAll { $0 == language }
        lines.removeAll { $0.hasPrefix("languages:") }
        files["folio.yaml"] = Data(lines.joined(separator: "\n").utf8)
        for path in files.keys {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let parts = name.split(separator: ".")
            let isTranslation = parts.count >= 3 && others.contains(String(parts[parts.count - 2]))
            if isTranslation || path.hasPrefix("translations/") { files[path] = nil }
        }
        return files
    }

    /// Writes the sample program in its default language alone (``sampleInOneLanguageFiles()``)
    /// into `folder`, which must not exist yet.
    public static func writeSampleInOneLanguage(to folder: URL) throws {
        for (path, data) in sampleInOneLanguageFiles() {
            let target = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
    }

    /// A copy of the sample program in its default language alone, in a temporary
    /// `Content` folder removed at the end of the test.
    public static func sampleInOneLanguage(in test: XCTestCase) throws -> URL {
        let target = try temporaryFolder(test).appendingPathComponent("Content")
        try writeSampleInOneLanguage(to: target)
        return target
    }

    /// Runs a tool the tests check Folio's output with (`python3`, `unzip`, `node`), found
    /// on the PATH or given by its path, with `environment` added to the test's; returns
    /// its exit status and what it printed, standard error included.
    public static func runTool(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// Every file under a folder with its bytes, by its path in the folder: a program in
    /// memory, or an output to compare exactly.
    public static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            let full = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: full.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = FileManager.default.contents(atPath: full.path)
            }
        }
        return files
    }
}

/// A broken case of `Tests/Fixtures/broken/<name>/`: files laid over the spec examples
/// (`files/`), files removed from them (`delete.txt`), and the problems the compiler must
/// report (`expected.txt`, one `severity code file:line:column message-part` a line).
public struct BrokenCase: Sendable {
    public static var all: [BrokenCase] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestFixtures.broken.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            .map(BrokenCase.init)
    }

    public let name: String
    public var folder: URL { TestFixtures.broken.appendingPathComponent(name) }

    public init(_ name: String) { self.name = name }

    /// One expected problem: `severity code file:line:column message-part`.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public var severity: String, code: String, file: String, line: Int, column: Int
        public var messagePart: String

        public init(severity: String, code: String, file: String, line: Int, column: Int, messagePart: String = "") {
            self.severity = severity
            self.code = code
            self.file = file
            self.line = line
            self.column = column
            self.messagePart = messagePart
        }

        /// `severity code file:line:column message`; the file may hold spaces
        /// (`chapters/03 Saying No!.md:1:1`).
        init?(line text: Substring) {
            guard !text.hasPrefix("#"),
                let match = text.wholeMatch(of: /(\S+) (\S+) (.+?):(\d+):(\d+) (.*)/), let line = Int(match.4), let column = Int(match.5)
            else { return nil }
            self.init(
                severity: String(match.1), code: String(match.2), file: String(match.3), line: line, column: column, messagePart: String(match.6))
        }

        /// `severity code file:line:column`, without the message.
        public var place: String { "\(severity) \(code) \(file):\(line):\(column)" }
        public var description: String { "\(place) \(messagePart)" }
    }

    public var expected: [Problem] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap(Problem.init(line:))
    }

    /// The spec examples with this case's changes, by path, in memory.
    public func files() throws -> [String: Data] {
        var files = TestFixtures.snapshot(TestFixtures.specExamples)
        if let deletions = try? String(contentsOf: folder.appendingPathComponent("delete.txt"), encoding: .utf8) {
            for path in deletions.split(separator: "\n") { files[String(path)] = nil }
        }
        files.merge(TestFixtures.snapshot(folder.appendingPathComponent("files"))) { _, new in new }
        return files
    }

    /// Writes the spec examples with this case's changes into `content`, a new folder.
    public func write(to content: URL) throws {
        for (path, data) in try files() {
            let target = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }
        // Empty folders of the case (a `media/` with nothing in it) are part of it too.
        try FileManager.default.createDirectory(at: content.appendingPathComponent("media"), withIntermediateDirectories: true)
    }
}
