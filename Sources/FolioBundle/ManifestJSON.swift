import FolioCore
import FolioDigest
import FolioModel
import Foundation

/// The bundle's `manifest.json`, written straight into bytes: the same bytes as
/// ``JSONOutput/pretty(_:)`` gives for the manifest (a test compares the two), without
/// the tree of boxed nodes the encoder makes first. A large program's manifest lists
/// every file of the bundle: at 20,000 chapters, that tree and the text made from it were
/// 50 MB of the build's peak memory.
///
/// Keys come in the order of their bytes, and a nil value is left out, as the encoder
/// does with the model's `Codable` conformances; a field added to the model must be
/// added here too, which the test tells.
enum ManifestJSON {
    /// The manifest as published: its `revision` set, the digest of the manifest written
    /// with 64 zeros in its place, so that it changes with any other field. Written once,
    /// the digest then put over the zeros: a large program's manifest is megabytes, and
    /// writing it twice showed in the rebuild after one edit (docs/development.md).
    static func published(_ manifest: inout Manifest) -> Data {
        let placeholder = String(repeating: "0", count: 64)
        manifest.revision = placeholder
        var data = pretty(manifest)
        let revision = FileDigest.sha256(data)
        // `revision` is among the last keys (only `signedAt` sorts after it).
        let needle = Data("\"revision\" : \"\(placeholder)\"".utf8)
        let tail = data.index(data.endIndex, offsetBy: -min(data.count, 512))
        guard let found = data.range(of: needle, options: .backwards, in: tail..<data.endIndex) else {
            preconditionFailure("the manifest is written with its revision near its end")
        }
        let start = found.upperBound - 65
        data.replaceSubrange(start..<start + 64, with: Data(revision.utf8))
        manifest.revision = revision
        return data
    }

    static func pretty(_ manifest: Manifest) -> Data {
        var out = JSONStream(pretty: true, capacity: 4096 + manifest.entries.count * 192 + manifest.chapters.count * 128)
        out.beginObject()
        out.string("bundleHash", manifest.bundleHash)
        out.key("chapters")
        out.beginArray()
        for chapter in manifest.chapters {
            out.element()
            out.beginObject()
            out.string("id", chapter.id)
            if let quiz = chapter.quiz { out.string("quiz", quiz) }
            if let summary = chapter.summary { out.string("summary", summary) }
            out.string("title", chapter.title)
            out.endObject()
        }
        out.endArray()
        out.key("decks")
        out.beginArray()
        for deck in manifest.decks {
            out.element()
            out.beginObject()
            out.number("cardCount", deck.cardCount)
            out.string("id", deck.id)
            out.string("title", deck.title)
            out.endObject()
        }
        out.endArray()
        out.key("entries")
        out.beginArray()
        for entry in manifest.entries {
            out.element()
            out.beginObject()
            if let height = entry.height { out.number("height", height) }
            out.string("kind", entry.kind.rawValue)
            if let mimeType = entry.mimeType { out.string("mimeType", mimeType) }
            out.string("path", entry.path)
            out.string("sha256", entry.sha256)
            out.number("size", entry.size)
            if let width = entry.width { out.number("width", width) }
            out.endObject()
        }
        out.endArray()
        out.string("format", manifest.format)
        if let minor = manifest.formatMinorVersion { out.number("formatMinorVersion", minor) }
        out.number("formatVersion", manifest.formatVersion)
        if let generator = manifest.generator { out.string("generator", generator) }
        out.bool("hasBillOfRights", manifest.hasBillOfRights)
        out.key("program")
        write(manifest.program, to: &out)
        out.strings("quizzes", manifest.quizzes)
        if let revision = manifest.revision { out.string("revision", revision) }
        if let signedAt = manifest.signedAt { out.string("signedAt", signedAt) }
        out.endObject()
        return Data(out.bytes)
    }

    private static func write(_ settings: ProgramSettings, to out: inout JSONStream) {
        out.beginObject()
        out.bool("allowHTML", settings.allowHTML)
        if let baseURL = settings.baseURL { out.string("baseURL", baseURL) }
        if let contact = settings.contact { out.string("contact", contact) }
        if let description = settings.description { out.string("description", description) }
        out.string("id", settings.id)
        out.bool("idStated", settings.idStated)
        out.string("language", settings.language)
        out.strings("share", settings.share)
        out.string("title", settings.title)
        out.endObject()
    }
}
