import FolioCore
import FolioModel
import FolioSyntax
import Foundation

/// A quiz file, read, with the places of its parts kept for the quiz rules.
struct ParsedQuiz {
    var quiz: Quiz
    var file: String
    var location: SourceLocation
    var idLocation: SourceLocation
    var questions: [Located]
    /// How many questions the file lists, read or not: `draw` is checked against what
    /// the author wrote, not against the questions left after a mistake. Nil when there
    /// is no list to count (missing, misspelt or not a list: reported already).
    var writtenQuestionCount: Int?
    var drawLocation: SourceLocation?
    /// For a quiz made from a deck: which deck, how many cards, which style.
    var fromDeck: DeckRequest?

    /// Where one question and its choices were written.
    struct Located {
        var location: SourceLocation
        var idLocation: SourceLocation
        var idStated: Bool
        var choicesLocation: SourceLocation?
        var choiceLocations: [SourceLocation]
        var unread = Unread()
    }

    /// What could not be read in a question, each already reported. The checks that
    /// would need it are left out: with `correct: maybe`, "no correct choice" and "this
    /// wrong choice has no hint" would only repeat the one mistake in other words.
    struct Unread {
        /// The list of choices, a choice, or a choice's `correct`: the number of
        /// choices and of right choices are not checked.
        var choices = false
        /// The question's `hints`: no choice is warned about having no help.
        var hints = false
        /// Choices (by position among those read) whose `correct` or `hint` could not be
        /// read: they are not warned about having no help.
        var choiceHelp: Set<Int> = []
    }

    struct DeckRequest {
        enum Style: String { case typed, choices }
        var deck: String
        var count: Int?
        var style: Style
        var location: SourceLocation
        var deckLocation: SourceLocation
    }
}

/// Reads a quiz file into the bundle's ``Quiz`` model, checking the shape of each
/// question for its type. Rules across questions live in `Check/QuizRules.swift`.
enum QuizParser {
    static let fields = ["id", "title", "mode", "pass", "shuffle", "draw", "time_limit", "questions", "quiz_from_deck"]
    static let questionFields = ["id", "prompt", "type", "choices", "hint", "hints", "explanation", "points", "partial", "answer", "accept", "tolerance"]
    static let choiceFields = ["text", "correct", "hint", "feedback"]
    static let deckFields = ["deck", "count", "style"]

