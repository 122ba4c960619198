import FolioTestSupport
import Foundation
import XCTest

/// `folio sync` against an update server that misbehaves on purpose
/// (`Tests/Support/hostile_server.py`, on loopback): replies larger than their files,
/// declared lengths that lie, a server that sends a byte every few seconds, redirects
/// elsewhere, an older signed manifest served again, a new key's signature, a change to
/// the manifest alone. After each, the installation is the previous version or the new
/// one, whole.
final class SyncHostileServerTests: XCTestCase {
    /// The sample program, built and signed into the folder a hostile server serves.
    final class HostilePublisher {
        let folder: URL
        let rules: URL
        let log: URL
        let port: String

        init(_ test: XCTestCase) throws {
            folder = try TestFixtures.temporaryFolder(test)
            try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
            for key in ["program", "next"] {
                XCTAssertEqual(try FolioProcess.run(["keygen", "keys/\(key).key"], in: folder).status, 0)
            }
            rules = folder.appendingPathComponent("rules.json")
            log = folder.appendingPathComponent("requests.log")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Output"), withIntermediateDirectories: true)
            let server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = [
                "python3", FolioProcess.repository.appendingPathComponent("Tests/Support/hostile_server.py").path,
                folder.appendingPathComponent("Output").path, rules.path, log.path,
            ]
            let output = Pipe()
            server.standardOutput = output
            server.standardError = FileHandle.nullDevice
            try server.run()
            port = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            test.addTeardownBlock { server.terminate() }
        }

        var url: String { "http://127.0.0.1:\(port)/bundle/" }
        func key(_ name: String = "program") -> String { folder.appendingPathComponent("keys/\(name).key.pub").path }
        var bundle: URL { folder.appendingPathComponent("Output/bundle") }

        /// Builds and signs the content, as signed at `time` (seconds since 1970).
        func publish(key: String = "program", at time: Int = 1_800_000_000) throws {
            let build = try FolioProcess.run(
                ["build", "--sign", "keys/\(key).key", "--quiet"], in: folder, environment: ["SOURCE_DATE_EPOCH": String(time)])
            XCTAssertEqual(build.status, 0, build.stderr)
        }

        /// Makes the server answer `path` (under /bundle/) by `rule` instead of its file.
        func answer(_ rules: [String: [String: Any]]) throws {
            let keyed = Dictionary(uniqueKeysWithValues: rules.map { ("/bundle/" + $0.key, $0.value) })
            try JSONSerialization.data(withJSONObject: keyed).write(to: self.rules)
        }

        /// The bytes of body the server sent for each request that ended, by path.
        func sent() -> [String: Int] {
            let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            var sent: [String: Int] = [:]
            for line in lines.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2 { sent[String(parts[0]).replacingOccurrences(of: "/bundle/", with: ""), default: 0] += Int(parts[1]) ?? 0 }
            }
            return sent
        }

