import FolioCore
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation

/// A value as it was written, with where.
struct Stated<Value> {
    var value: Value
    var location: SourceLocation
}

/// A quiz file as written: every field read into Swift values, with the places of its
/// parts, and nothing judged yet (that is `Check/QuizSettingRules.swift`,
/// `Check/QuestionRules.swift` and `Check/QuizRules.swift`). What could not be read at
/// all (a field of the wrong kind, an unknown field, a missing title) was reported.
struct WrittenQuiz {
    var file: String
    var location: SourceLocation
    var id: String
    var idLocation: SourceLocation
    var title: String
    var mode: Stated<String>?
    var shuffle: Stated<String>?
    var pass: YAMLNode?
    var timeLimit: YAMLNode?
    var draw: Stated<Int>?
    var showAnswers: Stated<Bool>?
    var fromDeck: WrittenDeckRequest?
    /// Where `questions:` is written, when it is.
    var questionsKey: SourceLocation?
    var questionsField: QuestionsField
    var questions: [WrittenQuestion]
    /// What the author wrote for the facilitator (``FacilitatorFields``).
    var facilitator: FacilitatorNotes? = nil

    /// What the file says about its questions.
    enum QuestionsField {
        /// A list, of `count` items, at `location`.
        case list(count: Int, location: SourceLocation)
        /// `questions:` with nothing after it.
        case empty
        /// No `questions:` at all (or one that was misspelt, and reported).
        case missing(misspelt: Bool)
        /// `questions:` of another kind than a list: reported.
        case unreadable
    }
}

/// `quiz_from_deck:` as written.
struct WrittenDeckRequest {
    var location: SourceLocation
    var deck: Stated<String>
    var count: Stated<Int>?
    var style: Stated<String>?
}

/// One question as written.
struct WrittenQuestion {
    var location: SourceLocation
    /// Its place in the quiz, from 1.
    var position: Int
    var id: Stated<String>?
    var prompt: String?
    var type: Stated<String>?
    /// Whether `choices:` is written, where, and what could be read of it.
    var choicesLocation: SourceLocation?
    var choices: [WrittenChoice]
    /// The list of choices, or a choice in it, could not be read, or `correct` was written
    /// on the question instead of a choice.
    var choicesUnread: Bool
    var answer: YAMLNode?
    var accept: Stated<[String]>?
    /// `accept` is written as one text without quotes rather than as a list.
    var acceptIsOneText: Bool
    var acceptUnread: Bool
    var tolerance: Stated<Double>?
    var points: Stated<Double>?
    var partial: Bool?
    var hints: [String]
    /// `hint` or `hints` could not be read.
    var hintsUnread: Bool
    var explanation: String?
    /// A reflection question's discussion prompt.
    var discussion: String?
    /// The fields written, each with where its name is.
    var keys: [String: SourceLocation]
    /// The fields whose names were misspelt (and reported).
    var misspelt: Set<String>
}

/// One choice as written.
struct WrittenChoice {
    /// Its place among the items of `choices`, from 1.
    var position: Int
    var location: SourceLocation
    var id: Stated<String>?
    var text: String?
    var correct: Bool?
    /// `correct` is written but could not be read as `true` or `false`.
    var correctUnread: Bool
    var hint: String?
    var hintUnread: Bool
    var hintKey: SourceLocation?
    var feedback: String?
    var feedbackKey: SourceLocation?
}

/// Reads a quiz file into a ``WrittenQuiz``: the shape of the data, nothing more.
enum QuizParser {
    static let fields = ["id", "title", "mode", "pass", "shuffle", "draw", "time_limit", "show_answers", "questions", "quiz_from_deck", "facilitator"]
    static let questionFields = [
        "id", "prompt", "type", "choices", "hint", "hints", "explanation", "points", "partial", "answer", "accept", "tolerance", "discussion",
    ]
    static let choiceFields = ["id", "text", "correct", "hint", "feedback"]
    static let deckFields = ["deck", "count", "style"]

