import FolioCore
import Foundation
import XCTest

/// What the JSON writer writes reads back, through Foundation, as what was written.
final class JSONWriterTests: XCTestCase {
    func testTextIsEscapedAndNumbersAreShortest() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("text")
        writer.string("quote \" backslash \\ line\nnul \u{0} tab\t delete \u{7F} café 😀")
        writer.key("numbers")
        writer.beginArray()
        for number in [0, 3, -2, 10, -10, 2.5, 1e-7, 33.33, 1e20, .infinity] as [Double] { writer.number(number) }
        writer.number(Int.min)
        writer.number(UInt64.max)
        writer.endArray()
        writer.key("flags")
        writer.beginArray()
        writer.bool(true)
        writer.null()
        writer.endArray()
        writer.endObject()
        let text = String(decoding: writer.bytes, as: UTF8.self)
        XCTAssertEqual(
            text,
            #"{"text":"quote \" backslash \\ line\nnul \u0000 tab\t delete \u007f café 😀","numbers":[0,3,-2,10,-10,2.5,1e-07,33.33,1e+20,null,-9223372036854775808,18446744073709551615],"flags":[true,null]}"#
        )
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        XCTAssertEqual(read["text"] as? String, "quote \" backslash \\ line\nnul \u{0} tab\t delete \u{7F} café 😀")
        XCTAssertEqual(
            try JSONReader.read(writer.bytes)["numbers"],
            .array([
                .number("0"), .number("3"), .number("-2"), .number("10"), .number("-10"), .number("2.5"), .number("1e-07"), .number("33.33"), .number("1e+20"),
                .null,
                .number("-9223372036854775808"), .number("18446744073709551615"),
            ]))
    }
}
