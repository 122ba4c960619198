import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// The facilitator's guide (`facilitator/`): for the adult who leads a session, each
/// chapter's summary, reading time and videos, its quiz with the right answers, the hint
/// every wrong answer shows, feedback and explanations, the reflection prompts, and what
/// the author wrote for facilitators (``FacilitatorNotes``); printable, and each quiz
/// presentable on a projector a question at a time (`guide-present.js`).
///
/// It is an output of its own, beside the learner's site: no learner page links to it,
/// the site's offline copy never holds it, and nothing of it is in the bundle. It is in
/// the program's own language.
struct FacilitatorGuide: Sendable {
    let program: CompiledProgram
    let words: SiteWords
    let quizWords: QuizWords
    private let quizPlaces: [String: Int]

    /// Its own stylesheet and script, files of the site's Assets/ that the site leaves out.
    static let assets = ["guide.css", "guide-present.js"]

    /// Its own files and the site's media only: no frame, no connection, no form.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; object-src 'none'; "
        + "base-uri 'none'; form-action 'none'"

    init(program: CompiledProgram) {
        self.program = program
        words = SiteWords.of(program, language: program.settings.language)
        quizWords = QuizWords(words)
        var places: [String: Int] = [:]
        for (place, quiz) in program.quizzes.enumerated() where places[quiz.id] == nil { places[quiz.id] = place }
        quizPlaces = places
    }

    func quiz(of chapter: CompiledChapter) -> Quiz? {
        chapter.quiz.flatMap { quizPlaces[$0] }.map { program.quizzes[$0] }
    }

    // MARK: Pages

    static func chapterPath(_ id: String) -> String { "chapters/\(id).html" }
    /// The whole guide on one page (``wholeGuide()``).
    static let wholeGuidePath = "guide.html"

    /// Every file of the guide, by path, each made when asked for.
    func files() -> [(path: String, make: @Sendable () -> Data)] {
        var files: [(String, @Sendable () -> Data)] = [
            ("index.html", { [self] in Data(index().utf8) }), (Self.wholeGuidePath, { [self] in Data(wholeGuide().utf8) }),
        ]
        files += program.chapters.indices.map { place in
            (Self.chapterPath(program.chapters[place].id), { [self] in Data(chapterPage(place).utf8) })
        }
        files += Self.assets.map { name in (name, { Data(AssetCompactor.compact(SiteAssets.files[name] ?? "", name: name).utf8) }) }
        return files
    }

    /// The contents: each chapter with its summary, session time and quiz.
    func index() -> String {
        var out = "<header class=\"guide-header\"><p class=\"eyebrow\">\(HTML.escape(words.text("guide.title")))</p>\n"
        out += "<h1>\(HTML.escape(program.settings.title))</h1>\n<p>\(HTML.escape(words.text("guide.intro")))</p>\n"
        out += "<p class=\"no-print\"><a href=\"\(Self.wholeGuidePath)\">\(HTML.escape(words.text("guide.whole")))</a></p></header>\n"
        let minutes = program.chapters.reduce(0) { total, chapter in
            total + (program.facilitator.chapters[chapter.id]?.minutes ?? 0) + (chapter.quiz.flatMap { program.facilitator.quizzes[$0]?.minutes } ?? 0)
        }
        if minutes > 0 {
            out +=
                "<p class=\"session-time\"><strong>\(HTML.escape(words.text("guide.total-time", ["duration": DurationText.words(minutes * 60)])))</strong></p>\n"
        }
        out += "<section aria-labelledby=\"contents-title\"><h2 id=\"contents-title\">\(HTML.escape(words.text("guide.contents")))</h2>\n"
        out += "<ol class=\"guide-contents\">\n"
        for chapter in program.chapters {
            out +=
                "<li><a href=\"\(HTML.escape(Self.chapterPath(chapter.id)))\"><span class=\"chapter-number\">\(chapter.order)</span> \(HTML.escape(chapter.title))</a>"
            var facts: [String] = []
            if let minutes = program.facilitator.chapters[chapter.id]?.minutes {
                facts.append(words.text("guide.session-time", ["duration": DurationText.words(minutes * 60)]))
            }
            if let quiz = quiz(of: chapter) {
                var fact = words.text("guide.quiz", ["title": quiz.title])
                if let minutes = program.facilitator.quizzes[quiz.id]?.minutes { fact += " (" + DurationText.words(minutes * 60) + ")" }
                facts.append(fact)
            }
            if let summary = chapter.summary { out += "<p>\(HTML.escape(summary))</p>" }
            if !facts.isEmpty { out += "<p class=\"muted\">\(HTML.escape(facts.joined(separator: " · ")))</p>" }
            out += "</li>\n"
        }
        out += "</ol>\n</section>\n"
        return page(out, title: words.text("guide.title"), depth: 0)
    }

