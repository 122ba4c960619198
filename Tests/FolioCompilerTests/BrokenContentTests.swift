import FolioCore
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// Every mistake in `Tests/Fixtures/broken/` is reported with its code, file, line,
/// column and message, and nothing else is reported.
final class BrokenContentTests: XCTestCase {
    func testTheSpecExamplesAreAcceptedWithoutProblems() throws {
        let result = try Compiler(contentFolder: Fixtures.specExamples).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.message), [])
        XCTAssertNotNil(result.program)
    }

    func testEachBrokenCaseReportsExactlyItsExpectedDiagnostics() throws {
        let cases = BrokenCase.all
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        for broken in cases {
            let name = broken.name
            let result = try Fixtures.compile(broken)
            let expected = broken.expected
            XCTAssertFalse(expected.isEmpty, "\(name): expected.txt lists nothing")
            let actual = result.diagnostics.sorted.map(BrokenCase.Problem.init)
            XCTAssertEqual(actual.map(\.place).sorted(), expected.map(\.place).sorted(), "\(name): the diagnostics differ")
            // Two problems may share a place; each expectation needs one that says it.
            for expectation in expected {
                let atPlace = actual.filter { $0.place == expectation.place }
                guard !atPlace.isEmpty else { continue }
                XCTAssertTrue(
                    atPlace.contains { $0.messagePart.contains(expectation.messagePart) },
                    "\(name): \(atPlace.map(\.messagePart)) does not say \"\(expectation.messagePart)\"")
            }
            // A content error means no program to emit; warnings alone do not stop it.
            XCTAssertEqual(result.program == nil, expected.contains { $0.severity == "error" }, name)
        }
    }

    /// A misspelt name gets the name meant, in the message and in the fix: a field, a
    /// quiz id, a file name in a link, and a chapter linked to by its id.
    func testAMisspeltNameGetsTheNameMeant() throws {
        let cases: [(fixture: String, place: String, message: String, help: String)] = [
            (
                "misspelt-field", "quizzes/who-am-i.yaml:8:9", "unknown field `hnit` in a choice; did you mean `hint`?",
                "rename it to `hint`; the fields allowed here are `id`, `text`, `correct`, `hint`, `feedback`"
            ),
            (
                "chapter-names-missing-quiz", "chapters/01-who-am-i.md:3:7", "there is no quiz with the id `who-am-j`; did you mean `who-am-i`?",
                "change it to `quiz: who-am-i`"
            ),
            (
                "links", "chapters/01-who-am-i.md:6:37", "`02-frendship.md` does not exist; did you mean `02-friendship.md`?",
                "change the address to `02-friendship.md`"
            ),
            (
                "link-paths", "chapters/02-friendship.md:7:12", "`who-am-i` does not exist; did you mean `01-who-am-i.md`?",
                "change the address to `01-who-am-i.md`"
            ),
        ]
        for expected in cases {
            let diagnostic = try diagnostic(in: expected.fixture, at: expected.place)
            XCTAssertEqual(diagnostic?.message, expected.message, expected.fixture)
            XCTAssertEqual(diagnostic?.help, expected.help, expected.fixture)
        }
    }

    /// Mistakes met when coordinators tried Folio, each with the words of its fix: a web
    /// address without `https://`, a list item without the space after its dash, chapters
    /// saved with another ending, a number answer written in words, a file name that
    /// cannot give an id.
    func testMistakesMetInTrialsSayTheirFix() throws {
        let cases: [(fixture: String, code: DiagnosticCode, place: String, message: String, help: String)] = [
            (
                "web-address-without-https", .linkTargetMissing, "chapters/01-who-am-i.md:6:33",
                "`www.childhelp.org` looks like a web address, but without `https://` at its start it is read as a file in the content folder, and there is no such file",
                "write the whole address: `https://www.childhelp.org`"
            ),
            (
                "list-item-without-space", .yamlSyntax, "quizzes/who-am-i.yaml:16:7",
                "this line starts with `-` but no space after it, so YAML reads `-text` as a word, not as a list item",
                "add a space after the dash: `- text: How popular you are`"
            ),
            (
                "chapter-saved-with-another-ending", .chapterFileEnding, "chapters/04-saying-no.txt:1:1",
                "`04-saying-no.txt` is a chapter saved with the ending `.txt`; Folio reads only chapters ending in `.md`, so it would be missing from the site",
                "rename it to `04-saying-no.md`"
            ),
            (
                "chapter-saved-with-another-ending", .chapterFileEnding, "chapters/03-feelings.markdown:1:1",
                "`03-feelings.markdown` is a chapter saved with the ending `.markdown`; Folio reads only chapters ending in `.md`, so it would be missing from the site",
                "rename it to `03-feelings.md`"
            ),
            (
                "chapter-saved-with-another-ending", .unknownFileType, "chapters/ideas.txt:1:1",
                "`ideas.txt` is not a file type Folio reads in `chapters/`, so it is left out",
                "files in `chapters/` end in `.md`; if this is not one, move it to `media/`, where pictures and handouts go"
            ),
            (
                "number-without-numeric-answer", .quizNumberAnswer, "quizzes/who-am-i.yaml:5:13",
                "this number question's `answer` must be a number written in digits", "write the number in digits: `answer: 9`"
            ),
            (
                "file-name-with-spaces", .invalidID, "chapters/03 Saying No!.md:1:1",
                "the file name `03 Saying No!.md` cannot give this chapter its id: ids, made from file names, use only lower-case letters, digits and single hyphens",
                "rename the file to `03-saying-no.md` (its id will be `saying-no`), or give it an id inside: `id: saying-no`"
            ),
        ]
        try assertEachSaysItsFix(cases)
    }

    /// Mistakes a coordinator made writing a real chapter and quiz, which reached learners
    /// with no message or were met with advice that pointed the wrong way: each is now
    /// one located message with the fix she can type.
    func testMistakesOfTheSecondTrialSayTheirFix() throws {
        let cases: [(fixture: String, code: DiagnosticCode, place: String, message: String, help: String)] = [
            (
                "habits-from-yaml-and-word-processors", .headingLevelOne, "chapters/01-who-am-i.md:6:1",
                "learners see this line as a large heading, like a second title: a line that starts with one `#` is a heading in a chapter's text",
                "for a note to yourself that learners never see, write `<!-- TODO ask Jess for a better video -->`; for a heading, use two number signs: `## TODO ask Jess for a better video` (the page's title comes from `title:`)"
            ),
            (
                "habits-from-yaml-and-word-processors", .headingWithoutSpace, "chapters/01-who-am-i.md:12:1",
                "`##Saying no` is shown as text, not as a heading: a heading needs a space after its `##`", "write `## Saying no` on a line of its own"
            ),
            (
                "habits-from-yaml-and-word-processors", .bulletNotMarkdown, "chapters/01-who-am-i.md:18:1",
                "a line starting with `•` is shown as written, not as a list: Markdown's list items start with a dash",
                "start each item with a dash and a space, after a blank line: `- Be kind`"
            ),
            (
                "address-with-a-space", .addressHasSpace, "chapters/01-who-am-i.md:6:23",
                "this picture's address `../media/Peer Pressure.gif` has a space, so learners see the text `![Peer pressure](../media/Peer Pressure.gif)` instead of the picture",
                "rename the file `Peer Pressure.gif` to `Peer-Pressure.gif` and write `![Peer pressure](../media/Peer-Pressure.gif)`, or keep the name and put the address between `<` and `>`: `![Peer pressure](<../media/Peer Pressure.gif>)`"
            ),
            (
                "address-with-a-space", .addressHasSpace, "chapters/01-who-am-i.md:9:5",
                "this link's address `https://example.org/a guide.html` has a space, so learners see the text `[guide](https://example.org/a guide.html)` instead of the link",
                "write each space as `%20`: `[guide](https://example.org/a%20guide.html)`"
            ),
            (
                "video-on-a-site-folio-cannot-play", .videoSiteNotPlayed, "chapters/01-who-am-i.md:6:1",
                "this is a video on TikTok, which Folio cannot play, so the site shows a link to it instead of a player",
                "to show a player, put the video on YouTube and use its address, or save it as an `.mp4` file in `media/` (if you may): `![A dance trend](../media/video.mp4)`; to show a link, write `[A dance trend](https://www.tiktok.com/@someone/video/7234567890123456789)`"
            ),
            (
                "no-correct-choice-but-feedback", .quizSingleCorrectCount, "quizzes/who-am-i.yaml:5:9",
                "this question has no correct choice; \"When friends push you to do something\" has `feedback`, which is shown after a right pick, so it may be the one meant",
                "if it is right, add `correct: true` to it, under its `text:`; if another choice is right, mark that one `correct: true` and rename this one's `feedback` to `hint`"
            ),
            (
                "choice-written-as-a-plain-line", .wrongType, "quizzes/who-am-i.yaml:5:9",
                "a choice should be a group of `name: value` fields, but this is a single value",
                "write the text after `text:`, as `- text: How much you value yourself`, with any other fields of a choice on the lines below it"
            ),
            (
                "quiz-saved-as-yaml-txt", .chapterQuizMissing, "chapters/01-who-am-i.md:5:7",
                "the quiz `who-am-i` is saved as `quizzes/who-am-i.yaml.txt`: the editor added `.txt` to its name, so Folio does not read it",
                "rename `quizzes/who-am-i.yaml.txt` to `who-am-i.yaml`; Finder and File Explorer show whole file names once \"file name extensions\" are turned on"
            ),
            (
                "names-cut-short-and-chapters-not-written", .chapterQuizMissing, "chapters/01-who-am-i.md:3:7",
                "there is no quiz with the id `who`; did you mean `who-am-i`?", "change it to `quiz: who-am-i`"
            ),
            (
                "names-cut-short-and-chapters-not-written", .linkTargetMissing, "chapters/01-who-am-i.md:6:12",
                "`02-saying-no.md` does not exist: no chapter has that file name yet",
                "if the chapter is still to be written, write it first (`folio new chapter \"Saying no\"` makes its file) and link to the file it makes, or leave the link out until then; if it exists, check the file's name in `chapters/`"
            ),
        ]
        try assertEachSaysItsFix(cases)
    }

    /// Notes for staff leave nothing a learner could find: not the page, its HTML, the
    /// plain text the search index is made from, nor a warning about raw HTML.
    func testNotesForStaffLeaveNothingOnThePage() throws {
        let result = try Fixtures.compile(BrokenCase("habits-from-yaml-and-word-processors"))
        XCTAssertFalse(result.diagnostics.all.contains { $0.code == .rawHTMLOmitted })
        let chapter = try XCTUnwrap(result.program?.chapters.first { $0.id == "who-am-i" })
        let html = BodyHTML.bundle(chapter.body)
        XCTAssertTrue(html.contains("Self-esteem is how you see yourself."), html)
        for secret in ["ask the group", "check this word", "<!--"] {
            XCTAssertFalse(html.contains(secret), secret)
            XCTAssertFalse(chapter.plainText.contains(secret), secret)
        }
    }

    /// A 21,000-character line is quoted as the part around the column, with the caret
    /// under the mistake, never whole.
    func testAVeryLongLineIsQuotedAroundTheMistake() throws {
        let result = try Fixtures.compile(BrokenCase("very-long-line"))
        let text = DiagnosticRenderer(contentFolderDisplay: "Content", useColor: false).text(result.diagnostics, sources: result.sources)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].hasPrefix("Content/chapters/01-who-am-i.md:6:20005: error: `nothere.md` does not exist"), text)
        let quoted = lines[1], caret = lines[2]
        XCTAssertLessThan(quoted.count, 200, "the excerpt is cut")
        XCTAssertTrue(quoted.contains("…") && quoted.contains("[the next part](nothere.md)"), String(quoted))
        let column = try XCTUnwrap(caret.firstIndex(of: "^"))
        XCTAssertEqual(quoted[quoted.index(quoted.startIndex, offsetBy: caret.distance(from: caret.startIndex, to: column))], "[")
    }

    /// A number answer's fix follows what was written: words, quotes, or a unit.
    func testANumberAnswerThatIsNotANumberGetsTheFixForWhatWasWritten() {
        XCTAssertEqual(NumberAnswerFix.help(for: "four", quoted: false), "write the number in digits: `answer: 4`")
        XCTAssertEqual(NumberAnswerFix.help(for: "Twenty-one", quoted: false), "write the number in digits: `answer: 21`")
        XCTAssertEqual(NumberAnswerFix.help(for: "a hundred", quoted: false), "write the number in digits: `answer: 100`")
        XCTAssertEqual(NumberAnswerFix.help(for: "4", quoted: true), "remove the quotes: `answer: 4`")
        XCTAssertEqual(
            NumberAnswerFix.help(for: "3 cups", quoted: false), "write the number alone: `answer: 3`; name the unit in the question's `prompt` instead")
        XCTAssertEqual(
            NumberAnswerFix.help(for: "20km", quoted: false), "write the number alone: `answer: 20`; name the unit in the question's `prompt` instead")
        XCTAssertEqual(NumberAnswerFix.help(for: "1,000", quoted: false), "write it without the commas: `answer: 1000`")
        XCTAssertEqual(
            NumberAnswerFix.help(for: "3/4", quoted: false),
            "write the fraction as a decimal number: `answer: 0.75` (add `tolerance:` if a rounded answer is right too)")
        XCTAssertEqual(NumberAnswerFix.help(for: "lots", quoted: false), "write the right number in digits, such as `answer: 9` (no quotes or units)")
        XCTAssertEqual(NumberAnswerFix.help(for: "1.2.3", quoted: false), "write the right number in digits, such as `answer: 9` (no quotes or units)")
    }

    /// Only host names with a web ending are taken for web addresses, never file names.
    func testOnlyHostNamesAreTakenForWebAddresses() {
        for address in ["www.childhelp.org", "childhelp.org", "kidshelpphone.ca/get-help", "www.example"] {
            XCTAssertTrue(BodyResolver.looksLikeWebAddress(address), address)
        }
        for address in ["notes.md", "02-friendship.md", "media/logo.png", "handout.pdf", "www", "../media/a.org.png"] {
            XCTAssertFalse(BodyResolver.looksLikeWebAddress(address), address)
        }
    }

    /// `correct: maybe` is one mistake, so it is one message: nothing that depends on
    /// whether the choice is right (the number of right choices, its `feedback`, its
    /// hint) is reported as well.
    func testAChoiceWhoseCorrectCannotBeReadIsOneMessage() throws {
        let result = try Fixtures.compile(BrokenCase("correct-maybe"))
        XCTAssertEqual(result.diagnostics.all.count, 1, result.diagnostics.all.map(\.message).description)
        let diagnostic = try XCTUnwrap(result.diagnostics.all.first)
        XCTAssertEqual(diagnostic.code, .wrongType)
        XCTAssertEqual(diagnostic.message, "`correct` should be `true` or `false`, not `maybe`")
        XCTAssertEqual(diagnostic.help, "write `correct: true` or `correct: false`, without quotes")
        XCTAssertEqual([diagnostic.location.line, diagnostic.location.column], [14, 18])
        XCTAssertNil(result.program)
    }

    /// Every error and warning says how to fix it, in words an author uses.
    func testEveryMessageSaysHowToFixItInAnAuthorsWords() throws {
        let jargon = try NSRegularExpression(
            pattern: "\\b(scalar|mapping|node|sequence|keys?|boolean|integer|string|parser?|token|alias event)\\b", options: [.caseInsensitive])
        for broken in BrokenCase.all {
            let name = broken.name
            let result = try Fixtures.compile(broken)
            for diagnostic in result.diagnostics.all {
                let place = "\(name): \(diagnostic.code.rawValue) \(diagnostic.message)"
                XCTAssertFalse((diagnostic.help ?? "").isEmpty, "\(place) has no help")
                for text in [diagnostic.message, diagnostic.help ?? ""] + diagnostic.notes.map(\.message) {
                    let range = NSRange(text.startIndex..., in: text)
                    XCTAssertNil(jargon.firstMatch(in: text, range: range), "\(place): \"\(text)\" uses a programmer's word")
                }
            }
        }
    }

    /// The spec's "must be rejected" rules each have a broken case.
    func testEveryRejectionRuleOfTheSpecHasAFixture() throws {
        let covered = Set(BrokenCase.all.flatMap { $0.expected.map(\.code) })
        let required: [DiagnosticCode] = [
            .quizSingleCorrectCount, .quizMultipleNoCorrect, .quizTrueFalseAnswer, .quizTextAccept, .quizNumberAnswer,
            .quizDuplicateChoice, .quizDuplicateQuestionID, .quizDrawTooLarge, .quizPassInvalid, .quizTimeLimitInvalid,
            .unknownField, .chapterQuizMissing, .chapterQuizShared, .duplicateID, .invalidID, .linkToDraft,
            .videoInvalidID, .videoInvalidStart, .videoTitleMissing, .linkOutsideContent, .linkTargetMissing, .linkUnsafe,
            .deckFrontWithoutBack, .yamlTab, .yamlUnclosedQuote, .yamlDuplicateKey, .yamlAliasLimit, .yamlNestingLimit,
            .fileNotUTF8, .frontMatterUnclosed, .quizNoHint, .imageAltMissing, .rawHTMLOmitted, .unknownFileType,
        ]
        for code in required {
            XCTAssertTrue(covered.contains(code.rawValue), "no broken fixture for \(code.rawValue)")
        }
    }

    func testAFileOverTheSizeLimitIsOneErrorAndIsNotRead() throws {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        let huge = "---\ntitle: Huge\n---\n" + String(repeating: "word ", count: 500_000)
        try huge.write(to: content.appendingPathComponent("chapters/05-huge.md"), atomically: true, encoding: .utf8)
        let result = try Compiler(contentFolder: content).compile()
        XCTAssertEqual(result.diagnostics.all.map(\.code), [.fileTooLarge])
        XCTAssertEqual(result.diagnostics.all.first?.location.file, "chapters/05-huge.md")
    }

    func testAMissingContentFolderIsAToolFailureNotADiagnostic() {
        XCTAssertThrowsError(try Compiler(contentFolder: URL(fileURLWithPath: "/nonexistent/folio")).compile()) { error in
            XCTAssertTrue(error is ToolFailure)
        }
    }

    /// The diagnostic the broken case `fixture` reports at `place` (`file:line:column`).
    /// Each case's fixture reports, at its place, its code with exactly its message and help.
    private func assertEachSaysItsFix(
        _ cases: [(fixture: String, code: DiagnosticCode, place: String, message: String, help: String)], line: UInt = #line
    ) throws {
        for expected in cases {
            let diagnostic = try diagnostic(in: expected.fixture, at: expected.place)
            XCTAssertEqual(diagnostic?.code, expected.code, expected.place, line: line)
            XCTAssertEqual(diagnostic?.message, expected.message, expected.place, line: line)
            XCTAssertEqual(diagnostic?.help, expected.help, expected.place, line: line)
        }
    }

    private func diagnostic(in fixture: String, at place: String) throws -> Diagnostic? {
        try Fixtures.compile(BrokenCase(fixture)).diagnostics.all.first {
            "\($0.location.file):\($0.location.line):\($0.location.column)" == place
        }
    }

}