    static func parse(_ file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> WrittenQuiz? {
        YAMLFile.read(file, diagnostics: &diagnostics) { root, diagnostics in parse(root, of: file, idName: idName, diagnostics: &diagnostics) }
    }

    /// The quiz `root` holds, read from `file`.
    static func parse(_ root: YAMLNode, of file: SourceFile, idName: String? = nil, diagnostics: inout DiagnosticList) -> WrittenQuiz? {
        FormattedTextRules.check(root, fields: FormattedTextRules.quizFields, in: file, diagnostics: &diagnostics)
        guard
            let fields = FieldReader(
                root, what: "a quiz", allowed: Self.fields, elsewhere: [("a question", questionFields), ("a choice", choiceFields)],
                diagnostics: &diagnostics)
        else { return nil }
        let statedID = fields.id(of: file, kind: "quiz", name: idName, diagnostics: &diagnostics)
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: Test your knowledge` (or a title of your own)")
        func stated<T>(_ key: String, _ value: T?) -> Stated<T>? { value.map { Stated(value: $0, location: fields.location(of: key)!) } }

        var written = WrittenQuiz(
            file: file.path, location: root.location, id: statedID?.id ?? "", idLocation: statedID?.location ?? .startOf(file.path), title: title ?? "",
            mode: stated("mode", fields.string("mode", diagnostics: &diagnostics)),
            shuffle: stated("shuffle", fields.string("shuffle", diagnostics: &diagnostics)), pass: fields.value("pass", diagnostics: &diagnostics),
            timeLimit: fields.value("time_limit", diagnostics: &diagnostics), draw: stated("draw", fields.integer("draw", diagnostics: &diagnostics)),
            showAnswers: stated("show_answers", fields.bool("show_answers", diagnostics: &diagnostics)), fromDeck: nil,
            questionsKey: fields.keyLocation(of: "questions"), questionsField: .unreadable, questions: [])

        if let facilitator = fields.value("facilitator", diagnostics: &diagnostics) {
            written.facilitator = FacilitatorFields.read(facilitator, diagnostics: &diagnostics)
        }
        if let request = fields.value("quiz_from_deck", diagnostics: &diagnostics) {
            // Questions beside a deck are a mistake the check reports; they are not read.
            written.fromDeck = deckRequest(request, diagnostics: &diagnostics)
        } else if let items = fields.list("questions", diagnostics: &diagnostics) {
            written.questionsField = .list(count: items.count, location: fields.location(of: "questions")!)
            for (index, item) in items.enumerated() {
                if let question = parseQuestion(item, position: index + 1, diagnostics: &diagnostics) { written.questions.append(question) }
            }
        } else if fields.isEmpty("questions") {
            written.questionsField = .empty
        } else if !fields.has("questions") {
            written.questionsField = .missing(misspelt: fields.misspelt.contains("questions") || fields.misspelt.contains("quiz_from_deck"))
        }
        // A missing title is reported; the rest of the quiz is still read.
        guard statedID != nil else { return nil }
        return written
    }

    private static func deckRequest(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> WrittenDeckRequest? {
        guard let fields = FieldReader(node, what: "`quiz_from_deck`", allowed: deckFields, elsewhere: [("a quiz", Self.fields)], diagnostics: &diagnostics)
        else { return nil }
        let deck = fields.string("deck", required: true, diagnostics: &diagnostics, help: "add `deck: <the deck's id>`")
        let count = fields.integer("count", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "count")!) }
        let style = fields.string("style", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "style")!) }
        guard let deck else { return nil }
        return WrittenDeckRequest(location: node.location, deck: Stated(value: deck, location: fields.location(of: "deck")!), count: count, style: style)
    }

    private static func parseQuestion(_ node: YAMLNode, position: Int, diagnostics: inout DiagnosticList) -> WrittenQuestion? {
        guard
            let fields = FieldReader(
                node, what: "a question", allowed: questionFields, elsewhere: [("a choice", choiceFields), ("a quiz", Self.fields)], diagnostics: &diagnostics)
        else { return nil }
        let prompt = fields.string("prompt", required: true, diagnostics: &diagnostics, help: "add `prompt: <the question>`")
        let id = fields.string("id", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "id")!) }

        let items = fields.list("choices", diagnostics: &diagnostics)
        var choicesUnread = fields.couldNotRead("choices", read: items) || fields.misplaced.contains("correct")
        var choices: [WrittenChoice] = []
        for (index, item) in (items ?? []).enumerated() {
            guard
                let choice = FieldReader(
                    item, what: "a choice", allowed: choiceFields, textField: "text", elsewhere: [("a question", questionFields), ("a quiz", Self.fields)],
                    diagnostics: &diagnostics)
            else {
                choicesUnread = true
                continue
            }
            let text = choice.string("text", required: true, diagnostics: &diagnostics, help: "add `text: <what the learner can pick>`")
            let correct = choice.bool("correct", diagnostics: &diagnostics)
            let hint = choice.string("hint", diagnostics: &diagnostics)
            choices.append(
                WrittenChoice(
                    position: index + 1, location: item.location,
                    id: choice.string("id", diagnostics: &diagnostics).map { Stated(value: $0, location: choice.location(of: "id")!) }, text: text,
                    correct: correct, correctUnread: choice.couldNotRead("correct", read: correct),
                    hint: hint,
                    hintUnread: choice.couldNotRead("hint", read: hint), hintKey: choice.keyLocation(of: "hint"),
                    feedback: choice.string("feedback", diagnostics: &diagnostics), feedbackKey: choice.keyLocation(of: "feedback")))
        }

        let readAccept = fields.stringList("accept", diagnostics: &diagnostics)
        let hint = fields.string("hint", diagnostics: &diagnostics)
        let hintList = fields.list("hints", diagnostics: &diagnostics)
        var hints = hint.map { [$0] } ?? []
        if let hintList { hints += hintList.compactMap { FieldReader.string($0, field: "hints", diagnostics: &diagnostics) } }
        let keys = Dictionary(fields.pairs.map { ($0.key, $0.keyLocation) }, uniquingKeysWith: { _, last in last })
        return WrittenQuestion(
            location: node.location, position: position, id: id, prompt: prompt,
            type: fields.string("type", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "type")!) },
            choicesLocation: fields.location(of: "choices"), choices: choices, choicesUnread: choicesUnread,
            answer: fields.value("answer", diagnostics: &diagnostics),
            accept: readAccept.map { Stated(value: $0, location: fields.location(of: "accept")!) },
            acceptIsOneText: fields.isPlainScalar("accept"), acceptUnread: fields.couldNotRead("accept", read: readAccept),
            tolerance: fields.number("tolerance", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "tolerance")!) },
            points: fields.number("points", diagnostics: &diagnostics).map { Stated(value: $0, location: fields.location(of: "points")!) },
            partial: fields.bool("partial", diagnostics: &diagnostics), hints: hints,
            hintsUnread: fields.couldNotRead("hint", read: hint) || fields.couldNotRead("hints", read: hintList),
            explanation: fields.string("explanation", diagnostics: &diagnostics), discussion: fields.string("discussion", diagnostics: &diagnostics),
            keys: keys, misspelt: fields.misspelt)
    }
}
