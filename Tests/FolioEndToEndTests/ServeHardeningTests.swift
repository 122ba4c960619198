import FolioTestSupport
import Foundation
import XCTest

/// `folio serve` as an attacker on the same computer or a web page in the browser
/// would try it: only this computer's names are answered, media come in pieces with
/// byte ranges and never through a link, its own pages carry the site's policy, and
/// connections that send nothing are closed.
final class ServeHardeningTests: XCTestCase {
    /// One HTTP exchange over a plain socket, so that any `Host` and `Range` can be sent.
    struct Exchange {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    static func connect(_ port: Int, address ip: String = "127.0.0.1") throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(ip)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = Int(errno)
            close(socket)
            throw NSError(domain: "connect", code: code)
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    static func exchange(port: Int, path: String, host: String? = nil, headers: [String] = [], address: String = "127.0.0.1") throws -> Exchange {
        let socket = try connect(port, address: address)
        defer { close(socket) }
        let request = (["GET \(path) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(port)")", "Connection: close"] + headers + ["", ""])
            .joined(separator: "\r\n")
        _ = request.withCString { send(socket, $0, strlen($0), 0) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else { return Exchange(status: 0, headers: [:], body: Data()) }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Exchange(status: status, headers: fields, body: Data(received[split.upperBound...]))
    }

    /// The spec examples with a video file of `size` pseudo-random bytes in `media/`.
    func program(videoSize: Int) throws -> (content: URL, video: Data) {
        let content = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        try FileManager.default.copyItem(at: TestFixtures.root.appendingPathComponent("spec-examples"), to: content)
        var generator = SystemRandomNumberGenerator()
        let video = Data((0..<videoSize).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try video.write(to: content.appendingPathComponent("media/talk.mp4"))
        let chapter = content.appendingPathComponent("chapters/01-who-am-i.md")
        try (String(contentsOf: chapter, encoding: .utf8) + "\n![A talk](../media/talk.mp4)\n").write(to: chapter, atomically: true, encoding: .utf8)
        return (content, video)
    }

    func testMediaComeWholeOrByRange() async throws {
        let (content, video) = try program(videoSize: 3_000_000)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)

        let whole = try Self.exchange(port: port, path: "/media/talk.mp4")
        XCTAssertEqual(whole.status, 200)
        XCTAssertEqual(whole.headers["accept-ranges"], "bytes")
        XCTAssertEqual(whole.body, video)

        let middle = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: bytes=1000000-1999999"])
        XCTAssertEqual(middle.status, 206)
        XCTAssertEqual(middle.headers["content-range"], "bytes 1000000-1999999/3000000")
        XCTAssertEqual(middle.body, video[1_000_000..<2_000_000])

        let tail = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: bytes=-10"])
        XCTAssertEqual(tail.status, 206)
        XCTAssertEqual(tail.body, video.suffix(10))

        let open = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: bytes=2999990-"])
        XCTAssertEqual(open.body, video.suffix(10))

        let beyond = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: bytes=3000000-"])
        XCTAssertEqual(beyond.status, 416)
        XCTAssertEqual(beyond.headers["content-range"], "bytes */3000000")
    }

    /// RFC 9110, 14.2: a Range header of another unit, or that is not a list of byte
    /// ranges, is ignored; only a valid range outside the file is answered with 416.
    func testARangeHeaderThatIsNotByteRangesIsIgnored() async throws {
        let (content, video) = try program(videoSize: 1000)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        for header in ["bytes=abc", "bytes=", "bytes=5-2", "bytes=+1-5", "bytes=1-5,x", "items=0-10", "bytes=-"] {
            let answer = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: \(header)"])
            XCTAssertEqual(answer.status, 200, header)
            XCTAssertNil(answer.headers["content-range"], header)
            XCTAssertEqual(answer.body, video, header)
        }
        for header in ["bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=2000-3000, 1500-"] {
            let answer = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: \(header)"])
            XCTAssertEqual(answer.status, 416, header)
            XCTAssertEqual(answer.headers["content-range"], "bytes */1000", header)
        }
        let second = try Self.exchange(port: port, path: "/media/talk.mp4", headers: ["Range: bytes=2000-, 10-19"])
        XCTAssertEqual(second.status, 206)
        XCTAssertEqual(second.body, video[10..<20])
    }

    func testMediaAreSentWithAPolicyThatForbidsScripts() async throws {
        let (content, _) = try program(videoSize: 1000)
        try "<!doctype html>\n<title>Handout</title>\n<p>Read this at home.</p>\n".write(
            to: content.appendingPathComponent("media/handout.html"), atomically: true, encoding: .utf8)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        for path in ["/media/handout.html", "/media/talk.mp4"] {
            let answer = try Self.exchange(port: port, path: path)
            XCTAssertEqual(answer.status, 200, path)
            let policy = try XCTUnwrap(answer.headers["content-security-policy"], path)
            let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(directives.contains("default-src 'none'"), policy)
            XCTAssertTrue(directives.contains("sandbox"), policy)
            XCTAssertFalse(policy.contains("script-src"), policy)
            XCTAssertEqual(answer.headers["x-content-type-options"], "nosniff", path)
        }
        // The site's own pages keep their policy, which runs the site's scripts.
        XCTAssertNil(try Self.exchange(port: port, path: "/index.html").headers["content-security-policy"])
    }

    func testOnlyThisComputersNamesAreAnswered() async throws {
        let (content, _) = try program(videoSize: 10)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)"] {
            XCTAssertEqual(try Self.exchange(port: port, path: "/index.html", host: host).status, 200, host)
        }
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example:\(port)", "[::2]:\(port)", ""] {
            let refused = try Self.exchange(port: port, path: "/chapters/who-am-i.html", host: host)
            XCTAssertEqual(refused.status, 421, host)
            XCTAssertFalse(String(decoding: refused.body, as: UTF8.self).contains("Who Am I"), host)
        }
    }

