import FolioCore
import FolioModel
import Foundation

/// The quiz at the end of a chapter. The page carries the quiz as the bundle has it (a
/// JSON data block), which `quiz.js` grades with the web engine; and, for a browser
/// without JavaScript, a simpler quiz where picking a choice shows its hint or
/// feedback through CSS (`:checked`) and typed answers can be revealed.
struct QuizMarkup {
    let quiz: Quiz
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
        // Every chapter ends the same way; the quiz's own title follows when it says more.
        out += deck == nil ? "<h2 id=\"quiz-title\">Test your knowledge" : "<h2 id=\"quiz-title\">Quiz me on this deck"
        if deck == nil, quiz.title.lowercased() != "test your knowledge" {
            out += ": "
            out.escaped(quiz.title)
        }
        out += "</h2>\n"
        var facts: [String] = ["\(quiz.questions.count) question\(quiz.questions.count == 1 ? "" : "s")"]
        if let draw = quiz.draw { facts[0] = "\(draw) of \(quiz.questions.count) questions each time" }
        if let pass = quiz.passPercent { facts.append("pass mark \(Self.number(pass))%") }
        if let limit = quiz.timeLimitSeconds { facts.append("time limit \(Self.duration(limit))") }
        out += "<p class=\"muted\">"
        out += facts.joined(separator: " · ")
        out += "</p>\n<div class=\"quiz-static\">\n"
        for (index, question) in quiz.questions.enumerated() {
            questionHTML(question, number: index + 1, into: &out)
        }
        // Without JavaScript nothing can be kept, but the questions can still be thought about.
        if let reflections = quiz.reflections, !reflections.isEmpty {
            out += "<section class=\"reflections\" aria-label=\"Think about it\">\n<h3>Think about it</h3>\n"
            for reflection in reflections {
                out += "<div class=\"reflection\"><p>"
                out += reflection.prompt.html
                out += "</p>"
                if let discussion = reflection.discussion {
                    out += "<p class=\"discussion\"><strong>Talk about it:</strong> "
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
        out += "\">\n<legend><span class=\"question-number\">Question "
        out += String(number)
        out += "</span> "
        out += question.prompt.html
        if question.type == .multiple { out += " <span class=\"muted\">(choose all that apply)</span>" }
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
            out += "<div class=\"response wrong\" role=\"status\"><p><strong>Not quite.</strong> "
            out += hint
            out += "</p></div>"
        }
        switch question.type {
        case .single, .multiple:
            out += "<ul class=\"choices\">\n"
            for choice in question.choices {
                choiceStart(input: question.type == .single ? "radio" : "checkbox", id: "\(name)-\(choice.id)", value: choice.id, label: choice.text.html)
                if choice.correct {
                    out += "<div class=\"response right\" role=\"status\"><p><strong>Right!</strong> "
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
                choiceStart(input: "radio", id: "\(name)-\(value)", value: "\(value)", label: value ? "True" : "False")
                if value == question.answer {
                    out += "<div class=\"response right\" role=\"status\"><p><strong>Right!</strong></p>"
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
            out += "\">Your answer</label> <input type=\""
            out += question.type == .number ? "text\" inputmode=\"decimal" : "text"
            out += "\" id=\""
            out.escaped(id)
            out += "\" name=\""
            out.escaped(name)
            out += "\" autocomplete=\"off\"></p>\n<details class=\"reveal\"><summary>Show the answer</summary><p>"
            if question.type == .number {
                out += Self.number(question.number ?? 0)
                if (question.tolerance ?? 0) > 0 {
                    out += " (give or take "
                    out += Self.number(question.tolerance!)
                    out += ")"
                }
            } else {
                for (position, accepted) in (question.accept ?? []).enumerated() {
                    if position > 0 { out += " or " }
                    out.escaped(accepted)
                }
            }
            out += "</p>"
            explanation()
            out += "</details>\n"
        }
        if !question.hints.isEmpty {
            out += "<details class=\"hints\"><summary>Need a hint?</summary><ol>"
            for hint in question.hints {
                out += "<li>"
                out += hint.html
                out += "</li>"
            }
            out += "</ol></details>\n"
        }
        out += "</fieldset>\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func duration(_ seconds: Int) -> String { DurationText.words(seconds) }
}
