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
    static let libraryModules = ["FolioModel", "FolioQuiz", "FolioCore", "FolioClient", "FolioProgress"]

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
}
