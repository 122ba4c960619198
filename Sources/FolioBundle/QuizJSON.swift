import FolioCore
import FolioModel
import Foundation

/// A quiz's file of the bundle (`quizzes/<id>.json`), written straight into bytes: the
/// same bytes as ``JSONOutput/pretty(_:)`` gives for the quiz, without the tree of boxed
/// values the encoder makes first; a large program's quizzes are half the bundle's JSON.
/// One of the twins docs/development.md lists with what each saves; `BundleJSONShapeTests`
/// compares the two on every quiz of the fixtures and on quizzes made at random.
///
/// Keys come in the order of their bytes, and a nil value is left out, as the encoder
/// does with the model's `Codable` conformances; a field added to the model must be
/// added here too, which the test tells.
enum QuizJSON {
    static func pretty(_ quiz: Quiz) throws -> Data {
        var out = JSONStream(pretty: true, capacity: 2048 + quiz.questions.count * 2048)
        try write(quiz, to: &out)
        return Data(out.bytes)
    }

    static func write(_ quiz: Quiz, to out: inout JSONStream) throws {
        out.beginObject()
        if let chapter = quiz.chapter { out.string("chapter", chapter) }
        if let draw = quiz.draw { out.number("draw", draw) }
        if let fromDeck = quiz.fromDeck { out.string("fromDeck", fromDeck) }
        out.string("id", quiz.id)
        out.string("mode", quiz.mode.rawValue)
        if let passPercent = quiz.passPercent { try out.number("passPercent", passPercent) }
        out.key("questions")
        out.beginArray()
        for question in quiz.questions {
            out.element()
            try write(question, to: &out)
        }
        out.endArray()
        if let reflections = quiz.reflections {
            out.key("reflections")
            out.beginArray()
            for reflection in reflections {
                out.element()
                out.beginObject()
                if let discussion = reflection.discussion { out.richText("discussion", discussion) }
                out.string("id", reflection.id)
                out.richText("prompt", reflection.prompt)
                out.endObject()
            }
            out.endArray()
        }
        if let showAnswers = quiz.showAnswers { out.bool("showAnswers", showAnswers) }
        out.string("shuffle", quiz.shuffle.rawValue)
        if let timeLimitSeconds = quiz.timeLimitSeconds { out.number("timeLimitSeconds", timeLimitSeconds) }
        out.string("title", quiz.title)
        out.endObject()
    }

    private static func write(_ question: Question, to out: inout JSONStream) throws {
        out.beginObject()
        if let accept = question.accept { out.strings("accept", accept) }
        if let answer = question.answer { out.bool("answer", answer) }
        out.key("choices")
        out.beginArray()
        for choice in question.choices {
            out.element()
            out.beginObject()
            out.bool("correct", choice.correct)
            if let feedback = choice.feedback { out.richText("feedback", feedback) }
            if let hint = choice.hint { out.richText("hint", hint) }
            out.string("id", choice.id)
            out.richText("text", choice.text)
            out.endObject()
        }
        out.endArray()
        if let explanation = question.explanation { out.richText("explanation", explanation) }
        out.key("hints")
        out.beginArray()
        for hint in question.hints {
            out.element()
            out.richText(hint)
        }
        out.endArray()
        out.string("id", question.id)
        if let number = question.number { try out.number("number", number) }
        out.bool("partial", question.partial)
        try out.number("points", question.points)
        out.richText("prompt", question.prompt)
        if let tolerance = question.tolerance { try out.number("tolerance", tolerance) }
        out.string("type", question.type.rawValue)
        out.endObject()
    }
}

/// A quiz's entries, key and value at once.
extension JSONStream {
    fileprivate mutating func number(_ key: String, _ value: Double) throws {
        self.key(key)
        try number(value)
    }

    fileprivate mutating func richText(_ key: String, _ text: RichText) {
        self.key(key)
        richText(text)
    }

    fileprivate mutating func richText(_ text: RichText) {
        beginObject()
        string("html", text.html)
        string("markdown", text.markdown)
        endObject()
    }
}
