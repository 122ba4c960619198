import FolioCore
import FolioModel
import Foundation

/// A part of the bundle's search index (`search/<nn>.json`), written straight into bytes, as
/// ``ChapterJSON`` writes a chapter: the same bytes as ``JSONOutput/pretty(_:)`` gives for the
/// part (a test compares the two), without the tree of boxed nodes the encoder makes first. The
/// parts hold every chapter's words, tens of megabytes in a large program (docs/development.md,
/// "Measured choices").
///
/// Keys come in the order of their bytes, and a nil value is left out, as the encoder
/// does with the model's `Codable` conformances; a field added to the model must be
/// added here too, which the test tells.
enum SearchIndexJSON {
    static func pretty(_ index: SearchIndex) -> Data {
        var out = JSONStream(pretty: true, capacity: 1024 + index.entries.count * 2048)
        out.beginObject()
        out.key("entries")
        out.beginArray()
        for entry in index.entries {
            out.element()
            out.beginObject()
            if let chapter = entry.chapter { out.string("chapter", chapter) }
            out.string("id", entry.id)
            out.string("kind", entry.kind.rawValue)
            out.number("order", entry.order)
            if let summary = entry.summary { out.string("summary", summary) }
            out.string("title", entry.title)
            out.string("titleWords", entry.titleWords)
            out.string("words", entry.words)
            out.endObject()
        }
        out.endArray()
        out.endObject()
        return Data(out.bytes)
    }
}
