import FolioModel

/// Turns a chapter's bundle HTML into the site's: video placeholders become players,
/// `folio:chapter/` links become page links, and media paths become relative to the page.
enum ChapterHTML {
    /// The bundle HTML of a chapter or the welcome page, for a page whose way back to
    /// the site's root is `root` (`""`, `"../"` or the `base_url`), in one pass:
    /// video placeholders become players, `folio:` links become page links, and media
    /// paths become relative to the page.
    static func forSite(_ html: String, videos: [Video], root: String) -> String {
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
                    out += Array(embed(videos[index], root: root).utf8)
                    i += placeholder.count
                    continue scan
                }
            }
            out.append(byte)
            i += 1
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
