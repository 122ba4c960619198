import FolioCore
import Foundation
import XCTest

/// Looking eight bytes at a time finds the same byte as looking at each in turn, and
/// the JSON and HTML written with it are the bytes written before it.
final class ByteScanTests: XCTestCase {
    /// Random bytes of every value, so that a match sits at each place of a word, after
    /// bytes that make a borrow (0x00, 0x01, 0x80, 0xFF), in the last bytes (read as a
    /// word with zeros after them, which themselves match some tests) and at the very end.
    func testTheFirstMarkedByteIsTheFirstMatchingByte() {
        var random = SystemRandomNumberGenerator()
        let sought: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x22, 0x26, 0x5C, 0x7F, 0x80, 0xE2, 0xFF]
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &random)
            let pool: [UInt8] = Bool.random(using: &random) ? (0...255).map { UInt8($0) } : [0x00, 0x01, 0x21, 0x22, 0x7F, 0x80, 0xFF, 0x61]
            let target = sought.randomElement(using: &random)!
            // Sometimes long runs of the byte sought, as an indent is a run of spaces.
            let runs = Bool.random(using: &random)
            let bytes = (0..<length).map { _ in runs && Int.random(in: 0..<10, using: &random) > 0 ? target : pool.randomElement(using: &random)! }
            let limit = UInt8.random(in: 1...128, using: &random)
            let start = Int.random(in: 0...length, using: &random)
            bytes.withUnsafeBufferPointer { buffer in
                let byte = ByteScan.next(in: buffer, from: start, marks: { ByteScan.byte(target, in: $0) })
                XCTAssertEqual(byte, bytes[start...].firstIndex(of: target) ?? length, "\(bytes) from \(start) for \(target)")
                let below = ByteScan.next(in: buffer, from: start, marks: { ByteScan.below(limit, in: $0) })
                XCTAssertEqual(below, bytes[start...].firstIndex { $0 < limit } ?? length, "\(bytes) from \(start) below \(limit)")
                let either = ByteScan.next(
                    in: buffer, from: start, marks: { ByteScan.byte(target, in: $0) | ByteScan.below(limit, in: $0) })
                XCTAssertEqual(either, min(byte, below))
                let other = ByteScan.next(in: buffer, from: start, marks: { ByteScan.other(than: target, in: $0) })
                XCTAssertEqual(other, bytes[start...].firstIndex { $0 != target } ?? length, "\(bytes) from \(start), other than \(target)")
                let nonASCII = ByteScan.next(in: buffer, from: start, marks: ByteScan.nonASCII)
                XCTAssertEqual(nonASCII, bytes[start...].firstIndex { $0 >= 0x80 } ?? length, "\(bytes) from \(start), not ASCII")
            }
        }
    }

    /// A run of bytes is found where a search byte by byte finds it first: needles of zero
    /// to five bytes from a small alphabet, so that they occur often, overlap themselves,
    /// and end a word, the text, or a word before the text's last few bytes.
    func testANeedleIsFoundWhereItFirstStarts() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x61, 0x62, 0x2F, 0x00, 0xFF]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let start = Int.random(in: 0...text.count, using: &random)
            let expected = (start...text.count).first { at in at + needle.count <= text.count && Array(text[at..<at + needle.count]) == needle }
            text.withUnsafeBufferPointer { text in
                needle.withUnsafeBufferPointer { needleBytes in
                    XCTAssertEqual(ByteScan.start(of: needleBytes, in: text, from: start), expected, "\(needle) in \(Array(text)) from \(start)")
                }
            }
        }
    }

    /// Strings of quotes, backslashes, control characters and other text, written by the
    /// stream and by the encoder it stands in for.
    func testJSONStringsAreEscapedAsTheEncoderEscapesThem() throws {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab\"\\/\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f}\u{7f} é—\u{2028}😀<&>'".unicodeScalars)
        for _ in 0..<300 {
            let texts = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                String(String.UnicodeScalarView((0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            }
            for pretty in [false, true] {
                var stream = JSONStream(pretty: pretty)
                stream.beginArray()
                for text in texts {
                    stream.element()
                    stream.string(text)
                }
                stream.endArray()
                XCTAssertEqual(
                    String(decoding: stream.bytes, as: UTF8.self), String(decoding: try SortedJSONEncoder(prettyPrinted: pretty).encode(texts), as: UTF8.self))
            }
            for text in texts {
                let escaped = HTMLText.escape(text)
                var bytes: [UInt8] = []
                var copy = text
                copy.withUTF8 { HTMLText.appendEscaped($0, to: &bytes) }
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), escaped)
                XCTAssertEqual(
                    escaped,
                    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                        .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;"))
            }
        }
    }
}