    static func parse(_ file: SourceFile, diagnostics: inout DiagnosticList) -> ParsedQuiz? {
        guard let root = YAMLFile.root(of: file, diagnostics: &diagnostics),
            let fields = FieldReader(
                root, what: "a quiz", allowed: Self.fields, elsewhere: [("a question", questionFields), ("a choice", choiceFields)],
                diagnostics: &diagnostics)
        else { return nil }
        let stated = fields.id(of: file, kind: "quiz", diagnostics: &diagnostics)
        let (id, idLocation) = stated ?? ("", SourceLocation.startOf(file.path))
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: Test your knowledge` (or a title of your own)")

        var quiz = Quiz(id: id, title: title ?? "", questions: [])
        if let mode = fields.string("mode", diagnostics: &diagnostics) {
            quiz.mode = choose(mode, field: "mode", at: fields.location(of: "mode")!, diagnostics: &diagnostics) ?? .practice
        }
        if let shuffle = fields.string("shuffle", diagnostics: &diagnostics) {
            quiz.shuffle = choose(shuffle, field: "shuffle", at: fields.location(of: "shuffle")!, diagnostics: &diagnostics) ?? .none
        }
        if let pass = fields.value("pass", diagnostics: &diagnostics) {
            quiz.passPercent = QuizValues.percentage(pass, diagnostics: &diagnostics)
        }
        if let limit = fields.value("time_limit", diagnostics: &diagnostics) {
            quiz.timeLimitSeconds = QuizValues.duration(limit, diagnostics: &diagnostics)
        }
        if fields.has("draw") {
            quiz.draw = fields.integer("draw", diagnostics: &diagnostics)
            if let draw = quiz.draw, draw < 1 {
                diagnostics.error(.quizDrawTooLarge, at: fields.location(of: "draw")!, "`draw` must be at least 1", help: "remove `draw` to ask every question")
                quiz.draw = nil
            }
        }

        var parsed = ParsedQuiz(
            quiz: quiz, file: file.path, location: root.location, idLocation: idLocation, questions: [],
            drawLocation: fields.location(of: "draw"))

        if let request = fields.value("quiz_from_deck", diagnostics: &diagnostics) {
            parsed.fromDeck = deckRequest(request, diagnostics: &diagnostics)
            if let questions = fields.keyLocation(of: "questions") {
                diagnostics.error(
                    .invalidValue, at: questions, "a quiz made with `quiz_from_deck` cannot also list `questions`",
                    help: "keep `quiz_from_deck` or `questions`, not both; make a second quiz file for the other")
            }
        } else if let items = fields.list("questions", diagnostics: &diagnostics) {
            parsed.writtenQuestionCount = items.count
            for (index, item) in items.enumerated() {
                if let (question, located) = parseQuestion(item, position: index + 1, diagnostics: &diagnostics) {
                    parsed.quiz.questions.append(question)
                    parsed.questions.append(located)
                }
            }
            if items.isEmpty {
                diagnostics.error(
                    .quizNoQuestions, at: fields.location(of: "questions")!, "this quiz has no questions", help: "add at least one question under `questions:`")
            }
        } else if fields.isEmpty("questions"), let at = fields.keyLocation(of: "questions") {
            diagnostics.error(
                .quizNoQuestions, at: at, "`questions:` has nothing under it, so this quiz has no questions",
                help: "write each question under `questions:`, indented, starting with `- prompt: ...`")
        } else if !fields.has("questions"), !fields.misspelt.contains("questions"), !fields.misspelt.contains("quiz_from_deck") {
            diagnostics.error(
                .quizNoQuestions, at: root.location, "this quiz has no `questions`",
                help: "add `questions:` with at least one question, or `quiz_from_deck:` to make questions from a deck")
        }
        // A missing title is reported; the rest of the quiz is still checked.
        guard stated != nil else { return nil }
        return parsed
    }

    private static func choose<T: RawRepresentable & CaseIterable>(
        _ text: String, field: String, at location: SourceLocation, diagnostics: inout DiagnosticList
    ) -> T? where T.RawValue == String {
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        let suggestion = NearestName.find(text, among: names)
        diagnostics.error(
            .invalidValue, at: location, "`\(text)` is not a value `\(field)` can take" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
            help: "use one of " + names.map { "`\($0)`" }.joined(separator: ", "))
        return nil
    }

    private static func deckRequest(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> ParsedQuiz.DeckRequest? {
        guard let fields = FieldReader(node, what: "`quiz_from_deck`", allowed: deckFields, elsewhere: [("a quiz", Self.fields)], diagnostics: &diagnostics)
        else { return nil }
        let deck = fields.string("deck", required: true, diagnostics: &diagnostics, help: "add `deck: <the deck's id>`")
        let count = fields.integer("count", diagnostics: &diagnostics)
        if let count, count < 1, let at = fields.location(of: "count") {
            diagnostics.error(.invalidValue, at: at, "`count` must be at least 1", help: "remove `count` to use every card")
        }
        var style = ParsedQuiz.DeckRequest.Style.typed
        if let text = fields.string("style", diagnostics: &diagnostics) {
            if let chosen = ParsedQuiz.DeckRequest.Style(rawValue: text) {
                style = chosen
            } else {
                let suggestion = NearestName.find(text, among: ["typed", "choices"])
                diagnostics.error(
                    .invalidValue, at: fields.location(of: "style")!,
                    "`\(text)` is not a style for deck quizzes" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: "use `typed` (type the answer) or `choices` (pick one of four)")
            }
        }
        guard let deck else { return nil }
        return .init(deck: deck, count: count.flatMap { $0 >= 1 ? $0 : nil }, style: style, location: node.location, deckLocation: fields.location(of: "deck")!)
    }

    private static func rich(_ text: String) -> RichText {
        RichText(markdown: text, html: InlineMarkdown.html(text))
    }

