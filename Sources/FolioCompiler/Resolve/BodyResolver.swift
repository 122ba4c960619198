import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation

/// What the body of a chapter (or the welcome page) becomes.
struct ResolvedBody {
    var body: Body
    var videos: [Video]
    var headings: [Heading]
    var shelvedPlainText: ShelvedText
    var plainText: String { shelvedPlainText.text }

    /// The same body with its HTML and plain text put on `shelf`, when there is one.
    func shelved(on shelf: (any TextShelf)?) -> ResolvedBody {
        guard let shelf else { return self }
        return ResolvedBody(
            body: body.shelved(on: shelf), videos: videos, headings: headings,
            shelvedPlainText: shelvedPlainText.isShelved ? shelvedPlainText : ShelvedText(plainText, on: shelf))
    }
}

/// What the resolver needs to know about the rest of the program.
struct ContentIndex {
    /// Chapter file paths (`chapters/01-who-am-i.md`) to chapter ids.
    let chapterIDs: [String: String]
    /// Ids of draft chapters left out of this build.
    let excludedDrafts: Set<String>
    /// Every file under the content folder.
    let allFiles: Set<String>
    let allowHTML: Bool
    /// The same files arranged for suggesting the one meant when a link's is missing.
    let fileNames: FileNames

    init(chapterIDs: [String: String], excludedDrafts: Set<String>, allFiles: Set<String>, allowHTML: Bool) {
        self.chapterIDs = chapterIDs
        self.excludedDrafts = excludedDrafts
        self.allFiles = allFiles
        self.allowHTML = allowHTML
        fileNames = FileNames(files: allFiles, chapterIDs: chapterIDs)
    }
}

/// Turns a Markdown body into a ``Body``: videos take their slots in a structured list,
/// links to chapters and media are resolved and checked, raw HTML and unsafe links are
/// kept out.
struct BodyResolver {
    let index: ContentIndex

    static let safeSchemes: Set<String> = ["http", "https", "mailto", "tel"]
    static let videoExtensions: Set<String> = ["mp4", "webm"]

    /// With a `shelf`, the plain text goes onto it as the bytes it was gathered in: made
    /// a `String` first, a text in a language with accents was checked byte by byte once
    /// more (docs/development.md, "Measured guards").
    func resolve(
        _ body: Substring, source: SourceFile, lineOffset: Int, shelf: (any TextShelf)? = nil, diagnostics: inout DiagnosticList
    ) -> ResolvedBody {
        var stream = MarkdownStream(body, source: source, lineOffset: lineOffset)
        var walk = DirectBodyWalk(decider: decider(for: source))
        guard walk.read(&stream) else {
            // Raw HTML the program allows: sanitised, which takes nodes.
            return resolveByNodes(body, source: source, lineOffset: lineOffset, diagnostics: &diagnostics)
        }
        reportTooDeep(stream.tooDeep, diagnostics: &diagnostics)
        diagnostics.append(contentsOf: walk.diagnostics.all)
        return ResolvedBody(
            body: walk.builder.body, videos: walk.videos, headings: walk.headings,
            shelvedPlainText: ShelvedText(utf8: Array(walk.plainText[walk.plainText.rangeTrimmingASCIIWhitespace]), on: shelf))
    }

    /// ``resolve(_:source:lineOffset:diagnostics:)`` by way of ``MarkdownNode``s and
    /// ``BodyNode``s, which the sanitiser of raw HTML needs.
    func resolveByNodes(_ body: Substring, source: SourceFile, lineOffset: Int, diagnostics: inout DiagnosticList) -> ResolvedBody {
        let document = MarkdownDocument.parse(body, source: source, lineOffset: lineOffset)
        reportTooDeep(document.tooDeep, diagnostics: &diagnostics)
        var walk = BodyWalk(decider: decider(for: source), document: document)
        var blocks = walk.blocks(document.root.children)
        if walk.keptRawHTML { blocks = walk.sanitize(blocks) }
        let (withIDs, headings) = HeadingIDs.assign(blocks)
        diagnostics.append(contentsOf: walk.diagnostics.all)
        return ResolvedBody(
            body: Body(blocks: withIDs), videos: walk.videos, headings: headings,
            shelvedPlainText: ShelvedText(walk.plainText.trimmedASCIIWhitespace))
    }

