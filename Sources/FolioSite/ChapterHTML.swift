import FolioCore
import FolioModel

/// Turns a chapter's bundle HTML into the site's: video placeholders become players,
/// `folio:chapter/` links become page links, and media paths become relative to the page.
enum ChapterHTML {
    /// The bundle HTML of a chapter or the welcome page, for a page whose way back to
    /// the site's root is `root` (`""`, `"../"` or the `base_url`).
    static func forSite(_ html: String, videos: [Video], root: String) -> String {
        var html = html
        for (index, video) in videos.enumerated() {
            html = html.replacingAll(Chapter.videoPlaceholder(index), with: embed(video, root: root))
        }
        html = rewriteChapterLinks(html, root: root)
        html = html.replacingAll("href=\"folio:bill-of-rights", with: "href=\"\(root)bill-of-rights.html")
        html = html.replacingAll("href=\"folio:welcome", with: "href=\"\(root)index.html")
        html = html.replacingAll("src=\"media/", with: "src=\"\(root)media/")
        html = html.replacingAll("href=\"media/", with: "href=\"\(root)media/")
        return html
    }

    /// `href="folio:chapter/<id>#part"` -> `href="<root>chapters/<id>.html#part"`. Chapter ids are only
    /// letters, digits and hyphens, so the id ends at the first other character.
    private static func rewriteChapterLinks(_ html: String, root: String) -> String {
        let marker = Array("href=\"folio:chapter/".utf8)
        let source = Array(html.utf8)
        guard source.count >= marker.count else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = 0
        while i < source.count {
            if source[i] == marker[0], i + marker.count <= source.count, source[i..<(i + marker.count)].elementsEqual(marker) {
                out.append(contentsOf: "href=\"\(root)chapters/".utf8)
                i += marker.count
                // The id is lower-case letters, digits and hyphens.
                while i < source.count, (0x61...0x7A).contains(source[i]) || (0x30...0x39).contains(source[i]) || source[i] == 0x2D {
                    out.append(source[i])
                    i += 1
                }
                out.append(contentsOf: ".html".utf8)
            } else {
                out.append(source[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func embed(_ video: Video, root: String) -> String {
        let title = HTML.escape(video.title)
        switch video.provider {
        case .youtube:
            let src = HTML.escape(video.embedURL ?? "")
            return """
                <figure class="video"><div class="video-frame"><iframe src="\(src)" title="\(title)" loading="lazy" \
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen \
                referrerpolicy="strict-origin-when-cross-origin"></iframe></div><figcaption>\(title)</figcaption></figure>
                """
        case .file:
            let src = HTML.escape(root + (video.source ?? ""))
            let track = video.captions.map { "<track kind=\"captions\" src=\"\(HTML.escape(root + $0))\" label=\"Captions\" default>" } ?? ""
            return """
                <figure class="video"><video controls preload="metadata" src="\(src)" title="\(title)">\(track)</video>\
                <figcaption>\(title)</figcaption></figure>
                """
        }
    }
}
