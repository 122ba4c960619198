import FolioTestSupport
import Foundation
import XCTest

/// `folio sync` killed with SIGKILL at random moments of normal updates (chapters changed)
/// and of manifest-only updates (the description changed, every file the same): after
/// each kill, `current` names a whole version (every file its manifest lists, with its
/// size and SHA-256, and nothing else), and the next sync completes.
///
/// `FOLIO_KILL_ROUNDS` kills of each kind (30 in `make test`, 100 in `make kill-test`).
/// The sample is published with 1,500 more files, so that replacing a version takes
/// long enough for a kill to land in the middle of it.
final class SyncKillTests: XCTestCase {
    var rounds: Int { Int(ProcessInfo.processInfo.environment["FOLIO_KILL_ROUNDS"] ?? "") ?? 30 }

    /// Builds the content into `name` (a published bundle with its archive beside it).
    func publish(_ program: URL, into name: String) throws -> URL {
        let output = program.deletingLastPathComponent().appendingPathComponent(name)
        let build = try FolioProcess.run(["build", program.path, "--output", output.path, "--quiet"])
        XCTAssertEqual(build.status, 0, build.stderr)
        return output.appendingPathComponent("bundle")
    }

    func testASyncKilledAtAnyMomentLeavesAWholeVersionAndTheNextCompletes() throws {
        let root = try TestFixtures.temporaryFolder(self)
        let program = root.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: program)
        let pictures = program.appendingPathComponent("media/many")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for n in 0..<1_500 { try Data("picture \(n)\n".utf8).write(to: pictures.appendingPathComponent("p\(n).txt")) }
        let versionA = try publish(program, into: "A")
        let settings = program.appendingPathComponent("folio.yaml")
        let original = try String(contentsOf: settings, encoding: .utf8)
        try original.replacingOccurrences(of: "one chapter at a time.", with: "together.").write(to: settings, atomically: true, encoding: .utf8)
        let manifestOnly = try publish(program, into: "A-described")
        try original.write(to: settings, atomically: true, encoding: .utf8)
        for chapter in ["01-who-am-i.md", "03-feelings.md", "05-the-big-move.md"] {
            let file = program.appendingPathComponent("chapters/\(chapter)")
            try (try String(contentsOf: file, encoding: .utf8) + "\nOne more thing to think about.\n").write(to: file, atomically: true, encoding: .utf8)
        }
        let versionB = try publish(program, into: "B")
        XCTAssertEqual(try bundleHash(versionA), try bundleHash(manifestOnly), "the same files")

        let installed = root.appendingPathComponent("installed")
        try syncToEnd(versionA, installed)
        var generator = SystemRandomNumberGenerator()
        for (kind, other) in [("normal", versionB), ("manifest-only", manifestOnly)] {
            // The shorter of two updates of this kind: a kill within it lands while the
            // sync runs, however fast the machine.
            let lasting = min(try timed { try syncToEnd(other, installed) }, try timed { try syncToEnd(versionA, installed) })
            var landed = 0
            for round in 0..<rounds {
                let target = round % 2 == 0 ? other : versionA
                let process = try FolioProcess.start(["sync", target.path, installed.path])
                // Every other kill in the second half, where the sync replaces one version
                // by the other: the moments that matter most are the last ones.
                let start = round % 4 < 2 ? 0 : lasting / 2
                Thread.sleep(forTimeInterval: Double.random(in: start...(lasting * 0.95), using: &generator))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                if process.terminationReason == .uncaughtSignal { landed += 1 }
                try assertWhole(installed, "\(kind) round \(round), killed")
                try syncToEnd(target, installed)
                try assertWhole(installed, "\(kind) round \(round), synced again")
                XCTAssertEqual(
                    try installedManifest(installed), try Data(contentsOf: target.appendingPathComponent("manifest.json")),
                    "\(kind) round \(round): the next sync completes")
            }
            XCTAssertGreaterThanOrEqual(landed, rounds / 3, "\(kind): kills land while the sync runs (it lasts \(lasting) s)")
        }
    }

    func syncToEnd(_ bundle: URL, _ installed: URL) throws {
        let sync = try FolioProcess.run(["sync", bundle.path, installed.path])
        XCTAssertEqual(sync.status, 0, sync.stderr)
    }

    func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    func bundleHash(_ bundle: URL) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("manifest.json"))) as? [String: Any]
        return object?["bundleHash"] as? String
    }

    func installedManifest(_ installed: URL) throws -> Data {
        let name = try String(contentsOf: installed.appendingPathComponent("current"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try Data(contentsOf: installed.appendingPathComponent("versions/\(name)/manifest.json"))
    }

    func assertWhole(_ installed: URL, _ message: String, line: UInt = #line) throws {
        guard let name = try? String(contentsOf: installed.appendingPathComponent("current"), encoding: .utf8) else {
            return XCTFail("\(message): no current", line: line)
        }
        let folder = installed.appendingPathComponent("versions/\(name.trimmingCharacters(in: .whitespacesAndNewlines))")
        let check = try TestFixtures.runTool(["python3", FolioProcess.repository.appendingPathComponent("Tests/Support/check_installed.py").path, folder.path])
        XCTAssertEqual(check.status, 0, "\(message): \(check.text.prefix(500))", line: line)
    }
}
