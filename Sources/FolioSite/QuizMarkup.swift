import FolioCore
import FolioInterface
import FolioModel
import Foundation

/// The quiz at the end of a chapter. The page carries the quiz as the bundle has it (a
/// JSON data block), which `quiz.js` grades with the web engine; and, for a browser
/// without JavaScript, a simpler quiz where picking a choice shows its hint or
/// feedback through CSS (`:checked`) and typed answers can be revealed.
struct QuizMarkup {
    let quiz: Quiz
    /// The words of the page's language; English unless given.
    var words = QuizWords(SiteWords(language: "en"))
    /// The chapter the quiz ends; for a deck's "Quiz me on this deck", the deck instead.
    let chapter: String
    var deck: String? = nil
    /// The quiz as JSON when it is at hand already (``SiteRenderer/bundleQuiz``, pretty):
    /// it goes into the page compacted; else it is encoded here.
    var json: Data? = nil

    func html() -> String { String(decoding: htmlBytes(), as: UTF8.self) }

    /// The markup as UTF-8, for a page built as bytes (``PageFrame``): a chapter's page
    /// takes it as it is, without making it a `String` and back.
    func htmlBytes() -> [UInt8] {
        // Into one buffer of bytes, piece by piece: every chapter's page holds its quiz,
        // and building it from interpolated strings showed in a large build
        // (docs/development.md, "Measured choices").
        var out = HTMLBytes()
        out.reserve(4096 + quiz.questions.count * 2048)
        out += "<section class=\"quiz\" id=\"quiz\" aria-labelledby=\"quiz-title\" data-quiz=\""
        out.escaped(quiz.id)
        if let deck {
            out += "\" data-deck=\""
            out.escaped(deck)
        } else {
            out += "\" data-chapter=\""
            out.escaped(chapter)
        }
        out += "\" data-source=\"quiz-data\">\n"
        out += "<h2 id=\"quiz-title\">"
        if deck != nil {
            out += words.deckHeading
        } else {
            words.heading(of: quiz, into: &out)
        }
        out += "</h2>\n"
        out += "<p class=\"muted\">"
        out.escaped(Self.facts(of: quiz, words: words.site))
        out += "</p>\n<div class=\"quiz-static\">\n"
        for (index, question) in quiz.questions.enumerated() {
            questionHTML(question, number: index + 1, into: &out)
        }
        // Without JavaScript nothing can be kept, but the questions can still be thought about.
        if let reflections = quiz.reflections, !reflections.isEmpty {
            out += "<section class=\"reflections\" aria-label=\""
            out += words.thinkAboutIt
            out += "\">\n<h3>"
            out += words.thinkAboutIt
            out += "</h3>\n"
            for reflection in reflections {
                out += "<div class=\"reflection\"><p>"
                out += reflection.prompt.html
                out += "</p>"
                if let discussion = reflection.discussion {
                    out += "<p class=\"discussion\"><strong>"
                    out += words.talkAboutIt
                    out += "</strong> "
                    out += discussion.html
                    out += "</p>"
                }
                out += "</div>\n"
            }
            out += "</section>\n"
        }
        out += "</div>\n<script type=\"application/json\" id=\"quiz-data\">"
        if let json {
            out.appendScriptJSON(compacting: json)
        } else {
            out += HTML.scriptJSON(Self.json(quiz))
        }
        out += "</script>\n</section>\n"
        return out.bytes
    }

    /// The answer of a typed question in words, as "Show the answer" and the facilitator's
    /// guide say it: the number give or take its tolerance, or the accepted texts.
    static func answer(of question: Question, words site: SiteWords) -> String {
        if question.type == .number {
            let number = site.number(question.number ?? 0)
            guard let tolerance = question.tolerance, tolerance > 0 else { return number }
            return site.text("quiz.give-or-take", ["number": number, "tolerance": site.number(tolerance)])
        }
        guard let accepted = question.accept, let first = accepted.first else { return "" }
        return accepted.dropFirst().reduce(first) { site.text("quiz.either", ["first": $0, "second": $1]) }
    }

    /// What a learner knows of a quiz before she starts: how many questions (of how many
    /// drawn), the pass mark, the time limit; the facilitator's guide says the same.
    static func facts(of quiz: Quiz, words site: SiteWords) -> String {
        let count = quiz.questions.count
        var facts: [String] = [site.text("quiz.fact-questions", count: count)]
        if let draw = quiz.draw { facts[0] = site.text("quiz.fact-draw", count: count, ["draw": site.number(Double(draw))]) }
        if let pass = quiz.passPercent { facts.append(site.text("quiz.fact-pass-mark", ["percent": site.number(pass)])) }
        if let limit = quiz.timeLimitSeconds { facts.append(site.text("quiz.fact-time-limit", ["duration": duration(limit)])) }
        return facts.joined(separator: " · ")
    }

