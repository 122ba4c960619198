import FolioAuthoring
import FolioCompiler
import FolioCore
import Foundation
import XCTest

/// Content folders in a temporary place, removed when the test ends.
enum TemporaryProgram {
    /// An empty temporary folder.
    static func folder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-authoring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A folder holding `files` (path inside it: text).
    static func with(_ files: [String: String], _ test: XCTestCase) throws -> ContentFolder {
        let root = try folder(test).appendingPathComponent("Content")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return ContentFolder(root.path)
    }

    /// The starter program, written by `folio init`'s code.
    static func starter(_ test: XCTestCase) throws -> ContentFolder {
        let folder = ContentFolder(try self.folder(test).appendingPathComponent("Content").path)
        try ContentWriter(folder: folder).apply(try ProgramInit.plan(in: folder))
        return folder
    }

    /// The folder compiled as `folio check` compiles it.
    static func compile(_ folder: ContentFolder) throws -> Compiler.Result {
        try Compiler(contentFolder: folder.url).compile()
    }

    static func text(_ path: String, in folder: ContentFolder) throws -> String {
        try String(contentsOf: folder.url.appendingPathComponent(path), encoding: .utf8)
    }
}
