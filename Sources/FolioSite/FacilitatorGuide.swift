import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// The facilitator's guide (`facilitator/`): for the adult who leads a session, each
/// chapter's summary, reading time and videos, its quiz with the right answers, the hint
/// every wrong answer shows, feedback and explanations, the reflection prompts, and what
/// the author wrote for facilitators (``FacilitatorNotes``); printable, each chapter on its
/// own page and all of them on one, and each quiz presentable on a projector a question at
/// a time (`guide-present.js`).
///
/// It is an output of its own, beside the learner's site: no learner page links to it,
/// the site's offline copy never holds it, and nothing of it is in the bundle. It is in
/// the program's own language.
struct FacilitatorGuide: Sendable {
    let program: CompiledProgram
    let words: GuideWords
    private let quizPlaces: [String: Int]

    /// Its own stylesheet and script, files of the site's Assets/ that the site leaves out.
    static let assets = ["guide.css", "guide-present.js"]

    /// Its own files and the site's media only: no frame, no connection, no form.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'none'"

    init(program: CompiledProgram) {
        self.program = program
        words = GuideWords(SiteWords.of(program, language: program.settings.language))
        var places: [String: Int] = [:]
        for (place, quiz) in program.quizzes.enumerated() where places[quiz.id] == nil { places[quiz.id] = place }
        quizPlaces = places
    }

    func quiz(of chapter: CompiledChapter) -> Quiz? {
        chapter.quiz.flatMap { quizPlaces[$0] }.map { program.quizzes[$0] }
    }

    // MARK: Pages

    static func chapterPath(_ id: String) -> String { "chapters/\(id).html" }
    /// The whole guide on one page (``wholeGuide(articles:)``).
    static let wholeGuidePath = "guide.html"

    /// Every file of the guide but the whole guide, by path, each made when asked for.
    func pages() -> [(path: String, make: @Sendable () -> Data)] {
        var files: [(String, @Sendable () -> Data)] = [("index.html", { [self] in Data(index()) })]
        files += program.chapters.indices.map { place in (Self.chapterPath(program.chapters[place].id), { [self] in Data(chapterPage(place)) }) }
        files += Self.assets.map { name in (name, { Data(AssetCompactor.compact(SiteAssets.files[name] ?? "", name: name).utf8) }) }
        return files
    }

    /// The contents: every session's time added up, then each chapter with its summary,
    /// its session's time and its quiz.
    func index() -> [UInt8] {
        var out = HTMLBytes()
        out += "<header class=\"guide-header\"><p class=\"eyebrow\">"
        out += words.title
        out += "</p>\n<h1>"
        out.escaped(program.settings.title)
        out += "</h1>\n<p>"
        out += words.intro
        out += "</p>\n<p class=\"no-print\"><a href=\""
        out += Self.wholeGuidePath
        out += "\">"
        out += words.whole
        out += "</a></p></header>\n"
        let minutes = program.chapters.reduce(0) { total, chapter in
            total + (program.facilitator.chapters[chapter.id]?.minutes ?? 0) + (chapter.quiz.flatMap { program.facilitator.quizzes[$0]?.minutes } ?? 0)
        }
        if minutes > 0 {
            out += "<p class=\"session-time\"><strong>"
            out.escaped(words.site.text("guide.total-time", ["duration": DurationText.words(minutes * 60)]))
            out += "</strong></p>\n"
        }
        out += "<section aria-labelledby=\"contents-title\"><h2 id=\"contents-title\">"
        out += words.contents
        out += "</h2>\n<ol class=\"guide-contents\">\n"
        for chapter in program.chapters {
            out += "<li><a href=\""
            out.escaped(Self.chapterPath(chapter.id))
            out += "\"><span class=\"chapter-number\">"
            out += String(chapter.order)
            out += "</span> "
            out.escaped(chapter.title)
            out += "</a>"
            if let summary = chapter.summary {
                out += "<p>"
                out.escaped(summary)
                out += "</p>"
            }
            var facts: [String] = []
            if let minutes = program.facilitator.chapters[chapter.id]?.minutes { facts.append(words.sessionTime(minutes)) }
            if let quiz = quiz(of: chapter) {
                var fact = words.site.text("guide.quiz", ["title": quiz.title])
                if let minutes = program.facilitator.quizzes[quiz.id]?.minutes { fact += " (" + DurationText.words(minutes * 60) + ")" }
                facts.append(fact)
            }
            if !facts.isEmpty {
                out += "<p class=\"muted\">"
                out.escaped(facts.joined(separator: " · "))
                out += "</p>"
            }
            out += "</li>\n"
        }
        out += "</ol>\n</section>\n"
        return page(out.bytes, title: words.site.text("guide.title"), depth: 0)
    }

