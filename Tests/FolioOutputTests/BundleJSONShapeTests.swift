import FolioCompiler
import FolioCore
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBundle
@testable import FolioSite

/// The bundle's JSON has one shape, the one its `Codable` types give through
/// ``JSONOutput/pretty(_:)``, which `bundle.schema.json` describes. A quiz's file is
/// written straight into bytes (``QuizJSON``), and a chapter's page takes its quiz from
/// that file, compacted, rather than encoding it again: both are held to the encoder byte
/// for byte, on every quiz of the sample and the spec's examples and on quizzes made at
/// random.
final class BundleJSONShapeTests: XCTestCase {
    static func realQuizzes() throws -> [(label: String, quiz: Quiz)] {
        var quizzes: [(label: String, quiz: Quiz)] = []
        for folder in [TestFixtures.sampleContent, TestFixtures.repository.appendingPathComponent("Tests/Fixtures/spec-examples")] {
            let program = try XCTUnwrap(try Compiler(contentFolder: folder, options: .init(includeDrafts: true)).compile().program, folder.path)
            quizzes += program.quizzes.map { ("quiz \($0.id) of \(folder.lastPathComponent)", $0) }
        }
        return quizzes
    }

    /// Quizzes made at random from a seed: every optional field set and left out, lists
    /// empty and long, text JSON must escape, numbers of every form.
    static func randomQuizzes(_ count: Int) -> [(label: String, quiz: Quiz)] {
        var values = RandomQuizzes(seed: 2026)
        return (0..<count).map { ("random quiz \($0)", values.quiz()) }
    }

    func testEveryQuizOfRealProgramsAndAtRandomIsWrittenAsTheEncoderWritesIt() throws {
        let quizzes = try Self.realQuizzes() + Self.randomQuizzes(500)
        XCTAssertGreaterThan(quizzes.count, 505)
        for (label, quiz) in quizzes {
            try assertWrittenAsTheEncoderWrites(quiz, try QuizJSON.pretty(quiz), label)
        }
    }

    /// A quiz's page holds the bundle's file compacted and escaped for its `<script>`:
    /// the very markup of the quiz encoded compact by the encoder.
    func testAQuizsPageFromTheBundlesFileIsThePageFromTheEncoder() throws {
        for (label, quiz) in try Self.realQuizzes() + Self.randomQuizzes(300) {
            let fromBundle = QuizMarkup(quiz: quiz, chapter: "ch", json: try QuizJSON.pretty(quiz)).htmlBytes()
            let encoded = QuizMarkup(quiz: quiz, chapter: "ch").htmlBytes()
            if fromBundle != encoded {
                XCTFail(
                    "\(label) differs:\nfrom the bundle: \(String(decoding: fromBundle, as: UTF8.self))\nencoded: \(String(decoding: encoded, as: UTF8.self))")
            }
        }
    }
}
