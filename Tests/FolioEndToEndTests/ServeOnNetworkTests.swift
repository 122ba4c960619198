import FolioTestSupport
import Foundation
import XCTest

/// `folio serve --lan` and `--bind`: the preview on this computer's network address, for a
/// phone, with a plain warning and a QR code a real reader decodes to that address; the
/// default stays this computer alone. Every request goes to this computer's own addresses.
final class ServeOnNetworkTests: XCTestCase {
    var content: URL!

    override func setUpWithError() throws {
        content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
    }

    /// The addresses of this computer's network interfaces but loopback, IPv4.
    static var networkAddresses: [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            inet_ntop(AF_INET, &inet, &text, socklen_t(text.count))
            let shown = String(cString: text)
            if !shown.hasPrefix("127.") { found.append(shown) }
        }
        return found
    }

    /// Waits until the server has printed all of its first message.
    func announcement(of server: ServeCommandTests.Server) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        while !server.terminal.contains("Watching"), Date() < deadline {
            server.readMore()
            Thread.sleep(forTimeInterval: 0.05)
        }
        return server.terminal
    }

    func testLanServesOnThisComputersNetworkAddressSaysWhoCanSeeItAndShowsItsQRCode() throws {
        XCTAssertFalse(Self.networkAddresses.isEmpty, "this test needs a network address besides 127.0.0.1")
        let server = try ServeCommandTests.Server(content: content, ["--lan"])
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        let printed = try announcement(of: server)
        let pattern = #"and on this network at http://[0-9.]+:[0-9]+/"#
        let match = try XCTUnwrap(printed.range(of: pattern, options: .regularExpression), printed)
        let url = String(printed[match].dropFirst("and on this network at ".count))
        let address = try XCTUnwrap(URL(string: url)?.host)
        XCTAssertTrue(Self.networkAddresses.contains(address), "\(address) is an address of this computer: \(Self.networkAddresses)")
        XCTAssertNotEqual(address, "127.0.0.1")
        XCTAssertEqual(url, "http://\(address):\(port)/")
        XCTAssertTrue(printed.contains("Serving \"Go Grrrls\" at http://127.0.0.1:\(port)/\nand on this network at"), printed)
        XCTAssertTrue(printed.contains("Anyone on this network can open this preview while it runs."), printed)
        XCTAssertTrue(printed.contains("Use it only on a network you trust, not on public Wi-Fi; Ctrl-C stops it."), printed)
        for line in printed.split(separator: "\n") where !line.hasPrefix("Watching") {
            XCTAssertLessThan(line.count, 80, "fits a small terminal window: \(line)")
        }

        // It answers at its network address, and still on this computer's own names.
        let page = try ServeHardeningTests.exchange(port: port, path: "/index.html", host: "\(address):\(port)", address: address)
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(try ServeHardeningTests.exchange(port: port, path: "/index.html").status, 200)
        // Another name for the same address is still refused (DNS rebinding).
        let renamed = try ServeHardeningTests.exchange(port: port, path: "/index.html", host: "evil.example:\(port)", address: address)
        XCTAssertEqual(renamed.status, 421)
        XCTAssertTrue(String(decoding: renamed.body, as: UTF8.self).contains("http://\(address)"), "the refusal names where it answers")

        XCTAssertEqual(try TerminalQRCode.decode(printed), url, "the QR code, read by a real reader, is the address")
    }

    func testInATerminalTheCodeIsBlackOnWhiteAndReadsAsTheAddress() throws {
        // An empty NO_COLOR counts as unset (no-color.org); the test runner may set it.
        let terminal = try TmuxSession([FolioProcess.executable.path, "serve", content.path, "--port", "0", "--lan"], environment: ["NO_COLOR": ""])
        defer { try? terminal.press("C-c") }
        let screen = try terminal.waitFor("Watching")
        let match = try XCTUnwrap(screen.range(of: #"and on this network at http://[0-9.]+:[0-9]+/"#, options: .regularExpression), screen)
        let url = String(screen[match].dropFirst("and on this network at ".count))
        XCTAssertEqual(try TerminalQRCode.decode(screen), url, screen)
        // Black (16) on white (231) of the 256 colours, which themes leave as they are.
        let coloured = try terminal.screenWithColours()
        XCTAssertTrue(coloured.contains("\u{1B}[38;5;16m\u{1B}[48;5;231m") || coloured.contains("\u{1B}[38;5;16;48;5;231m"), coloured)
        try terminal.press("C-c")
        try terminal.waitFor("EXIT=0")

        // Without colour, the ink is the terminal's text colour, and the code reads the same.
        let plain = try TmuxSession([FolioProcess.executable.path, "serve", content.path, "--port", "0", "--lan"], environment: ["NO_COLOR": "1"])
        defer { try? plain.press("C-c") }
        let plainScreen = try plain.waitFor("Watching")
        XCTAssertFalse(try plain.screenWithColours().contains("\u{1B}["), "no colour with NO_COLOR")
        let plainMatch = try XCTUnwrap(plainScreen.range(of: #"and on this network at http://[0-9.]+:[0-9]+/"#, options: .regularExpression))
        XCTAssertEqual(try TerminalQRCode.decode(plainScreen), String(plainScreen[plainMatch].dropFirst("and on this network at ".count)))
    }

    func testBindServesOnlyOnTheAddressGivenAndRefusesOneNotOfThisComputer() throws {
        let lan = try XCTUnwrap(Self.networkAddresses.first, "this test needs a network address besides 127.0.0.1")
        let server = try ServeCommandTests.Server(content: content, ["--bind", lan])
        defer { _ = server.stop() }
        let printed = try announcement(of: server)
        let port = try XCTUnwrap(server.base.port)
        XCTAssertEqual(server.base.host, lan)
        XCTAssertTrue(printed.contains("on this network at http://\(lan):\(port)/\n"), printed)
        XCTAssertEqual(try TerminalQRCode.decode(printed), "http://\(lan):\(port)/", printed)
        XCTAssertEqual(try ServeHardeningTests.exchange(port: port, path: "/index.html", host: "\(lan):\(port)", address: lan).status, 200)
        XCTAssertThrowsError(try ServeHardeningTests.connect(port), "not served on 127.0.0.1")

        // 192.0.2.0/24 is kept for documentation; .254 is nobody's address here.
        let elsewhere = Self.networkAddresses.contains("192.0.2.254") ? "198.51.100.254" : "192.0.2.254"
        let refused = try FolioProcess.run(["serve", content.path, "--port", "0", "--bind", elsewhere])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("`\(elsewhere)` is not an address of this computer; its addresses are"), refused.stderr)
        let both = try FolioProcess.run(["serve", content.path, "--lan", "--bind", lan])
        XCTAssertEqual(both.status, 2, both.stderr)
        XCTAssertTrue(both.stderr.contains("give `--lan` or `--bind`, not both"), both.stderr)
    }

    func testByDefaultOnlyThisComputerCanOpenThePreview() throws {
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let printed = try announcement(of: server)
        let port = try XCTUnwrap(server.base.port)
        XCTAssertEqual(server.base.host, "127.0.0.1")
        XCTAssertFalse(printed.contains("Anyone on this network"), printed)
        XCTAssertNil(try? TerminalQRCode.decode(printed), "no QR code")
        for address in Self.networkAddresses {
            XCTAssertThrowsError(try ServeHardeningTests.connect(port, address: address), "not listening on \(address)")
        }
        // `--bind localhost` and `--bind 127.0.0.1` are this computer alone, as by default.
        for name in ["localhost", "127.0.0.1"] {
            let named = try ServeCommandTests.Server(content: content, ["--bind", name])
            defer { _ = named.stop() }
            XCTAssertEqual(named.base.host, "127.0.0.1", name)
            XCTAssertFalse(try announcement(of: named).contains("Anyone on this network"), name)
        }
    }

    func testAPortInUseSuggestsAFreeOne() throws {
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let taken = try XCTUnwrap(server.base.port)
        let second = try FolioProcess.run(["serve", content.path, "--port", "\(taken)"])
        XCTAssertEqual(second.status, 2)
        let pattern = #"error: the port [0-9]+ is already in use: stop the other program, or serve on a free one with `--port ([0-9]+)`"#
        let match = try XCTUnwrap(second.stderr.range(of: pattern, options: .regularExpression), second.stderr)
        let suggested = try XCTUnwrap(Int(second.stderr[match].split(separator: " ").last?.filter(\.isNumber) ?? ""))
        XCTAssertGreaterThan(suggested, taken)
        // The port suggested is one a server can listen on.
        let third = try FolioProcess.start(["serve", content.path, "--port", "\(suggested)"])
        defer {
            third.interrupt()
            third.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(20)
        var answered = 0
        while answered != 200, Date() < deadline {
            answered = (try? ServeHardeningTests.exchange(port: suggested, path: "/index.html").status) ?? 0
            if answered != 200 { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertEqual(answered, 200)
    }
}

/// The QR code `folio serve` prints, read back from its half blocks into modules, drawn as
/// a picture and decoded by zbar's `zbarimg` (Debian zbar-tools), a reader that has nothing
/// of Folio's or libqrencode's.
enum TerminalQRCode {
    struct NotFound: Error {}

    /// The text of the code printed in `terminal`.
    static func decode(_ terminal: String) throws -> String {
        let blocks: Set<Character> = ["█", "▀", "▄", " "]
        let lines = terminal.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) }
            .filter { line in line.contains { $0 != " " } && line.allSatisfy(blocks.contains) }
        guard !lines.isEmpty else { throw NotFound() }
        let width = lines.map(\.count).max() ?? 0
        var rows: [[Bool]] = []
        for line in lines {
            let characters = Array(line) + Array(repeating: " ", count: width - line.count)
            rows.append(characters.map { $0 == "█" || $0 == "▀" })
            rows.append(characters.map { $0 == "█" || $0 == "▄" })
        }
        // A grey picture, 8 pixels a module, with a light margin of 8 modules.
        let scale = 8
        let margin = 8
        let pixelsWide = (width + 2 * margin) * scale
        let pixelsHigh = (rows.count + 2 * margin) * scale
        var pixels = [UInt8](repeating: 255, count: pixelsWide * pixelsHigh)
        for (row, modules) in rows.enumerated() {
            for (column, dark) in modules.enumerated() where dark {
                for y in 0..<scale {
                    let start = ((row + margin) * scale + y) * pixelsWide + (column + margin) * scale
                    for x in 0..<scale { pixels[start + x] = 0 }
                }
            }
        }
        let picture = FileManager.default.temporaryDirectory.appendingPathComponent("folio-qr-\(UUID().uuidString).pgm")
        defer { try? FileManager.default.removeItem(at: picture) }
        try (Data("P5\n\(pixelsWide) \(pixelsHigh)\n255\n".utf8) + Data(pixels)).write(to: picture)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        reader.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", picture.path]
        let output = Pipe()
        reader.standardOutput = output
        reader.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") else {
            XCTFail("zbarimg is missing: `make deps-test` installs zbar-tools")
            throw NotFound()
        }
        try reader.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        guard reader.terminationStatus == 0 else { throw NotFound() }
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
