import FolioCore
import FolioModel
import FolioSyntax
import Foundation
import XCTest

@testable import FolioCompiler

/// HTML in chapters under `allow_html: true`: what an app's web view receives holds
/// only allow-listed elements and attributes, whatever the author wrote.
final class HTMLSanitizerTests: XCTestCase {
    let settings = "id: go-grrrls\ntitle: Go Grrrls\nallow_html: true\n"

    func bundleHTML(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> (html: String, codes: [String]) {
        let result = try Fixtures.compile(chapterText: text, settings: settings, in: self)
        let codes = result.diagnostics.sorted.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column)" }
        let chapter = try XCTUnwrap(result.program?.chapters.first, "\(codes)", file: file, line: line)
        return (chapter.html, codes)
    }

    /// Script payloads as attackers write them; none may reach the bundle.
    static let payloads = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "<img src=x onerror=alert(1)>",
        "<p onclick=\"alert(1)\">tap</p>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "<base href=\"https://evil.example/\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
        "<form action=\"https://evil.example\"><input name=q><button formaction=\"javascript:alert(1)\">go</button></form>",
        "<svg><script>alert(1)</script><a xlink:href=\"javascript:alert(1)\">x</a></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<object data=\"data:text/html,<script>alert(1)</script>\"></object>",
        "<embed src=\"javascript:alert(1)\">",
        "<div style=\"background:url(javascript:alert(1))\">styled</div>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">data</a>",
        "<details open ontoggle=alert(1)><summary>x</summary></details>",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>",
        "<template><script>alert(1)</script></template>",
        "<link rel=stylesheet href=https://evil.example/x.css>",
        "<style>body{display:none}</style>",
        "<textarea><script>alert(1)</script></textarea>",
        "<video src=x onerror=alert(1)></video><audio src=x onerror=alert(1)>",
        "<table background=\"javascript:alert(1)\"><tr><td>cell</td></tr></table>",
        "<span class=\"video-facade\" data-youtube=\"aBcDeFgHiJ0\" id=\"quiz\">clobber</span>",
    ]

    func testNoScriptReachesTheBundle() throws {
        var built = 0
        for payload in Self.payloads {
            let result = try Fixtures.compile(chapterText: "Before.\n\n" + payload + "\n\nAfter.\n", settings: settings, in: self)
            let html = result.program?.chapters.first?.html ?? ""
            // Read back as a browser reads it: every element and attribute is one the
            // sanitiser allows, and no address runs code.
            var problems: [String] = []
            Self.inspect(HTMLFragment.parse(html).nodes, problems: &problems)
            XCTAssertEqual(problems, [], "\(payload) gave \(html)")
            if result.program != nil {
                built += 1
                XCTAssertTrue(html.hasPrefix("<p>Before.</p>") && html.contains("<p>After.</p>"), "\(payload): \(html)")
            }
        }
        // Only the payloads with a `javascript:` or `data:` link are errors instead.
        XCTAssertEqual(built, Self.payloads.count - 3)
    }

    /// Elements and attributes Folio itself writes: links, pictures, video placeholders.
    static let folioOwn: [String: Set<String>] = [
        "a": ["href", "title"], "img": ["src", "alt", "title"], "figure": ["class", "data-video"],
        "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
    ]

    static func inspect(_ nodes: [HTMLFragment.Node], problems: inout [String]) {
        for node in nodes {
            guard case .element(let name, let attributes) = node.kind else { continue }
            guard let allowed = HTMLSanitizer.elements[name] ?? folioOwn[name] else {
                problems.append("<\(name)>")
                continue
            }
            for attribute in attributes where !allowed.contains(attribute.name) && !HTMLSanitizer.globalAttributes.contains(attribute.name) {
                problems.append("\(name) \(attribute.name)")
            }
            for attribute in attributes where attribute.name == "href" || attribute.name == "src" {
                let scheme = attribute.value.lowercased().filter { !$0.isWhitespace }.prefix { $0 != ":" }
                if ["javascript", "data", "vbscript"].contains(scheme) { problems.append("\(name) \(attribute.name)=\(attribute.value)") }
            }
            inspect(node.children, problems: &problems)
        }
    }

    func testWhatIsLeftOutIsReportedWhereItWasWritten() throws {
        let (_, codes) = try bundleHTML("Text.\n\n<p onclick=\"x()\">tap</p>\n\n<script>alert(1)</script>\n")
        XCTAssertEqual(codes, ["html-removed 8:1", "html-removed 10:1"])
    }

    func testUnsafeLinksInHTMLAreErrorsAsInMarkdown() throws {
        let result = try Fixtures.compile(
            chapterText: "<a href=\"javascript:alert(1)\">x</a> and <a href=\"folio-slot:abc:0\">forged slot</a>\n", settings: settings, in: self)
        XCTAssertEqual(result.diagnostics.sorted.map(\.code), [.linkUnsafe, .linkUnsafe])
        XCTAssertNil(result.program)
    }

    func testMarkdownInsideAuthorsElementsKeepsItsLinksVideosAndStructure() throws {
        let (html, codes) = try bundleHTML(
            """
            <div class="note" lang="en">

            **Remember** [the rights](../bill-of-rights.yaml) and <a href="01-who-am-i.md#top" title="Top">this</a>.

            ![A talk](https://youtu.be/aBcDeFgHiJ0)

            </div>

            <details><summary>More</summary>

            | not | a table |

            </details>
            """)
        XCTAssertEqual(codes, ["html-removed 6:1"])
        XCTAssertEqual(
            html,
            """
            <div lang="en">
            <p><strong>Remember</strong> <a href="folio:bill-of-rights">the rights</a> and <a href="folio:chapter/who-am-i#top" title="Top">this</a>.</p>
            <figure class="folio-video" data-video="0"></figure>

            </div>
            <details><summary>More</summary>
            <p>| not | a table |</p>
            </details>

            """)
    }

    func testAnElementLeftOpenIsClosedWithinTheChapter() throws {
        let (html, _) = try bundleHTML("<div><span>\n\nText.\n")
        XCTAssertEqual(html, "<div><span>\n<p>Text.</p>\n</span></div>")
    }

    func testAStrayClosingTagCannotCloseThePage() throws {
        let (html, _) = try bundleHTML("Text.</article></main></body>\n\n</div></div>\n")
        XCTAssertEqual(html, "<p>Text.</p>\n\n")
    }

    func testDeepHTMLIsAnErrorBeforeItIsParsed() throws {
        let result = try Fixtures.compile(chapterText: String(repeating: "<div>", count: 300_000) + "\n", settings: settings, in: self)
        XCTAssertEqual(result.diagnostics.sorted.map { "\($0.code.rawValue) \($0.location.line):\($0.location.column)" }, ["markdown-nesting-limit 6:1"])
    }

    func testWithoutAllowHTMLRawHTMLIsOmittedAsBefore() throws {
        let result = try Fixtures.compile(chapterText: "<b>bold</b> text\n", in: self)
        XCTAssertEqual(result.program?.chapters.first?.html, "<p><!-- raw HTML omitted -->bold<!-- raw HTML omitted --> text</p>\n")
    }
}
