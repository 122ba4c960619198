import FolioCompiler
import FolioCore
import FolioOutput
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioBuild

/// The facilitator's guide is written beside the learner's outputs, and none of what
/// authors write for facilitators reaches a learner: not the site, the bundle or
/// `bundle.zip`, after a whole build, after the short way, or in `folio serve`.
final class FacilitatorGuideTests: XCTestCase {
    var temporary: URL!
    var content: URL!
    var output: URL!

    override func setUpWithError() throws {
        temporary = try TestFixtures.temporaryFolder(self)
        content = temporary.appendingPathComponent("Content")
        output = temporary.appendingPathComponent("Output")
        try TestFixtures.writeSampleInOneLanguage(to: content)
    }

    @discardableResult
    func build(guide: Bool = true) throws -> BuildAction.Outcome {
        let action = BuildAction(
            content: content, output: output, options: ["facilitator-guide=\(guide)"], renderers: StandardOutputs.renderers(facilitatorGuide: guide))
        return try action.run(host: AddingAnOutputTests.QuietHost(content: content))
    }

    /// Every text the sample's authors wrote for facilitators, as the compiler read it.
    func facilitatorTexts() throws -> [String] {
        let program = try XCTUnwrap(try Compiler(contentFolder: content).compile().program)
        // Line by line: a note's paragraphs are shown apart.
        let texts = program.facilitator.allTexts.flatMap { $0.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        XCTAssertGreaterThanOrEqual(texts.count, 6, "the sample writes notes for facilitators")
        return texts
    }

    /// The learner's outputs as bytes: every file of the site and the bundle, and every
    /// member of `bundle.zip` inflated by `unzip`.
    func learnerBytes() throws -> [(String, Data)] {
        var files = TestFixtures.snapshot(output).filter { $0.key.hasPrefix("site/") || $0.key.hasPrefix("bundle/") }.map { ($0.key, $0.value) }
        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-p", output.appendingPathComponent("bundle.zip").path]
        let pipe = Pipe()
        unzip.standardOutput = pipe
        try unzip.run()
        let members = pipe.fileHandleForReading.readDataToEndOfFile()
        unzip.waitUntilExit()
        XCTAssertEqual(unzip.terminationStatus, 0)
        XCTAssertGreaterThan(members.count, 10_000, "bundle.zip's members were read")
        files.append(("bundle.zip", members))
        return files
    }

    func assertNoLearnerOutputHolds(_ texts: [String], _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for (path, data) in try learnerBytes() {
            for text in texts where data.range(of: Data(text.utf8)) != nil {
                XCTFail("\(label): \(path) holds facilitator's text \"\(text)\"", file: file, line: line)
            }
        }
    }

    func guidePage(_ id: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent("facilitator/chapters/\(id).html"), encoding: .utf8)
    }

    func testTheGuideHoldsTheNotesAndNoLearnerOutputDoesAfterAWholeBuild() throws {
        let texts = try facilitatorTexts()
        XCTAssertEqual(try build().way, .whole)
        let guide = try ["feelings", "friendship"].map(guidePage).joined()
        for text in texts { XCTAssertTrue(guide.contains(HTMLEscaped(text)), "the guide shows \"\(text)\"") }
        XCTAssertTrue(try guidePage("feelings").contains("Session: 45 min"))
        XCTAssertTrue(try guidePage("friendship").contains("Session: 10 min"))
        try assertNoLearnerOutputHolds(texts, "a whole build")
    }

    func testAfterTheShortWayTheGuideIsCurrentAndNoLearnerOutputHoldsTheNotes() throws {
        let texts = try facilitatorTexts()
        try build()
        XCTAssertTrue(try guidePage("feelings").contains("Reading time: about 2 min"))
        // Enough words to take the reading time past two minutes.
        let file = content.appendingPathComponent("chapters/03-feelings.md")
        let words = String(repeating: "Breathe in, hold, and breathe out slowly. ", count: 60)
        try (try String(contentsOf: file, encoding: .utf8) + "\n" + words + "\n").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try build().way, .chapterTexts)
        let edited = try guidePage("feelings")
        XCTAssertTrue(edited.contains("Reading time: about 4 min"), edited)
        let workbook = try String(contentsOf: output.appendingPathComponent("site/workbook.html"), encoding: .utf8)
        XCTAssertEqual(workbook.components(separatedBy: "Breathe in, hold, and breathe out slowly.").count - 1, 60, "the workbook holds the edit once")
        try assertNoLearnerOutputHolds(texts, "the short way")
        // And it is what a build from scratch writes.
        let updated = TestFixtures.snapshot(output)
        try FileManager.default.removeItem(at: output)
        XCTAssertEqual(try build().way, .whole)
        let scratch = TestFixtures.snapshot(output)
        XCTAssertEqual(updated.keys.sorted(), scratch.keys.sorted())
        for (path, data) in scratch where updated[path] != data { XCTFail("\(path) differs from a build from scratch") }
    }

    func testFolioServeShowsTheGuideOnItsOwnPathAndTheSiteHoldsNoneOfTheNotes() throws {
        let texts = try facilitatorTexts()
        let program = try XCTUnwrap(try Compiler(contentFolder: content).compile().program)
        let outputs = BuildDriver(renderers: StandardOutputs.renderers()).servedOutputs(program, previewVersion: "preview-1")
        XCTAssertEqual(Set(outputs.map(\.folder)), ["site", "facilitator"])
        for output in outputs {
            var holds = false
            for (path, served) in output.files {
                guard case .made(let make) = served else { continue }
                let data = make()
                let found = texts.filter { data.range(of: Data(HTMLEscaped($0).utf8)) != nil }
                if output.folder == "site" { XCTAssertEqual(found, [], path) }
                if !found.isEmpty { holds = true }
                if output.folder == "site" { XCTAssertNil(data.range(of: Data("facilitator/".utf8)), "\(path) links to the guide") }
            }
            if output.folder == "facilitator" { XCTAssertTrue(holds, "the served guide shows the notes") }
        }
    }

    /// The pages that hold every chapter give each part ids of its own: a chapter whose
    /// id is another part's name (`welcome`), or whose headings repeat another's, clashes
    /// with nothing.
    func testEveryIdOfTheWorkbookAndTheWholeGuideIsItsOwn() throws {
        let welcome = content.appendingPathComponent("chapters/07-welcome.md")
        try "---\ntitle: Welcome again\nid: welcome\n---\n\n## Name it to tame it\n\nThe same heading as another chapter's.\n".write(
            to: welcome, atomically: true, encoding: .utf8)
        try build()
        for path in ["site/workbook.html", "facilitator/guide.html"] {
            let page = try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
            let ids = page.matches(of: #/\sid="([^"]+)"/#).map { String($0.output.1) }
            XCTAssertGreaterThan(ids.count, 10, path)
            XCTAssertEqual(Set(ids).count, ids.count, "\(path) repeats \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
            for link in page.matches(of: #/href="#([^"]+)"/#) {
                XCTAssertTrue(ids.contains(String(link.output.1)), "\(path) links to #\(link.output.1), which it does not hold")
            }
        }
    }

    func testWithoutTheGuideNoFolderIsWrittenAndTheLastOneGoes() throws {
        try build()
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("facilitator/index.html").path))
        XCTAssertEqual(try build(guide: false).way, .whole, "another option: the whole way")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("facilitator").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("site/workbook.html").path))
    }

    /// `text` as the guide writes it in HTML.
    func HTMLEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
