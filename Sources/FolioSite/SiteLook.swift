import FolioCore
import FolioModel
import FolioProgram

/// What the site looks like for one program: its accent colour, light and dark
/// (``AccentPalette``), and its logo (`accent:` and `logo:` in `folio.yaml`).
struct SiteLook {
    /// The accent of a program that sets none: site.css's own purple (`--accent`).
    static let defaultAccent = RGBColour(red: 0x72, green: 0x2a, blue: 0x96)
    /// The stylesheet of a program with an accent, loaded after `site.css`.
    static let stylesPath = "accent.css"

    /// The accent in the light look: the app's theme colour and its drawn icon's.
    let accent: RGBColour
    /// The program's palette; nil when it sets no accent, and site.css's colours stand.
    let palette: AccentPalette?
    /// The logo's file in the site (`media/...`) and its size, when its header says.
    let logo: MediaFile?

    init(program: CompiledProgram) {
        // The compiler let through only an accent with a palette; another is not used.
        palette = program.settings.accent.flatMap(RGBColour.init(hex:)).flatMap(AccentPalette.init(accent:))
        accent = palette?.light ?? Self.defaultAccent
        logo = program.settings.logo.flatMap { path in program.media.first { $0.bundlePath == path } }
    }

    /// `accent.css`: the palette in site.css's custom properties, for the screen only, so
    /// that a page still prints in black and white.
    func styles() -> String? {
        guard let palette else { return nil }
        let deep = palette.light.mixed(with: .black, 0.45)
        let light = "--accent: \(palette.light); --soft: \(palette.lightSoft); --brand: \(palette.light); --brand-deep: \(deep);"
        let dark = "--accent: \(palette.dark); --soft: \(palette.darkSoft);"
        return """
            /* This program's accent (folio.yaml), light and dark, each with WCAG AA's contrast. */
            @media screen {
              :root { \(light) }
              :root[data-theme="dark"] { \(dark) }
            }
            @media screen and (prefers-color-scheme: dark) {
              :root:not([data-theme="light"]) { \(dark) }
            }

            """
    }

    /// The favicon in the accent.
    func favicon(_ text: String) -> String {
        text.replacingOccurrences(of: Self.defaultAccent.description, with: accent.description)
    }

    /// The logo as the app's icon when a launcher may show it as it is: an SVG, or a
    /// square PNG or WebP picture of 192 pixels or more (Chromium installs an app only
    /// with a PNG, SVG or WebP icon of 144 pixels or more).
    var logoIcon: WebAppManifest.Icon? {
        guard let logo else { return nil }
        switch ContentPath.fileExtension(logo.bundlePath).lowercased() {
        case "svg": return WebAppManifest.Icon(src: logo.bundlePath, sizes: "any", type: "image/svg+xml", purpose: "any")
        case "png", "webp":
            guard let width = logo.width, width == logo.height, width >= 192 else { return nil }
            return WebAppManifest.Icon(src: logo.bundlePath, sizes: "\(width)x\(width)", type: MediaType.of(logo.bundlePath), purpose: "any")
        default: return nil
        }
    }
}