        func manifest() throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: bundle.appendingPathComponent("manifest.json"))) as? [String: Any])
        }
    }

    /// `folio sync` through Python, which reports the largest resident memory it reached.
    func sync(_ arguments: [String]) throws -> (status: Int32, stderr: String, peakMegabytes: Int) {
        let script = """
            import json, resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], capture_output=True)
            print(json.dumps({"status": run.returncode, "stderr": run.stderr.decode(),
                              "peak": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024}))
            """
        let result = try TestFixtures.runTool(["python3", "-c", script, FolioProcess.executable.path, "sync"] + arguments)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any], result.text)
        return (Int32(object["status"] as! Int), object["stderr"] as! String, object["peak"] as! Int)
    }

    /// Installs the published bundle into a new folder; returns the folder and the name
    /// of the version in use.
    func install(_ publisher: HostilePublisher) throws -> (folder: URL, version: String) {
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        let first = try sync([publisher.url, installed.path, "--public-key-file", publisher.key(), "--no-archive"])
        XCTAssertEqual(first.status, 0, first.stderr)
        return (installed, try XCTUnwrap(Self.version(installed)))
    }

    static func version(_ installed: URL) -> String? {
        (try? String(contentsOf: installed.appendingPathComponent("current"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The version in use is whole: every file its manifest lists, with its size and
    /// SHA-256, and nothing else.
    static func assertWhole(_ installed: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let name = try XCTUnwrap(version(installed), "current names a version", file: file, line: line)
        let folder = installed.appendingPathComponent("versions/\(name)")
        let check = try TestFixtures.runTool(["python3", FolioProcess.repository.appendingPathComponent("Tests/Support/check_installed.py").path, folder.path])
        XCTAssertEqual(check.status, 0, check.text, file: file, line: line)
    }

    func testAManifestLargerThanAManifestMayBeIsRefusedWhileItIsRead() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, before) = try install(publisher)
        try publisher.answer(["manifest.json": ["stream": 1_500_000_000]])
        let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`manifest.json`: the reply is larger than the 268435456 bytes it may have"), refused.stderr)
        XCTAssertLessThan(refused.peakMegabytes, 1024, "at most the manifest's limit is held, not the reply")
        XCTAssertLessThan(publisher.sent()["manifest.json"] ?? 0, 600_000_000, "the client hung up once past the limit")
        XCTAssertEqual(Self.version(installed), before)
        try Self.assertWhole(installed)
    }

    func testASignatureLargerThanASignatureMayBeIsRefused() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, before) = try install(publisher)
        try publisher.answer(["manifest.sig": ["stream": 1 << 30]])
        let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`manifest.sig`: the reply is larger than the 65536 bytes"), refused.stderr)
        XCTAssertEqual(Self.version(installed), before)
        XCTAssertLessThan(
            try FileManager.default.attributesOfItem(atPath: installed.appendingPathComponent("versions/\(before)/manifest.sig").path)[.size] as? Int ?? 0,
            1024)
    }

    func testAnEntryDeclaringMoreThanItsSizeIsRefusedBeforeItsBody() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, before) = try install(publisher)
        try FolioProcess.run(["new", "chapter", "One more step"], in: publisher.folder.appendingPathComponent("Content"))
        try publisher.publish(at: 1_800_000_100)
        let chapter = try XCTUnwrap((publisher.manifest()["entries"] as? [[String: Any]])?.first { ($0["path"] as? String)?.contains("one-more-step") == true })
        let path = try XCTUnwrap(chapter["path"] as? String)
        for rule: [String: Any] in [["stream": 3_000_000_000, "declare": 5_000_000_000], ["stream": 3_000_000_000]] {
            try publisher.answer([path: rule])
            let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("`\(path)`: the reply is larger than the \(chapter["size"] as! Int) bytes"), refused.stderr)
            XCTAssertLessThan(publisher.sent()[path] ?? 0, 200_000_000, "\(rule): the client stopped reading at once")
            XCTAssertEqual(Self.version(installed), before)
            try Self.assertWhole(installed)
        }
        try publisher.answer([:])
        let next = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(next.status, 0, next.stderr)
        try Self.assertWhole(installed)
    }

    func testAServerThatSendsAByteNowAndThenIsGivenUp() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, before) = try install(publisher)
        try FolioProcess.run(["new", "chapter", "One more step"], in: publisher.folder.appendingPathComponent("Content"))
        try publisher.publish(at: 1_800_000_100)
        let path = try XCTUnwrap(
            (publisher.manifest()["entries"] as? [[String: Any]])?.compactMap { $0["path"] as? String }.first { $0.contains("one-more-step") })
        try publisher.answer([path: ["drip": 5]])
        let started = Date()
        let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key(), "--timeout", "2"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("it was given up: after 2 s it had come at less than 4 KB/s"), refused.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "given up, not waited on")
        XCTAssertEqual(Self.version(installed), before)
        try Self.assertWhole(installed)
    }

    func testARedirectIsFollowedOnlyOnTheBundlesOwnOrigin() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, before) = try install(publisher)
        try FolioProcess.run(["new", "chapter", "One more step"], in: publisher.folder.appendingPathComponent("Content"))
        try publisher.publish(at: 1_800_000_100)
        try publisher.answer(["manifest.json": ["redirect": "http://localhost:\(publisher.port)/bundle/manifest.json"]])
        let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("redirected it to http://localhost"), refused.stderr)
        XCTAssertEqual(Self.version(installed), before)

        try publisher.answer(["manifest.json": ["redirect": "/bundle/manifest.json?moved"]])
        let followed = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(followed.status, 0, followed.stderr)
        XCTAssertNotEqual(Self.version(installed), before)
        try Self.assertWhole(installed)
    }

    func testAnOlderSignedManifestServedAgainIsRefused() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish(at: 1_800_000_000)
        let older = try Data(contentsOf: publisher.bundle.appendingPathComponent("manifest.json"))
        let olderSignature = try Data(contentsOf: publisher.bundle.appendingPathComponent("manifest.sig"))
        try FolioProcess.run(["new", "chapter", "One more step"], in: publisher.folder.appendingPathComponent("Content"))
        try publisher.publish(at: 1_800_086_400)
        let (installed, before) = try install(publisher)

        try older.write(to: publisher.bundle.appendingPathComponent("manifest.json"))
        try olderSignature.write(to: publisher.bundle.appendingPathComponent("manifest.sig"))
        let refused = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(
            refused.stderr.contains("signed 2027-01-15T08:00:00Z, before the installed one (2027-01-16T08:00:00Z): an older version is being served again"),
            refused.stderr)
        XCTAssertEqual(Self.version(installed), before)
        try Self.assertWhole(installed)
    }

    func testAManifestOnlyChangeAndANewKeysSignatureReachTheInstallation() throws {
        let publisher = try HostilePublisher(self)
        try publisher.publish()
        let (installed, first) = try install(publisher)
        let before = try publisher.manifest()

        // Only the description: every file the same, the manifest not.
        let settings = publisher.folder.appendingPathComponent("Content/folio.yaml")
        try (try String(contentsOf: settings, encoding: .utf8))
            .replacingOccurrences(of: "Growing up strong, one chapter at a time.", with: "Growing up strong, together.")
            .write(to: settings, atomically: true, encoding: .utf8)
        try publisher.publish()
        let after = try publisher.manifest()
        XCTAssertEqual(after["bundleHash"] as? String, before["bundleHash"] as? String, "no file changed")
        XCTAssertNotEqual(after["revision"] as? String, before["revision"] as? String, "the revision did")
        let changed = try sync([publisher.url, installed.path, "--public-key-file", publisher.key()])
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertTrue(changed.stderr.contains("fetched 0 of"), changed.stderr)
        let second = try XCTUnwrap(Self.version(installed))
        XCTAssertNotEqual(second, first)
        XCTAssertEqual(
            try Data(contentsOf: installed.appendingPathComponent("versions/\(second)/manifest.json")),
            try Data(contentsOf: publisher.bundle.appendingPathComponent("manifest.json")))

        // The same manifest signed by the key that replaces the old one.
        try publisher.publish(key: "next")
        XCTAssertEqual(try publisher.manifest() as NSDictionary, after as NSDictionary, "the same manifest")
        let rotated = try sync([publisher.url, installed.path, "--public-key", try String(contentsOfFile: publisher.key("next"), encoding: .utf8)])
        XCTAssertEqual(rotated.status, 0, rotated.stderr)
        XCTAssertFalse(rotated.stderr.contains("already up to date"), rotated.stderr)
        let third = try XCTUnwrap(Self.version(installed))
        XCTAssertEqual(
            try Data(contentsOf: installed.appendingPathComponent("versions/\(third)/manifest.sig")),
            try Data(contentsOf: publisher.bundle.appendingPathComponent("manifest.sig")), "the new signature is installed")
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertEqual(quiz.status, 0, quiz.stderr)
        try Self.assertWhole(installed)
    }
}
