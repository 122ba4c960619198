import FolioModel
import Foundation

/// Turns a chapter's bundle HTML into the site's: video placeholders become players,
/// `folio:chapter/` links become page links, media paths become relative to the page,
/// and images from other websites become links to them (loading them would tell those
/// sites who is reading, before the learner asked for anything).
enum ChapterHTML {
    /// The bundle HTML of a chapter or the welcome page, for a page whose way back to
    /// the site's root is `root` (`""`, `"../"` or the `base_url`), in one pass:
    /// video placeholders become players, `folio:` links become page links, and media
    /// paths become relative to the page.
    static func forSite(_ html: String, videos: [Video], root: String, share: SharePage?) -> String {
        let source = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(source.count + videos.count * 400)
        let rootBytes = Array(root.utf8)
        let rewrites: [(from: [UInt8], to: [UInt8])] = [
            (Array("href=\"folio:chapter/".utf8), Array("href=\"".utf8) + rootBytes + Array("chapters/".utf8)),
            (Array("href=\"folio:bill-of-rights".utf8), Array("href=\"".utf8) + rootBytes + Array("bill-of-rights.html".utf8)),
            (Array("href=\"folio:welcome".utf8), Array("href=\"".utf8) + rootBytes + Array("index.html".utf8)),
            (Array("src=\"media/".utf8), Array("src=\"".utf8) + rootBytes + Array("media/".utf8)),
            (Array("href=\"media/".utf8), Array("href=\"".utf8) + rootBytes + Array("media/".utf8)),
        ]
        let placeholders = videos.indices.map { Array(Chapter.videoPlaceholder($0).utf8) }
        let remoteImages = [Array("<img src=\"http://".utf8), Array("<img src=\"https://".utf8)]
        func matches(_ pattern: [UInt8], at i: Int) -> Bool {
            i + pattern.count <= source.count && source[i..<(i + pattern.count)].elementsEqual(pattern)
        }
        var i = 0
        scan: while i < source.count {
            let byte = source[i]
            // Everything rewritten starts with `h`, `s` or `<`; other bytes are copied.
            if byte == UInt8(ascii: "h") || byte == UInt8(ascii: "s") {
                for (index, rewrite) in rewrites.enumerated() where matches(rewrite.from, at: i) {
                    out += rewrite.to
                    i += rewrite.from.count
                    if index == 0 {
                        // A chapter id is lower-case letters, digits and hyphens.
                        while i < source.count, (0x61...0x7A).contains(source[i]) || (0x30...0x39).contains(source[i]) || source[i] == 0x2D {
                            out.append(source[i])
                            i += 1
                        }
                        out += Array(".html".utf8)
                    }
                    continue scan
                }
            } else if byte == UInt8(ascii: "<") {
                for (index, placeholder) in placeholders.enumerated() where matches(placeholder, at: i) {
                    out += Array(embed(videos[index], number: index + 1, root: root, share: share).utf8)
                    i += placeholder.count
                    continue scan
                }
                if remoteImages.contains(where: { matches($0, at: i) }), let end = source[i...].firstIndex(of: UInt8(ascii: ">")) {
                    out += Array(remoteImageLink(String(decoding: source[i...end], as: UTF8.self)).utf8)
                    i = end + 1
                    continue scan
                }
            }
            out.append(byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A video where the author placed it. A YouTube video is a link to the privacy-
    /// enhanced player, which `site.js` turns into the player itself when pressed:
    /// nothing is loaded from YouTube before that. Local files play with their captions.
    static func embed(_ video: Video, number: Int, root: String, share: SharePage?) -> String {
        let title = HTML.escape(video.title)
        let anchor = "video-\(number)"
        var caption = title
        let links = share?.links(title: video.title, fragment: anchor) ?? []
        if !links.isEmpty {
            caption +=
                " <span class=\"share\">Share this video:"
                + links.map { " <a href=\"\(HTML.escape($0["url"]!))\" rel=\"noopener noreferrer\" target=\"_blank\">\(HTML.escape($0["name"]!))</a>" }
                .joined() + "</span>"
        }
        switch video.provider {
        case .youtube:
            let id = HTML.escape(video.youtubeID ?? "")
            let start = video.start.map { "\($0)" }
            let player = "https://www.youtube-nocookie.com/embed/\(id)" + (start.map { "?start=\($0)" } ?? "")
            return """
                <figure class="video" id="\(anchor)"><div class="video-frame"><a class="video-facade" href="\(player)" \
                data-youtube="\(id)"\(start.map { " data-start=\"\($0)\"" } ?? "") data-title="\(title)">\
                <span class="play-icon" aria-hidden="true"></span><span class="video-title">\(title)</span>\
                <span class="video-note">Play the video (from YouTube)</span></a></div><figcaption>\(caption)</figcaption></figure>
                """
        case .file:
            let src = HTML.escape(root + (video.source ?? ""))
            let track = video.captions.map { "<track kind=\"captions\" src=\"\(HTML.escape(root + $0))\" label=\"Captions\" default>" } ?? ""
            return """
                <figure class="video" id="\(anchor)"><video controls preload="none" src="\(src)" aria-label="\(title)">\(track)</video>\
                <figcaption>\(caption)</figcaption></figure>
                """
        }
    }

    /// `<img src="https://..." alt="...">` from cmark, as a link that says what it is.
    static func remoteImageLink(_ tag: String) -> String {
        func attribute(_ name: String) -> String? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            let rest = tag[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        // cmark has already escaped both attributes for HTML.
        let url = attribute("src") ?? ""
        let alt = attribute("alt").flatMap { $0.isEmpty ? nil : $0 } ?? "an image"
        let host = URL(string: url.replacingOccurrences(of: "&amp;", with: "&"))?.host.map(HTML.escape) ?? "another website"
        return "<a class=\"remote-image\" href=\"\(url)\" rel=\"noopener noreferrer\">Image: \(alt) (on \(host))</a>"
    }
}
