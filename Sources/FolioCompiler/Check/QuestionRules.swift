import FolioCore
import FolioModel
import FolioSyntax
import Foundation

/// The shape of one question for its type: a type Folio knows (or one it can work out),
/// the answer that type needs, no field of another type, a choice's `hint` and
/// `feedback` where they belong, points above 0. Builds the ``Question``.
enum QuestionRules {
    /// The question, or nil when what it is cannot be told (each reason reported). An item
    /// that states no id is known by the id its words make (``ImplicitID``), or with
    /// `idsFromWords` false by its place (`#2`): a translation's items take their
    /// original's ids (``TranslationRules``), and making ids from the words of every
    /// translated question and choice was a large part of reading a translation.
    static func build(_ written: WrittenQuestion, idsFromWords: Bool = true, diagnostics: inout DiagnosticList) -> (Question, CheckedQuiz.Located)? {
        var id: String?
        var idLocation = written.location
        if let stated = written.id {
            idLocation = stated.location
            if Identifier.check(stated.value, kind: "question", at: stated.location, diagnostics: &diagnostics) { id = stated.value }
        }

        var unread = CheckedQuiz.Unread()
        unread.choices = written.choicesUnread
        var choices: [Choice] = []
        var choiceLocations: [SourceLocation] = []
        var choiceIDStated: [Bool] = []
        // Sized at once: a program keeps every choice until its outputs are written, and arrays
        // grown by doubling held much of a large program's quizzes in spare room
        // (docs/development.md, "Measured choices").
        choices.reserveCapacity(written.choices.count)
        choiceLocations.reserveCapacity(written.choices.count)
        choiceIDStated.reserveCapacity(written.choices.count)
        // With no choice marked right, a choice with `feedback` is most likely the right
        // one: the fix is its `correct: true`, said once where the missing right choice is
        // reported, not "rename its feedback" here (which would make it worse).
        let noneMarkedRight = !written.choices.contains { $0.correct == true || $0.correctUnread }
        var feedbackWithoutCorrect: Int?
        for choice in written.choices {
            let correct = choice.correct ?? false
            // Whether a choice is right decides which of `hint` and `feedback` it may
            // have; when that cannot be read, neither is wrong.
            if correct, let at = choice.hintKey {
                diagnostics.error(
                    .quizFieldNotForType, at: at,
                    "this choice says `correct: true`, but it has a `hint`, which is only shown after a wrong pick",
                    // A `correct: true` added to a wrong choice by mistake looks just like this.
                    help: "if this choice is wrong, write `correct: false`; if it is right, rename `hint` to `feedback`, which is shown when it is picked")
            }
            if noneMarkedRight, choice.feedbackKey != nil, choice.text != nil {
                if feedbackWithoutCorrect == nil { feedbackWithoutCorrect = choices.count }
            } else if !correct, !choice.correctUnread, let at = choice.feedbackKey {
                diagnostics.error(
                    .quizFieldNotForType, at: at, "a wrong choice does not use `feedback`: feedback is shown after a right pick",
                    help: "rename it to `hint`, which is shown when this wrong choice is picked")
            }
            // A choice left out, or one not known to be right or wrong, makes the count
            // of right choices a guess; and a hint that could not be read is no reason
            // to say the choice has none.
            guard let text = choice.text else {
                unread.choices = true
                continue
            }
            if choice.correctUnread { unread.choices = true }
            if choice.correctUnread || choice.hintUnread { unread.choiceHelp.insert(choices.count) }
            var statedID: String?
            if let stated = choice.id, Identifier.check(stated.value, kind: "choice", at: stated.location, diagnostics: &diagnostics) {
                statedID = stated.value
            }
            choiceIDStated.append(statedID != nil)
            choices.append(
                Choice(
                    id: statedID ?? (idsFromWords ? ImplicitID.make(for: text, fallback: "choice") : "#\(choices.count + 1)"), text: rich(text),
                    correct: correct, hint: choice.hint.map(rich),
                    feedback: choice.feedback.map(rich)))
            choiceLocations.append(choice.id?.location ?? choice.location)
        }
        uniqueChoiceIDs(&choices, stated: choiceIDStated, locations: choiceLocations, diagnostics: &diagnostics)

        // With `type`, `choices`, `answer` or `accept` misspelt, the kind of question is
        // unknown; the misspelling was reported, and checking the question's shape
        // would only guess at it.
        if ["type", "choices", "answer", "accept"].contains(where: written.misspelt.contains) { return nil }
        guard let type = type(of: written, choices: choices, diagnostics: &diagnostics) else { return nil }

        var question = Question(
            id: id ?? (idsFromWords ? ImplicitID.make(for: written.prompt ?? "", fallback: "q") : "#\(written.position)"), type: type,
            prompt: rich(written.prompt ?? ""), choices: choices)
        question.points = written.points?.value ?? 1
        if question.points <= 0, let at = written.points?.location {
            diagnostics.error(.invalidValue, at: at, "`points` must be more than 0", help: "use `points: 1` or more, or remove it")
        }
        question.partial = written.partial ?? false
        question.hints = written.hints.map(rich)
        unread.hints = written.hintsUnread
        question.explanation = written.explanation.map(rich)
        if let at = written.keys["discussion"] {
            diagnostics.error(
                .quizFieldNotForType, at: at, "only a reflection question uses `discussion`; this question has a right answer",
                help: "write the discussion prompt as the `explanation`, shown once it is answered right, or add `type: reflection` if it has no right answer")
        }
        fieldsFor(type, written, into: &question, diagnostics: &diagnostics)
        let located = CheckedQuiz.Located(
            location: written.location, idLocation: idLocation, idStated: written.keys["id"] != nil,
            choicesLocation: written.choicesLocation, choiceLocations: choiceLocations, unread: unread,
            position: written.position, feedbackWithoutCorrect: feedbackWithoutCorrect)
        return (question, located)
    }

