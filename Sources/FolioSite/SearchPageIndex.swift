import FolioCore
import FolioModel
import FolioProgram
import FolioQuiz
import Foundation

/// What the search page searches: one entry per chapter, quiz, deck and the bill of
/// rights, with its words folded as typed answers are (`TextAnswer.normalized`, which
/// the page's script repeats with the web engine), each word once.
struct SearchPageIndex {
    /// The bundle's index of the program, made once a build when both are written.
    let index: SearchIndex

    init(program: CompiledProgram) { index = SearchIndex(program: program) }
    init(index: SearchIndex) { self.index = index }

    /// One result: `k` kind, `t` title, `u` address from the site's root, `s` a line to
    /// show, `n` the title's words, `w` the other words, `o` the order to list ties in.
    struct Entry: Encodable {
        var k: String
        var t: String
        var u: String
        var s: String?
        var n: String
        var w: String
        var o: Int
    }

    /// The site's entries: the bundle's index (``FolioModel/SearchIndex``) with each
    /// item's page address, in the short keys the page's script reads.
    func entries() -> [Entry] {
        index.entries.map(Self.entry)
    }

    /// One entry of the bundle's index as the page holds it.
    static func entry(_ entry: SearchIndex.Entry) -> Entry {
        let (kind, url): (String, String) =
            switch entry.kind {
            case .chapter: ("chapter", "chapters/\(entry.id).html")
            case .quiz: ("quiz", "chapters/\(entry.chapter ?? "").html#quiz")
            case .deck: ("deck", "decks/\(entry.id).html")
            case .billOfRights: ("page", "bill-of-rights.html")
            }
        return Entry(k: kind, t: entry.title, u: url, s: entry.summary, n: entry.titleWords, w: entry.words, o: entry.order)
    }

    /// One entry as it stands in the page's `<script>`: compact JSON, escaped for HTML.
    /// The index is a JSON array of such entries, and the escaping changes characters
    /// one at a time, so an entry's text in the page is this, whatever is around it.
    static func pageText(_ entry: SearchIndex.Entry) -> String {
        HTML.scriptJSON(String(decoding: (try? JSONOutput.compact(Self.entry(entry))) ?? Data("{}".utf8), as: UTF8.self))
    }

    /// The entries as compact JSON.
    func jsonData() -> Data {
        (try? JSONOutput.compact(entries())) ?? Data("[]".utf8)
    }
}
