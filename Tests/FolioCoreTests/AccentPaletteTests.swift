import FolioCore
import XCTest

/// A program's accent on the site keeps WCAG AA's contrast in the light and dark looks.
final class AccentPaletteTests: XCTestCase {
    func testColoursAreReadAsWebPagesWriteThem() {
        XCTAssertEqual(RGBColour(hex: "#0A7d5a")?.description, "#0a7d5a")
        XCTAssertEqual(RGBColour(hex: "#fc0")?.description, "#ffcc00")
        for text in ["0a7d5a", "#0a7d5", "#0a7d5g", "green", "#", ""] {
            XCTAssertNil(RGBColour(hex: text), text)
        }
    }

    func testContrastIsWCAGs() {
        XCTAssertEqual(RGBColour.black.contrast(with: .white), 21, accuracy: 0.001)
        XCTAssertEqual(RGBColour.white.contrast(with: .white), 1, accuracy: 0.001)
        // WCAG's own example figures: #767676 on white is the lightest grey that keeps 4.5:1.
        XCTAssertGreaterThanOrEqual(RGBColour(hex: "#767676")!.contrast(with: .white), 4.5)
        XCTAssertLessThan(RGBColour(hex: "#777777")!.contrast(with: .white), 4.5)
    }

    func testAnAccentThatKeepsTheContrastIsUsedAsWrittenAndItsDarkLookIsMadeLighter() throws {
        let green = try XCTUnwrap(RGBColour(hex: "#0a7d5a"))
        let palette = try XCTUnwrap(AccentPalette(accent: green))
        XCTAssertEqual(palette.light, green)
        for surface in AccentPalette.lightPage + [palette.lightSoft] {
            XCTAssertGreaterThanOrEqual(palette.light.contrast(with: surface), 4.5, "\(surface)")
        }
        // Brighter on the dark page than AA needs (AAA's 7:1), as the purple's light tint is.
        for surface in AccentPalette.darkPage + [palette.darkSoft] {
            XCTAssertGreaterThanOrEqual(palette.dark.contrast(with: surface), 7, "\(surface)")
        }
        XCTAssertGreaterThan(palette.dark.luminance, green.luminance)
    }

    func testAnAccentTooLightIsRefusedAndTheNearestDarkerShadeThatKeepsTheContrastIsNamed() throws {
        let yellow = try XCTUnwrap(RGBColour(hex: "#ffcc00"))
        XCTAssertNil(AccentPalette(accent: yellow))
        let shade = AccentPalette.lightShade(for: yellow)
        XCTAssertNotNil(AccentPalette(accent: shade))
        let step = try XCTUnwrap((0...100).first { yellow.mixed(with: .black, Double($0) / 100) == shade })
        XCTAssertNil(AccentPalette(accent: yellow.mixed(with: .black, Double(step - 1) / 100)), "one step lighter does not keep it")
        XCTAssertEqual(shade.description, "#876c00")
    }

    func testEveryAccentDarkEnoughForTheLightLookHasADarkLook() {
        for value in stride(from: 0, through: 255, by: 15) {
            for colour in [RGBColour(red: UInt8(value), green: 0, blue: 0), RGBColour(red: 0, green: UInt8(value), blue: UInt8(value / 2))] {
                guard let palette = AccentPalette(accent: colour) else { continue }
                XCTAssertGreaterThanOrEqual(palette.dark.contrast(with: AccentPalette.darkPage[0]), 4.5, "\(colour)")
            }
        }
    }
}
