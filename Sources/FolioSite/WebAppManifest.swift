import FolioCore
import FolioModel
import Foundation

/// `manifest.webmanifest`: what a browser needs to add the site to a home screen as an
/// app. Every address in it is relative to the manifest, which is at the site's root,
/// so the app is the site's folder wherever it is served (`https://example.org/spring/`)
/// and never the rest of its origin.
struct WebAppManifest: Encodable {
    static let path = "manifest.webmanifest"

    struct Icon: Encodable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String
    }

    // No `id`: a browser resolves it against the origin alone, so two programs of one
    // origin would be one app; without it the app is known by its start address.
    var name: String
    var shortName: String
    var description: String?
    var lang: String
    // `index.html` rather than `./`: the service worker keeps the page under that name.
    var startURL = "index.html"
    var scope = "./"
    var display = "standalone"
    var backgroundColour: String
    var themeColour: String
    var icons: [Icon]

    private enum CodingKeys: String, CodingKey {
        case name, description, lang, scope, display, icons
        case shortName = "short_name", startURL = "start_url", backgroundColour = "background_color", themeColour = "theme_color"
    }

    init(settings: ProgramSettings, look: SiteLook) {
        name = settings.title
        shortName = settings.title
        description = settings.description
        lang = settings.language
        backgroundColour = AccentPalette.lightPage[0].description
        themeColour = look.accent.description
        // Each drawn icon twice: as it is, and as one a launcher may cut to its shape; the
        // program's logo instead of the first when it can be the icon as it is.
        let logo = look.logoIcon
        let purposes = logo == nil ? ["any", "maskable"] : ["maskable"]
        let drawn = AppIcon.sizes.flatMap { size in
            purposes.map { Icon(src: AppIcon.path(size: size), sizes: "\(size)x\(size)", type: "image/png", purpose: $0) }
        }
        icons = (logo.map { [$0] } ?? []) + drawn
    }

    /// The manifest as JSON with sorted keys, the same bytes from build to build.
    func json() -> Data {
        (try? JSONOutput.pretty(self)) ?? Data("{}".utf8)
    }
}