    /// Links and images of `source` are resolved against its folder.
    private func decider(for source: SourceFile) -> Decider {
        Decider(resolver: self, source: source, folder: source.path.contains("/") ? String(source.path[..<source.path.lastIndex(of: "/")!]) : "")
    }

    private func reportTooDeep(_ tooDeep: SourceLocation?, diagnostics: inout DiagnosticList) {
        guard let tooDeep else { return }
        diagnostics.error(
            .markdownNestingLimit, at: tooDeep,
            "the lists, quotes or emphasis here are nested more than \(MarkdownDocument.maxNesting) levels deep, so what is inside is left out",
            help: "a chapter never needs this much nesting: look for a line that starts with many `>` or list markers")
    }

    /// The decisions for one file: links and images are resolved against its folder.
    struct Decider: BodyDecider {
        let resolver: BodyResolver
        /// The file whose body this is: habits are placed by its lines.
        let source: SourceFile
        let folder: String

        func isNote(_ html: String) -> Bool { WritingHabitRules.isNote(html) }

        var keepsAllHTML: Bool { resolver.index.allowHTML }

        func paragraph(_ paragraph: WrittenParagraph, diagnostics: inout DiagnosticList) {
            WritingHabitRules.paragraph(paragraph, source: source, diagnostics: &diagnostics)
        }

        func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {
            WritingHabitRules.heading(level: level, text: text, at: location, diagnostics: &diagnostics)
        }