    /// A chapter's page: a way back to the contents and to the quiz's slides, the chapter
    /// (``article(_:)``), and the slides.
    func chapterPage(_ place: Int) -> [UInt8] {
        let chapter = program.chapters[place]
        let quiz = quiz(of: chapter)
        var out = HTMLBytes()
        out += "<nav class=\"guide-nav no-print\" aria-label=\""
        out += words.title
        out += "\"><a href=\"../index.html\">"
        out += words.allChapters
        out += "</a>"
        if let quiz, !quiz.questions.isEmpty {
            out += " <button type=\"button\" data-present hidden>"
            out += words.present
            out += "</button> <span class=\"muted present-help\" hidden>"
            out += words.presentHelp
            out += "</span>"
        }
        out += "</nav>\n"
        out += article(place)
        if let quiz { presentHTML(quiz, into: &out) }
        return page(out.bytes, title: chapter.title, depth: 1)
    }

    /// What marks the start of a chapter's article, on its page and in the whole guide.
    static func articleStart(_ id: String) -> [UInt8] { Array("<article class=\"guide-chapter\" id=\"c-\(HTML.escape(id))\"".utf8) }
    /// What marks its end.
    static func articleEnd(_ id: String) -> [UInt8] { Array("</article><!--/c-\(HTML.escape(id))-->\n".utf8) }

    /// What the guide says of a chapter, the same on its page and in the whole guide (which
    /// takes it from the page): its number, title and summary, the facilitator's notes, its
    /// reading time and videos, its quiz with every answer. Its ids start with its own
    /// (`c-<id>`, `quiz-<id>`), so that the whole guide's never clash; its quiz's pictures
    /// are the site's media, two folders up.
    func article(_ place: Int) -> [UInt8] {
        let chapter = program.chapters[place]
        var out = HTMLBytes()
        out += Self.articleStart(chapter.id)
        out += ">\n<p class=\"eyebrow\">"
        out.escaped(words.site.text("chapter.number", ["number": String(chapter.order)]))
        out += "</p>\n<h1>"
        out.escaped(chapter.title)
        out += "</h1>\n"
        if let summary = chapter.summary {
            out += "<p class=\"summary\">"
            out.escaped(summary)
            out += "</p>\n"
        }
        if let notes = program.facilitator.chapters[chapter.id] { notesHTML(notes, heading: 2, into: &out) }
        out += textPart(chapter)
        if let quiz = quiz(of: chapter) {
            quizHTML(MediaAddresses.rewrite(quiz, from: "media/", to: "../../site/media/"), chapter: chapter.id, into: &out)
        } else {
            out += "<p class=\"muted\">"
            out += words.noQuiz
            out += "</p>\n"
        }
        out += Self.articleEnd(chapter.id)
        return out.bytes
    }

    /// The whole guide on one page, to print: the contents, then every chapter's article,
    /// each starting a new printed page. `articles` gives each chapter's, in order.
    func wholeGuide(articles: (Int) throws -> [UInt8], _ emit: ([UInt8]) throws -> Void) throws {
        var out = HTMLBytes()
        out += "<header class=\"guide-header\"><p class=\"eyebrow\">"
        out += words.title
        out += "</p>\n<h1>"
        out.escaped(program.settings.title)
        out += "</h1>\n<p class=\"no-print\"><button type=\"button\" data-print hidden>"
        out += words.print
        out += "</button></p></header>\n<nav aria-labelledby=\"contents-title\"><h2 id=\"contents-title\">"
        out += words.contents
        out += "</h2>\n<ul class=\"guide-contents\">\n"
        for chapter in program.chapters {
            out += "<li><a href=\"#c-"
            out.escaped(chapter.id)
            out += "\"><span class=\"chapter-number\">"
            out += String(chapter.order)
            out += "</span> "
            out.escaped(chapter.title)
            out += "</a></li>\n"
        }
        out += "</ul>\n</nav>\n<div class=\"whole-guide\">\n"
        let frame = page(Array(Self.contentMarker.utf8), title: words.site.text("guide.title"), depth: 0)
        guard let marker = frame.firstRange(of: Array(Self.contentMarker.utf8)) else { return }
        try emit(Array(frame[..<marker.lowerBound]) + out.bytes)
        for place in program.chapters.indices { try emit(articles(place)) }
        try emit(Array("</div>\n".utf8) + Array(frame[marker.upperBound...]))
    }

