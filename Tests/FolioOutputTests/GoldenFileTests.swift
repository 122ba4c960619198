import FolioBundle
import FolioCompiler
import FolioOutput
import FolioSite
import FolioTestSupport
import Foundation
import XCTest

/// What the sample program (`Content/`) builds into, held to files kept in
/// `Tests/Golden/sample/`: its whole bundle (the media's bytes aside; the manifest holds
/// their hashes) and one site page of each kind. A change to the output shows as a
/// diff of those files. Re-record them with `make golden` and review the diff.
final class GoldenFileTests: XCTestCase {
    static let golden = TestFixtures.repository.appendingPathComponent("Tests/Golden/sample")
    /// One page of each kind, and of the other language's.
    static let sitePages = [
        "index.html", "bill-of-rights.html", "chapters/who-am-i.html", "decks/index.html", "decks/feelings.html", "progress.html", "search.html",
        // The Spanish site's: a translated chapter, and one shown in English under a note.
        "es/index.html", "es/chapters/who-am-i.html", "es/chapters/friendship.html", "es/search.html",
        // The whole program to print, in each language.
        "workbook.html", "es/workbook.html",
    ]
    /// The facilitator's guide's: its contents, the whole guide, and chapters with notes, videos and quizzes.
    static let guidePages = ["index.html", "guide.html", "chapters/feelings.html", "chapters/friendship.html"]
    static var recording: Bool { ProcessInfo.processInfo.environment["FOLIO_RECORD_GOLDEN"] == "1" }

    func testTheSampleBuildsIntoItsGoldenFiles() throws {
        let program = try XCTUnwrap(try Compiler(contentFolder: TestFixtures.sampleContent).compile().program)
        let output = try TestFixtures.temporaryFolder(self).appendingPathComponent("Output")
        var driver = BuildDriver(renderers: [BundleRenderer(), SiteOutput(), FacilitatorGuideOutput()])
        try driver.build(program, into: output)
        var built: [String: Data] = [:]
        for (path, data) in TestFixtures.snapshot(output.appendingPathComponent("bundle")) where !path.hasPrefix("media/") {
            built["bundle/" + path] = data
        }
        for path in Self.sitePages { built["site/" + path] = try Data(contentsOf: output.appendingPathComponent("site/" + path)) }
        for path in Self.guidePages {
            built["facilitator/" + path] = try Data(contentsOf: output.appendingPathComponent("facilitator/" + path))
        }

        if Self.recording {
            try? FileManager.default.removeItem(at: Self.golden)
            for (path, data) in built {
                let file = Self.golden.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
            return
        }
        let kept = TestFixtures.snapshot(Self.golden)
        XCTAssertEqual(Set(built.keys), Set(kept.keys), "the files built are not the golden ones; re-record with `make golden`")
        for (path, data) in built.sorted(by: { $0.key < $1.key }) {
            guard let expected = kept[path], expected != data else { continue }
            XCTFail(
                "\(path) differs from Tests/Golden/sample/\(path) at line \(Self.firstDifferentLine(expected, data)); if the change is meant, run `make golden` and review `git diff Tests/Golden`"
            )
        }
    }

    static func firstDifferentLine(_ a: Data, _ b: Data) -> Int {
        let left = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let right = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) where index >= left.count || index >= right.count || left[index] != right[index] {
            return index + 1
        }
        return 0
    }
}
