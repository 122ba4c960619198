import FolioModel
import FolioProgram
import Foundation

/// The workbook (`workbook.html`): the welcome page, the bill of rights and every chapter
/// with its worksheet, in reading order, each starting a new page when printed, after a
/// table of contents. One page, so that a facilitator prints, or saves as PDF, the whole
/// program at once; the browser numbers the pages (`@page` in `site.css`).
extension SiteRenderer {
    /// The marker the layout's content is replaced by, written around the parts.
    private static let contentMarker = "\u{1}workbook\u{1}"

    /// The page, a piece at a time, each handed to `emit` in order: a large program's
    /// workbook is as large as every chapter's page together, and is written as it is made.
    func workbookPage(_ emit: ([UInt8]) throws -> Void) rethrows {
        let frame = layout(page: .workbook, Self.contentMarker, title: words.text("workbook.title"), depth: 0, current: "")
        let parts = frame.components(separatedBy: Self.contentMarker)
        try emit(Array(parts[0].utf8))
        try emit(workbookStart())
        for index in program.chapters.indices { try emit(workbookChapter(index)) }
        try emit(Array("</article>\n".utf8))
        try emit(Array(parts.dropFirst().joined(separator: Self.contentMarker).utf8))
    }

    /// What a chapter's part of the workbook starts with: one the update finds it by. The
    /// workbook's ids go by the chapters' numbers (`wb-3`, and `wb3-` before the ids of the
    /// chapter's headings), which no id of a chapter or heading can make twice.
    static func workbookChapterStart(_ order: Int) -> [UInt8] { Array("<section class=\"workbook-part workbook-chapter\" id=\"wb-\(order)\"".utf8) }
    /// What a chapter's part of the workbook ends with.
    static func workbookChapterEnd(_ order: Int) -> [UInt8] { Array("</section><!--/wb-\(order)-->\n".utf8) }

    /// The title, the note on printing, the table of contents, the welcome page and the
    /// bill of rights.
    private func workbookStart() -> [UInt8] {
        var out = HTMLBytes()
        out += "<article class=\"workbook\">\n<header class=\"workbook-cover\">\n<p class=\"eyebrow\">"
        out.escaped(words.text("workbook.title"))
        out += "</p>\n<h1>"
        out.escaped(program.settings.title)
        out += "</h1>\n<p class=\"notice print-hint\">"
        out.escaped(words.text("workbook.how-to-print"))
        out += " <button type=\"button\" data-print>"
        out.escaped(words.text("workbook.print"))
        out += "</button></p>\n</header>\n<nav class=\"workbook-contents\" aria-labelledby=\"wb-contents\">\n<h2 id=\"wb-contents\">"
        out.escaped(words.text("workbook.contents"))
        out += "</h2>\n<ul>\n<li><a href=\"#wb-welcome\">"
        out.escaped(program.welcome.title)
        out += "</a></li>\n"
        if let rights = program.billOfRights {
            out += "<li><a href=\"#wb-rights\">"
            out.escaped(rights.title)
            out += "</a></li>\n"
        }
        for chapter in program.chapters {
            out += "<li><a href=\"#wb-"
            out += String(chapter.order)
            out += "\"><span class=\"chapter-number\">"
            out += String(chapter.order)
            out += "</span> "
            out.escaped(chapter.title)
            out += "</a></li>\n"
        }
        out += "</ul>\n</nav>\n<section class=\"workbook-part\" id=\"wb-welcome\" aria-labelledby=\"wb-welcome-title\">\n<h2 id=\"wb-welcome-title\">"
        out.escaped(program.welcome.title)
        out += "</h2>\n"
        var welcome = BodyHTML.render(
            program.welcome.body,
            style: SiteBodyStyle(
                root: root(depth: 0), mediaRoot: assetRoot(depth: 0), videos: program.welcome.videos, share: nil, pictures: pictures, words: words,
                baseURL: program.settings.baseURL, idPrefix: "wb-welcome-"))
        if language.fallbacks.contains(.welcome) { welcome = inDefaultLanguage(welcome, note: true) }
        out += welcome
        out += "\n</section>\n"
        if let rights = program.billOfRights {
            out += "<section class=\"workbook-part rights\" id=\"wb-rights\" aria-labelledby=\"wb-rights-title\">\n<h2 id=\"wb-rights-title\">"
            out.escaped(rights.title)
            out += "</h2>\n"
            let list = rightsList(rights, asHeadings: false)
            out += language.fallbacks.contains(.billOfRights) ? inDefaultLanguage(list, note: true) : list
            out += "</section>\n"
        }
        return out.bytes
    }

    /// A chapter's part: its number, title and text, then its quiz as a worksheet.
    func workbookChapter(_ index: Int) -> [UInt8] {
        let chapter = program.chapters[index]
        var out = HTMLBytes()
        out += Self.workbookChapterStart(chapter.order)
        out += " aria-labelledby=\"wb-"
        out += String(chapter.order)
        out += "-title\">\n<p class=\"eyebrow\">"
        out.escaped(words.text("chapter.number", ["number": String(chapter.order)]))
        out += "</p>\n<h2 id=\"wb-"
        out += String(chapter.order)
        out += "-title\">"
        out.escaped(chapter.title)
        out += "</h2>\n"
        let body = BodyHTML.renderBytes(
            chapter.body,
            style: SiteBodyStyle(
                root: root(depth: 0), mediaRoot: assetRoot(depth: 0), videos: chapter.videos, share: nil, pictures: pictures, words: words,
                baseURL: program.settings.baseURL, idPrefix: "wb\(chapter.order)-"))
        let worksheet = quiz(id: chapter.quiz).map { quiz in
            var sheet = HTMLBytes()
            Worksheet(quiz: MediaAddresses.rewrite(quiz, from: "media/", to: assetRoot(depth: 0) + "media/"), words: quizWords).html(into: &sheet)
            return sheet.bytes
        }
        if language.fallbacks.contains(TranslatedPart(.chapter, chapter.id)) {
            out += inDefaultLanguage(String(decoding: body, as: UTF8.self), note: true)
        } else {
            out += body
        }
        if let worksheet, let id = chapter.quiz {
            out +=
                language.fallbacks.contains(TranslatedPart(.quiz, id))
                ? Array(inDefaultLanguage(String(decoding: worksheet, as: UTF8.self), note: true).utf8) : worksheet
        }
        out += Self.workbookChapterEnd(chapter.order)
        return out.bytes
    }
}
