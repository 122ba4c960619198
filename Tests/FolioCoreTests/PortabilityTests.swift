import Foundation
import XCTest

/// The modules an app builds on (the library products and the core they use) are written
/// for every platform Swift runs on: they use Foundation, swift-crypto and GRDB, never an
/// API of Linux's C library, a terminal or a server. The command line's other modules are
/// built and tested on Linux and reach the C library through FolioSystem.
final class PortabilityTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// What only Linux's C library has, or what names it.
    static let linuxOnly = [
        "Glibc", "st_mtim", "inotify", "epoll", "renameat2", "dlsym", "/proc/", "import NIO", "import Hummingbird", "FolioSystem",
        "isatty", "termios",
    ]

    /// The library products' modules and what they are built from.
    static let libraryModules = ["FolioModel", "FolioQuiz", "FolioCore", "FolioDigest", "FolioClient", "FolioProgress"]

    func testTheModulesAnAppNeedsUseNothingLinuxOnly() throws {
        var found: [String] = []
        for module in Self.libraryModules {
            let folder = Self.sources.appendingPathComponent(module)
            for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for word in Self.linuxOnly where text.contains(word) { found.append("\(module)/\(path): \(word)") }
            }
        }
        XCTAssertEqual(found, [])
    }

    func testTheBridgeHasABranchForApplesSystems() throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent("FolioSystem/SystemCalls.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("#elseif canImport(Darwin)") && text.contains("st_mtimespec"))
    }

    /// Every module but FolioSystem reaches the C library through it (Package.swift), so
    /// that which modules make system calls is a dependency to read, not an import to find.
    func testOnlyFolioSystemImportsTheCLibrary() throws {
        var found: [String] = []
        for case let path as String in FileManager.default.enumerator(atPath: Self.sources.path)!
        where path.hasSuffix(".swift") && !path.hasPrefix("FolioSystem/") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
            for word in ["import Glibc", "canImport(Glibc)"] where text.contains(word) { found.append("\(path): \(word)") }
        }
        XCTAssertEqual(found, [])
    }

    /// The public interface of the modules an app builds on, as the compiler built them
    /// (their symbol graphs, read from the modules of this very build), names no unsafe
    /// pointer: what an app calls cannot read or write memory it does not own. The package's
    /// own modules reach such functions as `package` declarations.
    func testThePublicInterfaceAnAppSeesHasNoUnsafePointer() throws {
        // The tests are in the build's folder (`.build/<triple>/debug`), beside the modules
        // they were built with (Linux gives that folder as their bundle, Apple's systems the
        // `.xctest` bundle in it); the packages' checkouts are two folders up.
        let bundle = Bundle(for: Self.self).bundleURL
        let build = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        let checkouts = build.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("folio-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var found: [String] = []
        for module in Self.libraryModules {
            let folder = output.appendingPathComponent(module)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "swift-symbolgraph-extract", "-module-name", module, "-I", build.appendingPathComponent("Modules").path,
                // GRDB's C module of SQLite, which FolioProgress's interface imports.
                "-I", checkouts.appendingPathComponent("GRDB.swift/Sources/GRDBSQLite").path,
                "-target", Self.target, "-minimum-access-level", "public", "-output-dir", folder.path,
            ]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "the symbol graph of \(module)")
            let graphs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".symbols.json") }
            XCTAssertFalse(graphs.isEmpty, "the symbol graph of \(module)")
            for graph in graphs {
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(graph))) as? [String: Any]
                for symbol in json?["symbols"] as? [[String: Any]] ?? [] {
                    let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
                    let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                    if declaration.contains("Unsafe") { found.append("\(module): \(declaration)") }
                }
            }
        }
        XCTAssertEqual(found, [])
    }

    /// The target triple the modules were built for.
    static var target: String {
        #if arch(x86_64)
            let architecture = "x86_64"
        #else
            let architecture = "aarch64"
        #endif
        #if os(Linux)
            return "\(architecture)-unknown-linux-gnu"
        #else
            return "\(architecture == "aarch64" ? "arm64" : architecture)-apple-macosx13.0"
        #endif
    }
}
