import FolioCore
import FolioModel

/// Turns a chapter's bundle HTML into the site's: video placeholders become players,
/// `folio:chapter/` links become page links, and media paths become relative to the page.
enum ChapterHTML {
    static func forSite(_ chapter: Chapter) -> String {
        var html = chapter.html
        for (index, video) in chapter.videos.enumerated() {
            html = html.replacingAll(Chapter.videoPlaceholder(index), with: embed(video))
        }
        html = rewriteChapterLinks(html)
        html = html.replacingAll("src=\"media/", with: "src=\"../media/")
        html = html.replacingAll("href=\"media/", with: "href=\"../media/")
        return html
    }

    /// `href="folio:chapter/<id>#part"` -> `href="<id>.html#part"`. Chapter ids are only
    /// letters, digits and hyphens, so the id ends at the first other character.
    private static func rewriteChapterLinks(_ html: String) -> String {
        let marker = Array("href=\"folio:chapter/".utf8)
        let source = Array(html.utf8)
        guard source.count >= marker.count else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = 0
        while i < source.count {
            if source[i] == marker[0], i + marker.count <= source.count, source[i..<(i + marker.count)].elementsEqual(marker) {
                out.append(contentsOf: "href=\"".utf8)
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

    static func embed(_ video: Video) -> String {
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
            let src = HTML.escape("../" + (video.source ?? ""))
            let track = video.captions.map { "<track kind=\"captions\" src=\"../\(HTML.escape($0))\" label=\"Captions\" default>" } ?? ""
            return """
                <figure class="video"><video controls preload="metadata" src="\(src)" title="\(title)">\(track)</video>\
                <figcaption>\(title)</figcaption></figure>
                """
        }
    }
}
