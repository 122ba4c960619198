import FolioCore
import Foundation

/// `insights.html`: the summary (``InsightsSummary``) as one page staff can read at a
/// glance and print. Each quiz has a chart: its questions, the hardest first, each with a
/// bar for its estimated first-try miss rate and a line across its 95% interval, its text
/// and choices (the right ones marked), and how many worked it out after the hint. One
/// file, with its styles inside and no script, to be opened from a folder or a mail.
public struct InsightsPage: Sendable {
    public let summary: InsightsSummary

    public init(_ summary: InsightsSummary) { self.summary = summary }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

    static func range(_ estimate: RateEstimate) -> String { "\(percent(estimate.lower))–\(percent(estimate.upper))" }

    /// A bar of `estimate` with its interval, 0 to 100% across.
    static func bar(_ estimate: RateEstimate, label: String, kind: String) -> String {
        let width = 300.0
        func x(_ value: Double) -> String { String(format: "%.1f", value * width) }
        return """
            <svg class="bar \(kind)" viewBox="0 0 \(Int(width)) 18" width="\(Int(width))" height="18" role="img" aria-label="\(HTMLText.escape(label))">\
            <rect class="track" x="0" y="3" width="\(Int(width))" height="12" rx="2"></rect>\
            <rect class="value" x="0" y="3" width="\(x(estimate.rate))" height="12" rx="2"></rect>\
            <line class="interval" x1="\(x(estimate.lower))" x2="\(x(estimate.upper))" y1="9" y2="9"></line>\
            <line class="interval" x1="\(x(estimate.lower))" x2="\(x(estimate.lower))" y1="4" y2="14"></line>\
            <line class="interval" x1="\(x(estimate.upper))" x2="\(x(estimate.upper))" y1="4" y2="14"></line></svg>
            """
    }