    /// A chapter's page: what the chapter is, then its quiz, and the quiz's slides.
    func chapterPage(_ place: Int) -> String {
        let chapter = program.chapters[place]
        let nav =
            "<nav class=\"guide-nav no-print\" aria-label=\"\(HTML.escape(words.text("guide.title")))\"><a href=\"../index.html\">"
            + HTML.escape(words.text("guide.all-chapters")) + "</a></nav>\n"
        var out = nav + "<article class=\"guide-chapter\">\n" + chapterContent(chapter, heading: 1, idPrefix: "", mediaRoot: "../../site/")
        out += "</article>\n"
        if let quiz = quiz(of: chapter) { out += presentHTML(quiz) }
        return page(out, title: chapter.title, depth: 1)
    }

    /// The whole guide on one page, to print: the contents, then every chapter, each
    /// starting a new printed page, its ids its own (`c-<chapter>-`).
    func wholeGuide() -> String {
        var out = "<header class=\"guide-header\"><p class=\"eyebrow\">\(HTML.escape(words.text("guide.title")))</p>\n"
        out += "<h1>\(HTML.escape(program.settings.title))</h1>\n"
        out += "<p class=\"no-print\"><button type=\"button\" data-print hidden>\(HTML.escape(words.text("guide.print")))</button></p></header>\n"
        out +=
            "<nav aria-labelledby=\"contents-title\"><h2 id=\"contents-title\">\(HTML.escape(words.text("guide.contents")))</h2>\n<ul class=\"guide-contents\">\n"
        for chapter in program.chapters {
            out +=
                "<li><a href=\"#c-\(HTML.escape(chapter.id))\"><span class=\"chapter-number\">\(chapter.order)</span> \(HTML.escape(chapter.title))</a></li>\n"
        }
        out += "</ul>\n</nav>\n"
        for chapter in program.chapters {
            out += "<article class=\"guide-chapter guide-part\" id=\"c-\(HTML.escape(chapter.id))\">\n"
            out += chapterContent(chapter, heading: 2, idPrefix: "c-\(chapter.id)-", mediaRoot: "../site/") + "</article>\n"
        }
        return page(out, title: words.text("guide.title"), depth: 0)
    }

    /// What the guide says of a chapter: its number, title and summary, the facilitator's
    /// notes, its reading time and videos, its quiz with every answer. `heading` is the
    /// level of its title; `idPrefix` goes before its ids, `mediaRoot` before its quiz's
    /// pictures (the site's media).
    private func chapterContent(_ chapter: CompiledChapter, heading: Int, idPrefix: String, mediaRoot: String) -> String {
        var out = "<p class=\"eyebrow\">\(HTML.escape(words.text("chapter.number", ["number": String(chapter.order)])))</p>\n"
        out += "<h\(heading)>\(HTML.escape(chapter.title))</h\(heading)>\n"
        if let summary = chapter.summary { out += "<p class=\"summary\">\(HTML.escape(summary))</p>\n" }
        if let notes = program.facilitator.chapters[chapter.id] { out += notesHTML(notes, level: heading + 1) }
        out += String(decoding: textPart(chapter, heading: heading + 1), as: UTF8.self)
        if let quiz = quiz(of: chapter) {
            out += quizHTML(MediaAddresses.rewrite(quiz, from: "media/", to: mediaRoot + "media/"), heading: heading + 1, idPrefix: idPrefix)
        } else {
            out += "<p class=\"muted\">\(HTML.escape(words.text("guide.no-quiz")))</p>\n"
        }
        return out
    }

