import FolioModel

/// Turns a chapter's bundle HTML into the site's: video placeholders become players,
/// `folio:chapter/` links become page links, and media paths become relative to the page.
enum ChapterHTML {
    static func forSite(_ chapter: Chapter) -> String {
        var html = chapter.html
        for (index, video) in chapter.videos.enumerated() {
            html = html.replacingOccurrences(of: Chapter.videoPlaceholder(index), with: embed(video))
        }
        html = rewriteChapterLinks(html)
        html = html.replacingOccurrences(of: "src=\"media/", with: "src=\"../media/")
        html = html.replacingOccurrences(of: "href=\"media/", with: "href=\"../media/")
        return html
    }

    /// `href="folio:chapter/<id>#part"` -> `href="<id>.html#part"`. Chapter ids are only
    /// letters, digits and hyphens, so the id ends at the first other character.
    private static func rewriteChapterLinks(_ html: String) -> String {
        let marker = "href=\"folio:chapter/"
        var out = ""
        var rest = Substring(html)
        while let range = rest.range(of: marker) {
            out += rest[..<range.lowerBound]
            out += "href=\""
            rest = rest[range.upperBound...]
            let id = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            out += id + ".html"
            rest = rest.dropFirst(id.count)
        }
        return out + rest
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
