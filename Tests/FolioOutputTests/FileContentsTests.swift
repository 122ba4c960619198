import FolioSystem
import FolioTestSupport
import Foundation
import XCTest

/// A file is read whole, whatever its size, and anything that is not a regular file is
/// not read: a folder gives nothing, and a pipe never makes the reader wait.
final class FileContentsTests: XCTestCase {
    func folder() throws -> URL { try TestFixtures.temporaryFolder(self) }

    func testAFileIsReadWhole() throws {
        let folder = try folder()
        for size in [0, 1, 4095, 4096, 65_537, 3_000_000] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let file = folder.appendingPathComponent("\(size).bin")
            try bytes.write(to: file)
            XCTAssertEqual(SystemCalls.contents(ofFile: file.path), bytes, "\(size) bytes")
        }
    }

    func testWhatIsNotARegularFileIsNotRead() throws {
        let folder = try folder()
        XCTAssertNil(SystemCalls.contents(ofFile: folder.path), "a folder")
        XCTAssertNil(SystemCalls.contents(ofFile: folder.appendingPathComponent("missing").path), "nothing there")
        let pipe = folder.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(pipe.path, 0o644), 0)
        XCTAssertNil(SystemCalls.contents(ofFile: pipe.path), "a pipe, without waiting for a writer")
        XCTAssertNil(SystemCalls.contents(ofFile: "/dev/zero"), "a device")
    }
}
