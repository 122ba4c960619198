import FolioCompiler
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

/// The bundle writes each chapter straight into bytes; they must be the bytes the JSON
/// encoder gives for the chapter, which apps have read since the first bundle.
final class ChapterJSONTests: XCTestCase {
    private func assertSameBytes(_ chapter: Chapter, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertWrittenAsTheEncoderWrites(chapter, ChapterJSON.pretty(chapter), label, file: file, line: line)
    }

    func testEveryChapterOfRealProgramsIsWrittenAsTheEncoderWritesIt() throws {
        var count = 0
        for folder in [TestFixtures.sampleContent, TestFixtures.repository.appendingPathComponent("Tests/Fixtures/spec-examples")] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            let pictures = program.pictureSizes()
            for chapter in program.chapters {
                try assertSameBytes(Chapter(chapter, pictures: pictures), "chapter \(chapter.id) of \(folder.lastPathComponent)")
            }
            count += program.chapters.count
        }
        XCTAssertGreaterThan(count, 5)
    }

    /// Every field set, every field left out, and empty lists: each key in its place.
    func testEveryFieldPresentOrAbsentIsWrittenAsTheEncoderWritesIt() throws {
        let text = "Say \"hi\" \\ <b>é</b>\n\u{1}\t"
        var full = Chapter(
            id: "all", title: text, summary: text, order: 3, quiz: "q", html: "<p>\(text)</p>\n",
            videos: [
                Video(provider: .youtube, title: text, youtubeID: "abcdefghijk", start: 30),
                Video(provider: .file, title: "", source: "media/a.mp4", captions: "media/a.vtt"),
            ],
            headings: [Heading(level: 2, text: text, id: "say-hi"), Heading(level: 3, text: "", id: "x")], plainText: text, previous: "p", next: "n")
        full.images = [ChapterImage(source: "media/a.png", alt: text, width: 640, height: 480), ChapterImage(source: "media/b.svg", alt: "")]
        try assertSameBytes(full, "every field")
        full.images = []
        try assertSameBytes(full, "no images")
        try assertSameBytes(
            Chapter(id: "bare", title: "", summary: nil, order: -1, quiz: nil, html: "", videos: [], headings: [], plainText: ""), "nothing set")
    }
}
