import FolioCore
import FolioModel
import FolioQuiz
import Foundation

/// What the search page searches: one entry per chapter, quiz, deck and the bill of
/// rights, with its words folded as typed answers are (`TextAnswer.normalized`, which
/// the page's script repeats with the web engine), each word once.
struct SearchIndex {
    let program: CompiledProgram

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

    func entries() -> [Entry] {
        var entries: [Entry] = []
        func add(_ kind: String, _ title: String, _ url: String, _ summary: String?, _ texts: [String]) {
            entries.append(
                Entry(k: kind, t: title, u: url, s: summary, n: TextAnswer.normalized(title), w: Self.words(texts), o: entries.count))
        }
        let quizzes = Dictionary(program.quizzes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for chapter in program.chapters {
            let url = "chapters/\(chapter.id).html"
            add("chapter", chapter.title, url, chapter.summary, [chapter.summary ?? ""] + chapter.headings.map(\.text) + [chapter.plainText])
            if let quiz = chapter.quiz.flatMap({ quizzes[$0] }) {
                let texts = quiz.questions.flatMap { [$0.prompt.markdown] + $0.choices.map(\.text.markdown) }
                add("quiz", "Quiz: \(chapter.title)", url + "#quiz", quiz.title, texts)
            }
        }
        for deck in program.decks {
            add(
                "deck", deck.title, "decks/\(deck.id).html", deck.cards.count == 1 ? "1 card" : "\(deck.cards.count) cards",
                deck.cards.flatMap { [$0.front, $0.back] })
        }
        if let rights = program.billOfRights {
            add(
                "page", rights.title, "bill-of-rights.html", nil,
                [rights.intro?.markdown ?? ""] + rights.rights.flatMap { [$0.text.markdown, $0.detail?.markdown ?? ""] })
        }
        return entries
    }

    func json() -> String {
        return (try? JSONOutput.compact(entries())).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// The distinct folded words of some texts, in the order first seen.
    static func words(_ texts: [String]) -> String {
        var seen = Set<Substring>()
        var out: [Substring] = []
        for text in texts {
            let folded = TextAnswer.normalized(text)
            for word in folded.split(separator: " ") where seen.insert(word).inserted { out.append(word) }
        }
        return out.joined(separator: " ")
    }
}