    private static func parseQuestion(_ node: YAMLNode, position: Int, diagnostics: inout DiagnosticList) -> (Question, ParsedQuiz.Located)? {
        guard
            let fields = FieldReader(
                node, what: "a question", allowed: questionFields, elsewhere: [("a choice", choiceFields), ("a quiz", Self.fields)], diagnostics: &diagnostics)
        else { return nil }
        let prompt = fields.string("prompt", required: true, diagnostics: &diagnostics, help: "add `prompt: <the question>`")
        var id = "q\(position)"
        var idLocation = node.location
        if let stated = fields.string("id", diagnostics: &diagnostics) {
            idLocation = fields.location(of: "id")!
            if Identifier.check(stated, kind: "question", at: idLocation, diagnostics: &diagnostics) { id = stated }
        }

        // Choices first: the default type depends on how many are correct.
        var choices: [Choice] = []
        var choiceLocations: [SourceLocation] = []
        var unread = ParsedQuiz.Unread()
        let items = fields.list("choices", diagnostics: &diagnostics)
        unread.choices = fields.couldNotRead("choices", read: items) || fields.misplaced.contains("correct")
        for (index, item) in (items ?? []).enumerated() {
            guard
                let choice = FieldReader(
                    item, what: "a choice", allowed: choiceFields, elsewhere: [("a question", questionFields), ("a quiz", Self.fields)],
                    diagnostics: &diagnostics)
            else {
                unread.choices = true
                continue
            }
            let text = choice.string("text", required: true, diagnostics: &diagnostics, help: "add `text: <what the learner can pick>`")
            let readCorrect = choice.bool("correct", diagnostics: &diagnostics)
            let readHint = choice.string("hint", diagnostics: &diagnostics)
            let feedback = choice.string("feedback", diagnostics: &diagnostics).map(rich)
            let correct = readCorrect ?? false
            // Whether a choice is right decides which of `hint` and `feedback` it may
            // have; when that cannot be read, neither is wrong.
            let correctUnread = choice.couldNotRead("correct", read: readCorrect)
            if correct, let at = choice.keyLocation(of: "hint") {
                diagnostics.error(
                    .quizFieldNotForType, at: at,
                    "this choice says `correct: true`, but it has a `hint`, which is only shown after a wrong pick",
                    // A `correct: true` added to a wrong choice by mistake looks just like this.
                    help: "if this choice is wrong, write `correct: false`; if it is right, rename `hint` to `feedback`, which is shown when it is picked")
            }
            if !correct, !correctUnread, let at = choice.keyLocation(of: "feedback") {
                diagnostics.error(
                    .quizFieldNotForType, at: at, "a wrong choice does not use `feedback`: feedback is shown after a right pick",
                    help: "rename it to `hint`, which is shown when this wrong choice is picked")
            }
            // A choice left out, or one not known to be right or wrong, makes the count
            // of right choices a guess; and a hint that could not be read is no reason
            // to say the choice has none.
            guard let text else {
                unread.choices = true
                continue
            }
            if correctUnread { unread.choices = true }
            if correctUnread || choice.couldNotRead("hint", read: readHint) { unread.choiceHelp.insert(choices.count) }
            choices.append(Choice(id: "c\(index + 1)", text: rich(text), correct: correct, hint: readHint.map(rich), feedback: feedback))
            choiceLocations.append(item.location)
        }

        // With `type`, `choices`, `answer` or `accept` misspelt, the kind of question is
        // unknown; the misspelling was reported, and checking the question's shape
        // would only guess at it.
        if ["type", "choices", "answer", "accept"].contains(where: fields.misspelt.contains) { return nil }

        var type: Question.Kind
        if let stated = fields.string("type", diagnostics: &diagnostics) {
            guard let known = Question.Kind(rawValue: stated) else {
                let names = Question.Kind.allCases.map(\.rawValue)
                let suggestion = NearestName.find(stated, among: names)
                diagnostics.error(
                    .quizUnknownType, at: fields.location(of: "type")!,
                    "`\(stated)` is not a question type" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: "use one of " + names.map { "`\($0)`" }.joined(separator: ", "))
                return nil
            }
            type = known
        } else if fields.has("choices") {
            type = choices.filter(\.correct).count > 1 ? .multiple : .single
        } else if fields.has("accept") {
            type = .text
        } else if let answer = fields.value("answer", diagnostics: &diagnostics), case .scalar(let text, .plain) = answer.kind, YAMLScalar.bool(text) != nil {
            type = .trueFalse
        } else if fields.has("answer") {
            type = .number
        } else {
            diagnostics.error(
                .missingField, at: node.location, "this question has no `choices` and no answer, so a learner could not answer it",
                help:
                    "add `choices:` (with one marked `correct: true`), or `type:` with its answer (`true-false` + `answer`, `text` + `accept`, `number` + `answer`)"
            )
            return nil
        }

        var question = Question(id: id, type: type, prompt: rich(prompt ?? ""), choices: choices)
        question.points = fields.number("points", diagnostics: &diagnostics) ?? 1
        if question.points <= 0, let at = fields.location(of: "points") {
            diagnostics.error(.invalidValue, at: at, "`points` must be more than 0", help: "use `points: 1` or more, or remove it")
        }
        question.partial = fields.bool("partial", diagnostics: &diagnostics) ?? false
        let hint = fields.string("hint", diagnostics: &diagnostics)
        let hints = fields.list("hints", diagnostics: &diagnostics)
        if let hint { question.hints.append(rich(hint)) }
        if let hints {
            question.hints += hints.compactMap { FieldReader.string($0, field: "hints", diagnostics: &diagnostics) }.map(rich)
        }
        unread.hints = fields.couldNotRead("hint", read: hint) || fields.couldNotRead("hints", read: hints)
        question.explanation = fields.string("explanation", diagnostics: &diagnostics).map(rich)

        let typeName = "a `\(type.rawValue)` question"
        func notFor(_ key: String, _ help: String) {
            if let at = fields.keyLocation(of: key) {
                diagnostics.error(.quizFieldNotForType, at: at, "\(typeName) does not use `\(key)`", help: help)
            }
        }
        switch type {
        case .single, .multiple:
            if !fields.has("choices") {
                diagnostics.error(
                    .missingField, at: node.location, "\(typeName) needs `choices`",
                    help: "add `choices:` with a list of `- text: ...`, marking the right one(s) `correct: true`")
            }
            notFor("answer", "mark the right choice with `correct: true` instead")
            notFor("accept", "`accept` is for `text` questions")
            notFor("tolerance", "`tolerance` is for `number` questions")
            if type == .single { notFor("partial", "`partial` is for `multiple` questions") }
        case .trueFalse:
            notFor("choices", "a true-false question has the choices True and False already; give `answer: true` or `answer: false`")
            notFor("accept", "`accept` is for `text` questions")
            notFor("partial", "`partial` is for `multiple` questions")
            notFor("tolerance", "`tolerance` is for `number` questions")
            if let answer = fields.value("answer", diagnostics: &diagnostics),
                case .scalar(let text, .plain) = answer.kind, let value = YAMLScalar.bool(text)
            {
                question.answer = value
            } else {
                diagnostics.error(
                    .quizTrueFalseAnswer, at: fields.location(of: "answer") ?? node.location,
                    "this true-false question needs `answer: true` or `answer: false`"
                        + (fields.value("answer", diagnostics: &diagnostics).map(FieldReader.notABoolean) ?? ""),
                    help: "add `answer: true` if the statement is true, `answer: false` if not (no quotes)")
            }
        case .text:
            notFor("choices", "a text question is answered by typing; list the accepted answers under `accept`")
            notFor("answer", "list the accepted answers under `accept` instead")
            notFor("partial", "`partial` is for `multiple` questions")
            notFor("tolerance", "`tolerance` is for `number` questions")
            let readAccept = fields.stringList("accept", diagnostics: &diagnostics)
            let accept = readAccept?.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? []
            // An `accept` of the wrong kind was reported; "needs `accept`" would repeat it.
            if accept.isEmpty, !fields.couldNotRead("accept", read: readAccept) {
                diagnostics.error(
                    .quizTextAccept, at: fields.location(of: "accept") ?? node.location, "this text question needs `accept`: the answers that count as right",
                    help: "add `accept: [first answer, another way to say it]`")
            }
            question.accept = accept
        case .number:
            notFor("choices", "a number question is answered by typing a number; give it as `answer`")
            notFor("accept", "give the right number as `answer`")
            notFor("partial", "`partial` is for `multiple` questions")
            if let answer = fields.value("answer", diagnostics: &diagnostics),
                case .scalar(let text, .plain) = answer.kind, let value = Double(text), value.isFinite
            {
                question.number = value
            } else {
                diagnostics.error(
                    .quizNumberAnswer, at: fields.location(of: "answer") ?? node.location, "this number question needs a numeric `answer`",
                    help: "add `answer: 9` (a number, no quotes or units)")
            }
            if let tolerance = fields.number("tolerance", diagnostics: &diagnostics) {
                if tolerance < 0, let at = fields.location(of: "tolerance") {
                    diagnostics.error(
                        .invalidValue, at: at, "`tolerance` cannot be negative", help: "use `tolerance: 0` for an exact answer, or a positive number")
                }
                question.tolerance = max(0, tolerance)
            }
        }
        let located = ParsedQuiz.Located(
            location: node.location, idLocation: idLocation, idStated: fields.has("id"),
            choicesLocation: fields.location(of: "choices"), choiceLocations: choiceLocations, unread: unread)
        return (question, located)
    }
}

