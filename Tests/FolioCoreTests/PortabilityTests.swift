import Foundation
import XCTest

/// The modules an app builds on (the bundle model, the grading engine, and the core they
/// use) are written for every platform Swift runs on: they use Foundation, never an API
/// of Linux's C library. The command line's other modules are built and tested on Linux.
final class PortabilityTests: XCTestCase {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// What only Linux's C library has, or what names it.
    static let linuxOnly = ["Glibc", "st_mtim", "inotify", "epoll", "renameat2", "dlsym", "/proc/"]

    /// The one file that reaches the C library, for Linux and Apple's systems both.
    static let bridges: Set<String> = ["FolioCore/SystemCalls.swift"]

    func testTheModulesAnAppNeedsUseNothingLinuxOnly() throws {
        var found: [String] = []
        for module in ["FolioModel", "FolioQuiz", "FolioCore"] {
            let folder = Self.sources.appendingPathComponent(module)
            for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where path.hasSuffix(".swift") {
                if Self.bridges.contains("\(module)/\(path)") { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                for word in Self.linuxOnly where text.contains(word) { found.append("\(module)/\(path): \(word)") }
            }
        }
        XCTAssertEqual(found, [])
    }

    func testTheBridgeHasABranchForApplesSystems() throws {
        let text = try String(contentsOf: Self.sources.appendingPathComponent("FolioCore/SystemCalls.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("#elseif canImport(Darwin)") && text.contains("st_mtimespec"))
    }
}
