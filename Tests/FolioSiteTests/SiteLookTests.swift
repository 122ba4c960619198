import FolioCore
import FolioModel
import XCTest

@testable import FolioSite

/// A program's accent and logo on the site (docs/format.md, "The program's look").
final class SiteLookTests: XCTestCase {
    private func files(accent: String? = nil, logo: MediaFile? = nil) -> [String: String] {
        let program = SiteRendererTests.program(
            settings: ProgramSettings(id: "go-grrrls", title: "Go Grrrls", accent: accent, logo: logo?.bundlePath), media: logo.map { [$0] } ?? [])
        let renderer = SiteRenderer(program: program, version: "v")
        return Dictionary(renderer.files().map { ($0.path, String(decoding: $0.data, as: UTF8.self)) }, uniquingKeysWith: { first, _ in first })
    }

    func testWithoutAnAccentTheStylesheetsOwnColoursStand() {
        let site = files()
        XCTAssertNil(site["accent.css"])
        XCTAssertFalse(site["index.html"]!.contains("accent.css"))
        XCTAssertTrue(site["favicon.svg"]!.contains("#722a96"))
    }

    func testAnAccentIsLoadedAfterSiteCSSOnEveryPageForTheScreenLightAndDark() throws {
        let site = files(accent: "#0a7d5a")
        let styles = try XCTUnwrap(site["accent.css"])
        let palette = try XCTUnwrap(AccentPalette(accent: RGBColour(hex: "#0a7d5a")!))
        XCTAssertTrue(styles.hasPrefix("@media screen{:root{--accent:#0a7d5a;"), styles)
        XCTAssertTrue(styles.contains(":root[data-theme=\"dark\"]{--accent:\(palette.dark);"), styles)
        XCTAssertTrue(styles.contains("@media screen and (prefers-color-scheme:dark){:root:not([data-theme=\"light\"]){--accent:\(palette.dark);"), styles)
        for (page, root) in [("index.html", ""), ("chapters/who-am-i.html", "../"), ("progress.html", "")] {
            let html = try XCTUnwrap(site[page])
            let siteCSS = try XCTUnwrap(html.range(of: #"<link rel="stylesheet" href="\#(root)site.css">"#))
            let accentCSS = try XCTUnwrap(html.range(of: #"<link rel="stylesheet" href="\#(root)accent.css">"#), page)
            XCTAssertLessThan(siteCSS.lowerBound, accentCSS.lowerBound, page)
        }
        XCTAssertTrue(site["favicon.svg"]!.contains("#0a7d5a"))
        XCTAssertTrue(site["manifest.webmanifest"]!.contains(##""theme_color" : "#0a7d5a""##))
    }

    func testTheLogoIsInTheHeaderAndASquareOneIsTheAppsIcon() throws {
        let svg = MediaFile(bundlePath: "media/our logo.svg", sourcePath: "/x", width: 64, height: 64)
        var site = files(logo: svg)
        XCTAssertTrue(
            site["chapters/who-am-i.html"]!.contains(
                #"<a class="site-title" href="../index.html"><img class="site-logo" src="../media/our%20logo.svg" alt="" width="64" height="64"><span class="site-name">Go Grrrls</span></a>"#
            ))
        var manifest = try XCTUnwrap(site["manifest.webmanifest"])
        XCTAssertTrue(manifest.contains(#""sizes" : "any","#) && manifest.contains(#""src" : "media/our logo.svg""#), manifest)
        XCTAssertEqual(manifest.components(separatedBy: #""purpose" : "any""#).count, 2, "the logo is the one icon shown as it is")

        // A picture that is not square leaves the drawn icons as the app's.
        site = files(logo: MediaFile(bundlePath: "media/sunrise.png", sourcePath: "/y", width: 320, height: 180))
        manifest = try XCTUnwrap(site["manifest.webmanifest"])
        XCTAssertFalse(manifest.contains("sunrise"))
        XCTAssertEqual(manifest.components(separatedBy: #""purpose" : "any""#).count, 3)
        XCTAssertTrue(site["index.html"]!.contains(#"<img class="site-logo" src="media/sunrise.png" alt="" width="320" height="180">"#))

        // A square PNG of 192 pixels or more is; a JPEG is not (Chromium installs with PNG, SVG or WebP icons).
        site = files(logo: MediaFile(bundlePath: "media/logo.png", sourcePath: "/z", width: 256, height: 256))
        manifest = try XCTUnwrap(site["manifest.webmanifest"])
        XCTAssertTrue(manifest.contains(#""sizes" : "256x256","#) && manifest.contains(#""src" : "media/logo.png""#), manifest)
        site = files(logo: MediaFile(bundlePath: "media/logo.jpg", sourcePath: "/z", width: 256, height: 256))
        XCTAssertFalse(try XCTUnwrap(site["manifest.webmanifest"]).contains("logo.jpg"))
    }
}