    /// The quiz as the bundle's `quizzes/<id>.json` has it, so the page grades exactly
    /// what the apps receive.
    static func json(_ quiz: Quiz) -> String {
        return (try? JSONOutput.compact(quiz)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private func questionHTML(_ question: Question, number: Int, into out: inout HTMLBytes) {
        let name = "\(quiz.id)-\(question.id)"
        out += "<fieldset class=\"question\" id=\""
        out.escaped(name)
        out += "\" data-question=\""
        out.escaped(question.id)
        out += "\" data-type=\""
        out += question.type.rawValue
        out += "\">\n<legend><span class=\"question-number\">"
        out += words.questionNumber.before
        out += String(number)
        out += words.questionNumber.after
        out += "</span> "
        out += question.prompt.html
        if question.type == .multiple {
            out += " <span class=\"muted\">"
            out += words.chooseAll
            out += "</span>"
        }
        out += "</legend>\n"
        func explanation() {
            guard let explanation = question.explanation else { return }
            out += "<p class=\"explanation\">"
            out += explanation.html
            out += "</p>"
        }
        /// `<li class="choice"><input type=... name=... id=... value=...><label for=...>`
        func choiceStart(input: String, id: String, value: String, label: String) {
            out += "<li class=\"choice\"><input type=\""
            out += input
            out += "\" name=\""
            out.escaped(name)
            out += "\" id=\""
            out.escaped(id)
            out += "\" value=\""
            out += value
            out += "\"><label for=\""
            out.escaped(id)
            out += "\">"
            out += label
            out += "</label>"
        }
        func wrong(_ hint: String) {
            out += "<div class=\"response wrong\" role=\"status\"><p><strong>"
            out += words.notQuite
            out += "</strong> "
            out += hint
            out += "</p></div>"
        }
        switch question.type {
        case .single, .multiple:
            out += "<ul class=\"choices\">\n"
            for choice in question.choices {
                choiceStart(input: question.type == .single ? "radio" : "checkbox", id: "\(name)-\(choice.id)", value: choice.id, label: choice.text.html)
                if choice.correct {
                    out += "<div class=\"response right\" role=\"status\"><p><strong>"
                    out += words.right
                    out += "</strong> "
                    out += choice.feedback?.html ?? ""
                    out += "</p>"
                    if question.type == .single { explanation() }
                    out += "</div>"
                } else {
                    wrong(choice.hint?.html ?? question.hints.first?.html ?? "")
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        case .trueFalse:
            out += "<ul class=\"choices\">\n"
            for value in [true, false] {
                choiceStart(input: "radio", id: "\(name)-\(value)", value: "\(value)", label: value ? words.trueText : words.falseText)
                if value == question.answer {
                    out += "<div class=\"response right\" role=\"status\"><p><strong>"
                    out += words.right
                    out += "</strong></p>"
                    explanation()
                    out += "</div>"
                } else {
                    wrong(question.hints.first?.html ?? "")
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        case .text, .number:
            let id = "\(name)-answer"
            out += "<p><label for=\""
            out.escaped(id)
            out += "\">"
            out += words.yourAnswer
            out += "</label> <input type=\""
            out += question.type == .number ? "text\" inputmode=\"decimal" : "text"
            out += "\" id=\""
            out.escaped(id)
            out += "\" name=\""
            out.escaped(name)
            out += "\" autocomplete=\"off\"></p>\n<details class=\"reveal\"><summary>"
            out += words.showAnswer
            out += "</summary><p>"
            out.escaped(Self.answer(of: question, words: words.site))
            out += "</p>"
            explanation()
            out += "</details>\n"
        }
        if !question.hints.isEmpty {
            out += "<details class=\"hints\"><summary>"
            out += words.needHint
            out += "</summary><ol>"
            for hint in question.hints {
                out += "<li>"
                out += hint.html
                out += "</li>"
            }
            out += "</ol></details>\n"
        }
        out += "</fieldset>\n"
    }

    static func duration(_ seconds: Int) -> String { DurationText.words(seconds) }
}

/// The words of the quiz markup, read from the catalogue once for a whole site and
/// escaped as HTML: every question repeats them. A class, so that every quiz's markup
/// shares them rather than copying each text.
final class QuizWords: Sendable {
    let site: SiteWords
    /// "Test your knowledge" in the page's language and in English (which `folio new quiz`
    /// writes as a quiz's title), lowercased: a quiz with such a title says nothing more.
    let plainHeadings: Set<String>
    let heading: String
    let deckHeading: String
    let thinkAboutIt: String
    let talkAboutIt: String
    let chooseAll: String
    let notQuite: String
    let right: String
    let trueText: String
    let falseText: String
    let yourAnswer: String
    let showAnswer: String
    let needHint: String
    /// A worksheet's name and its label for a number's line (``Worksheet``).
    let worksheet: String
    let yourNumber: String
    /// "Question {number}" around its number.
    let questionNumber: (before: String, after: String)

    /// A chapter's quiz heading: "Test your knowledge", then the quiz's own title when it
    /// says more. The quiz and its worksheet are headed alike.
    func heading(of quiz: Quiz, into out: inout HTMLBytes) {
        if plainHeadings.contains(quiz.title.lowercased()) {
            out += heading
        } else {
            out.escaped(site.text("quiz.heading-titled", ["title": quiz.title]))
        }
    }

    init(_ site: SiteWords) {
        self.site = site
        func html(_ key: String) -> String { HTML.escape(site.text(key)) }
        plainHeadings = [site.text("quiz.heading").lowercased(), InterfaceCatalogue.english.text("quiz.heading").lowercased()]
        heading = html("quiz.heading")
        deckHeading = html("deck.quiz-heading")
        thinkAboutIt = html("quiz.think-about-it")
        talkAboutIt = html("quiz.talk-about-it")
        chooseAll = html("quiz.choose-all")
        notQuite = html("quiz.not-quite")
        right = html("quiz.right")
        trueText = html("quiz.true")
        falseText = html("quiz.false")
        yourAnswer = html("quiz.your-answer")
        showAnswer = html("quiz.show-answer")
        needHint = html("quiz.need-hint")
        worksheet = html("print.worksheet")
        yourNumber = html("quiz.your-answer-number")
        let marker = "\u{1}"
        let parts = HTML.escape(site.text("quiz.question-number", ["number": marker])).components(separatedBy: marker)
        questionNumber = (parts.first ?? "", parts.dropFirst().joined())
    }
}
