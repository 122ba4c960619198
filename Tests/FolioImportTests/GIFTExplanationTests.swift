import FolioCore
import FolioExplanations
import FolioImport
import Foundation
import XCTest

/// The explanations of the GIFT codes tell the truth: `folio import` reports each
/// mistake shown, and imports the fix without a word.
final class GIFTExplanationTests: XCTestCase {
    func testTheImporterReportsEveryMistakeAndNoFix() throws {
        let explanations = Explanation.all.filter { $0.code.area == .gift }
        XCTAssertEqual(explanations.count, 5)
        for explanation in explanations {
            let code = explanation.code
            let mistake = try XCTUnwrap(explanation.mistake?.files.first, code.rawValue)
            let fix = try XCTUnwrap(explanation.fix?.files.first, code.rawValue)
            let broken = GIFTImporter.run(Data(mistake.bytes), path: mistake.path, id: "week-1", title: "Week 1")
            let reported = broken.diagnostics.all.filter { $0.code == code }
            XCTAssertFalse(reported.isEmpty, "\(code.rawValue): the mistake is not reported; got \(broken.diagnostics.all.map(\.message))")
            for diagnostic in broken.diagnostics.all {
                XCTAssertNotNil(diagnostic.help, "\(code.rawValue): \(diagnostic.message) has no help")
            }
            let fixed = GIFTImporter.run(Data(fix.bytes), path: fix.path, id: "week-1", title: "Week 1")
            XCTAssertEqual(fixed.diagnostics.all.map(\.message), [], "\(code.rawValue): the fix is not clean")
            XCTAssertGreaterThan(fixed.imported, 0, code.rawValue)
        }
    }
}
