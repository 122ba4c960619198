import FolioSystem
import Foundation
import XCTest

@testable import FolioBuild

/// The build record read back from its text is the record written, and a record with a
/// line it does not know, or a number out of range, is no record.
final class BuildRecordTextTests: XCTestCase {
    let record = BuildRecord(
        inputs: BuildInputs(
            tool: "folio 1.2.0 123 4 5 6 -", options: ["content=Content", "drafts=false"],
            files: [
                .init(
                    path: "chapters/01-é.md", stamp: FileStamp(path: "chapters/01-é.md", status: FileStatus(size: 10, modified: -5, changed: 7, inode: 9)),
                    sha256: "ab"),
                .init(path: "media/a.png", stamp: FileStamp(path: "media/a.png", status: FileStatus(size: -1, modified: 0, changed: 0, inode: 0)), sha256: nil),
            ], links: ["media/link"], tooDeep: []),
        outputs: [FileStamp(path: "site/index.html", status: FileStatus(size: 3, modified: 1_700_000_000_123_456_789, changed: 2, inode: UInt64.max))],
        standardOutput: "", standardError: "built 1 chapter\n", baseline: ["html\tfalse", "chapter\tchapters/01-é.md\tcd", "message\tfolio.yaml"])

    func testTheTextReadsBackAsTheRecord() throws {
        let text = try XCTUnwrap(record.text)
        let read = try XCTUnwrap(BuildRecord(text: text))
        XCTAssertEqual(read.inputs.tool, record.inputs.tool)
        XCTAssertEqual(read.inputs.options, record.inputs.options)
        XCTAssertEqual(read.inputs.files, record.inputs.files)
        XCTAssertEqual(read.inputs.links, record.inputs.links)
        XCTAssertEqual(read.outputs, record.outputs)
        XCTAssertEqual(read.standardError, record.standardError)
        XCTAssertEqual(read.baseline, record.baseline, "a baseline line keeps its tabs")
        XCTAssertEqual(read.text, text)
    }

    func testEachFileIsOneLineOfTabSeparatedFields() throws {
        let lines = try XCTUnwrap(record.text).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "folio build record 1")
        XCTAssertTrue(lines.contains("in\tchapters/01-é.md\t10\t-5\t7\t9\t-\tab"))
        XCTAssertTrue(lines.contains("in\tmedia/a.png\t-1\t0\t0\t0\t-\t-"))
        XCTAssertTrue(lines.contains("out\tsite/index.html\t3\t1700000000123456789\t2\t18446744073709551615\t-"))
        XCTAssertTrue(lines.contains("stderr\t" + Data("built 1 chapter\n".utf8).base64EncodedString()))
        let extremes = FileStamp(path: "a", status: FileStatus(size: .min, modified: .max, changed: 0, inode: 0))
        let written = BuildRecord(
            inputs: BuildInputs(tool: "t", options: [], files: [], links: [], tooDeep: []), outputs: [extremes], standardOutput: "", standardError: "")
        XCTAssertTrue(try XCTUnwrap(written.text).contains("out\ta\t\(extremes.fields)\n"), "numbers as Swift writes them")
    }

    func testAnythingElseIsNoRecord() throws {
        let text = try XCTUnwrap(record.text)
        for (label, broken) in [
            ("another header", text.replacingOccurrences(of: "folio build record 1", with: "folio build record 2")),
            ("a line it does not know", text + "later\tline\n"),
            ("no last line break", String(text.dropLast())),
            ("a size that is not a number", text.replacingOccurrences(of: "\t10\t-5\t", with: "\t1x\t-5\t")),
            ("an inode past its range", text.replacingOccurrences(of: "\t\(UInt64.max)\t", with: "\t18446744073709551616\t")),
            ("a negative inode", text.replacingOccurrences(of: "\t\(UInt64.max)\t", with: "\t-1\t")),
            ("a field missing", text.replacingOccurrences(of: "\tab\n", with: "\n")),
        ] {
            XCTAssertNotEqual(broken, text, label)
            XCTAssertNil(BuildRecord(text: broken), label)
        }
    }
}
