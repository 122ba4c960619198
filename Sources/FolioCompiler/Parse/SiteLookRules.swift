import FolioCore

/// The rules of `folio.yaml`'s `accent` and `logo`, the program's own look on the site.
enum SiteLookRules {
    /// The accent as the site takes it (`#rrggbb`), or nil when it is not a colour, or
    /// one the site could not show links and buttons in with WCAG AA's contrast; the
    /// message then names the nearest shade that keeps it (``AccentPalette``).
    /// `text` is nil for `accent:` with no value.
    static func accent(_ text: String?, at location: SourceLocation, diagnostics: inout DiagnosticList) -> String? {
        guard let text else {
            // `accent: #0a7d5a` without quotes: YAML reads a `#` after a space as the start
            // of a comment, so the field is left empty.
            diagnostics.error(
                .accentNotAColour, at: location, "`accent` has no value: in YAML a `#` starts a comment unless the colour is in quotes",
                help: "put the colour in quotes, such as `accent: \"#0a7d5a\"`")
            return nil
        }
        guard let colour = RGBColour(hex: text) else {
            diagnostics.error(
                .accentNotAColour, at: location, "`accent` should be a colour written `#` and six hex digits, not `\(text)`",
                help: "write it as web pages do, in quotes, such as `accent: \"#0a7d5a\"` (a colour picker shows this code)")
            return nil
        }
        guard AccentPalette(accent: colour) != nil else {
            let shade = AccentPalette.lightShade(for: colour)
            let ratio = (AccentPalette.lightContrast(of: colour) * 10).rounded(.down) / 10
            diagnostics.error(
                .accentLowContrast, at: location,
                "the accent `\(text)` is too light for text on the site's white page: its contrast is \(ratio):1, and links and buttons need 4.5:1",
                help: "use a darker shade of it, such as `accent: \"\(shade)\"`, the nearest that keeps 4.5:1 (the dark look is made from it)")
            return nil
        }
        return colour.description
    }

    /// The logo's path when it names a picture among the program's media, or nil.
    static func logo(_ path: String, at location: SourceLocation, media: [String], diagnostics: inout DiagnosticList) -> String? {
        let fileExtension = ContentPath.fileExtension(path).lowercased()
        guard SettingsParser.logoExtensions.contains(fileExtension) else {
            diagnostics.error(
                .logoNotAPicture, at: location, "the logo `\(path)` is not a picture a browser shows",
                help: "use a PNG, SVG, JPEG, WebP or GIF file in `media/`, such as `logo: media/logo.png`")
            return nil
        }
        guard media.contains(path) else {
            let inMedia = media.contains("media/" + path) ? "media/" + path : nil
            let pictures = media.filter { SettingsParser.logoExtensions.contains(ContentPath.fileExtension($0).lowercased()) }
            let suggestion = inMedia ?? NearestName.find(path, among: pictures)
            diagnostics.error(
                .logoNotFound, at: location,
                "the logo `\(path)` is not a file in `media/`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                help: "put the picture in the content folder's `media/` folder and write its path from the content folder, such as `logo: media/logo.png`")
            return nil
        }
        return path
    }
}

extension DiagnosticCode {
    /// `accent` is not a colour Folio reads.
    public static let accentNotAColour = DiagnosticCode("accent-not-a-colour", .error, .fields)
    /// `accent` is too light for links and buttons on the site's light page.
    public static let accentLowContrast = DiagnosticCode("accent-low-contrast", .error, .fields)
    /// `logo` names no file of `media/`.
    public static let logoNotFound = DiagnosticCode("logo-not-found", .error, .fields)
    /// `logo` names a file that is not a picture.
    public static let logoNotAPicture = DiagnosticCode("logo-not-a-picture", .error, .fields)
}
