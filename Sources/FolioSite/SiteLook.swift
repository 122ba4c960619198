import FolioCore

/// What the site looks like for one program.
enum SiteLook {
    /// The accent of a program that sets none: site.css's own purple (`--accent`).
    static let defaultAccent = RGBColour(red: 0x72, green: 0x2a, blue: 0x96)
}
