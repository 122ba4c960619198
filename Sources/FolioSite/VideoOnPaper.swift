import FolioModel

/// A video on a printed page: its title, the short address a phone can type and a QR code
/// a phone can scan, drawn at build time. The site hides it on screen; `@media print` shows
/// it in place of the player (and the facilitator's guide shows it always).
public enum VideoOnPaper {
    /// Where a phone can watch `video`: YouTube's short address (with the start time), or
    /// a file of the program's media at its published address (`base_url`); nil for a file
    /// of a program without one, which paper cannot point at.
    public static func address(of video: Video, baseURL: String?) -> String? {
        switch video.provider {
        case .youtube:
            guard let id = video.youtubeID else { return nil }
            return "https://youtu.be/\(id)" + (video.start.map { "?t=\($0)" } ?? "")
        case .file:
            guard let base = baseURL, base.hasPrefix("http"), let source = video.source else { return nil }
            return (base.hasSuffix("/") ? base : base + "/") + source
        }
    }

    /// The block: title, address and code; without an address, the title and a note that
    /// the video is in the program's site.
    static func html(_ video: Video, baseURL: String?, words: SiteWords) -> String {
        let title = HTML.escape(video.title)
        guard let address = address(of: video, baseURL: baseURL) else {
            return "<div class=\"video-print\"><p><span class=\"video-print-title\">\(title)</span><br>"
                + HTML.escape(words.text("print.video-in-site")) + "</p></div>"
        }
        let shown = address.hasPrefix("https://") ? String(address.dropFirst("https://".count)) : address
        let code = QRCode.drawing(of: address, label: words.text("print.video-code", ["address": shown])) ?? ""
        return "<div class=\"video-print\">\(code)<p><span class=\"video-print-title\">\(title)</span><br>"
            + HTML.escape(words.text("print.video-scan")) + " <span class=\"video-address\">\(HTML.escape(shown))</span></p></div>"
    }
}
