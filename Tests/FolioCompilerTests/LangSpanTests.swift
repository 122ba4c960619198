import FolioContent
import FolioCore
import FolioSyntax
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// A passage in another language, `<span lang="es">…</span>`, is kept without
/// `allow_html` in a chapter and in quiz text: in the HTML, not in the plain text.
final class LangSpanTests: XCTestCase {
    static let chapter = """
        ---
        title: Who Am I?
        quiz: who-am-i
        ---

        Maria says <span lang="es">Hola, ¿cómo estás?</span> to her friend.

        Then *<span lang=pt-BR>tudo bem</span>* and <span lang="fr">merci</span>.

        """

    static let quiz = """
        title: Test your knowledge
        questions:
          - prompt: What does <span lang="es">hola</span> mean?
            choices:
              - text: <span lang="es">Hola</span> means hello
                correct: true
                feedback: Yes, <span lang="es">hola</span> is hello.
              - text: Goodbye
                hint: That would be <span lang="es">adiós</span>.

        """

    func compile(_ files: [String: String]) throws -> Compiler.Result {
        var content = TestFixtures.snapshot(Fixtures.specExamples)
        for (path, text) in files { content[path] = Data(text.utf8) }
        return try Compiler(content: ContentInMemory(files: content)).compile()
    }

    func testAPassageInAnotherLanguageIsKeptWithoutAllowHTML() throws {
        let result = try compile(["chapters/01-who-am-i.md": Self.chapter, "quizzes/who-am-i.yaml": Self.quiz])
        XCTAssertEqual(result.diagnostics.all.map { "\($0.code.rawValue) \($0.message)" }, [])
        let chapter = try XCTUnwrap(result.program?.chapters.first)
        XCTAssertTrue(chapter.html.contains("<p>Maria says <span lang=\"es\">Hola, ¿cómo estás?</span> to her friend.</p>"), chapter.html)
        XCTAssertTrue(chapter.html.contains("<em><span lang=\"pt-BR\">tudo bem</span></em>"), chapter.html)
        XCTAssertTrue(chapter.html.contains("<span lang=\"fr\">merci</span>"), chapter.html)
        XCTAssertFalse(chapter.html.contains("raw HTML omitted"), chapter.html)
        XCTAssertTrue(chapter.plainText.contains("Maria says Hola, ¿cómo estás? to her friend."), chapter.plainText)
        XCTAssertFalse(chapter.plainText.contains("<"), chapter.plainText)

        let question = try XCTUnwrap(result.program?.quiz("who-am-i")?.questions.first)
        XCTAssertEqual(question.prompt.html, "What does <span lang=\"es\">hola</span> mean?")
        XCTAssertEqual(question.choices[0].text.html, "<span lang=\"es\">Hola</span> means hello")
        XCTAssertEqual(question.choices[0].text.markdown, "<span lang=\"es\">Hola</span> means hello")
        XCTAssertEqual(question.choices[0].feedback?.html, "Yes, <span lang=\"es\">hola</span> is hello.")
        XCTAssertEqual(question.choices[1].hint?.html, "That would be <span lang=\"es\">adiós</span>.")
    }

    /// Any other HTML in quiz text is still left out, and a span left open or with a bad
    /// tag never reaches the HTML.
    func testOtherHTMLAndBrokenSpansAreLeftOut() {
        XCTAssertEqual(
            InlineMarkdown.html("A <b>bold</b> <span lang=\"es\">hola</span>"),
            "A <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> <span lang=\"es\">hola</span>")
        XCTAssertFalse(InlineMarkdown.html("Say <span lang=\"es\">hola.").contains("<span"))
        XCTAssertFalse(InlineMarkdown.html("Say <span lang=\"es es\">hola</span>.").contains("<span"))
        XCTAssertFalse(InlineMarkdown.html("Say <span lang=\"es\" onclick=\"x\">hola</span>.").contains("<span"))
        XCTAssertEqual(InlineMarkdown.spans("Say <span lang=\"es\">*hola*</span>.").map(\.text).joined(), "Say hola.")
    }

    func testLanguageTags() {
        for tag in ["es", "es-MX", "pt-BR", "zh-Hant-TW", "x-klingon"] { XCTAssertTrue(LangSpan.isLanguageTag(tag), tag) }
        for tag in ["", "español", "es_MX", "es MX", "-es", "es-", "1es", String(repeating: "ab-", count: 12) + "ab"] {
            XCTAssertFalse(LangSpan.isLanguageTag(tag), tag)
        }
        XCTAssertEqual(LangSpan.tag("<SPAN  LANG = 'es' >"), .open("es"))
        XCTAssertEqual(LangSpan.tag("</span >"), .close)
        XCTAssertNil(LangSpan.tag("<span lang=\"es\" title=\"x\">"))
        XCTAssertNil(LangSpan.tag("<spanx lang=\"es\">"))
        // The words of a search index.
        XCTAssertEqual(LangSpan.removingTags("Say <span lang=\"es\">hola</span> <b>now</b> a<b"), "Say hola <b>now</b> a<b")
    }
}
