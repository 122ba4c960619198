import FolioContent
import FolioModel
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// `insights:` in `folio.yaml` (docs/insights.md): off unless stated, the defaults with
/// `true`, and an address the pages' security policy can hold.
final class InsightsSettingsTests: XCTestCase {
    func settings(_ insights: String?) throws -> (ProgramSettings?, [String]) {
        var files = TestFixtures.sampleInOneLanguageFiles()
        // The sample's own `insights:` (its last lines) gives way to the case's.
        var yaml = String(decoding: files["folio.yaml"]!, as: UTF8.self)
        if let own = yaml.range(of: "\ninsights:") { yaml = String(yaml[..<own.lowerBound]) + "\n" }
        if let insights { yaml += "insights: \(insights)\n" }
        files["folio.yaml"] = Data(yaml.utf8)
        let result = try Compiler(content: ContentInMemory(files: files)).compile()
        return (result.program?.settings, result.diagnostics.all.map(\.code.rawValue))
    }

    func testAProgramAsksNothingUnlessItsSettingsSaySo() throws {
        XCTAssertNil(try settings(nil).0?.insights)
        XCTAssertNil(try settings("false").0?.insights)
        XCTAssertEqual(try settings("true").0?.insights, InsightsSettings(randomize: 0.3, url: nil))
        XCTAssertEqual(try settings("{randomize: 0.5}").0?.insights, InsightsSettings(randomize: 0.5, url: nil))
        XCTAssertEqual(
            try settings("{url: 'https://insights.example.org/reports'}").0?.insights,
            InsightsSettings(randomize: 0.3, url: "https://insights.example.org/reports"))
        XCTAssertEqual(try settings("{url: 'http://localhost:8090/'}").0?.insights?.url, "http://localhost:8090/", "a collector on this computer")
    }

    func testAnAddressThatCouldBreakOutOfThePolicyOrTravelInTheClearIsRefused() throws {
        for url in ["http://insights.example.org/", "https://", "https://a.org/x; script-src *", "https://a.org/'unsafe-inline'", "http://localhost.evil.org/"]
        {
            let (settings, codes) = try settings("{url: \"\(url)\"}")
            XCTAssertNil(settings, url)
            XCTAssertEqual(codes, ["insights-url-invalid"], url)
        }
        for randomize in ["0", "1", "-0.2", "2"] {
            XCTAssertEqual(try settings("{randomize: \(randomize)}").1, ["insights-randomize-invalid"], randomize)
        }
    }
}
