import FolioTestSupport
import Foundation
import XCTest

@testable import FolioSite

/// The site's scripts and stylesheet lose comments, indentation and blank lines, and
/// nothing else; the compacted scripts still parse and the engine still grades (Node.js).
final class AssetCompactorTests: XCTestCase {
    func testCommentsIndentationAndBlankLinesGo() {
        let js = """
            /* A block comment
               on two lines. */
            (function () {
              'use strict';
              // a line comment
              var url = 'https://example.org/x'; // kept: code comes first

              /* one line */ var y = 1;
            })();
            """
        XCTAssertEqual(
            AssetCompactor.compact(js, name: "a.js"),
            "(function () {\n'use strict';\nvar url = 'https://example.org/x'; // kept: code comes first\nvar y = 1;\n})();\n")
        XCTAssertEqual(AssetCompactor.compact("/* x */\n:root {\n  --a: 1; /* b */\n}\n", name: "a.css"), ":root{--a:1}\n")
        XCTAssertEqual(AssetCompactor.compact("<svg>\n  <g/>\n</svg>", name: "a.svg"), "<svg>\n  <g/>\n</svg>", "other files are left alone")
    }

    /// What means something in a stylesheet stays: strings, and the spaces between a
    /// selector's parts, before a `:`, around `+` and `-`, and after an escape.
    func testAStylesheetLosesOnlySpacesThatMeanNothing() {
        let css = """
            .a > li, .b :focus-visible + span { content: " : ; { } "; margin: calc((100% - 4rem) / 2) !important; }
            .c::before { content: counter(n) / ""; font: 1rem/1.5 system-ui, "Noto Sans"; }
            @media (max-width: 36rem) and (hover: none) {
              .d\\ e  .f { top: 0 }
            }
            """
        XCTAssertEqual(
            AssetCompactor.squeezeCSS(css),
            #".a>li,.b :focus-visible + span{content:" : ; { } ";margin:calc((100% - 4rem) / 2) !important}"#
                + #".c::before{content:counter(n) / "";font:1rem/1.5 system-ui,"Noto Sans"}"#
                + #"@media (max-width:36rem) and (hover:none){.d\ e .f{top:0}}"#)
    }

    func testEveryCompactedScriptParsesAndTheCompactedEngineGradesEveryVector() throws {
        guard let node = Self.node() else { return XCTFail("node is not on PATH: `make test` installs Node.js") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in SiteAssets.files where name.hasSuffix(".js") {
            let file = folder.appendingPathComponent(name)
            try AssetCompactor.compact(text, name: name).write(to: file, atomically: true, encoding: .utf8)
            let check = try TestFixtures.runTool([node.path, "--check", file.path])
            XCTAssertEqual(check.status, 0, "\(name) does not parse once compacted: \(check.text)")
        }
        let vectors = try TestFixtures.runTool(
            [node.path, TestFixtures.repository.appendingPathComponent("Tests/Conformance/run_vectors.js").path],
            environment: ["FOLIO_QUIZ_ENGINE": folder.appendingPathComponent("quiz-engine.js").path])
        XCTAssertEqual(vectors.status, 0, vectors.text)
        XCTAssertTrue(vectors.text.contains(" cases, 0 failed"), vectors.text)
    }

    static func node() -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("node")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
