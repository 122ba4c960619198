import FolioCore
import Foundation
import XCTest

/// Fails unless `written`, a file of the bundle written straight into bytes, is the bytes
/// the JSON encoder gives for `value`, which apps have read since the first bundle;
/// the message shows both.
func assertWrittenAsTheEncoderWrites(
    _ value: some Encodable, _ written: Data, _ label: String, file: StaticString = #filePath, line: UInt = #line
) throws {
    let expected = try JSONOutput.pretty(value)
    if written != expected {
        XCTFail(
            "\(label) differs:\nencoder: \(String(decoding: expected, as: UTF8.self))\nwritten: \(String(decoding: written, as: UTF8.self))",
            file: file, line: line)
    }
}
