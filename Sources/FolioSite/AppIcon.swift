import FolioCore
import Foundation

/// The icon a phone shows for the site once it is added to the home screen: the
/// favicon's white "F" on a square of the program's accent colour, reaching every edge
/// so that a launcher may cut it to any shape (the "F" stays inside the middle 80%
/// circle a maskable icon keeps). Drawn at the sizes a web app manifest needs.
struct AppIcon {
    /// The sizes Chromium asks for before it offers to install a site (192 and 512 pixels).
    static let sizes = [192, 512]

    let size: Int
    let background: RGBColour

    /// Where the icon of a size is in the site.
    static func path(size: Int) -> String { "icon-\(size).png" }

    /// The "F" of `favicon.svg` (`M22 16h22v8H31v6h11v8H31v12h-9z` in a 64-unit square),
    /// as the rectangles it is made of. Each edge falls on a whole pixel at 192 and 512
    /// pixels (3 and 8 pixels a unit), so the icon needs no smoothing.
    static let letter: [(x: Range<Int>, y: Range<Int>)] = [(22..<44, 16..<24), (22..<31, 24..<50), (31..<42, 30..<38)]

    func png() -> Data {
        var image = PNGImage(width: size, height: size, filledWith: background)
        for part in Self.letter {
            image.fill(x: scaled(part.x), y: scaled(part.y), with: .white)
        }
        return image.encoded()
    }

    private func scaled(_ units: Range<Int>) -> Range<Int> {
        (units.lowerBound * size / 64)..<(units.upperBound * size / 64)
    }
}
