import FolioCore
import FolioModel
import Foundation

/// The quiz at the end of a chapter. The page carries the quiz as the bundle has it (a
/// JSON data block), which `quiz.js` grades with the web engine; and, for a browser
/// without JavaScript, a simpler quiz where picking a choice shows its hint or
/// feedback through CSS (`:checked`) and typed answers can be revealed.
struct QuizMarkup {
    let quiz: Quiz
    let chapter: String

    func html() -> String {
        var out =
            "<section class=\"quiz\" id=\"quiz\" aria-labelledby=\"quiz-title\" data-quiz=\"\(HTML.escape(quiz.id))\" "
            + "data-chapter=\"\(HTML.escape(chapter))\" data-source=\"quiz-data\">\n"
        // Every chapter ends the same way; the quiz's own title follows when it says more.
        let title = quiz.title.lowercased() == "test your knowledge" ? "" : ": \(HTML.escape(quiz.title))"
        out += "<h2 id=\"quiz-title\">Test your knowledge\(title)</h2>\n"
        var facts: [String] = ["\(quiz.questions.count) question\(quiz.questions.count == 1 ? "" : "s")"]
        if let draw = quiz.draw { facts[0] = "\(draw) of \(quiz.questions.count) questions each time" }
        if let pass = quiz.passPercent { facts.append("pass mark \(Self.number(pass))%") }
        if let limit = quiz.timeLimitSeconds { facts.append("time limit \(Self.duration(limit))") }
        out += "<p class=\"muted\">\(facts.joined(separator: " · "))</p>\n"
        out += "<div class=\"quiz-static\">\n"
        for (index, question) in quiz.questions.enumerated() {
            out += questionHTML(question, number: index + 1)
        }
        out += "</div>\n"
        out += "<script type=\"application/json\" id=\"quiz-data\">\(HTML.scriptJSON(Self.json(quiz)))</script>\n"
        out += "</section>\n"
        return out
    }

    /// The quiz as the bundle's `quizzes/<id>.json` has it, so the page grades exactly
    /// what the apps receive.
    static func json(_ quiz: Quiz) -> String {
        return (try? JSONOutput.compact(quiz)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private func questionHTML(_ question: Question, number: Int) -> String {
        let name = "\(quiz.id)-\(question.id)"
        var out =
            "<fieldset class=\"question\" id=\"\(HTML.escape(name))\" data-question=\"\(HTML.escape(question.id))\" data-type=\"\(question.type.rawValue)\">\n"
        let kindNote: String
        switch question.type {
        case .multiple: kindNote = " <span class=\"muted\">(choose all that apply)</span>"
        default: kindNote = ""
        }
        out += "<legend><span class=\"question-number\">Question \(number)</span> \(question.prompt.html)\(kindNote)</legend>\n"
        let explanation = question.explanation.map { "<p class=\"explanation\">\($0.html)</p>" } ?? ""
        switch question.type {
        case .single, .multiple:
            let input = question.type == .single ? "radio" : "checkbox"
            out += "<ul class=\"choices\">\n"
            for choice in question.choices {
                let id = "\(name)-\(choice.id)"
                out += "<li class=\"choice\"><input type=\"\(input)\" name=\"\(HTML.escape(name))\" id=\"\(HTML.escape(id))\" value=\"\(choice.id)\">"
                out += "<label for=\"\(HTML.escape(id))\">\(choice.text.html)</label>"
                if choice.correct {
                    let extra = question.type == .single ? explanation : ""
                    out += "<div class=\"response right\" role=\"status\"><p><strong>Right!</strong> \(choice.feedback?.html ?? "")</p>\(extra)</div>"
                } else {
                    let hint = choice.hint?.html ?? question.hints.first?.html ?? ""
                    out += "<div class=\"response wrong\" role=\"status\"><p><strong>Not quite.</strong> \(hint)</p></div>"
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        case .trueFalse:
            out += "<ul class=\"choices\">\n"
            for value in [true, false] {
                let id = "\(name)-\(value)"
                out += "<li class=\"choice\"><input type=\"radio\" name=\"\(HTML.escape(name))\" id=\"\(HTML.escape(id))\" value=\"\(value)\">"
                out += "<label for=\"\(HTML.escape(id))\">\(value ? "True" : "False")</label>"
                if value == question.answer {
                    out += "<div class=\"response right\" role=\"status\"><p><strong>Right!</strong></p>\(explanation)</div>"
                } else {
                    out += "<div class=\"response wrong\" role=\"status\"><p><strong>Not quite.</strong> \(question.hints.first?.html ?? "")</p></div>"
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        case .text, .number:
            let id = "\(name)-answer"
            let type = question.type == .number ? "text\" inputmode=\"decimal" : "text"
            out +=
                "<p><label for=\"\(HTML.escape(id))\">Your answer</label> <input type=\"\(type)\" id=\"\(HTML.escape(id))\" name=\"\(HTML.escape(name))\" autocomplete=\"off\"></p>\n"
            let answer: String
            if question.type == .number {
                answer = Self.number(question.number ?? 0) + ((question.tolerance ?? 0) > 0 ? " (give or take \(Self.number(question.tolerance!)))" : "")
            } else {
                answer = (question.accept ?? []).map(HTML.escape).joined(separator: " or ")
            }
            out += "<details class=\"reveal\"><summary>Show the answer</summary><p>\(answer)</p>\(explanation)</details>\n"
        }
        if !question.hints.isEmpty {
            out += "<details class=\"hints\"><summary>Need a hint?</summary><ol>"
            out += question.hints.map { "<li>\($0.html)</li>" }.joined()
            out += "</ol></details>\n"
        }
        out += "</fieldset>\n"
        return out
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func duration(_ seconds: Int) -> String { DurationText.words(seconds) }
}
