import FolioTestSupport
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `folio serve` over HTTP on loopback: the site from the content folder, rebuilt when a
/// file is saved, the problems page while the content has errors, and back when fixed.
final class ServeCommandTests: XCTestCase {
    /// A running `folio serve` and the address it printed.
    final class Server {
        let process: Process
        let base: URL
        private let errors: Pipe
        private var printed = Data()

        init(content: URL, _ options: [String] = []) throws {
            process = try FolioProcess.start(["serve", content.path, "--port", "0"] + options)
            errors = process.standardError as! Pipe
            var address: URL?
            let deadline = Date().addingTimeInterval(30)
            while address == nil, Date() < deadline {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += chunk
                let text = String(decoding: printed, as: UTF8.self)
                if let range = text.range(of: #"http://[0-9.]+:[0-9]+/"#, options: .regularExpression) {
                    address = URL(string: String(text[range]))
                }
            }
            guard let address else { throw NSError(domain: "serve", code: 1, userInfo: [NSLocalizedDescriptionKey: String(decoding: printed, as: UTF8.self)]) }
            base = address
        }

        /// What the server has printed so far.
        var terminal: String {
            String(decoding: printed, as: UTF8.self)
        }

        func readMore() {
            let handle = errors.fileHandleForReading
            var pending = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            while poll(&pending, 1, 0) > 0 {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                printed += chunk
            }
        }

        func get(_ path: String) async throws -> (status: Int, body: String, type: String) {
            let url = path.isEmpty ? base : URL(string: path, relativeTo: base)!
            let (data, response) = try await URLSession.shared.data(from: url)
            let http = response as! HTTPURLResponse
            return (http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "Content-Type") ?? "")
        }