    /// The part of a chapter's guide its text decides, its reading time and videos, between
    /// the markers an update finds it by (``FacilitatorGuideOutput``).
    func textPart(_ chapter: CompiledChapter, heading: Int) -> [UInt8] {
        var out =
            Self.textStart(chapter.id) + "\n<p class=\"muted\">"
            + HTML.escape(words.text("guide.reading-time", ["minutes": String(Self.readingMinutes(chapter))])) + "</p>\n"
        if !chapter.videos.isEmpty {
            out += "<h\(heading)>\(HTML.escape(words.text("guide.videos")))</h\(heading)>\n<ul class=\"guide-videos\">\n"
            for video in chapter.videos {
                out += "<li>" + VideoOnPaper.html(video, baseURL: program.settings.baseURL, words: words) + "</li>\n"
            }
            out += "</ul>\n"
        }
        return Array((out + Self.textEnd(chapter.id) + "\n").utf8)
    }

    static func textStart(_ id: String) -> String { "<section class=\"guide-text\" data-chapter=\"\(HTML.escape(id))\">" }
    static func textEnd(_ id: String) -> String { "</section><!--/guide-text \(HTML.escape(id))-->" }

    /// Minutes to read a chapter's text at 200 words a minute, at least one.
    static func readingMinutes(_ chapter: CompiledChapter) -> Int {
        var words = 0
        var inWord = false
        for byte in chapter.plainText.utf8 {
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space, !inWord { words += 1 }
            inWord = !space
        }
        return max(1, (words + 199) / 200)
    }

    // MARK: Parts

