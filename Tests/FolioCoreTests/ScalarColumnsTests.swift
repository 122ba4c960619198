import FolioCore
import XCTest

/// A byte column (what cmark and libyaml give) as the column an author sees: counted in
/// Unicode scalars, from places visited in order or not, in ASCII text and other text.
final class ScalarColumnsTests: XCTestCase {
    func testAByteColumnIsCountedInScalars() {
        var random = SystemRandomNumberGenerator()
        let alphabets = [Array("ab c-".unicodeScalars), Array("aé—😀 \r".unicodeScalars)]
        for _ in 0..<300 {
            let alphabet = alphabets.randomElement(using: &random)!
            let lines = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            }
            let file = SourceFile(path: "a.md", text: lines.joined(separator: "\n"))
            var columns = SourceFile.ScalarColumns(file)
            for _ in 0..<10 {
                let line = Int.random(in: 1...lines.count + 1, using: &random)
                let byte = Int.random(in: 0...40, using: &random)
                var expected = max(1, byte)
                if line <= lines.count, byte > 1 {
                    var text = lines[line - 1]
                    if text.hasSuffix("\r") { text.removeLast() }
                    let bytes = Array(text.utf8)
                    let within = min(byte - 1, bytes.count)
                    expected = bytes[..<within].filter { $0 & 0xC0 != 0x80 }.count + 1 + (byte - 1 - within)
                }
                XCTAssertEqual(columns.column(ofByte: byte, onLine: line), expected, "\(lines) line \(line) byte \(byte)")
                XCTAssertEqual(file.column(ofByte: byte, onLine: line), expected)
            }
        }
    }
}
