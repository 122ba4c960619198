import FolioContent
import FolioCore
import FolioModel
import Foundation
import XCTest

@testable import FolioCompiler

/// Test content folders: `Tests/Fixtures/spec-examples` (the authoring spec's own
/// examples) and the broken variants in `Tests/Fixtures/broken/<case>/`, each made of
/// files laid over the spec examples (`files/`), files to remove (`delete.txt`) and the
/// diagnostics expected (`expected.txt`).
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let specExamples = root.appendingPathComponent("spec-examples")
    static let broken = root.appendingPathComponent("broken")
    static let sampleContent = root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Content")

    /// A fresh copy of a folder in a temporary place, removed at the end of the test.
    static func copy(_ folder: URL, in test: XCTestCase) throws -> URL {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: folder, to: target)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: target) }
        return target
    }

    /// The files of a content folder, in memory, by their paths in it.
    static func files(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// The spec examples with the chapter's text (after a front matter of its title and
    /// quiz) replaced, and `folio.yaml` too when `settings` is given, compiled in memory.
    static func compile(chapterText: String, settings: String? = nil, in test: XCTestCase) throws -> Compiler.Result {
        var files = try Self.files(of: specExamples)
        files["chapters/01-who-am-i.md"] = Data(("---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\n" + chapterText).utf8)
        if let settings { files["folio.yaml"] = Data(settings.utf8) }
        return try Compiler(content: ContentInMemory(files: files)).compile()
    }

    /// The spec examples with a broken case's changes applied.
    static func brokenContent(_ name: String, in test: XCTestCase) throws -> URL {
        let content = try copy(specExamples, in: test)
        let caseFolder = broken.appendingPathComponent(name)
        if let deletions = try? String(contentsOf: caseFolder.appendingPathComponent("delete.txt"), encoding: .utf8) {
            for path in deletions.split(separator: "\n") {
                try FileManager.default.removeItem(at: content.appendingPathComponent(String(path)))
            }
        }
        let files = caseFolder.appendingPathComponent("files")
        if let enumerator = FileManager.default.enumerator(atPath: files.path) {
            for case let path as String in enumerator {
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: files.appendingPathComponent(path).path, isDirectory: &isDirectory)
                let target = content.appendingPathComponent(path)
                if isDirectory.boolValue {
                    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                } else {
                    try? FileManager.default.removeItem(at: target)
                    try FileManager.default.copyItem(at: files.appendingPathComponent(path), to: target)
                }
            }
        }
        return content
    }

    /// One line of `expected.txt`: `severity code file:line:column message-part`.
    struct Expectation: Equatable, CustomStringConvertible {
        var severity: String, code: String, file: String, line: Int, column: Int
        var messagePart: String

        init?(line text: Substring) {
            let parts = text.split(separator: " ", maxSplits: 3)
            guard parts.count == 4, !text.hasPrefix("#") else { return nil }
            let place = parts[2].split(separator: ":")
            guard place.count == 3, let line = Int(place[1]), let column = Int(place[2]) else { return nil }
            severity = String(parts[0])
            code = String(parts[1])
            file = String(place[0])
            self.line = line
            self.column = column
            messagePart = String(parts[3])
        }

        init(_ d: Diagnostic) {
            severity = d.severity.rawValue
            code = d.code.rawValue
            file = d.location.file
            line = d.location.line
            column = d.location.column
            messagePart = d.message
        }

        var place: String { "\(severity) \(code) \(file):\(line):\(column)" }
        var description: String { "\(place) \(messagePart)" }
    }

    static func expectations(_ name: String) throws -> [Expectation] {
        let text = try String(contentsOf: broken.appendingPathComponent(name).appendingPathComponent("expected.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap(Expectation.init(line:))
    }

    static var brokenCases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: broken.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}

/// Where the shared external test material is.
enum TestPaths {
    /// `Tests/External`: test material Folio did not write, copied with its licences.
    static let external = Fixtures.root.deletingLastPathComponent().appendingPathComponent("External")
}

extension CompiledChapter {
    /// The chapter's text as the bundle carries it.
    var html: String { BodyHTML.bundle(body) }
}
