import Foundation

/// Recognises the video addresses an author may use as a Markdown image.
enum VideoLink: Equatable {
    /// A YouTube video, with its 11-character id and an optional start in seconds.
    case youtube(id: String, start: Int?)
    /// A YouTube address whose video id is not 11 characters of `A-Z a-z 0-9 _ -`.
    case invalidID(String)
    /// A YouTube address whose start time cannot be read.
    case invalidStart(String)
    /// A YouTube address of a form that is not a single video (a channel, a playlist).
    case unsupported
    /// Not a video address.
    case notVideo

    static let youtubeHosts: Set<String> = ["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]
    static let shortHosts: Set<String> = ["youtu.be", "www.youtu.be"]
    static let noCookieHosts: Set<String> = ["youtube-nocookie.com", "www.youtube-nocookie.com"]

    static func parse(_ address: String) -> VideoLink {
        guard let components = URLComponents(string: address), let host = components.host?.lowercased(),
            components.scheme == "https" || components.scheme == "http" || components.scheme == nil
        else { return .notVideo }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let segments = components.path.split(separator: "/").map(String.init)
        var id: String?
        if youtubeHosts.contains(host) {
            if segments == ["watch"] {
                id = query["v"] ?? ""
            } else if segments.count == 2, ["embed", "shorts", "live", "v"].contains(segments[0]) {
                id = segments[1]
            } else {
                return .unsupported
            }
        } else if shortHosts.contains(host) {
            guard segments.count == 1 else { return .unsupported }
            id = segments[0]
        } else if noCookieHosts.contains(host) {
            guard segments.count == 2, segments[0] == "embed" else { return .unsupported }
            id = segments[1]
        } else {
            return .notVideo
        }
        guard let id, isValidID(id) else { return .invalidID(id ?? "") }
        // `t=` may also come in the fragment (`#t=30`), as YouTube's share button writes.
        var startText = query["t"] ?? query["start"]
        if startText == nil, let fragment = components.fragment, fragment.hasPrefix("t=") { startText = String(fragment.dropFirst(2)) }
        guard let startText else { return .youtube(id: id, start: nil) }
        guard let start = QuizValues.seconds(startText, plainSeconds: true) else { return .invalidStart(startText) }
        return .youtube(id: id, start: start == 0 ? nil : start)
    }

    static func isValidID(_ id: String) -> Bool {
        id.unicodeScalars.count == 11
            && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
    }
}
