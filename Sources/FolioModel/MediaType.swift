/// The media type (MIME type) of a file of the bundle's `media/`, by its extension, as
/// the manifest gives it (``Manifest/Entry/mimeType``, format 1.4 on): what an app hands
/// a player or a web view, or uses to choose a viewer, without sniffing the bytes.
///
/// Only the type and subtype, no parameters (`text/vtt`, not `text/vtt; charset=utf-8`):
/// Folio does not read a text file's encoding. A file of any other extension is
/// `application/octet-stream`, as HTTP says of bytes of no known type.
public enum MediaType {
    /// What a file of no known type is.
    public static let unknown = "application/octet-stream"

    /// The media type of `path`, by its extension in any case.
    public static func of(_ path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return unknown }
        return byExtension[path[path.index(after: dot)...].lowercased()] ?? unknown
    }

    /// The types a program's media are likely to have: pictures, videos and their
    /// captions, sound, and documents to download.
    static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "avif": "image/avif",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "ogv": "video/ogg",
        "vtt": "text/vtt",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "oga": "audio/ogg", "ogg": "audio/ogg", "opus": "audio/ogg", "wav": "audio/wav",
        "pdf": "application/pdf", "txt": "text/plain", "csv": "text/csv", "md": "text/markdown", "json": "application/json",
        "epub": "application/epub+zip", "zip": "application/zip",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "odt": "application/vnd.oasis.opendocument.text",
    ]
}