    private func notesHTML(_ notes: FacilitatorNotes, level: Int) -> String {
        var out = "<section class=\"guide-notes\">\n"
        func list(_ key: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            out += "<h\(level + 1)>\(HTML.escape(words.text(key)))</h\(level + 1)>\n<ul>\n" + items.map { "<li>\(HTML.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        if let minutes = notes.minutes {
            out +=
                "<p class=\"session-time\"><strong>\(HTML.escape(words.text("guide.session-time", ["duration": DurationText.words(minutes * 60)])))</strong></p>\n"
        }
        list("guide.goals", notes.goals)
        list("guide.materials", notes.materials)
        list("guide.discussion", notes.discussion)
        if let text = notes.notes {
            out += "<h\(level + 1)>\(HTML.escape(words.text("guide.notes")))</h\(level + 1)>\n"
            // A blank line between paragraphs, as in Markdown.
            out += text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                .map { "<p>\(HTML.escape($0))</p>\n" }.joined()
        }
        return out + "</section>\n"
    }

    private func quizHTML(_ quiz: Quiz, heading: Int, idPrefix: String) -> String {
        var out =
            "<section class=\"guide-quiz\" aria-labelledby=\"quiz-title\">\n<h2 id=\"quiz-title\">\(HTML.escape(words.text("guide.quiz", ["title": quiz.title])))</h2>\n"
        out += "<p class=\"muted\">\(HTML.escape(QuizMarkup.facts(of: quiz, words: words)))</p>\n"
        if let notes = program.facilitator.quizzes[quiz.id] { out += notesHTML(notes, level: heading + 1) }
        // The slides are on the chapter's own page.
        if !quiz.questions.isEmpty, idPrefix.isEmpty {
            out += "<p class=\"no-print present-start\"><button type=\"button\" data-present hidden>\(HTML.escape(words.text("guide.present")))</button> "
            out += "<span class=\"muted\">\(HTML.escape(words.text("guide.present-help")))</span></p>\n"
        }
        out += "<ol class=\"guide-questions\">\n"
        for question in quiz.questions { out += questionHTML(question) }
        out += "</ol>\n"
        if let reflections = quiz.reflections, !reflections.isEmpty {
            out += "<h\(heading + 1)>\(HTML.escape(words.text("guide.reflections")))</h\(heading + 1)>\n<ol class=\"guide-reflections\">\n"
            for reflection in reflections {
                out += "<li><p>\(reflection.prompt.html)</p>"
                if let discussion = reflection.discussion { out += "<p><strong>\(quizWords.talkAboutIt)</strong> \(discussion.html)</p>" }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        return out + "</section>\n"
    }

    /// A question with every answer marked right or wrong, the hint each wrong one shows,
    /// feedback and the explanation.
    private func questionHTML(_ question: Question) -> String {
        var out = "<li class=\"guide-question\" data-question=\"\(HTML.escape(question.id))\"><p class=\"prompt\">\(question.prompt.html)"
        if question.type == .multiple { out += " <span class=\"muted\">\(quizWords.chooseAll)</span>" }
        out += "</p>\n"
        switch question.type {
        case .single, .multiple:
            out += "<ul class=\"guide-choices\">\n"
            for choice in question.choices {
                out += choiceHTML(
                    text: choice.text.html, right: choice.correct, hint: choice.correct ? nil : (choice.hint ?? question.hints.first)?.html,
                    feedback: choice.feedback?.html, id: choice.id)
            }
            out += "</ul>\n"
        case .trueFalse:
            out += "<ul class=\"guide-choices\">\n"
            for value in [true, false] {
                let right = value == question.answer
                out += choiceHTML(
                    text: value ? quizWords.trueText : quizWords.falseText, right: right, hint: right ? nil : question.hints.first?.html, feedback: nil,
                    id: String(value))
            }
            out += "</ul>\n"
        case .text, .number:
            out += "<p class=\"guide-answer\"><strong>\(HTML.escape(words.text(question.type == .number ? "guide.number-answer" : "guide.accepted")))</strong> "
            out += HTML.escape(QuizMarkup.answer(of: question, words: words)) + "</p>\n"
        }
        if let explanation = question.explanation {
            out += "<p class=\"guide-explanation\"><strong>\(HTML.escape(words.text("guide.explanation")))</strong> \(explanation.html)</p>\n"
        }
        // A question's one hint, which every wrong choice without its own shows, is said
        // there; more than one, or a typed question's, are listed in the order she sees them.
        let saidWithChoices = question.type != .text && question.type != .number && question.hints.count == 1
        if !question.hints.isEmpty, !saidWithChoices {
            out += "<div class=\"guide-hints\"><p><strong>\(HTML.escape(words.text("guide.hints")))</strong></p><ol>"
            out += question.hints.map { "<li>\($0.html)</li>" }.joined() + "</ol></div>\n"
        }
        return out + "</li>\n"
    }

    private func choiceHTML(text: String, right: Bool, hint: String?, feedback: String?, id: String) -> String {
        var out =
            "<li class=\"\(right ? "right" : "wrong")\" data-choice=\"\(HTML.escape(id))\"><span class=\"mark\">\(HTML.escape(words.text(right ? "guide.right" : "guide.wrong")))</span> "
        out += "<span class=\"choice-text\">\(text)</span>"
        if let hint, !hint.isEmpty { out += "<p class=\"guide-hint\"><strong>\(HTML.escape(words.text("guide.hint-shown")))</strong> \(hint)</p>" }
        if let feedback { out += "<p class=\"guide-feedback\"><strong>\(HTML.escape(words.text("guide.feedback")))</strong> \(feedback)</p>" }
        return out + "</li>\n"
    }

    /// The quiz for a projector: a dialog of one question at a time, its answer hidden
    /// until asked for (`guide-present.js`; without scripts, the page above shows it all).
    private func presentHTML(_ quiz: Quiz) -> String {
        guard !quiz.questions.isEmpty else { return "" }
        var out = "<dialog class=\"present\" id=\"present\" aria-label=\"\(HTML.escape(words.text("guide.quiz", ["title": quiz.title])))\">\n"
        for (index, question) in quiz.questions.enumerated() {
            out += "<section class=\"slide\"\(index == 0 ? "" : " hidden")>\n<p class=\"slide-count\">"
            out += HTML.escape(words.text("guide.slide-count", ["number": String(index + 1), "count": String(quiz.questions.count)])) + "</p>\n"
            out += "<h2 class=\"slide-prompt\" tabindex=\"-1\">\(question.prompt.html)</h2>\n"
            switch question.type {
            case .single, .multiple:
                out +=
                    "<ol class=\"slide-choices\" type=\"A\">" + question.choices.map { "<li\($0.correct ? " data-right" : "")>\($0.text.html)</li>" }.joined()
                    + "</ol>\n"
            case .trueFalse:
                out += "<ol class=\"slide-choices\" type=\"A\"><li\(question.answer == true ? " data-right" : "")>\(quizWords.trueText)</li>"
                out += "<li\(question.answer == false ? " data-right" : "")>\(quizWords.falseText)</li></ol>\n"
            case .text, .number: break
            }
            out += "<div class=\"slide-answer\" hidden><p><strong>\(HTML.escape(words.text("guide.right"))):</strong> "
            switch question.type {
            case .single, .multiple: out += question.choices.filter(\.correct).map(\.text.html).joined(separator: " · ")
            case .trueFalse: out += question.answer == true ? quizWords.trueText : quizWords.falseText
            case .text, .number: out += HTML.escape(QuizMarkup.answer(of: question, words: words))
            }
            out += "</p>"
            if let explanation = question.explanation { out += "<p>\(explanation.html)</p>" }
            out += "</div>\n</section>\n"
        }
        out += "<div class=\"present-controls\">"
        out += "<button type=\"button\" data-action=\"previous\">\(HTML.escape(words.text("guide.previous")))</button>"
        out += "<button type=\"button\" data-action=\"answer\" aria-expanded=\"false\" data-show=\"\(HTML.escape(words.text("guide.show-answer")))\" "
        out += "data-hide=\"\(HTML.escape(words.text("guide.hide-answer")))\">\(HTML.escape(words.text("guide.show-answer")))</button>"
        out += "<button type=\"button\" data-action=\"next\">\(HTML.escape(words.text("guide.next")))</button>"
        out += "<button type=\"button\" data-action=\"close\">\(HTML.escape(words.text("guide.close")))</button></div>\n</dialog>\n"
        return out
    }

    /// A page of the guide around `content`, `depth` folders down.
    /// Every page takes `guide-present.js`, which also wires the print buttons.
    private func page(_ content: String, title: String, depth: Int) -> String {
        let root = String(repeating: "../", count: depth)
        return """
            <!DOCTYPE html>
            <html lang="\(HTML.escape(words.language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="robots" content="noindex, nofollow">
            <meta name="referrer" content="no-referrer">
            <title>\(HTML.escape(title)) · \(HTML.escape(words.text("guide.title")))</title>
            <link rel="stylesheet" href="\(root)guide.css">
            <script src="\(root)guide-present.js" defer></script>
            </head>
            <body>
            <main id="main">
            \(content)</main>
            <footer class="guide-footer"><p>\(HTML.escape(program.settings.title)) · \(HTML.escape(words.text("guide.title")))</p></footer>
            </body>
            </html>

            """
    }
}
