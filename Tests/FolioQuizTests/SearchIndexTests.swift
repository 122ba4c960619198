import FolioModel
import FolioProgram
import FolioQuiz
import FolioTestSupport
import XCTest

/// The search index as the bundle carries it, in parts: an edit to a chapter changes
/// one part, and the parts merge back into the index.
final class SearchIndexTests: XCTestCase {
    func index(chapters: Int, editing edited: Int? = nil) -> SearchIndex {
        var entries: [SearchIndex.Entry] = []
        for n in 0..<chapters {
            let words = n == edited ? "edited words" : "words of chapter \(n)"
            entries.append(
                .init(kind: .chapter, id: "chapter-\(n)", title: "Chapter \(n)", summary: nil, titleWords: "chapter \(n)", words: words, order: entries.count))
            entries.append(
                .init(kind: .quiz, id: "quiz-\(n)", chapter: "chapter-\(n)", title: "Quiz", summary: nil, titleWords: "quiz", words: "q", order: entries.count))
        }
        return SearchIndex(entries: entries)
    }

    /// The words of an entry: folded, each once, in the order first seen, across texts.
    func testAnEntrysWordsAreFoldedAndEachKeptOnceInTheOrderFirstSeen() {
        XCTAssertEqual(SearchIndex.words(["Zoë's FRIEND, zoes friend!", "", "  friend  Ami  "]), "zoes friend ami")
        XCTAssertEqual(SearchIndex.words([]), "")
        XCTAssertEqual(SearchIndex.words(["a", "A", "á"]), "a")

        // Many words, many repeated, some sharing a beginning, some longer than eight or
        // sixteen letters: as a plain list of seen words gives them.
        var generator = SystemRandomNumberGenerator()
        let vocabulary = (0..<3000).map { "w\($0 % 7)x\(String($0, radix: 36))" } + (0..<600).map { "understanding\($0 % 3)ly\($0)" }
        for _ in 0..<5 {
            let texts = (0..<20).map { _ in (0..<400).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " ") }
            var seen = Set<String>()
            var expected: [String] = []
            for word in texts.joined(separator: " ").split(separator: " ").map(String.init) where seen.insert(word).inserted {
                expected.append(word)
            }
            XCTAssertEqual(SearchIndex.words(texts), expected.joined(separator: " "))
        }
    }

    /// Any text, folded a word at a time as it is read: the words folding the whole text
    /// gives, each once, in the order first seen. Texts mix ASCII, the typographic
    /// punctuation folding drops, other three-byte characters and letters with accents.
    func testWordsAreTheWordsOfTheFoldedTexts() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("aB9 z\tQ-'.,!\n\r\u{b}\u{c}’“–…•é😀".unicodeScalars)
        for _ in 0..<1000 {
            let texts = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                let ascii = Bool.random(using: &random)
                return String(
                    String.UnicodeScalarView(
                        (0..<Int.random(in: 0...30, using: &random)).map { _ in
                            ascii ? alphabet.prefix(16).randomElement(using: &random)! : alphabet.randomElement(using: &random)!
                        }))
            }
            var seen = Set<String>()
            var expected: [String] = []
            for text in texts {
                for word in TextAnswer.normalized(text).split(separator: " ").map(String.init) where seen.insert(word).inserted { expected.append(word) }
            }
            XCTAssertEqual(SearchIndex.words(texts), expected.joined(separator: " "), "\(texts)")
        }
    }

    /// A text with letters beyond ASCII is folded a piece at a time between ASCII white
    /// space: the same words as folding it whole, whatever sits at a piece's edge (a
    /// combining accent after a space, a final sigma, a ligature, a space that is not ASCII).
    func testTextsBeyondASCIIFoldPieceByPieceAsTheyFoldWhole() {
        var random = SeededRandom(seed: 0x5EA2C4)
        let alphabet = Array("aB9 z\t\n-'.,ñÁé\u{301}\u{A0}ΣσßẞﬁİıΩ½\u{2028}’“😀 ".unicodeScalars)
        for round in 0..<3000 {
            let text = String(
                String.UnicodeScalarView((0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            var seen = Set<String>()
            var expected: [String] = []
            for word in TextAnswer.unicodeNormalized(text).split(separator: " ").map(String.init) where seen.insert(word).inserted {
                expected.append(word)
            }
            XCTAssertEqual(
                SearchIndex.words([text]), expected.joined(separator: " "), "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Every character of Latin-1, which a Spanish or French chapter is written in, folds
    /// among ASCII (in the index, and as a typed answer) as the full rule folds the whole text: alone, in words, beside white
    /// space, typographic punctuation, a combining accent and a letter beyond Latin-1.
    func testTextsInLatin1FoldAsTheyFoldWhole() {
        let latin1 = (0x80...0xFF).map { Unicode.Scalar(UInt8($0)) }
        for scalar in latin1 {
            for text in ["\(scalar)", "a\(scalar)b", "A \(scalar) 9", "\(scalar)\(scalar)x", "¿Qu\(scalar)?", "x\(scalar)’s"] {
                XCTAssertEqual(
                    SearchIndex.words([text]), TextAnswer.unicodeNormalized(text).split(separator: " ").uniqued().joined(separator: " "),
                    "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
            }
        }
        var random = SeededRandom(seed: 0x1A71)
        let alphabet = Array("aZ9 \t\n-'.,’…\u{301}Ω".unicodeScalars) + latin1
        for round in 0..<3000 {
            let text = String(
                String.UnicodeScalarView((0..<Int(random.next() % 40)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }))
            XCTAssertEqual(
                SearchIndex.words([text]), TextAnswer.unicodeNormalized(text).split(separator: " ").uniqued().joined(separator: " "),
                "round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // A typed answer is folded the same way.
            XCTAssertEqual(TextAnswer.normalized(text), TextAnswer.unicodeNormalized(text), "round \(round)")
        }
        for scalar in latin1 {
            XCTAssertEqual(TextAnswer.normalized("¡A\(scalar)b c!"), TextAnswer.unicodeNormalized("¡A\(scalar)b c!"), "U+\(String(scalar.value, radix: 16))")
        }
        XCTAssertEqual(TextAnswer.normalized("¿Quién SOY?"), "quien soy")
        XCTAssertEqual(
            SearchIndex.words(["¿Cuántas oraciones con «Yo soy» sugiere? Éste, ÑANDÚ, straße, Æsir"]),
            "cuantas oraciones con yo soy sugiere este nandu strasse aesir")
    }

    func testThePartsGrowByPowersOfTwoAndMergeBack() {
        XCTAssertEqual(index(chapters: 5).parts().map(\.path), ["search/00.json"])
        XCTAssertEqual(index(chapters: 128).parts().count, 1, "256 entries")
        XCTAssertEqual(index(chapters: 129).parts().count, 2)
        let large = index(chapters: 10_000)
        let parts = large.parts()
        XCTAssertEqual(parts.count, 128)
        XCTAssertEqual(parts.first?.path, "search/00.json")
        XCTAssertEqual(parts.last?.path, "search/7f.json")
        XCTAssertEqual(SearchIndex.merged(parts.map(\.index)), large)
        XCTAssertLessThan(parts.map(\.index.entries.count).max()!, 2 * SearchIndex.entriesPerPart, "no part is far above the average")
        for part in parts {
            XCTAssertEqual(part.index.entries.map(\.order), part.index.entries.map(\.order).sorted(), "\(part.path) is in order")
            for quiz in part.index.entries where quiz.kind == .quiz {
                XCTAssertTrue(part.index.entries.contains { $0.id == quiz.chapter }, "a quiz is in its chapter's part")
            }
        }
    }

    func testEditingAChapterChangesOnePart() {
        let before = index(chapters: 10_000).parts()
        let after = index(chapters: 10_000, editing: 4_321).parts()
        let changed = zip(before, after).filter { $0.index != $1.index }.map(\.0.path)
        XCTAssertEqual(changed.count, 1, "\(changed)")
    }

    func testASearchRanksTitlesFirstThenReadingOrder() {
        let index = SearchIndex(entries: [
            .init(kind: .chapter, id: "a", title: "Sleep", summary: nil, titleWords: "sleep", words: "night rest", order: 0),
            .init(kind: .chapter, id: "b", title: "Food", summary: nil, titleWords: "food", words: "sleep well eat well", order: 1),
            .init(kind: .chapter, id: "c", title: "Sleeping bags", summary: nil, titleWords: "sleeping bags", words: "camp", order: 2),
        ])
        XCTAssertEqual(index.search("Sleep").map(\.id), ["a", "c", "b"])
        XCTAssertEqual(index.search("SLÉEP   well").map(\.id), ["b"], "folded, every word must match")
        XCTAssertEqual(index.search("").map(\.id), [])
        XCTAssertEqual(index.search("lee").map(\.id), [], "words match from their start")
    }

    func testAWordOfFourLettersOrMoreFindsWordsATypoOrTwoAway() {
        let index = SearchIndex(entries: [
            .init(kind: .chapter, id: "friends", title: "Good Friends", summary: nil, titleWords: "good friends", words: "friendship trust", order: 0),
            .init(kind: .chapter, id: "feel", title: "Feelings", summary: nil, titleWords: "feelings", words: "anger friendly calm", order: 1),
            .init(kind: .chapter, id: "body", title: "Body", summary: nil, titleWords: "body", words: "sleep puberty", order: 2),
        ])
        XCTAssertEqual(index.search("frendship").map(\.id), ["friends"], "a letter left out of nine: two typos allowed")
        XCTAssertEqual(index.search("freinds").map(\.id), ["friends"], "two letters swapped are one typo")
        XCTAssertEqual(index.search("frend").map(\.id), ["friends", "feel"], "one typo at five letters: a title word first, then text")
        XCTAssertEqual(index.search("slep").map(\.id), ["body"], "four letters: one typo")
        XCTAssertEqual(index.search("sle").map(\.id), ["body"], "a start is a start")
        XCTAssertEqual(index.search("slp").map(\.id), [], "under four letters: no typos")
        XCTAssertEqual(index.search("friendship").map(\.id), ["friends"], "an exact start beats nothing")
        XCTAssertEqual(index.search("xylophone").map(\.id), [])
        XCTAssertTrue(SearchIndex.startsNearly(Array("friendship".unicodeScalars), with: Array("frendship".unicodeScalars)))
        XCTAssertFalse(
            SearchIndex.startsNearly(Array("calm".unicodeScalars), with: Array("clamp".unicodeScalars)),
            "a swap and a letter added: two typos, over the limit at five letters")
        XCTAssertEqual((0...9).map(SearchIndex.typosAllowed), [0, 0, 0, 0, 1, 1, 1, 1, 2, 2])
    }
}

extension Sequence where Element == Substring {
    /// Each once, in the order first seen.
    fileprivate func uniqued() -> [Substring] {
        var seen = Set<Substring>()
        return filter { seen.insert($0).inserted }
    }
}
