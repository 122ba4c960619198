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
        mayNameYouTube(address) ? parsedAsURL(address) : .notVideo
    }

    /// What `address` is, read as a URL.
    static func parsedAsURL(_ address: String) -> VideoLink {
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

    /// Whether `text` may be a YouTube address: every host above has `youtu` in it, and
    /// a `%` or a letter beyond ASCII could spell it. Most of what is asked (each picture's address, each
    /// paragraph of one line) has neither, and is then known by its bytes, without reading
    /// it as a URL first.
    static func mayNameYouTube(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // `y o u t u` in either case (a byte's 0x20 bit set is its lower case).
            let word: (UInt8, UInt8, UInt8, UInt8, UInt8) = (0x79, 0x6F, 0x75, 0x74, 0x75)
            let count = bytes.count
            for index in 0..<count {
                let byte = bytes[index]
                // A `%` could spell the host, and so could letters beyond ASCII that a URL's
                // host is mapped from (full-width `ｙｏｕｔｕ`).
                if byte == UInt8(ascii: "%") || byte >= 0x80 { return true }
                if byte | 0x20 == word.0, index + 4 < count, bytes[index + 1] | 0x20 == word.1, bytes[index + 2] | 0x20 == word.2,
                    bytes[index + 3] | 0x20 == word.3, bytes[index + 4] | 0x20 == word.4
                {
                    return true
                }
            }
            return false
        }
    }

    static func isValidID(_ id: String) -> Bool {
        id.unicodeScalars.count == 11
            && id.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
    }
}