    private static let contentMarker = "\u{1}guide\u{1}"

    /// The part of a chapter's article its text decides, its reading time and videos,
    /// between the markers an update finds it by (``FacilitatorGuideOutput``).
    func textPart(_ chapter: CompiledChapter) -> [UInt8] {
        var out = HTMLBytes()
        out += Self.textStart(chapter.id)
        out += "\n<p class=\"muted\">"
        out.escaped(words.site.text("guide.reading-time", ["minutes": String(Self.readingMinutes(chapter))]))
        out += "</p>\n"
        if !chapter.videos.isEmpty {
            out += "<h2>"
            out += words.videos
            out += "</h2>\n<ul class=\"guide-videos\">\n"
            for video in chapter.videos {
                out += "<li>"
                out += VideoOnPaper.html(video, baseURL: program.settings.baseURL, words: words.site)
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        out += Self.textEnd(chapter.id)
        return out.bytes
    }

    static func textStart(_ id: String) -> String { "<section class=\"guide-text\" data-chapter=\"\(HTML.escape(id))\">" }
    static func textEnd(_ id: String) -> String { "</section><!--/guide-text \(HTML.escape(id))-->\n" }

    /// Minutes to read a chapter's text at 200 words a minute, at least one.
    static func readingMinutes(_ chapter: CompiledChapter) -> Int {
        chapter.shelvedPlainText.withUTF8 { bytes in
            // A word starts at each byte that is not white space after one that is.
            var words = 0
            var previousIsSpace = true
            for byte in bytes {
                let isSpace = byte <= 0x20 && (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D)
                words &+= (previousIsSpace && !isSpace) ? 1 : 0
                previousIsSpace = isSpace
            }
            return max(1, (words + 199) / 200)
        }
    }

    // MARK: Parts

    private func notesHTML(_ notes: FacilitatorNotes, heading: Int, into out: inout HTMLBytes) {
        let open = "<h\(heading)>"
        let close = "</h\(heading)>\n"
        out += "<section class=\"guide-notes\">\n"
        if let minutes = notes.minutes {
            out += "<p class=\"session-time\"><strong>"
            out.escaped(words.sessionTime(minutes))
            out += "</strong></p>\n"
        }
        for (name, items) in [(words.goals, notes.goals), (words.materials, notes.materials), (words.discussion, notes.discussion)] where !items.isEmpty {
            out += open
            out += name
            out += close
            out += "<ul>\n"
            for item in items {
                out += "<li>"
                out.escaped(item)
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        if let text = notes.notes {
            out += open
            out += words.notes
            out += close
            // A blank line between paragraphs, as in Markdown.
            for paragraph in text.components(separatedBy: "\n\n") {
                let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { continue }
                out += "<p>"
                out.escaped(trimmed)
                out += "</p>\n"
            }
        }
        out += "</section>\n"
    }

    private func quizHTML(_ quiz: Quiz, chapter: String, into out: inout HTMLBytes) {
        out += "<section class=\"guide-quiz\" aria-labelledby=\"quiz-"
        out.escaped(chapter)
        out += "\">\n<h2 id=\"quiz-"
        out.escaped(chapter)
        out += "\">"
        out.escaped(words.site.text("guide.quiz", ["title": quiz.title]))
        out += "</h2>\n<p class=\"muted\">"
        out.escaped(QuizMarkup.facts(of: quiz, words: words.site))
        out += "</p>\n"
        if let notes = program.facilitator.quizzes[quiz.id] { notesHTML(notes, heading: 3, into: &out) }
        out += "<ol class=\"guide-questions\">\n"
        for question in quiz.questions { questionHTML(question, into: &out) }
        out += "</ol>\n"
        if let reflections = quiz.reflections, !reflections.isEmpty {
            out += "<h3>"
            out += words.reflections
            out += "</h3>\n<ol class=\"guide-reflections\">\n"
            for reflection in reflections {
                out += "<li><p>"
                out += reflection.prompt.html
                out += "</p>"
                if let discussion = reflection.discussion {
                    out += "<p><strong>"
                    out += words.quiz.talkAboutIt
                    out += "</strong> "
                    out += discussion.html
                    out += "</p>"
                }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        out += "</section>\n"
    }

    /// A question with every answer marked right or wrong, the hint each wrong one shows,
    /// feedback and the explanation.
    private func questionHTML(_ question: Question, into out: inout HTMLBytes) {
        out += "<li class=\"guide-question\" data-question=\""
        out.escaped(question.id)
        out += "\"><p class=\"prompt\">"
        out += question.prompt.html
        if question.type == .multiple {
            out += " <span class=\"muted\">"
            out += words.quiz.chooseAll
            out += "</span>"
        }
        out += "</p>\n"
        switch question.type {
        case .single, .multiple:
            out += "<ul class=\"guide-choices\">\n"
            for choice in question.choices {
                choiceHTML(
                    id: choice.id, text: choice.text.html, right: choice.correct, hint: choice.correct ? nil : (choice.hint ?? question.hints.first)?.html,
                    feedback: choice.feedback?.html, into: &out)
            }
            out += "</ul>\n"
        case .trueFalse:
            out += "<ul class=\"guide-choices\">\n"
            for value in [true, false] {
                let right = value == question.answer
                choiceHTML(
                    id: String(value), text: value ? words.quiz.trueText : words.quiz.falseText, right: right, hint: right ? nil : question.hints.first?.html,
                    feedback: nil, into: &out)
            }
            out += "</ul>\n"
        case .text, .number:
            out += "<p class=\"guide-answer\"><strong>"
            out += question.type == .number ? words.numberAnswer : words.accepted
            out += "</strong> "
            out.escaped(QuizMarkup.answer(of: question, words: words.site))
            out += "</p>\n"
        }
        if let explanation = question.explanation {
            out += "<p class=\"guide-explanation\"><strong>"
            out += words.explanation
            out += "</strong> "
            out += explanation.html
            out += "</p>\n"
        }
        // A question's one hint, which every wrong choice without its own shows, is said
        // there; more than one, or a typed question's, are listed in the order she sees them.
        let saidWithChoices = question.type != .text && question.type != .number && question.hints.count == 1
        if !question.hints.isEmpty, !saidWithChoices {
            out += "<div class=\"guide-hints\"><p><strong>"
            out += words.hints
            out += "</strong></p><ol>"
            for hint in question.hints {
                out += "<li>"
                out += hint.html
                out += "</li>"
            }
            out += "</ol></div>\n"
        }
        out += "</li>\n"
    }

    private func choiceHTML(id: String, text: String, right: Bool, hint: String?, feedback: String?, into out: inout HTMLBytes) {
        out += right ? "<li class=\"right\" data-choice=\"" : "<li class=\"wrong\" data-choice=\""
        out.escaped(id)
        out += "\"><span class=\"mark\">"
        out += right ? words.right : words.wrong
        out += "</span> <span class=\"choice-text\">"
        out += text
        out += "</span>"
        if let hint, !hint.isEmpty {
            out += "<p class=\"guide-hint\"><strong>"
            out += words.hintShown
            out += "</strong> "
            out += hint
            out += "</p>"
        }
        if let feedback {
            out += "<p class=\"guide-feedback\"><strong>"
            out += words.feedback
            out += "</strong> "
            out += feedback
            out += "</p>"
        }
        out += "</li>\n"
    }

    /// The quiz for a projector: a dialog of one question at a time, its answer hidden
    /// until asked for. `guide-present.js` makes its slides from the questions on the page
    /// when it opens (without scripts, the page shows them all), in the words given here.
    private func presentHTML(_ quiz: Quiz, into out: inout HTMLBytes) {
        guard !quiz.questions.isEmpty else { return }
        out += "<dialog class=\"present\" id=\"present\" aria-label=\""
        out.escaped(words.site.text("guide.quiz", ["title": quiz.title]))
        out += "\" data-count=\""
        out.escaped(words.site.text("guide.slide-count", ["number": "{number}", "count": "{count}"]))
        out += "\" data-right=\""
        out += words.right
        out += "\">\n<div class=\"slides\"></div>\n<div class=\"present-controls\"><button type=\"button\" data-action=\"previous\">"
        out += words.previous
        out += "</button><button type=\"button\" data-action=\"answer\" aria-expanded=\"false\" data-show=\""
        out += words.showAnswer
        out += "\" data-hide=\""
        out += words.hideAnswer
        out += "\">"
        out += words.showAnswer
        out += "</button><button type=\"button\" data-action=\"next\">"
        out += words.next
        out += "</button><button type=\"button\" data-action=\"close\">"
        out += words.close
        out += "</button></div>\n</dialog>\n"
    }

    /// A page of the guide around `content`, `depth` folders down. Every page takes
    /// `guide-present.js`, which also wires the print buttons.
    private func page(_ content: [UInt8], title: String, depth: Int) -> [UInt8] {
        let root = String(repeating: "../", count: depth)
        var out = HTMLBytes()
        out += "<!DOCTYPE html>\n<html lang=\""
        out.escaped(words.site.language)
        out += "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n<meta http-equiv=\"Content-Security-Policy\" content=\""
        out += Self.contentSecurityPolicy
        out += "\">\n<meta name=\"robots\" content=\"noindex, nofollow\">\n<meta name=\"referrer\" content=\"no-referrer\">\n<title>"
        out.escaped(title)
        out += " · "
        out += words.title
        out += "</title>\n<link rel=\"stylesheet\" href=\""
        out += root
        out += "guide.css\">\n<script src=\""
        out += root
        out += "guide-present.js\" defer></script>\n</head>\n<body>\n<main id=\"main\">\n"
        out += content
        out += "</main>\n<footer class=\"guide-footer\"><p>"
        out.escaped(program.settings.title)
        out += " · "
        out += words.title
        out += "</p></footer>\n</body>\n</html>\n"
        return out.bytes
    }
}

/// The guide's words, read from the catalogue once for a whole guide and escaped as HTML:
/// every chapter and question repeats them.
final class GuideWords: Sendable {
    let site: SiteWords
    let quiz: QuizWords
    let title, intro, whole, contents, allChapters, present, presentHelp, print, noQuiz, videos: String
    let goals, materials, discussion, notes, reflections: String
    let right, wrong, hintShown, feedback, explanation, accepted, numberAnswer, hints: String
    let previous, next, showAnswer, hideAnswer, close: String

    init(_ site: SiteWords) {
        self.site = site
        quiz = QuizWords(site)
        func html(_ key: String) -> String { HTML.escape(site.text(key)) }
        (title, intro, whole, contents) = (html("guide.title"), html("guide.intro"), html("guide.whole"), html("guide.contents"))
        (allChapters, present, presentHelp, print) = (html("guide.all-chapters"), html("guide.present"), html("guide.present-help"), html("guide.print"))
        (noQuiz, videos) = (html("guide.no-quiz"), html("guide.videos"))
        (goals, materials, discussion, notes, reflections) = (
            html("guide.goals"), html("guide.materials"), html("guide.discussion"), html("guide.notes"), html("guide.reflections")
        )
        (right, wrong, hintShown, feedback) = (html("guide.right"), html("guide.wrong"), html("guide.hint-shown"), html("guide.feedback"))
        (explanation, accepted, numberAnswer, hints) = (html("guide.explanation"), html("guide.accepted"), html("guide.number-answer"), html("guide.hints"))
        (previous, next, showAnswer, hideAnswer, close) = (
            html("guide.previous"), html("guide.next"), html("guide.show-answer"), html("guide.hide-answer"), html("guide.close")
        )
    }

    /// "Session: 45 min", not escaped.
    func sessionTime(_ minutes: Int) -> String { site.text("guide.session-time", ["duration": DurationText.words(minutes * 60)]) }
}
