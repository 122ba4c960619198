import FolioModel

/// `sw.js`: the service worker that keeps the site for offline use. It is the asset of
/// the same name with this build's version and files written in; the version is the
/// bundle hash, so a new build gives a new script, which the browser installs as an
/// update, replacing the old cache.
struct ServiceWorker {
    let program: CompiledProgram
    let version: String
    /// The site's own files (pages, scripts, stylesheet), from its root.
    let pages: [String]

    /// Video files stay online only: they are large, and the page says when they cannot play.
    static let videoExtensions: Set<String> = ["mp4", "webm", "m4v", "mov", "ogv"]

    func script() -> String {
        var files = pages.filter { $0 != "sw.js" }
        files += program.media.map(\.bundlePath).filter { path in
            !Self.videoExtensions.contains(path.split(separator: ".").last.map { $0.lowercased() } ?? "")
        }
        let list = "[\n" + files.sorted().map { "  " + Self.quoted($0) }.joined(separator: ",\n") + "\n]"
        let template = SiteAssets.files["sw.js"] ?? ""
        return AssetCompactor.compact(
            template.replacingOccurrences(of: "__FOLIO_VERSION__", with: version).replacingOccurrences(of: "__FOLIO_FILES__", with: list),
            name: "sw.js")
    }

    /// A path as a JavaScript string, each path segment percent-encoded as a URL needs.
    static func quoted(_ path: String) -> String {
        var out = "'"
        for byte in path.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if character.isASCII, character.isLetter || character.isNumber || "-_.~/".contains(character) {
                out.append(character)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out + "'"
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
