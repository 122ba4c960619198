import FolioCore
import Foundation
import XCTest

/// The JSON reader accepts exactly what JSON allows and says where it stops.
final class JSONReaderTests: XCTestCase {
    func read(_ text: String) throws(JSONReader.Failure) -> JSONValue { try JSONReader.read(Array(text.utf8)) }

    func testValuesAreReadAsWritten() throws {
        XCTAssertEqual(
            try read(#" {"seed": 18446744073709551615, "n": -1.5e3, "t": "a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "l": [true, false, null, {}], "e": []} "#),
            .object([
                ("seed", .number("18446744073709551615")), ("n", .number("-1.5e3")), ("t", .string("a\"\\/\u{8}\u{C}\n\r\té😀")),
                ("l", .array([.bool(true), .bool(false), .null, .object([])])), ("e", .array([])),
            ]))
        XCTAssertEqual(try read("18446744073709551615").unsignedInteger, UInt64.max, "seeds are read exactly, not through a Double")
        XCTAssertNil(try read("18446744073709551616").unsignedInteger)
        XCTAssertNil(try read("1.0").unsignedInteger)
        XCTAssertEqual(try read("1e400").double, nil, "too large for a Double")
        XCTAssertEqual(try read("\u{FEFF}[1]"), .array([.number("1")]), "a byte order mark is skipped")
        XCTAssertEqual(try read(#"{"a": 1, "a": 2}"#)["a"], .number("1"), "duplicates are kept; lookup finds the first")
    }

    func testEachMistakeIsReportedWhereItIs() {
        let cases: [(String, Int, String)] = [
            ("", 1, "the JSON ends where a value was expected"),
            ("[1,]", 4, "expected a JSON value"),
            ("{\"a\" 1}", 6, "expected `:` after a key"),
            ("{'a': 1}", 2, "expected a key in double quotes"),
            ("[01]", 3, "a number cannot start with 0"),
            ("[1.]", 4, "expected a digit after the decimal point"),
            ("NaN", 1, "expected a JSON value"),
            ("tru", 1, "expected `true`"),
            ("\"a\tb\"", 3, "a control character must be escaped inside text"),
            ("\"\\x\"", 2, "unknown escape `\\x` in text"),
            ("\"\\ud800\"", 8, "a high surrogate"),
            ("\"\\udc00\"", 8, "a lone low surrogate"),
            ("[1] [2]", 5, "unexpected text after the end"),
            ("{\"a\": [1, 2", 12, "the JSON ends inside a list"),
            ("\"abc", 5, "the JSON ends inside text"),
            ("// comment\n1", 1, "expected a JSON value"),
        ]
        for (text, offset, reason) in cases {
            do {
                let value = try read(text)
                XCTFail("\(text) was read as \(value)")
            } catch {
                XCTAssertEqual(error.offset, offset, text)
                XCTAssertTrue(error.reason.hasPrefix(reason), "\(text): \(error.reason)")
            }
        }
    }

    func testInvalidUTF8IsRefusedAtItsFirstByte() {
        XCTAssertThrowsError(try JSONReader.read([0x22, 0x61, 0xC3, 0x28, 0x22] as [UInt8])) { error in
            XCTAssertEqual((error as? JSONReader.Failure)?.offset, 2)
            XCTAssertEqual((error as? JSONReader.Failure)?.reason, "the text is not valid UTF-8")
        }
    }

    func testDeepNestingIsRefusedBeforeTheStackRunsOut() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try read(deep)) { error in
            XCTAssertEqual((error as? JSONReader.Failure)?.reason, "the JSON is nested more than 64 levels deep")
        }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try read(fine))
    }

    /// Foundation's JSON parser is the reference: on thousands of documents made by
    /// mutating valid ones, both accept the same ones and read the same values.
    func testItAgreesWithFoundationOnMutatedDocuments() throws {
        let seeds = [
            #"{"seed": 3, "elapsedSeconds": 95.5, "answers": {"q1": {"choices": ["c1", "c2"]}, "q2": {"answer": true}}}"#,
            #"[{"text": "Who I am!"}, {"number": -0.25e-2}, null, "\u00e9\n", [], {}]"#,
            #"{"a": [1, 2, {"b": "caf\u00e9 ☕"}], "c": "\"quoted\"", "d": 1E+2}"#,
        ]
        let alphabet = Array(#"{}[]":,.-+eE0129 \truefalsn"#.utf8) + [0x5C, 0x0A, 0xC3, 0xA9]
        var generator = SplitMix(seed: 2026)
        var compared = 0
        for seed in seeds {
            let original = Array(seed.utf8)
            for _ in 0..<2_000 {
                var bytes = original
                for _ in 0..<(1 + Int(generator.next() % 3)) {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    case 1: bytes.remove(at: position)
                    default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                    }
                    if bytes.isEmpty { bytes = [0x30] }
                }
                let ours = try? JSONReader.read(bytes)
                var theirs = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
                // Foundation accepts a comma before `]` or `}`, which JSON does not allow.
                if ours == nil, theirs != nil, Self.hasTrailingComma(bytes) { theirs = nil }
                XCTAssertEqual(ours != nil, theirs != nil, "accepted differently: \(String(decoding: bytes, as: UTF8.self))")
                if let ours, let theirs {
                    XCTAssertTrue(Self.same(ours, theirs), "read differently: \(String(decoding: bytes, as: UTF8.self))")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 6_000)
    }

    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.range(of: #",[ \t\n\r]*[\]}]"#, options: .regularExpression) != nil
    }

    static func same(_ value: JSONValue, _ foundation: Any) -> Bool {
        switch value {
        case .null: return foundation is NSNull
        case .bool(let bool): return (foundation as? Bool) == bool
        case .number: return (foundation as? NSNumber)?.doubleValue == value.double || value.double == nil
        case .string(let text): return (foundation as? String) == text
        case .array(let items):
            guard let other = foundation as? [Any], other.count == items.count else { return false }
            return zip(items, other).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let other = foundation as? [String: Any] else { return false }
            // Foundation keeps the last of a duplicated key; compare what both keep.
            var last: [String: JSONValue] = [:]
            for (key, value) in members { last[key] = value }
            return last.count == other.count && last.allSatisfy { key, value in other[key].map { same(value, $0) } ?? false }
        }
    }
}

/// SplitMix64, so the mutations are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
