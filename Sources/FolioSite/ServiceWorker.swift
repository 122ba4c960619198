import FolioModel
import FolioProgram

/// `sw.js`: the service worker that keeps the site for offline use. It is the asset of
/// the same name with this build's version and files written in; the version is the
/// bundle hash, so a new build gives a new script, which the browser installs as an
/// update, replacing the old cache. The cache is named after the program and the
/// worker's scope too, so that programs served from one origin keep their own.
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
        let filled = template.replacingOccurrences(of: "__FOLIO_VERSION__", with: version)
            .replacingOccurrences(of: "__FOLIO_PROGRAM__", with: Self.quoted(program.settings.id))
            .replacingOccurrences(of: "__FOLIO_FILES__", with: list)
        return AssetCompactor.compact(filled, name: "sw.js")
    }

    /// A path as a JavaScript string, each path segment percent-encoded as a URL needs.
    static func quoted(_ path: String) -> String {
        // Byte by byte: a large site lists tens of thousands of files.
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "'")]
        out.reserveCapacity(path.utf8.count + 2)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default: out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        out.append(UInt8(ascii: "'"))
        return String(decoding: out, as: UTF8.self)
    }
}
