import FolioCompiler
import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle

/// The bundle writes each part of the search index straight into bytes; they must be
/// the bytes the JSON encoder gives for the part, which apps have read since the first
/// bundle.
final class SearchIndexJSONTests: XCTestCase {
    func testEveryPartOfRealProgramsIsWrittenAsTheEncoderWritesIt() throws {
        var count = 0
        for folder in [TestFixtures.sampleContent, TestFixtures.repository.appendingPathComponent("Tests/Fixtures/spec-examples")] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            for part in SearchIndex(program: program).parts() {
                try assertWrittenAsTheEncoderWrites(part.index, SearchIndexJSON.pretty(part.index), "\(part.path) of \(folder.lastPathComponent)")
                count += part.index.entries.count
            }
        }
        XCTAssertGreaterThan(count, 10)
    }

    /// Every kind, every field set and left out, text that needs escaping, and no entries.
    func testEveryFieldPresentOrAbsentIsWrittenAsTheEncoderWritesIt() throws {
        let text = "Say \"hi\" \\ <b>é</b>\n\u{1}\t"
        let entries: [SearchIndex.Entry] = [
            .init(kind: .chapter, id: "a", title: text, summary: text, titleWords: "say hi", words: "say hi b e", order: 0),
            .init(kind: .quiz, id: "q", chapter: "a", title: "Quiz: A", summary: nil, titleWords: "quiz a", words: "", order: 1),
            .init(kind: .deck, id: "d", title: "D", summary: "2 cards", titleWords: "d", words: "front back", order: 2),
            .init(kind: .billOfRights, id: "bill-of-rights", title: "Rights", summary: nil, titleWords: "rights", words: text, order: 3),
        ]
        for index in [SearchIndex(entries: entries), SearchIndex(entries: [])] {
            try assertWrittenAsTheEncoderWrites(index, SearchIndexJSON.pretty(index), "\(index.entries.count) entries")
        }
    }
}
