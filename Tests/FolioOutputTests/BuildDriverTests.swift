import FolioBundle
import FolioCompiler
import FolioModel
import FolioOutput
import FolioSite
import Foundation
import XCTest

/// The driver hands a compiled program to each renderer and swaps their files in as one
/// output. A new output format is a renderer: this one, a plain-text table of contents,
/// lives in this test alone, and the compiler and the driver are not changed for it.
final class BuildDriverTests: XCTestCase {
    /// A throwaway output: the chapters' titles in reading order, one per line.
    struct TableOfContents: OutputRenderer {
        let folder = "toc"
        /// Fails after writing its file, as a renderer that breaks halfway would.
        var failAfterWriting = false

        struct Broken: Error {}

        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            let lines = program.chapters.map { "\($0.order). \($0.title)" }
            let bundleHash = context.summary(of: "bundle")?.fingerprint ?? "none"
            try files.write(Data((lines + ["(bundle \(bundleHash))"]).joined(separator: "\n").utf8), to: "contents.txt")
            if failAfterWriting { throw Broken() }
            return RenderSummary(folder: folder)
        }
    }

    /// Writes one file twice, as a renderer may when it mends what it wrote.
    struct WritesTwice: OutputRenderer {
        let folder = "twice"
        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            try files.write(Data("first, and longer\n".utf8), to: "notes/a.txt")
            try files.write(Data("second\n".utf8), to: "notes/a.txt")
            return RenderSummary(folder: folder)
        }
    }

    static let specExamples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spec-examples")

    func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func program() throws -> CompiledProgram {
        try XCTUnwrap(try Compiler(contentFolder: Self.specExamples).compile().program)
    }

    func testANewRendererWritesBesideTheBundleAndTheSite() throws {
        let output = try temporaryFolder().appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer(), SiteOutput(), TableOfContents()])
        let made = try driver.build(try program(), into: output)
        XCTAssertEqual(made.map(\.folder), ["bundle", "site", "toc"])
        let bundleHash = try XCTUnwrap(made[0].fingerprint)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("toc/contents.txt"), encoding: .utf8), "1. Who Am I?\n(bundle \(bundleHash))")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("bundle/manifest.json").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("site/chapters/who-am-i.html").path))
    }

    /// The first build into a folder writes into a folder made empty, looking for nothing
    /// there first; the next starts from the spare. In both, a file written twice holds
    /// what was written last.
    func testAFileWrittenTwiceInOneBuildHoldsWhatWasWrittenLast() throws {
        let output = try temporaryFolder().appendingPathComponent("Output")
        for build in ["first", "second", "third"] {
            var driver = BuildDriver(renderers: [WritesTwice()])
            try driver.build(try program(), into: output)
            XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("twice/notes/a.txt"), encoding: .utf8), "second\n", build)
        }
    }

    func testARendererThatFailsLeavesThePreviousOutputAsItWas() throws {
        let output = try temporaryFolder().appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer(), SiteOutput()])
        try driver.build(try program(), into: output)
        let before = try snapshot(output)
        var broken = BuildDriver(renderers: [BundleRenderer(), SiteOutput(), TableOfContents(failAfterWriting: true)])
        XCTAssertThrowsError(try broken.build(try program(), into: output))
        XCTAssertEqual(try snapshot(output), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("toc").path))
    }

    func testTheSiteAloneVersionsItselfDeterministically() throws {
        let first = try temporaryFolder().appendingPathComponent("Output")
        let second = try temporaryFolder().appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [SiteOutput()])
        let a = try driver.build(try program(), into: first)
        let b = try driver.build(try program(), into: second)
        XCTAssertEqual(a, b)
        XCTAssertTrue(a[0].fingerprint?.hasPrefix("site-") == true)
        XCTAssertEqual(try snapshot(first), try snapshot(second))
    }

    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! {
            let url = folder.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }
}