        func link(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> LinkTarget {
            resolver.link(reference, folder: folder, diagnostics: &diagnostics)
        }

        func image(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) -> ImageDecision {
            resolver.image(reference, folder: folder, diagnostics: &diagnostics)
        }

        func rawHTML(_ html: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool {
            if resolver.index.allowHTML { return true }
            diagnostics.warning(
                .rawHTMLOmitted, at: location,
                "raw HTML is left out of the page: `\(html.prefix(40).trimmingCharacters(in: .whitespacesAndNewlines))`",
                help: "write it in Markdown instead, or set `allow_html: true` in `folio.yaml` if the program trusts its authors' HTML")
            return false
        }

        /// A paragraph that is nothing but one word of plain text, such as a web address
        /// pasted on a line of its own (which Markdown shows as text, not as a link): the
        /// author may have meant a video player.
        func wordParagraph(_ text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {
            // Most paragraphs are words, not a video's address: passed over by bytes.
            guard VideoLink.mayNameYouTube(text) else { return }
            let address = text.trimmingCharacters(in: .whitespaces)
            guard !address.isEmpty, !address.contains(" ") else { return }
            let full = resolver.hasScheme(address) ? address : "https://" + address
            guard case .youtube = VideoLink.parse(full) else { return }
            diagnostics.warning(
                .videoAddressAsText, at: location,
                "this video's address is on a line of its own, so the page shows it as text, not as a video",
                help: "to show the video, write `![The video's title](\(full))`; to show a link, `[Watch the video](\(full))`")
        }
    }

    func image(_ reference: MarkdownReference, folder: String, diagnostics: inout DiagnosticList) -> ImageDecision {
        let title = reference.text.trimmedSpaces
        func addVideo(_ video: Video) -> ImageDecision {
            if title.isEmpty {
                diagnostics.error(
                    .videoTitleMissing, at: reference.location, "this video has no title",
                    help: "write the title between the brackets: `![Talk on confidence](\(reference.url))`; players and screen readers announce it")
            }
            return .video(video)
        }
        let asWritten = ImageDecision.picture(.asWritten(reference.url))
        switch VideoLink.parse(reference.url) {
        case .youtube(let id, let start):
            return addVideo(Video(provider: .youtube, title: title, youtubeID: id, start: start))
        case .invalidID(let id):
            diagnostics.error(
                .videoInvalidID, at: reference.location,
                id.isEmpty ? "this YouTube address has no video id" : "`\(id)` is not a YouTube video id: ids are 11 letters, digits, `_` or `-`",
                help: "copy the address again from YouTube's Share button; it looks like `https://youtu.be/aBcDeFgHiJ0`")
            return asWritten
        case .invalidStart(let start):
            diagnostics.error(
                .videoInvalidStart, at: reference.location, "`\(start)` is not a start time",
                help: "write the start in seconds (`t=90`) or minutes and seconds (`t=1m30s`)")
            return asWritten
        case .unsupported:
            diagnostics.error(
                .videoUnsupportedLink, at: reference.location, "this YouTube address is not a single video",
                help: "use the address of one video, such as `https://www.youtube.com/watch?v=aBcDeFgHiJ0`")
            return asWritten
        case .notVideo:
            break
        }
        // `youtube.com/watch?v=…` without `https://` would otherwise be looked for as a file.
        if !hasScheme(reference.url), case .youtube = VideoLink.parse("https://" + reference.url) {
            diagnostics.error(
                .videoUnsupportedLink, at: reference.location, "this video's address has no `https://` at its start, so it is read as a file name",
                help: "write the whole address: `![\(title.isEmpty ? "The video's title" : title)](https://\(reference.url))`")
            return asWritten
        }
        if hasScheme(reference.url) {
            if !isSafe(reference.url) {
                unsafe(reference, diagnostics: &diagnostics)
                return .picture(.asWritten(""))
            }
            if title.isEmpty { missingAlt(reference, diagnostics: &diagnostics) }
            let host = URLComponents(string: reference.url)?.host?.lowercased() ?? ""
            if let site = Self.unplayedVideoSite(host: host) {
                diagnostics.warning(
                    .videoSiteNotPlayed, at: reference.location,
                    "this is a video on \(site), which Folio cannot play, so the site shows a link to it instead of a player",
                    help:
                        "to show a player, put the video on YouTube and use its address, or save it as an `.mp4` file in `media/` (if you may): `![\(title.isEmpty ? "The video's title" : title)](../media/video.mp4)`; to show a link, write `[\(title.isEmpty ? "Watch the video" : title)](\(reference.url))`"
                )
            } else if host == "vimeo.com" || host.hasSuffix(".vimeo.com") {
                diagnostics.warning(
                    .videoVimeo, at: reference.location, "Folio does not play Vimeo videos, so the site shows a link to this one instead",
                    help:
                        "put the video on YouTube and use its address, or save it as an `.mp4` or `.webm` file in `media/`: `![\(title.isEmpty ? "The video's title" : title)](../media/video.mp4)`"
                )
            } else if reference.url.lowercased().hasPrefix("http") {
                diagnostics.warning(
                    .imageRemote, at: reference.location,
                    "this image is on another website; loading it would tell that website who is reading, so the site shows a link to it instead",
                    help: "save the image in `media/` and point to it there: `![\(title.isEmpty ? "what it shows" : title)](../media/picture.png)`")
            }
            let scheme = reference.url.prefix { $0 != ":" }.lowercased()
            return scheme == "http" || scheme == "https" ? .picture(.remote(reference.url)) : asWritten
        }
        guard let target = localTarget(reference, folder: folder, diagnostics: &diagnostics) else { return asWritten }
        guard target.path.hasPrefix("media/") else {
            diagnostics.error(
                .linkTargetMissing, at: reference.location, "images and videos must be in the `media/` folder, but `\(target.path)` is not",
                help: "move the file into `media/` and point to it as `../media/\(ContentPath.lastComponent(target.path))`")
            return asWritten
        }
        let ext = ContentPath.fileExtension(target.path).lowercased()
        if Self.videoExtensions.contains(ext) {
            let captions = ContentPath.withoutExtension(target.path) + ".vtt"
            if !index.allFiles.contains(captions),
                let near = FileSuggestion.captions(for: target.path, files: index.allFiles, videoExtensions: Self.videoExtensions)
            {
                diagnostics.warning(
                    .videoCaptionsMissing, at: reference.location, "this video has no captions file `\(captions)`; did you mean `\(near)`?",
                    help: "rename `\(near)` to `\(captions)`: a video's captions are the `.vtt` file with the video's name")
            }
            return addVideo(Video(provider: .file, title: title, source: target.path, captions: index.allFiles.contains(captions) ? captions : nil))
        }
        if title.isEmpty { missingAlt(reference, diagnostics: &diagnostics) }
        return .picture(.media(path: target.path, suffix: target.suffix))
    }

    /// Sites of short videos that authors copy addresses from, and that have no player a
    /// page may show without loading their scripts: by the end of each host's name.
    static let unplayedVideoSites: [(host: String, name: String)] = [
        ("tiktok.com", "TikTok"), ("instagram.com", "Instagram"), ("facebook.com", "Facebook"), ("fb.watch", "Facebook"),
        ("twitch.tv", "Twitch"), ("dailymotion.com", "Dailymotion"), ("dai.ly", "Dailymotion"), ("snapchat.com", "Snapchat"),
    ]

    /// The name of the video site `host` belongs to, when Folio does not play its videos.
    static func unplayedVideoSite(host: String) -> String? {
        unplayedVideoSites.first { host == $0.host || host.hasSuffix("." + $0.host) }?.name
    }

    func link(_ reference: MarkdownReference, folder: String, diagnostics: inout DiagnosticList) -> LinkTarget {
        let url = reference.url
        if url.hasPrefix("#") || url.isEmpty { return .asWritten(url) }
        if hasScheme(url) {
            if isSafe(url) { return .asWritten(url) }
            unsafe(reference, diagnostics: &diagnostics)
            return .asWritten("")
        }
        guard let target = localTarget(reference, folder: folder, diagnostics: &diagnostics) else { return .asWritten(url) }
        if let chapter = index.chapterIDs[target.path] {
            if index.excludedDrafts.contains(chapter) {
                diagnostics.error(
                    .linkToDraft, at: reference.location, "this links to the chapter `\(chapter)`, which is a draft and is left out of this build",
                    help: "remove the link, or publish that chapter by removing `draft: true`")
            }
            return .chapter(id: chapter, suffix: target.suffix)
        }
        if target.path.hasPrefix("media/") { return .media(path: target.path, suffix: target.suffix) }
        if target.path == "bill-of-rights.yaml" { return .billOfRights(suffix: target.suffix) }
        if target.path == "welcome.md" { return .welcome(suffix: target.suffix) }
        diagnostics.error(
            .linkTargetMissing, at: reference.location,
            "links can point to chapters, the welcome page, the bill of rights and files in `media/`, but not to `\(target.path)`",
            help: "link to a chapter's `.md` file, or move the file into `media/`")
        return .asWritten(url)
    }

    /// A relative address resolved against the file's folder: the path inside the
    /// content folder and the `?query#fragment` that followed it.
    private func localTarget(_ reference: MarkdownReference, folder: String, diagnostics: inout DiagnosticList) -> (path: String, suffix: String)? {
        var address = reference.url
        var suffix = ""
        if let cut = address.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) {
            suffix = String(address[cut...])
            address = String(address[..<cut])
        }
        // Foundation's decoding only where there is something to decode.
        let decoded = address.utf8.contains(UInt8(ascii: "%")) ? address.removingPercentEncoding ?? address : address
        guard let path = Self.resolved(decoded, from: folder) else {
            diagnostics.error(
                .linkOutsideContent, at: reference.location, "`\(reference.url)` points outside the content folder",
                help: "put the file in `media/` and link to it from there")
            return nil
        }
        guard index.allFiles.contains(path) else {
            let suggestion = FileSuggestion.address(for: path, from: folder, names: index.fileNames)
            if suggestion == nil, Self.looksLikeWebAddress(address) {
                diagnostics.error(
                    .linkTargetMissing, at: reference.location,
                    "`\(reference.url)` looks like a web address, but without `https://` at its start it is read as a file in the content folder, and there is no such file",
                    help: "write the whole address: `https://\(reference.url)`")
                return nil
            }
            if suggestion == nil, reference.kind == .link, ContentPath.fileExtension(path).lowercased() == "md",
                index.chapterIDs.keys.contains(where: { ContentPath.parent($0) == ContentPath.parent(path) })
            {
                // A link to a chapter not written yet: what to do is write it, not look in `media/`.
                let title = Self.titleGuess(fromChapterFile: ContentPath.lastComponent(path))
                diagnostics.error(
                    .linkTargetMissing, at: reference.location, "`\(reference.url)` does not exist: no chapter has that file name yet",
                    help:
                        "if the chapter is still to be written, write it first (`folio new chapter \"\(title)\"` makes its file) and link to the file it makes, or leave the link out until then; if it exists, check the file's name in `\(ContentPath.parent(path))/`"
                )
                return nil
            }
            diagnostics.error(
                .linkTargetMissing, at: reference.location, "`\(reference.url)` does not exist" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                help: suggestion.map { "change the address to `\($0)`" }
                    ?? "check the file name, and that the file is in the content folder (`../media/` from a chapter)")
            return nil
        }
        return (path, suffix)
    }

    /// A chapter's title as its file name suggests it: `03-saying-no.md` -> `Saying no`.
    static func titleGuess(fromChapterFile name: String) -> String {
        let words = ContentPath.baseName(name).drop { $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
            .replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = words.first else { return "The chapter's title" }
        return first.uppercased() + words.dropFirst()
    }

    /// The path `address` names from `folder`, both inside the content folder: `.` and
    /// empty segments left out, `..` going up a folder; nil when it goes above the
    /// content folder. An address starting with `/` starts at the content folder.
    ///
    /// Segment by segment as bytes: every link and picture of every chapter is resolved here,
    /// and splitting and joining `String`s showed in resolving a chapter's body
    /// (docs/development.md, "Measured choices").
    static func resolved(_ address: String, from folder: String) -> String? {
        var path: [UInt8] = []
        func add(_ segment: Substring.UTF8View) -> Bool {
            if segment.elementsEqual(CollectionOfOne(UInt8(ascii: "."))) { return true }
            if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard !path.isEmpty else { return false }
                path.removeSubrange((path.lastIndex(of: UInt8(ascii: "/")) ?? 0)...)
                return true
            }
            if !path.isEmpty { path.append(UInt8(ascii: "/")) }
            path.append(contentsOf: segment)
            return true
        }
        if !address.utf8.starts(with: CollectionOfOne(UInt8(ascii: "/"))) {
            for segment in folder[...].utf8.split(separator: UInt8(ascii: "/")) { _ = add(segment) }
        }
        for segment in address[...].utf8.split(separator: UInt8(ascii: "/")) {
            guard add(segment) else { return nil }
        }
        return String(decoding: path, as: UTF8.self)
    }

    /// Endings of web host names an author is likely to type (`www.childhelp.org`,
    /// `kidshelpphone.ca`); none is a file extension Folio reads, so `notes.md` is never
    /// taken for an address.
    static let webHostEndings: Set<String> = [
        "com", "org", "net", "edu", "gov", "info", "io", "co", "us", "uk", "ca", "au", "nz", "ie", "in", "de", "fr", "es", "it", "nl",
        "me", "app", "dev", "ngo", "kids",
    ]

    /// Whether a relative address that names no file was meant as a web address: it
    /// starts with `www.`, or its first part is a host name (`childhelp.org/help`).
    static func looksLikeWebAddress(_ address: String) -> Bool {
        let host = address.prefix { $0 != "/" }.lowercased()
        if host.hasPrefix("www.") && host.count > 4 { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } })
        else { return false }
        return webHostEndings.contains(String(labels.last!))
    }

