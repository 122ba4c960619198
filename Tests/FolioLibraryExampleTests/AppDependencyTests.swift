import Foundation
import XCTest

/// An app that adds Folio's library products as docs/library.md says, with `traits: []`,
/// resolves only the packages they are built from: swift-crypto (with swift-asn1, which it
/// uses) for FolioClient, GRDB.swift for FolioProgress. The command line's packages
/// (swift-nio, Hummingbird, swift-mustache, swift-argument-parser, ...) come only under the
/// CommandLine trait (Package.swift), which such an app turns off.
final class AppDependencyTests: XCTestCase {
    func testAnAppWithoutTheCommandLineTraitResolvesOnlyWhatTheLibrariesUse() throws {
        let repository = LibraryGuideTests.repository
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("folio-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: app) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        // A path dependency's identity is its folder's name.
        let folio = repository.lastPathComponent
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "\(repository.path)", traits: [])],
                targets: [
                    .target(
                        name: "App",
                        dependencies: [
                            .product(name: "FolioClient", package: "\(folio)"), .product(name: "FolioQuiz", package: "\(folio)"),
                            .product(name: "FolioModel", package: "\(folio)"), .product(name: "FolioProgress", package: "\(folio)"),
                        ])
                ]
            )

            """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import FolioClient\nimport FolioModel\nimport FolioProgress\nimport FolioQuiz\n".write(
            to: app.appendingPathComponent("Sources/App/App.swift"), atomically: true, encoding: .utf8)

        // A scratch folder and a cache of its own: every package is fetched afresh.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "resolve", "--package-path", app.path, "--scratch-path", app.appendingPathComponent(".build").path,
            "--cache-path", app.appendingPathComponent(".cache").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)

        let resolved = try JSONSerialization.jsonObject(with: Data(contentsOf: app.appendingPathComponent("Package.resolved"))) as? [String: Any]
        let identities = (resolved?["pins"] as? [[String: Any]] ?? []).compactMap { $0["identity"] as? String }
        XCTAssertEqual(Set(identities), ["swift-crypto", "swift-asn1", "grdb.swift"], text)
    }
}
