import FolioBundle
import FolioCompiler
import FolioModel
import FolioOutput
import FolioProgram
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
        var uses: Set<BuildProduct> { [.bundleManifest] }
        /// Fails after writing its file, as a renderer that breaks halfway would.
        var failAfterWriting = false

        struct Broken: Error {}

        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            let lines = program.chapters.map { "\($0.order). \($0.title)" }
            let bundleHash = context.products.bundleManifests?.written.bundleHash ?? "none"
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

    /// Writes on a thread of its own while the renderers after it write theirs, as the
    /// bundle's archive does: it waits for `later` to begin before it writes, and notes
    /// when it has finished.
    final class WritesBeside: OutputRenderer, @unchecked Sendable {
        let folder = "beside"
        let laterBegan = DispatchSemaphore(value: 0)
        var fails = false
        private let lock = NSLock()
        private var finishedAt: Date?
        var finished: Date? { lock.withLock { finishedAt } }
        var writesBesideLaterRenderers: Bool { true }

        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            defer { lock.withLock { finishedAt = Date() } }
            let sawLater = laterBegan.wait(timeout: .now() + 30) == .success
            // Long enough for a renderer after it to have failed and returned.
            Thread.sleep(forTimeInterval: 0.2)
            try files.write(Data((sawLater ? "written while a later renderer wrote\n" : "written alone\n").utf8), to: "note.txt")
            if fails { throw TableOfContents.Broken() }
            return RenderSummary(folder: folder, fingerprint: "beside")
        }
    }

    /// The renderer after ``WritesBeside``: tells it it has begun, and fails when asked to.
    struct Later: OutputRenderer {
        let folder = "later"
        let beside: WritesBeside
        var fails = false

        func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
            beside.laterBegan.signal()
            try files.write(Data("later\n".utf8), to: "later.txt")
            if fails { throw TableOfContents.Broken() }
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

    func testARendererMayWriteWhileTheRenderersAfterItWriteTheirs() throws {
        let output = try temporaryFolder().appendingPathComponent("Output")
        let beside = WritesBeside()
        var driver = BuildDriver(renderers: [TableOfContents(), beside, Later(beside: beside)])
        let made = try driver.build(try program(), into: output)
        // Its summary in its place, though the renderer after it began before it had finished.
        XCTAssertEqual(made.map(\.folder), ["toc", "beside", "later"])
        XCTAssertEqual(made[1].fingerprint, "beside")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("beside/note.txt"), encoding: .utf8), "written while a later renderer wrote\n")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("later/later.txt"), encoding: .utf8), "later\n")
    }

    /// A renderer after it fails while it still writes: the build waits for it before
    /// leaving the staging folder as the spare, and the output is as it was.
    func testARendererWritingBesideIsWaitedForWhenALaterOneFails() throws {
        let beside = WritesBeside()
        try assertFailedBuildLeavesOutput(renderers: [beside, Later(beside: beside, fails: true)])
        let returned = Date()
        XCTAssertLessThanOrEqual(try XCTUnwrap(beside.finished, "the build returned before the renderer beside had finished"), returned)
    }

    func testARendererWritingBesideThatFailsFailsTheBuild() throws {
        let beside = WritesBeside()
        beside.fails = true
        try assertFailedBuildLeavesOutput(renderers: [beside, Later(beside: beside)])
    }

    /// Builds an output, then builds it again with `renderers`, which fail: the second
    /// build throws and the output is as the first left it.
    func assertFailedBuildLeavesOutput(renderers: [any OutputRenderer], file: StaticString = #filePath, line: UInt = #line) throws {
        let output = try temporaryFolder().appendingPathComponent("Output")
        var first = BuildDriver(renderers: [TableOfContents()])
        try first.build(try program(), into: output)
        let before = try snapshot(output)
        var driver = BuildDriver(renderers: renderers)
        XCTAssertThrowsError(try driver.build(try program(), into: output), file: file, line: line)
        XCTAssertEqual(try snapshot(output), before, file: file, line: line)
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