/// Quiz settings written as text: pass marks and durations.
enum QuizValues {
    /// `70%`, `70` or `70.5%`, from 0 to 100.
    static func percentage(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> Double? {
        if case .scalar(var text, _) = node.kind {
            text = text.trimmingCharacters(in: .whitespaces)
            let percentSign = text.hasSuffix("%")
            if percentSign { text.removeLast() }
            // `pass: 0.7` is a fraction written for 70%; a pass mark under 1% is no pass
            // mark, so it must be written with its `%` to be meant.
            if !percentSign, let value = Double(text), value > 0, value < 1 {
                let meant = (value * 100).formatted(.number.precision(.fractionLength(0...1)))
                diagnostics.error(
                    .quizPassInvalid, at: node.location, "`pass: \(text)` would be a pass mark of \(text)%; did you mean `pass: \(meant)%`?",
                    help: "write the pass mark as a percentage with its `%`: `pass: \(meant)%`")
                return nil
            }
            if let value = Double(text.trimmingCharacters(in: .whitespaces)), value >= 0, value <= 100 { return value }
        }
        diagnostics.error(.quizPassInvalid, at: node.location, "`pass` should be a percentage from 0 to 100", help: "for example `pass: 70%`")
        return nil
    }

    /// `10m`, `90s`, `1h`, `1m30s`, `1h 30m` -> seconds.
    static func duration(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> Int? {
        if case .scalar(let text, _) = node.kind, let seconds = seconds(text), seconds > 0 { return seconds }
        diagnostics.error(
            .quizTimeLimitInvalid, at: node.location, "`time_limit` should be a duration such as `10m`, `90s` or `1h30m`",
            help: "write a number followed by `h`, `m` or `s`")
        return nil
    }

    /// Seconds for a duration written with `h`, `m` and `s` parts in that order, or for
    /// a plain number of seconds when `plainSeconds` is allowed (video start times).
    static func seconds(_ text: String, plainSeconds: Bool = false) -> Int? {
        let compact = text.replacingOccurrences(of: " ", with: "")
        if plainSeconds, let value = Int(compact), value >= 0 { return value }
        var total = 0, digits = "", lastUnit = 0, any = false
        let units: [Character: (rank: Int, seconds: Int)] = ["h": (1, 3600), "m": (2, 60), "s": (3, 1)]
        for character in compact {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let value = Int(digits), unit.rank > lastUnit, digits.count <= 6 {
                total += value * unit.seconds
                lastUnit = unit.rank
                digits = ""
                any = true
            } else {
                return nil
            }
        }
        return any && digits.isEmpty ? total : nil
    }
}

extension DiagnosticCode {
    public static let quizNoQuestions = DiagnosticCode("quiz-no-questions", .error, .quizzes)
    public static let quizUnknownType = DiagnosticCode("quiz-unknown-type", .error, .quizzes)
    public static let quizTrueFalseAnswer = DiagnosticCode("quiz-true-false-answer", .error, .quizzes)
    public static let quizTextAccept = DiagnosticCode("quiz-text-accept", .error, .quizzes)
    public static let quizNumberAnswer = DiagnosticCode("quiz-number-answer", .error, .quizzes)
    public static let quizFieldNotForType = DiagnosticCode("quiz-field-not-for-type", .error, .quizzes)
    public static let quizPassInvalid = DiagnosticCode("quiz-pass-invalid", .error, .quizzes)
    public static let quizTimeLimitInvalid = DiagnosticCode("quiz-time-limit-invalid", .error, .quizzes)
}
