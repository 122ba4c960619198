import FolioModel
import FolioProgram
import Foundation

/// How the site writes a chapter's or the welcome page's body: links to chapters lead
/// to their pages, media paths are relative to the page, each video is a player where
/// the author placed it, and an image from another website is a link to it (loading it
/// would tell that website who is reading, before the learner asked for anything).
struct SiteBodyStyle: BodyHTMLStyle {
    /// The way from the page back to the site's root (`""` or `"../"`).
    let root: String
    /// The way from the page to the site's root folder, where the media are: `root`,
    /// but for a page of another language, a folder further down (`es/`).
    var mediaRoot: String? = nil
    let videos: [Video]
    let share: SharePage?
    /// The quiz at the end of the page, whose questions and choices have ids of their own.
    var quizID: String? = nil
    /// The pictures' sizes, written on each `<img>` so the page does not jump as they load.
    var pictures = PictureSizes()
    /// The interface's words in the page's language.
    let words: SiteWords
    /// The program's published address (`base_url`), where a video of its own media is
    /// found from paper.
    var baseURL: String? = nil
    /// Put before every id the body gives (headings, videos' anchors): a page that holds
    /// several chapters (the workbook) keeps each one's ids apart.
    var idPrefix = ""

    func size(_ source: ImageSource) -> (width: Int, height: Int)? { pictures.size(source) }

    func href(_ target: LinkTarget) -> String {
        switch target {
        case .chapter(let id, let suffix): return root + "chapters/" + id + ".html" + BodyHTML.escapeAddress(suffix)
        case .welcome(let suffix): return root + "index.html" + BodyHTML.escapeAddress(suffix)
        case .billOfRights(let suffix): return root + "bill-of-rights.html" + BodyHTML.escapeAddress(suffix)
        case .media(let path, let suffix): return (mediaRoot ?? root) + BodyHTML.escapeAddress(path + suffix)
        case .asWritten(let address): return BodyHTML.escapeAddress(address)
        }
    }

    func src(_ source: ImageSource) -> String {
        switch source {
        case .media(let path, let suffix): return (mediaRoot ?? root) + BodyHTML.escapeAddress(path + suffix)
        case .remote(let address), .asWritten(let address): return BodyHTML.escapeAddress(address)
        }
    }

    /// A link that says what the picture is and where it is.
    func remoteImage(url: String, alt: String, title: String) -> String? {
        let href = BodyHTML.escapeAddress(url)
        // The message is escaped whole; the alt text was escaped once already.
        let marker = "\u{1}"
        let host = URL(string: href.replacingOccurrences(of: "&amp;", with: "&"))?.host ?? words.text("site.another-website")
        let text =
            alt.isEmpty
            ? HTML.escape(words.text("site.remote-image-no-alt", ["host": host]))
            : HTML.escape(words.text("site.remote-image", ["alt": marker, "host": host])).replacingOccurrences(
                of: marker, with: BodyHTML.escapeText(alt))
        return "<a class=\"remote-image\" href=\"\(href)\" rel=\"noopener noreferrer\">\(text)</a>"
    }

    /// A heading's id, unless the page uses it for something of its own (`main`, the
    /// quiz, a video's anchor): then `h-` before it, so that links to each still work.
    func headingID(_ id: String) -> String {
        let own = Self.pageIDs.contains(id) || id.hasPrefix("video-") || (quizID.map { id == $0 || id.hasPrefix($0 + "-") } ?? false)
        let shown = own ? "h-" + id : id
        return idPrefix.isEmpty ? shown : idPrefix + shown
    }

    /// The ids the site's pages give their own parts.
    static let pageIDs: Set<String> = [
        "main", "quiz", "quiz-title", "quiz-data", "toc-title", "decks-title", "update-note", "progress", "progress-summary", "streak",
        "total-time", "forget", "forget-confirm", "forget-yes", "forget-no", "search-input", "search-status", "search-results", "search-index",
    ]

    func video(_ index: Int) -> String {
        guard videos.indices.contains(index) else { return "" }
        return ChapterHTML.embed(
            videos[index], number: index + 1, root: mediaRoot ?? root, share: share, words: words, baseURL: baseURL, anchorPrefix: idPrefix)
    }
}

/// The players of a page's videos.
enum ChapterHTML {
    /// A video where the author placed it. A YouTube video is a link to the privacy-
    /// enhanced player, which `site.js` turns into the player itself when pressed:
    /// nothing is loaded from YouTube before that. Local files play with their captions.
    ///
    /// The title is shown and spoken once. The YouTube link shows it on the player, and
    /// the player that replaces the link is named by it (and shows it itself), so the
    /// caption below holds only the share links, if any; a local file's player shows no
    /// title, so its caption does.
    static func embed(
        _ video: Video, number: Int, root: String, share: SharePage?, words: SiteWords, baseURL: String? = nil, anchorPrefix: String = ""
    ) -> String {
        let title = HTML.escape(video.title)
        let anchor = anchorPrefix + "video-\(number)"
        let onPaper = VideoOnPaper.html(video, baseURL: baseURL, words: words)
        let links = share?.links(title: video.title, fragment: anchor) ?? []
        let shareLinks =
            links.isEmpty
            ? nil
            : "<span class=\"share\">" + HTML.escape(words.text("site.share-video"))
                + links.map { " <a href=\"\(HTML.escape($0["url"]!))\" rel=\"noopener noreferrer\" target=\"_blank\">\(HTML.escape($0["name"]!))</a>" }
                .joined() + "</span>"
        switch video.provider {
        case .youtube:
            let id = HTML.escape(video.youtubeID ?? "")
            let start = video.start.map { "\($0)" }
            let player = HTML.escape(video.embedURL ?? "")
            return """
                <figure class="video" id="\(anchor)"><div class="video-frame"><a class="video-facade" href="\(player)" \
                data-youtube="\(id)"\(start.map { " data-start=\"\($0)\"" } ?? "") data-title="\(title)">\
                <span class="play-icon" aria-hidden="true"></span><span class="video-title">\(title)</span>\
                <span class="video-note">\(HTML.escape(words.text("site.video-play")))</span></a></div>\(onPaper)\(shareLinks.map { "<figcaption>\($0)</figcaption>" } ?? "")</figure>
                """
        case .file:
            let src = HTML.escape(root + (video.source ?? ""))
            let track =
                video.captions.map {
                    "<track kind=\"captions\" src=\"\(HTML.escape(root + $0))\" label=\"\(HTML.escape(words.text("site.captions")))\" default>"
                } ?? ""
            return """
                <figure class="video" id="\(anchor)"><video controls preload="none" src="\(src)" aria-label="\(title)">\(track)</video>\
                \(onPaper)<figcaption>\(title)\(shareLinks.map { " " + $0 } ?? "")</figcaption></figure>
                """
        }
    }
}