    func testAMediaFileSwappedForALinkIsNotServed() async throws {
        let (content, _) = try program(videoSize: 1000)
        let secret = try TestFixtures.temporaryFolder(self).appendingPathComponent("secret.txt")
        try Data("the secret".utf8).write(to: secret)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        XCTAssertEqual(try Self.exchange(port: port, path: "/media/talk.mp4").status, 200)
        let video = content.appendingPathComponent("media/talk.mp4")
        try FileManager.default.removeItem(at: video)
        try FileManager.default.createSymbolicLink(at: video, withDestinationURL: secret)
        // At once, before the rebuild, and after it.
        let before = try Self.exchange(port: port, path: "/media/talk.mp4")
        XCTAssertFalse(String(decoding: before.body, as: UTF8.self).contains("the secret"))
        _ = try await server.waitForVersion(after: 1)
        let after = try Self.exchange(port: port, path: "/media/talk.mp4")
        XCTAssertFalse(String(decoding: after.body, as: UTF8.self).contains("the secret"))
        XCTAssertNotEqual(after.status, 200)
    }

    func testTheProblemsPageCarriesTheSitesPolicy() async throws {
        let (content, _) = try program(videoSize: 10)
        try "title: [unclosed\n".write(to: content.appendingPathComponent("folio.yaml"), atomically: true, encoding: .utf8)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        for path in ["/index.html", "/__folio/problems", "/__folio/explain/yaml-syntax"] {
            let page = String(decoding: try Self.exchange(port: port, path: path).body, as: UTF8.self)
            XCTAssertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self';"), page)
        }
    }

    func testConnectionsThatSendNothingAreClosedAndDoNotBlockOthers() async throws {
        let (content, _) = try program(videoSize: 10)
        let server = try ServeCommandTests.Server(content: content)
        defer { _ = server.stop() }
        let port = try XCTUnwrap(server.base.port)
        var idle = try (0..<200).map { _ in try Self.connect(port) }
        defer { idle.forEach { close($0) } }
        // One sends half a request and stops, as a slow attacker does.
        _ = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".withCString { send(idle[0], $0, strlen($0), 0) }
        XCTAssertEqual(try Self.exchange(port: port, path: "/index.html").status, 200)
        // The server closes them after its idle time: reading sees the end of the stream.
        var closed = 0
        for socket in idle {
            var byte: UInt8 = 0
            if recv(socket, &byte, 1, 0) == 0 { closed += 1 }
        }
        XCTAssertEqual(closed, idle.count)
        idle.forEach { close($0) }
        idle = []
    }
}
