import FolioCore
import FolioModel
import Foundation

/// A chapter's file of the bundle (`chapters/<id>.json`), written straight into bytes, as
/// ``QuizJSON`` writes a quiz: the same bytes as ``JSONOutput/pretty(_:)`` gives for the
/// chapter (a test compares the two on every chapter of the fixtures), without building a tree
/// of values first, which showed in a large program's build (docs/development.md, "Measured
/// choices").
///
/// Keys come in the order of their bytes, and a nil value is left out, as the encoder
/// does with the model's `Codable` conformances; a field added to the model must be
/// added here too, which the test tells.
enum ChapterJSON {
    static func pretty(_ chapter: Chapter) -> Data {
        var out = JSONStream(pretty: true, capacity: 2048 + 2 * (chapter.html.utf8.count + chapter.plainText.utf8.count))
        write(chapter, to: &out)
        return Data(out.bytes)
    }

    static func write(_ chapter: Chapter, to out: inout JSONStream) {
        out.beginObject()
        out.key("headings")
        out.beginArray()
        for heading in chapter.headings {
            out.element()
            out.beginObject()
            out.string("id", heading.id)
            out.number("level", heading.level)
            out.string("text", heading.text)
            out.endObject()
        }
        out.endArray()
        out.string("html", chapter.html)
        out.string("id", chapter.id)
        if let images = chapter.images {
            out.key("images")
            out.beginArray()
            for image in images {
                out.element()
                out.beginObject()
                if let alt = image.alt { out.string("alt", alt) }
                if let height = image.height { out.number("height", height) }
                out.string("source", image.source)
                if let width = image.width { out.number("width", width) }
                out.endObject()
            }
            out.endArray()
        }
        if let next = chapter.next { out.string("next", next) }
        out.number("order", chapter.order)
        out.string("plainText", chapter.plainText)
        if let previous = chapter.previous { out.string("previous", previous) }
        if let quiz = chapter.quiz { out.string("quiz", quiz) }
        if let summary = chapter.summary { out.string("summary", summary) }
        out.string("title", chapter.title)
        out.key("videos")
        out.beginArray()
        for video in chapter.videos {
            out.element()
            out.beginObject()
            if let captions = video.captions { out.string("captions", captions) }
            out.string("provider", video.provider.rawValue)
            if let source = video.source { out.string("source", source) }
            if let start = video.start { out.number("start", start) }
            out.string("title", video.title)
            if let youtubeID = video.youtubeID { out.string("youtubeID", youtubeID) }
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }
}