    /// Choices' ids are unique within their question: two that state the same id are an
    /// error (a recorded answer could not tell them apart); two whose texts read the same
    /// to the id rule are told apart by a suffix, and the duplicate choice is reported by
    /// its own rule.
    private static func uniqueChoiceIDs(
        _ choices: inout [Choice], stated: [Bool], locations: [SourceLocation], diagnostics: inout DiagnosticList
    ) {
        for (index, earlier) in ImplicitID.repeatedStated(choices.map(\.id), stated: stated) {
            diagnostics.error(
                .quizDuplicateChoiceID, at: locations[index], "two choices of this question have the id `\(choices[index].id)`",
                help: "give this choice an id of its own, or remove its `id` line",
                notes: [.init(location: locations[earlier], message: "the other choice with this id")])
        }
        var ids = choices.map(\.id)
        for (index, _) in ImplicitID.disambiguate(&ids, stated: stated) { choices[index].id = ids[index] }
    }

    /// The stated type, or the one the fields show: `choices` (one right or several),
    /// `accept`, or an `answer` that is `true`/`false` or a number.
    private static func type(of written: WrittenQuestion, choices: [Choice], diagnostics: inout DiagnosticList) -> Question.Kind? {
        if let stated = written.type {
            guard let known = Question.Kind(rawValue: stated.value) else {
                let names = Question.Kind.allCases.map(\.rawValue) + [ReflectionRules.typeName]
                let suggestion = NearestName.find(stated.value, among: names)
                diagnostics.error(
                    .quizUnknownType, at: stated.location,
                    "`\(stated.value)` is not a question type" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: "use one of " + names.map { "`\($0)`" }.joined(separator: ", "))
                return nil
            }
            return known
        }
        if written.keys["choices"] != nil {
            let right = choices.filter(\.correct).count
            guard right > 1 else { return .single }
            // Version 1 read several right choices and no type as pick-all-that-apply; it
            // still does, but a `correct: true` copied into a one-answer question by
            // mistake does the same, so the author is asked to say which was meant.
            diagnostics.warning(
                .quizTypeImplied, at: written.choicesLocation ?? written.location,
                "this question has \(right) right choices and no `type`, so it is read as pick-all-that-apply (`type: multiple`)",
                help:
                    "if learners should pick every right choice, add `type: multiple`; if only one choice is right, add `type: single` and leave `correct: true` on that one"
            )
            return .multiple
        }
        if written.keys["accept"] != nil { return .text }
        if let answer = written.answer, case .scalar(let text, .plain) = answer.kind, YAMLScalar.bool(text) != nil { return .trueFalse }
        if written.keys["answer"] != nil { return .number }
        diagnostics.error(
            .missingField, at: written.location, "this question has no `choices` and no answer, so a learner could not answer it",
            help:
                "add `choices:` (with one marked `correct: true`), or `type:` with its answer (`true-false` + `answer`, `text` + `accept`, `number` + `answer`)"
        )
        return nil
    }