        /// Waits for the site's version to pass `version`, as an open page's script does.
        func waitForVersion(after version: Int) async throws -> Int {
            let (_, body, _) = try await get("__folio/wait?since=\(version)")
            return (try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Int])["version"]!
        }

        func stop() -> Int32 {
            process.interrupt()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func testEditingAChapterRebuildsItsPageAndBreakingAQuizShowsTheProblems() async throws {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        let server = try Server(content: content)
        defer { _ = server.stop() }

        var page = try await server.get("chapters/who-am-i.html")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.type, "text/html; charset=utf-8")
        XCTAssertTrue(page.body.contains("<h1>Who Am I?</h1>"), page.body)
        XCTAssertTrue(page.body.contains("<script src=\"/__folio/live.js?v=1\" defer></script>"), "the page reloads itself after a rebuild")
        XCTAssertTrue(page.body.contains("<section class=\"quiz\""))
        let root = try await server.get(""), home = try await server.get("index.html")
        XCTAssertEqual(root.body, home.body)
        let stylesheet = try await server.get("site.css"), reload = try await server.get("__folio/live.js")
        XCTAssertEqual(stylesheet.type, "text/css; charset=utf-8")
        XCTAssertTrue(reload.body.contains("location.reload()"))
        let worker = try await server.get("sw.js")
        XCTAssertTrue(worker.body.contains("unregister()"), "no offline cache may hide a newer build")
        let missing = try await server.get("chapters/nope.html")
        XCTAssertEqual(missing.status, 404)

        // The author saves a new title.
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        try text.replacingOccurrences(of: "title: Who Am I?", with: "title: Who Am I, Really?").write(to: chapter, atomically: true, encoding: .utf8)
        var version = try await server.waitForVersion(after: 1)
        XCTAssertEqual(version, 2)
        page = try await server.get("chapters/who-am-i.html")
        XCTAssertTrue(page.body.contains("<h1>Who Am I, Really?</h1>"), page.body)
        XCTAssertTrue(page.body.contains("live.js?v=2"))

        // The author breaks a quiz: the page shows what is wrong, where, and how to fix it.
        let quiz = content.appendingPathComponent("quizzes/who-am-i.yaml")
        let original = try String(contentsOf: quiz, encoding: .utf8)
        try original.replacingOccurrences(of: "        hint: Popularity", with: "        hnit: Popularity").write(to: quiz, atomically: true, encoding: .utf8)
        version = try await server.waitForVersion(after: 2)
        XCTAssertEqual(version, 3)
        page = try await server.get("chapters/who-am-i.html")
        XCTAssertTrue(page.body.contains("<h1>The content has 1 error</h1>"), page.body)
        XCTAssertTrue(page.body.contains("<code>\(content.path)/quizzes/who-am-i.yaml:17:9</code>"), page.body)
        // The page sets field names as code, where a terminal shows backticks.
        XCTAssertTrue(page.body.contains("unknown field <code>hnit</code>"), page.body)
        XCTAssertTrue(page.body.contains("did you mean <code>hint</code>?"), page.body)
        XCTAssertTrue(page.body.contains("17 |         hnit: Popularity is about what others think."), page.body)
        XCTAssertTrue(page.body.contains("<p class=\"help\"><strong>How to fix it:</strong>"), page.body)
        XCTAssertTrue(page.body.contains("live.js?v=3"), "the problems page reloads itself too")
        let otherPage = try await server.get("index.html")
        XCTAssertEqual(otherPage.body, page.body, "every page shows the problems, not a stale page")
        // The code leads to what `folio explain` says about it.
        XCTAssertTrue(page.body.contains("<a class=\"code\" href=\"/__folio/explain/unknown-field\""), page.body)
        let explanation = try await server.get("__folio/explain/unknown-field")
        XCTAssertEqual(explanation.status, 200)
        XCTAssertTrue(explanation.body.contains("<h2>What it means</h2>"), explanation.body)
        XCTAssertTrue(explanation.body.contains("<h2>The fix</h2>"), explanation.body)
        let noSuchCode = try await server.get("__folio/explain/no-such-code")
        XCTAssertEqual(noSuchCode.status, 404)

        // Fixed: the site is back.
        try original.write(to: quiz, atomically: true, encoding: .utf8)
        version = try await server.waitForVersion(after: 3)
        XCTAssertEqual(version, 4)
        page = try await server.get("chapters/who-am-i.html")
        XCTAssertTrue(page.body.contains("<h1>Who Am I, Really?</h1>"), page.body)

        server.readMore()
        XCTAssertTrue(server.terminal.contains("rebuilt in"), server.terminal)
        XCTAssertTrue(server.terminal.contains("quizzes/who-am-i.yaml:17:9: error: unknown field `hnit`"), server.terminal)
        XCTAssertEqual(server.stop(), 0, "Ctrl-C stops the server cleanly")
    }

    /// A folder made while the server runs is watched like the others: the first deck of
    /// a program goes into a `decks` folder that did not exist when `folio serve` started.
    func testAFileSavedInAFolderMadeWhileServingIsSeen() async throws {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        let decks = content.appendingPathComponent("decks")
        try FileManager.default.removeItem(at: decks)
        let server = try Server(content: content)
        defer { _ = server.stop() }
        let before = try await server.get("decks/body-words.html")
        XCTAssertEqual(before.status, 404)

        try FileManager.default.createDirectory(at: decks, withIntermediateDirectories: false)
        var version = try await server.waitForVersion(after: 1)
        XCTAssertEqual(version, 2, "making the folder is a change")
        try "Body words\n\nPuberty\nThe years when your body changes.\n".write(
            to: decks.appendingPathComponent("body-words.txt"), atomically: false, encoding: .utf8)
        version = try await server.waitForVersion(after: 2)
        XCTAssertEqual(version, 3, "a file saved in the new folder is a change")
        let page = try await server.get("decks/body-words.html")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("Puberty"), page.body)
    }

    /// Saves the first chapter of the spec examples in `content` under a new title, as an
    /// editor saves (a new file renamed over the old), and checks that `server`, at its
    /// first version, shows it as its second.
    func assertASaveIsSeen(by server: Server, in content: URL, file: StaticString = #filePath, line: UInt = #line) async throws {
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        try text.replacingOccurrences(of: "title: Who Am I?", with: "title: Who Am I Now?").write(to: chapter, atomically: true, encoding: .utf8)
        let version = try await server.waitForVersion(after: 1)
        XCTAssertEqual(version, 2, "the save is seen", file: file, line: line)
        let page = try await server.get("chapters/who-am-i.html")
        XCTAssertTrue(page.body.contains("<h1>Who Am I Now?</h1>"), page.body, file: file, line: line)
    }

    /// The watcher is ready before the address is shown, however many folders and files
    /// the program has: a save made at once is seen.
    func testASaveMadeAsSoonAsTheAddressIsShownIsSeen() async throws {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        for folder in 0..<300 {
            let pictures = content.appendingPathComponent("media/album-\(folder)")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            for file in 0..<20 { try Data().write(to: pictures.appendingPathComponent("photo-\(file).png")) }
        }
        let server = try Server(content: content)
        defer { _ = server.stop() }
        try await assertASaveIsSeen(by: server, in: content)
    }

    /// Links are not followed, as the content's listing does not follow them: two links
    /// to the folder above made the watcher look through the folders without end, and no
    /// save was ever seen.
    func testLinksToFoldersAboveDoNotStopTheWatcher() async throws {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        for name in ["up", "again"] {
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("chapters/\(name)").path, withDestinationPath: "..")
        }
        let server = try Server(content: content)
        defer { _ = server.stop() }
        try await assertASaveIsSeen(by: server, in: content)
    }

    func testAPortInUseIsAClearUsageError() async throws {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        let server = try Server(content: content)
        defer { _ = server.stop() }
        let taken = try XCTUnwrap(server.base.port)
        let second = try FolioProcess.run(["serve", content.path, "--port", "\(taken)"])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.stderr.contains("error: the port \(taken) is already in use"), second.stderr)
    }
}
