import FolioCore
import FolioModel
import XCTest

@testable import FolioSite

/// The site as an app a phone can add to its home screen (docs/output.md, "Installable").
final class WebAppManifestTests: XCTestCase {
    func testEveryPageLinksTheManifestWhichNamesTheProgramInsideTheSitesFolder() throws {
        let renderer = SiteRenderer(program: SiteRendererTests.program(), version: "v")
        let files = Dictionary(renderer.files().map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
        for page in ["index.html", "chapters/who-am-i.html", "progress.html"] {
            let html = String(decoding: try XCTUnwrap(files[page]), as: UTF8.self)
            let root = page.contains("/") ? "../" : ""
            XCTAssertTrue(html.contains(#"<link rel="manifest" href="\#(root)manifest.webmanifest">"#), page)
        }
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(files["manifest.webmanifest"])) as? [String: Any])
        XCTAssertEqual(manifest["name"] as? String, "Go Grrrls")
        XCTAssertEqual(manifest["start_url"] as? String, "index.html")
        XCTAssertEqual(manifest["scope"] as? String, "./")
        XCTAssertNil(manifest["id"], "an id is resolved against the origin, which programs may share")
        XCTAssertEqual(manifest["theme_color"] as? String, "#722a96")
        let icons = try XCTUnwrap(manifest["icons"] as? [[String: String]])
        XCTAssertEqual(Set(icons.map { $0["sizes"] ?? "" }), ["192x192", "512x512"])
        for icon in icons {
            let size = try XCTUnwrap(ImageSize.read(try XCTUnwrap(files[icon["src"] ?? ""])))
            XCTAssertEqual("\(size.width)x\(size.height)", icon["sizes"])
        }
    }

    func testTheIconIsTheFaviconsLetterOnTheAccentTheSameBytesEveryBuild() {
        let purple = RGBColour(red: 0x72, green: 0x2a, blue: 0x96)
        let icon = AppIcon(size: 192, background: purple)
        XCTAssertEqual(icon.png(), AppIcon(size: 192, background: purple).png())
        XCTAssertNotEqual(icon.png(), AppIcon(size: 192, background: RGBColour(red: 0x0a, green: 0x7d, blue: 0x5a)).png())
        var image = PNGImage(width: 192, height: 192, filledWith: purple)
        for part in AppIcon.letter {
            image.fill(x: part.x.lowerBound * 3..<part.x.upperBound * 3, y: part.y.lowerBound * 3..<part.y.upperBound * 3, with: .white)
        }
        XCTAssertEqual(image.encoded(), icon.png())
        // The corner is the accent; the top of the letter (22, 16 in the favicon's 64 units) is white.
        XCTAssertEqual(Array(image.pixels[0..<3]), [0x72, 0x2a, 0x96])
        let letter = (48 * 192 + 66) * 3
        XCTAssertEqual(Array(image.pixels[letter..<letter + 3]), [255, 255, 255])
    }

    func testTheServiceWorkerKeepsTheManifestAndIconsForOfflineUse() throws {
        let renderer = SiteRenderer(program: SiteRendererTests.program(), version: "v")
        let script = String(decoding: try XCTUnwrap(renderer.files().first { $0.path == "sw.js" }).data, as: UTF8.self)
        for file in ["'manifest.webmanifest'", "'icon-192.png'", "'icon-512.png'"] {
            XCTAssertTrue(script.contains(file), file)
        }
    }
}
