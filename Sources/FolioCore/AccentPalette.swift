/// The colours a program's accent gives the site, light and dark, each keeping WCAG AA's
/// contrast of 4.5:1 for text: links and buttons in the accent on the page, on cards and
/// on the accent's soft tint (the header, notices), and the text on a button filled
/// with it. The accent as written is the light one, used only when it keeps that
/// contrast (an author's colour is not changed behind her back: the compiler refuses
/// one that does not, naming the shade that would do); the dark one is made from it,
/// lightened until it keeps 7:1 on the dark page: a colour of just 4.5:1 looked dim
/// there beside the text, where the default purple's light tint has 10:1.
public struct AccentPalette: Hashable, Sendable {
    /// WCAG AA for text of normal size.
    public static let contrast = 4.5
    /// What the dark look's accent keeps: WCAG AAA's, brighter than AA needs.
    public static let darkContrast = 7.0
    /// The surfaces of the light look (`--bg`, `--card` in site.css).
    public static let lightPage = [RGBColour(red: 0xff, green: 0xfd, blue: 0xf9), RGBColour.white]
    /// The surfaces of the dark look.
    public static let darkPage = [RGBColour(red: 0x17, green: 0x15, blue: 0x1f), RGBColour(red: 0x21, green: 0x1d, blue: 0x2b)]

    public let light: RGBColour
    public let lightSoft: RGBColour
    public let dark: RGBColour
    public let darkSoft: RGBColour

    /// The palette of an accent, or nil when the accent keeps too little contrast on
    /// the light page (``lightShade(for:)`` then names one that would do).
    public init?(accent: RGBColour) {
        guard Self.keepsContrast(accent) else { return nil }
        light = accent
        lightSoft = Self.lightSoft(of: accent)
        darkSoft = accent.mixed(with: Self.darkPage[0], 0.85)
        // Always found: white keeps more than 7:1 on the dark tint of any accent.
        dark = accent.nearest(towards: .white, contrast: Self.darkContrast, against: Self.darkPage + [darkSoft]) ?? .white
    }

    /// Whether an accent keeps the contrast on the light page, its cards and its tint.
    public static func keepsContrast(_ accent: RGBColour) -> Bool {
        (lightPage + [lightSoft(of: accent)]).allSatisfy { accent.contrast(with: $0) >= contrast }
    }

    /// The shade of an accent nearest to it that keeps the contrast: darker, in steps of 1%.
    public static func lightShade(for accent: RGBColour) -> RGBColour {
        for step in 0...100 {
            let shade = accent.mixed(with: .black, Double(step) / 100)
            if keepsContrast(shade) { return shade }
        }
        return .black
    }

    /// The accent's tint behind the header and notices in the light look.
    static func lightSoft(of accent: RGBColour) -> RGBColour { accent.mixed(with: .white, 0.92) }

    /// The contrast of an accent with the lightest surface it is put on, for messages.
    public static func lightContrast(of accent: RGBColour) -> Double {
        (lightPage + [lightSoft(of: accent)]).map { accent.contrast(with: $0) }.min() ?? 1
    }
}