    func hasScheme(_ url: String) -> Bool {
        // Bytes first: every link of every chapter is asked, and most are ASCII; a byte
        // outside ASCII before the first colon takes the way by characters, whose
        // letters include other scripts'.
        var url = url
        let ascii = url.withUTF8 { bytes -> Bool? in
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: ":"): return index > 0
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): continue
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    if index == 0 { return false }
                case 0x80...: return nil
                default: return false
                }
            }
            return false
        }
        if let ascii { return ascii }
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." } && scheme.first!.isLetter
    }

    private func isSafe(_ url: String) -> Bool {
        let scheme = url[..<url.firstIndex(of: ":")!].lowercased()
        return Self.safeSchemes.contains(scheme)
    }

    private func unsafe(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) {
        let scheme = reference.url[..<reference.url.firstIndex(of: ":")!].lowercased()
        diagnostics.error(
            .linkUnsafe, at: reference.location,
            "links starting with `\(scheme):` are not allowed: they could run code or open other programs on a learner's device",
            help: "use an `https://` address, a `mailto:` address, or a link to a chapter or a file in `media/`")
    }

    private func missingAlt(_ reference: MarkdownReference, diagnostics: inout DiagnosticList) {
        diagnostics.warning(
            .imageAltMissing, at: reference.location, "this image has no description, so a screen reader cannot tell a learner what it shows",
            help: "describe the picture between the brackets: `![A girl holding a trophy](\(reference.url))`")
    }
}