    public func html() -> String {
        let s = summary
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <meta name="robots" content="noindex">
            <title>What the group finds hard · \(HTMLText.escape(s.title))</title>
            <style>\(Self.styles)</style>
            </head>
            <body>
            <main>
            <h1>What the group finds hard</h1>
            <p class="lead">\(HTMLText.escape(s.title))

            """
        if let first = s.firstDay, let last = s.lastDay {
            out += " · \(s.reports) anonymous report\(s.reports == 1 ? "" : "s") from \(first == last ? first : "\(first) to \(last)")"
        } else {
            out += " · no reports yet"
        }
        out += "</p>\n"
        let settings = s.settings.map { Self.percent($0) }.joined(separator: ", ")
        out += """
            <details class="how"><summary>How to read this page</summary>
            <p>Each learner who said yes sent one report after each chapter quiz, about one question drawn at random. Before it left her device, each answer in it was replaced by a coin toss \(settings.isEmpty ? "" : "\(settings) of the time"), so no report says anything certain about anyone. Together, they estimate the group's rates.</p>
            <p>A bar is an estimate; the line across it is its 95% interval: the true rate is very likely inside it. Fewer reports make longer lines. A group of fewer than \(s.minimum) reports shows no estimate.</p>
            </details>

            """
        if s.quizzes.isEmpty {
            out += "<p class=\"empty\">No report is about a quiz of this program yet.</p>\n"
        }
        if !s.quizzes.isEmpty {
            out += "<nav aria-label=\"Quizzes\"><ol class=\"contents\">\n"
            for quiz in s.quizzes {
                out += "<li><a href=\"#quiz-\(HTMLText.escape(quiz.quiz))\">\(HTMLText.escape(Self.heading(quiz)))</a></li>\n"
            }
            out += "</ol></nav>\n"
        }
        for quiz in s.quizzes {
            out += "<section class=\"quiz\" id=\"quiz-\(HTMLText.escape(quiz.quiz))\" aria-labelledby=\"title-\(HTMLText.escape(quiz.quiz))\">\n"
            out += "<h2 id=\"title-\(HTMLText.escape(quiz.quiz))\">\(HTMLText.escape(Self.heading(quiz)))</h2>\n"
            out += "<p class=\"facts\">\(quiz.reports) report\(quiz.reports == 1 ? "" : "s")"
            if let passed = quiz.passed {
                out += " · <strong>\(Self.percent(passed.rate))</strong> passed the quiz and finished the chapter (\(Self.range(passed)))"
            } else {
                out += " · too few to estimate how many finish the chapter"
            }
            out += "</p>\n<ol class=\"questions\">\n"
            for question in quiz.questions {
                out += "<li class=\"question\">\n<div class=\"text\">\(question.promptHTML)"
                if !question.choices.isEmpty {
                    out += "<ul class=\"choices\">"
                    for choice in question.choices {
                        out += choice.correct ? "<li class=\"right\"><span class=\"mark\">✓ right</span> " : "<li>"
                        out += choice.html + "</li>"
                    }
                    out += "</ul>"
                }
                if let answer = question.answer {
                    out += "<p class=\"answer\"><span class=\"mark\">✓ right answer</span> \(HTMLText.escape(answer))</p>"
                }
                out += "</div>\n<div class=\"figures\">"
                if let missed = question.missed {
                    let label = "\(Self.percent(missed.rate)) missed it on the first try (95% interval \(Self.range(missed)))"
                    out += "<p class=\"figure\">" + Self.bar(missed, label: label, kind: "missed")
                    out +=
                        "<span><strong>\(Self.percent(missed.rate))</strong> missed it on the first try <span class=\"range\">(\(Self.range(missed)))</span></span></p>"
                    if let worked = question.workedOut {
                        let label = "\(Self.percent(worked.rate)) worked it out after the hint (95% interval \(Self.range(worked)))"
                        out += "<p class=\"figure\">" + Self.bar(worked, label: label, kind: "worked")
                        out += "<span>\(Self.percent(worked.rate)) worked it out after the hint <span class=\"range\">(\(Self.range(worked)))</span></span></p>"
                    }
                    out += "<p class=\"count\">\(question.reports) reports</p>"
                } else {
                    out += "<p class=\"too-few\">\(question.reports) report\(question.reports == 1 ? "" : "s"): too few to estimate (\(s.minimum) needed)</p>"
                }
                out += "</div>\n</li>\n"
            }
            out += "</ol>\n</section>\n"
        }
        if s.otherPrograms > 0 || s.unknownQuestions > 0 {
            out += "<p class=\"note\">Left out: "
            var parts: [String] = []
            if s.otherPrograms > 0 { parts.append("\(s.otherPrograms) report\(s.otherPrograms == 1 ? "" : "s") of another program") }
            if s.unknownQuestions > 0 {
                parts.append("\(s.unknownQuestions) report\(s.unknownQuestions == 1 ? "" : "s") about a quiz or question this program no longer has")
            }
            out += parts.joined(separator: "; ") + ".</p>\n"
        }
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    static func heading(_ quiz: InsightsSummary.QuizSummary) -> String {
        if let number = quiz.chapterNumber, let title = quiz.chapterTitle {
            return "Chapter \(number): \(title)" + (quiz.title.lowercased() == title.lowercased() ? "" : " · \(quiz.title)")
        }
        return quiz.title
    }

    static let styles = """
        :root { color-scheme: light; --text: #1f1d2b; --muted: #55516a; --accent: #722a96; --track: #ece7f3; --worked: #1d6b52; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: #fffdf9; }
        main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
        h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
        .lead { margin-top: 0; color: var(--muted); }
        .how { margin: 1rem 0 1.5rem; padding: .75rem 1rem; border: 1px solid var(--track); border-radius: .5rem; max-width: 48rem; }
        .how summary { cursor: pointer; font-weight: 600; }
        .contents { columns: 2; padding-left: 1.25rem; }
        .quiz { margin: 2rem 0; page-break-inside: avoid; }
        .quiz h2 { margin-bottom: .25rem; font-size: 1.3rem; border-bottom: 2px solid var(--accent); padding-bottom: .25rem; }
        .facts { color: var(--muted); margin-top: .25rem; }
        .questions { list-style: none; padding: 0; margin: 0; }
        .question { display: grid; grid-template-columns: minmax(0, 1fr) 23rem; gap: 1.5rem; padding: .75rem 0; border-bottom: 1px solid var(--track); break-inside: avoid; }
        .question .text p { margin: 0 0 .25rem; font-weight: 600; }
        .choices { margin: .25rem 0 0; padding-left: 1.25rem; color: var(--muted); font-size: .95rem; }
        .choices .right { color: var(--text); }
        .question .text p.answer { font-weight: normal; color: var(--muted); margin-top: .25rem; }
        .mark { color: var(--worked); font-weight: 600; font-size: .85rem; }
        .figure { margin: 0 0 .35rem; display: flex; flex-direction: column; }
        .figure span { font-size: .95rem; }
        .range, .count, .too-few { color: var(--muted); }
        .count, .too-few { margin: 0; font-size: .9rem; }
        svg.bar .track { fill: var(--track); }
        svg.bar.missed .value { fill: var(--accent); }
        svg.bar.worked .value { fill: var(--worked); }
        svg.bar .interval { stroke: var(--text); stroke-width: 1.5; }
        .note, .empty { color: var(--muted); }
        @media (max-width: 44rem) { .question { grid-template-columns: 1fr; gap: .5rem; } .contents { columns: 1; } }
        @media print { main { max-width: none; padding: 0; } .how { display: none; } a { color: inherit; text-decoration: none; } }
        """
}