    /// The fields of `type`: its answer, and no field of another type.
    private static func fieldsFor(_ type: Question.Kind, _ written: WrittenQuestion, into question: inout Question, diagnostics: inout DiagnosticList) {
        let typeName = "a `\(type.rawValue)` question"
        func notFor(_ key: String, _ help: String) {
            if let at = written.keys[key] {
                diagnostics.error(.quizFieldNotForType, at: at, "\(typeName) does not use `\(key)`", help: help)
            }
        }
        switch type {
        case .single, .multiple:
            if written.keys["choices"] == nil {
                diagnostics.error(
                    .missingField, at: written.location, "\(typeName) needs `choices`",
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
            if let answer = written.answer, case .scalar(let text, .plain) = answer.kind, let value = YAMLScalar.bool(text) {
                question.answer = value
            } else {
                diagnostics.error(
                    .quizTrueFalseAnswer, at: written.answer?.location ?? written.location,
                    "this true-false question needs `answer: true` or `answer: false`" + (written.answer.map(FieldReader.notABoolean) ?? ""),
                    help: "add `answer: true` if the statement is true, `answer: false` if not (no quotes)")
            }
        case .text:
            notFor("choices", "a text question is answered by typing; list the accepted answers under `accept`")
            notFor("answer", "list the accepted answers under `accept` instead")
            notFor("partial", "`partial` is for `multiple` questions")
            notFor("tolerance", "`tolerance` is for `number` questions")
            let accept = written.accept?.value.filter { !$0.trimmedSpaces.isEmpty } ?? []
            // An `accept` of the wrong kind was reported; "needs `accept`" would repeat it.
            if accept.isEmpty, !written.acceptUnread {
                diagnostics.error(
                    .quizTextAccept, at: written.accept?.location ?? written.location, "this text question needs `accept`: the answers that count as right",
                    help: "add `accept: [first answer, another way to say it]`")
            }
            question.accept = accept
            if written.acceptIsOneText, accept.count == 1, accept[0].contains(","), let at = written.accept?.location {
                let parts = accept[0].split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
                diagnostics.warning(
                    .quizAcceptLooksLikeList, at: at,
                    "`accept` is one answer, \"\(accept[0])\": only a learner who types all of it, commas too, is marked right",
                    help: "to accept each of them, write them as a list in brackets: `accept: [\(parts.joined(separator: ", "))]`; "
                        + "if the commas belong to the one answer, put it in quotes")
            }
        case .number:
            notFor("choices", "a number question is answered by typing a number; give it as `answer`")
            notFor("accept", "give the right number as `answer`")
            notFor("partial", "`partial` is for `multiple` questions")
            if let answer = written.answer, case .scalar(let text, .plain) = answer.kind, let value = Double(text), value.isFinite {
                question.number = value
            } else if let answer = written.answer {
                let text: String
                if case .scalar(let scalar, _) = answer.kind { text = scalar } else { text = "" }
                diagnostics.error(
                    .quizNumberAnswer, at: answer.location, "this number question's `answer` must be a number written in digits",
                    help: NumberAnswerFix.help(for: text, quoted: { if case .scalar(_, .plain) = answer.kind { false } else { true } }()))
            } else {
                diagnostics.error(
                    .quizNumberAnswer, at: written.location, "this number question has no `answer`",
                    help: "add the right number in digits, such as `answer: 9` (no quotes or units)")
            }
            if let tolerance = written.tolerance {
                if tolerance.value < 0 {
                    diagnostics.error(
                        .invalidValue, at: tolerance.location, "`tolerance` cannot be negative",
                        help: "use `tolerance: 0` for an exact answer, or a positive number")
                }
                question.tolerance = max(0, tolerance.value)
            }
        }
    }

    /// Quiz text as Markdown and HTML. A quiz file lives in `quizzes/`, so its author
    /// writes `../media/x.png` for a picture, as in a chapter; the bundle's HTML says
    /// `media/x.png`, as chapters' does, and the site adds the way back to its root.
    static func rich(_ text: String) -> RichText {
        RichText(markdown: text, html: MediaAddresses.rewrite(InlineMarkdown.html(text), from: "../media/", to: "media/"))
    }
}

extension DiagnosticCode {
    /// A question's `type` that is none of Folio's.
    public static let quizUnknownType = DiagnosticCode("quiz-unknown-type", .error, .quizzes)
    /// A true-false question without `answer: true` or `answer: false`.
    public static let quizTrueFalseAnswer = DiagnosticCode("quiz-true-false-answer", .error, .quizzes)
    /// A text question without accepted answers.
    public static let quizTextAccept = DiagnosticCode("quiz-text-accept", .error, .quizzes)
    /// A number question without a numeric answer.
    public static let quizNumberAnswer = DiagnosticCode("quiz-number-answer", .error, .quizzes)
    /// A field of another type of question, or a choice's hint or feedback where it is
    /// never shown.
    public static let quizFieldNotForType = DiagnosticCode("quiz-field-not-for-type", .error, .quizzes)
    /// Several right choices and no `type`: read as `multiple`, and asked to be said.
    public static let quizTypeImplied = DiagnosticCode("quiz-type-implied", .warning, .quizzes)
    /// An `accept` written as one text with commas in it, which looks like a list.
    public static let quizAcceptLooksLikeList = DiagnosticCode("quiz-accept-looks-like-list", .warning, .quizzes)
    /// Two choices of a question state the same id.
    public static let quizDuplicateChoiceID = DiagnosticCode("quiz-duplicate-choice-id", .error, .quizzes)
}

/// The fix for a number question's `answer` that is not a number: the digits of a number
/// written in words (`four`), without its quotes (`"4"`) or without its unit (`3 cups`).
enum NumberAnswerFix {
    static let words: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
        "hundred": 100,
    ]

    /// `twenty-one`, `Four`, `a hundred`: the number, up to 100.
    static func number(inWords text: String) -> Int? {
        var words = text.lowercased().split(whereSeparator: { $0 == "-" || $0 == " " }).map(String.init)
        if words.first == "a" || words.first == "one", words.count == 2, words.last == "hundred" { return 100 }
        if words.count == 1 { return Self.words[words[0]] }
        guard words.count == 2, let tens = Self.words[words.removeFirst()], tens >= 20, tens % 10 == 0, let ones = Self.words[words[0]], ones < 10 else {
            return nil
        }
        return tens + ones
    }

    static func help(for text: String, quoted: Bool) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = number(inWords: trimmed) { return "write the number in digits: `answer: \(number)`" }
        if quoted, let value = Double(trimmed), value.isFinite { return "remove the quotes: `answer: \(trimmed)`" }
        // `1,000`: digits in groups of three.
        if trimmed.wholeMatch(of: /-?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]+)?/) != nil {
            return "write it without the commas: `answer: \(trimmed.replacingOccurrences(of: ",", with: ""))`"
        }
        // `3/4`: a fraction, as a decimal.
        if let match = trimmed.wholeMatch(of: /(-?[0-9]+) *\/ *([0-9]+)/), let top = Double(match.1), let bottom = Double(match.2), bottom != 0 {
            return "write the fraction as a decimal number: `answer: \(top / bottom)` (add `tolerance:` if a rounded answer is right too)"
        }
        // `3 cups`, `20km`: a number, then a unit.
        if let match = trimmed.wholeMatch(of: /(-?[0-9]+(\.[0-9]+)?) *[[:alpha:]%°][^0-9]*/) {
            return "write the number alone: `answer: \(match.1)`; name the unit in the question's `prompt` instead"
        }
        return "write the right number in digits, such as `answer: 9` (no quotes or units)"
    }
}
