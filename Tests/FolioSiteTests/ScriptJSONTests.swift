import FolioCore
import FolioModel
import FolioQuiz
import Foundation
import XCTest

@testable import FolioSite

/// JSON in a `<script>` block: an author's text can neither end the block nor, through
/// the two separators JavaScript once read as line ends, break the script that reads it.
final class ScriptJSONTests: XCTestCase {
    func testTheCharactersThatCouldEndTheBlockAreEscaped() {
        XCTAssertEqual(HTML.scriptJSON(#"{"a":"</script><b>&amp;"}"#), #"{"a":"\u003c/script\u003e\u003cb\u003e\u0026amp;"}"#)
    }

    func testLineAndParagraphSeparatorsAreEscapedAndOtherTextIsKept() {
        XCTAssertEqual(HTML.scriptJSON("\"a\u{2028}b\u{2029}c — “é” 🙂\""), #""a\u2028b\u2029c — “é” 🙂""#)
    }

    func testTextWithNothingToEscapeIsUnchanged() {
        let json = #"{"title":"Who am I?","n":[1,2,3]}"#
        XCTAssertEqual(HTML.scriptJSON(json), json)
        XCTAssertEqual(HTML.scriptJSON(""), "")
    }

    /// Characters that share their first two bytes with the separators (E2 80 ..) stay as
    /// they are.
    func testNeighboursOfTheSeparatorsAreKept() {
        XCTAssertEqual(HTML.scriptJSON("…\u{2027}\u{202A}"), "…\u{2027}\u{202A}")
    }

    /// Texts of every length, with what is escaped at every place (across the eight bytes
    /// looked at together, at the very end), against the rule said character by character.
    func testEveryPlaceOfAnEscapeIsFound() {
        var random = SeededGenerator(seed: 2028)
        let alphabet = Array("ab<>&\u{2028}\u{2029}\u{2027}…é😀\"".unicodeScalars)
        for _ in 0..<2_000 {
            let text = String(String.UnicodeScalarView((0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }))
            var expected = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "<": expected += #"\u003c"#
                case ">": expected += #"\u003e"#
                case "&": expected += #"\u0026"#
                case "\u{2028}": expected += #"\u2028"#
                case "\u{2029}": expected += #"\u2029"#
                default: expected.unicodeScalars.append(scalar)
                }
            }
            XCTAssertEqual(HTML.scriptJSON(text), expected, text.debugDescription)
        }
    }

    /// A chapter's page takes its quiz's JSON from the bundle's pretty file, compacted and
    /// escaped in one pass: the same bytes as compacting it, then escaping.
    func testCompactingAndEscapingInOnePassIsBothInTurn() throws {
        let pretty = [
            "{\n  \"a\" : \"</script> & \\\" \\\\\",\n  \"b\" : [\n    1,\n    true\n  ],\n  \"c\" : \"x\u{2028}y\u{2029}z … \u{2027} \\n\",\n  \"d\" : {\n\n  }\n}",
            #"{"compact":"already","n":[1,2]}"#, "", "  \t\r\n",
        ]
        var samples = pretty.map { Data($0.utf8) }
        // And a quiz as the bundle writes it.
        let quiz = try JSONOutput.pretty(
            Quiz(
                id: "who", title: "Test <your> knowledge & more",
                questions: [
                    Question(id: "q1", type: .trueFalse, prompt: RichText(markdown: "Is \"it\" <b>?", html: "Is “it” &lt;b&gt;?"), answer: true)
                ]))
        samples.append(quiz)
        // And indents longer than a word of eight bytes, up to the end of the text.
        samples.append(try JSONOutput.pretty([[[[[[[[["deep", " spaced  ", "\n"]]]]]]]]]))
        // And text of every kind the pass looks at, at every place: quotes, escapes,
        // markup, line separators and other three-byte characters, spaces in strings.
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("a \"\\<>&\n\t\u{2028}\u{2029}\u{2027}’é😀{}[]:,".unicodeScalars)
        for _ in 0..<200 {
            let texts = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                String(String.UnicodeScalarView((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
            }
            samples.append(try JSONOutput.pretty(["texts": texts, "more": texts.reversed()]))
        }
        for sample in samples {
            var fused = HTMLBytes()
            fused.appendScriptJSON(compacting: sample)
            XCTAssertEqual(
                fused.string, HTML.scriptJSON(String(decoding: JSONOutput.compacted(sample), as: UTF8.self)), String(decoding: sample, as: UTF8.self))
        }
    }
}
