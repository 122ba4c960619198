import FolioCore
import Foundation
import XCTest

/// Pretty JSON with its whitespace taken out is the compact JSON of the same value,
/// byte for byte, whatever the strings hold.
final class JSONCompactionTests: XCTestCase {
    struct Value: Encodable {
        var text: String
        var texts: [String]
        var nested: [String: [Int]]
        var empty: [String] = []
        var emptyObject: [String: Int] = [:]
        var number: Double
        var flag: Bool?
    }

    func testPrettyJSONCompactedIsTheCompactJSON() throws {
        let strings = [
            "", " ", "a b  c", "quote \" inside", "backslash \\", "backslash then quote \\\"", "ends with backslash \\\\", "line\nbreak\ttab\r",
            "{ \"looks\" : [ \"like\", json ] }", "café 😀 \u{2028}", "   leading and trailing   ",
        ]
        for (index, text) in strings.enumerated() {
            let value = Value(
                text: text, texts: strings.shuffled(), nested: ["a key": [1, 2], "b": [], text: [index]], number: Double(index) / 3,
                flag: index.isMultiple(of: 2) ? nil : true)
            XCTAssertEqual(
                String(decoding: JSONOutput.compacted(try JSONOutput.pretty(value)), as: UTF8.self),
                String(decoding: try JSONOutput.compact(value), as: UTF8.self), text)
        }
        XCTAssertEqual(JSONOutput.compacted(Data()), Data())
    }
}