extension DiagnosticList {
    /// Reports a passage in another language (``LangSpan``) that is left out, placed at
    /// its opening tag; nothing for one kept.
    mutating func langSpan(_ status: LangSpan.Status, html: String, at location: SourceLocation) {
        switch status {
        case .unclosed:
            warning(
                .langSpanUnclosed, at: location, "`\(html)` has no `</span>` after it, so it is left out",
                help: "end the passage in the same paragraph: `<span lang=\"es\">Hola</span>`")
        case .invalid(let value):
            warning(
                .langTagInvalid, at: location, "`\(value)` is not a language tag, so this `<span lang>` is left out",
                help: "write the language's code, such as `es`, `fr`, `es-MX` or `pt-BR`: `<span lang=\"es\">Hola</span>`")
        case .kept, .closesOmitted:
            break
        }
    }
}

extension DiagnosticCode {
    public static let videoTitleMissing = DiagnosticCode("video-title-missing", .error, .markdown)
    public static let videoInvalidID = DiagnosticCode("video-invalid-id", .error, .markdown)
    public static let videoInvalidStart = DiagnosticCode("video-invalid-start", .error, .markdown)
    public static let videoUnsupportedLink = DiagnosticCode("video-unsupported-link", .error, .markdown)
    public static let videoCaptionsMissing = DiagnosticCode("video-captions-missing", .warning, .markdown)
    public static let videoAddressAsText = DiagnosticCode("video-address-as-text", .warning, .markdown)
    public static let linkTargetMissing = DiagnosticCode("link-target-missing", .error, .markdown)
    public static let linkOutsideContent = DiagnosticCode("link-outside-content", .error, .markdown)
    public static let linkUnsafe = DiagnosticCode("link-unsafe", .error, .markdown)
    public static let linkToDraft = DiagnosticCode("link-to-draft", .error, .markdown)
    public static let rawHTMLOmitted = DiagnosticCode("raw-html-omitted", .warning, .markdown)
    /// `<span lang="…">` with no `</span>` after it (``LangSpan``).
    public static let langSpanUnclosed = DiagnosticCode("lang-span-unclosed", .warning, .markdown)
    /// `<span lang="…">` whose value is not a language tag (``LangSpan``).
    public static let langTagInvalid = DiagnosticCode("lang-tag-invalid", .warning, .markdown)
    public static let markdownNestingLimit = DiagnosticCode("markdown-nesting-limit", .error, .markdown)
    public static let imageAltMissing = DiagnosticCode("image-alt-missing", .warning, .markdown)
    public static let imageRemote = DiagnosticCode("image-remote", .warning, .markdown)
    /// A Vimeo video, which Folio does not play (reported as `image-remote` before Folio 1.1).
    public static let videoVimeo = DiagnosticCode("video-vimeo", .warning, .markdown)
    /// A video on TikTok, Instagram and other sites Folio does not play (reported as
    /// `image-remote` before Folio 1.2).
    public static let videoSiteNotPlayed = DiagnosticCode("video-site-not-played", .warning, .markdown)
}
