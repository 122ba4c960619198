import FolioCore

/// Rewrites where the HTML of quiz text points into the media folder, so that a media
/// path means the same thing everywhere in the bundle: `media/<path>`, from the bundle's
/// root, as in chapters. Quiz text is inline Markdown rendered by cmark, whose
/// attributes are always double-quoted, so `src="` and `href="` are found as written.
public enum MediaAddresses {
    /// `src` and `href` values starting with `from` start with `to` instead.
    public static func rewrite(_ html: String, from: String, to: String) -> String {
        // Over the bytes: Foundation's `contains` goes through a bridged string, and every
        // text of every quiz passes through here, most with no address at all.
        guard contains(html, from) else { return html }
        var out = html
        for attribute in ["src=\"", "href=\""] {
            out = out.replacingOccurrences(of: attribute + from, with: attribute + to)
        }
        return out
    }

    /// Whether `needle` occurs in `text`, by bytes (``ByteScan/start(of:in:from:)``): every
    /// text of every quiz is searched, for each chapter's page and the bundle, and a
    /// byte-by-byte search was a hundredth of a build. The bytes are read where the strings
    /// keep them; a string not kept as UTF-8 in one piece is copied first.
    static func contains(_ text: String, _ needle: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { text in
            needle.utf8.withContiguousStorageIfAvailable { ByteScan.start(of: $0, in: text) != nil }
        }
        if let found = found ?? nil { return found }
        return Array(text.utf8).withUnsafeBufferPointer { text in Array(needle.utf8).withUnsafeBufferPointer { ByteScan.start(of: $0, in: text) != nil } }
    }

    /// The same rewriting over every text of a quiz: its questions' and its reflections'.
    public static func rewrite(_ quiz: Quiz, from: String, to: String) -> Quiz {
        // Most quizzes show no media: they are given back as they are, rather than copied
        // field by field into a quiz equal to them, which every chapter page then
        // compared with the first, field by field.
        guard mentions(quiz, from) else { return quiz }
        func text(_ rich: RichText) -> RichText { RichText(markdown: rich.markdown, html: rewrite(rich.html, from: from, to: to)) }
        var quiz = quiz
        for q in quiz.questions.indices {
            quiz.questions[q].prompt = text(quiz.questions[q].prompt)
            quiz.questions[q].hints = quiz.questions[q].hints.map(text)
            quiz.questions[q].explanation = quiz.questions[q].explanation.map(text)
            for c in quiz.questions[q].choices.indices {
                quiz.questions[q].choices[c].text = text(quiz.questions[q].choices[c].text)
                quiz.questions[q].choices[c].hint = quiz.questions[q].choices[c].hint.map(text)
                quiz.questions[q].choices[c].feedback = quiz.questions[q].choices[c].feedback.map(text)
            }
        }
        for r in quiz.reflections?.indices ?? 0..<0 {
            quiz.reflections![r].prompt = text(quiz.reflections![r].prompt)
            quiz.reflections![r].discussion = quiz.reflections![r].discussion.map(text)
        }
        return quiz
    }

    /// Whether the HTML of any text of `quiz`, its questions' and its reflections', holds
    /// `from`.
    static func mentions(_ quiz: Quiz, _ from: String) -> Bool {
        for question in quiz.questions {
            if contains(question.prompt.html, from) { return true }
            if let explanation = question.explanation, contains(explanation.html, from) { return true }
            for hint in question.hints where contains(hint.html, from) { return true }
            for choice in question.choices {
                if contains(choice.text.html, from) { return true }
                if let hint = choice.hint, contains(hint.html, from) { return true }
                if let feedback = choice.feedback, contains(feedback.html, from) { return true }
            }
        }
        for reflection in quiz.reflections ?? [] {
            if contains(reflection.prompt.html, from) { return true }
            if let discussion = reflection.discussion, contains(discussion.html, from) { return true }
        }
        return false
    }
}
