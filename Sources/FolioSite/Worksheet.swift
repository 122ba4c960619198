import FolioModel

/// A quiz on paper: each question with boxes to tick, or lines to write on, and the
/// reflections with room to answer; no answer, hint or feedback, which a facilitator's
/// guide holds instead. A chapter's page carries it for `@media print` (its quiz needs a
/// screen); the workbook shows it under each chapter.
struct Worksheet {
    let quiz: Quiz
    let words: QuizWords

    func html(into out: inout HTMLBytes) {
        out += "<section class=\"worksheet\" aria-label=\""
        out += words.worksheet
        out += "\">\n<h2 class=\"worksheet-title\">"
        words.heading(of: quiz, into: &out)
        out += "</h2>\n"
        if let draw = quiz.draw, draw < quiz.questions.count {
            out += "<p class=\"muted\">"
            out.escaped(words.site.text("print.worksheet-draw", ["draw": words.site.number(Double(draw))]))
            out += "</p>\n"
        }
        out += "<ol class=\"worksheet-questions\">\n"
        for question in quiz.questions {
            out += "<li class=\"worksheet-question\"><p class=\"worksheet-prompt\">"
            out += question.prompt.html
            if question.type == .multiple {
                out += " <span class=\"muted\">"
                out += words.chooseAll
                out += "</span>"
            }
            out += "</p>"
            switch question.type {
            case .single, .multiple:
                out += question.type == .single ? "<ul class=\"tick-boxes round\">" : "<ul class=\"tick-boxes\">"
                for choice in question.choices {
                    out += "<li>"
                    out += choice.text.html
                    out += "</li>"
                }
                out += "</ul>"
            case .trueFalse:
                out += "<ul class=\"tick-boxes round inline\"><li>"
                out += words.trueText
                out += "</li><li>"
                out += words.falseText
                out += "</li></ul>"
            case .number:
                out += "<p class=\"write-on\"><span class=\"write-label\">"
                out += words.yourNumber
                out += "</span> <span class=\"write-line short\"></span></p>"
            case .text:
                out += "<p class=\"write-on\"><span class=\"write-label\">"
                out += words.yourAnswer
                out += "</span> <span class=\"write-line\"></span></p>"
            }
            out += "</li>\n"
        }
        out += "</ol>\n"
        if let reflections = quiz.reflections, !reflections.isEmpty {
            out += "<h3>"
            out += words.thinkAboutIt
            out += "</h3>\n<ol class=\"worksheet-reflections\">\n"
            for reflection in reflections {
                out += "<li><p class=\"worksheet-prompt\">"
                out += reflection.prompt.html
                out += "</p><span class=\"write-line\"></span><span class=\"write-line\"></span><span class=\"write-line\"></span></li>\n"
            }
            out += "</ol>\n"
        }
        out += "</section>\n"
    }
}
