import FolioCore
import FolioModel
import FolioSyntax
import Foundation

/// A quiz's settings: `mode` and `shuffle` among their values, `pass` a percentage,
/// `time_limit` a duration, `draw` at least 1, `show_answers` only where it does
/// something (an assessment), questions listed or made from a deck (not both, and not none). Builds the quiz (``CheckedQuiz``) from what was written.
enum QuizSettingRules {
    /// With `idsFromWords` false, questions and choices that state no id are known by their
    /// place (``QuestionRules/build(_:idsFromWords:diagnostics:)``).
    static func build(
        _ written: WrittenQuiz, published: PublishedIdentities.QuizIDs? = nil, idsFromWords: Bool = true, diagnostics: inout DiagnosticList
    ) -> CheckedQuiz {
        var quiz = Quiz(id: written.id, title: written.title, questions: [])
        if let mode = written.mode { quiz.mode = choose(mode, field: "mode", diagnostics: &diagnostics) ?? .practice }
        if let shuffle = written.shuffle { quiz.shuffle = choose(shuffle, field: "shuffle", diagnostics: &diagnostics) ?? .none }
        if let pass = written.pass { quiz.passPercent = QuizValues.percentage(pass, diagnostics: &diagnostics) }
        if let limit = written.timeLimit { quiz.timeLimitSeconds = QuizValues.duration(limit, diagnostics: &diagnostics) }
        if let show = written.showAnswers {
            if quiz.mode == .assessment {
                // Only `false` is written to the bundle: a quiz that says `true` is the default.
                quiz.showAnswers = show.value ? nil : false
            } else {
                diagnostics.warning(
                    .quizShowAnswersPractice, at: show.location,
                    "`show_answers` applies to assessment quizzes: a practice quiz shows each answer after two tries and every hint, whatever it says",
                    help: "remove `show_answers`, or write `mode: assessment` if this quiz is a test")
            }
        }
        if let draw = written.draw {
            if draw.value < 1 {
                diagnostics.error(.quizDrawInvalid, at: draw.location, "`draw` must be at least 1", help: "remove `draw` to ask every question")
            } else {
                quiz.draw = draw.value
            }
        }
        var parsed = CheckedQuiz(
            quiz: quiz, file: written.file, location: written.location, idLocation: written.idLocation, questions: [],
            drawLocation: written.draw?.location, facilitator: written.facilitator)
        if let request = written.fromDeck {
            parsed.fromDeck = deckRequest(request, diagnostics: &diagnostics)
            if let questions = written.questionsKey {
                diagnostics.error(
                    .invalidValue, at: questions, "a quiz made with `quiz_from_deck` cannot also list `questions`",
                    help: "keep `quiz_from_deck` or `questions`, not both; make a second quiz file for the other")
            }
            return parsed
        }
        switch written.questionsField {
        case .list(let count, let location):
            let reflections = written.questions.filter(ReflectionRules.isReflection)
            // `draw` picks among the graded questions only.
            parsed.writtenQuestionCount = count - reflections.count
            parsed.quiz.questions.reserveCapacity(written.questions.count - reflections.count)
            parsed.questions.reserveCapacity(written.questions.count - reflections.count)
            for question in written.questions where !ReflectionRules.isReflection(question) {
                if let (built, located) = QuestionRules.build(question, idsFromWords: idsFromWords, diagnostics: &diagnostics) {
                    parsed.quiz.questions.append(built)
                    parsed.questions.append(located)
                }
            }
            uniqueImplicitIDs(&parsed, published: published, diagnostics: &diagnostics)
            ReflectionRules.build(reflections, into: &parsed, diagnostics: &diagnostics)
            if count == 0 {
                diagnostics.error(.quizNoQuestions, at: location, "this quiz has no questions", help: "add at least one question under `questions:`")
            } else if count == reflections.count {
                diagnostics.error(
                    .quizNoQuestions, at: location, "this quiz has only reflection questions, which are never graded",
                    help: "add at least one question with a right answer beside them, or ask these questions in a quiz that has one")
            }
        case .empty:
            diagnostics.error(
                .quizNoQuestions, at: written.questionsKey ?? written.location, "`questions:` has nothing under it, so this quiz has no questions",
                help: "write each question under `questions:`, indented, starting with `- prompt: ...`")
        case .missing(let misspelt):
            if !misspelt {
                diagnostics.error(
                    .quizNoQuestions, at: written.location, "this quiz has no `questions`",
                    help: "add `questions:` with at least one question, or `quiz_from_deck:` to make questions from a deck")
            }
        case .unreadable:
            break
        }
        return parsed
    }

    private static func choose<T: RawRepresentable & CaseIterable>(
        _ stated: Stated<String>, field: String, diagnostics: inout DiagnosticList
    ) -> T? where T.RawValue == String {
        if let value = T(rawValue: stated.value) { return value }
        let names = T.allCases.map(\.rawValue)
        let suggestion = NearestName.find(stated.value, among: names)
        diagnostics.error(
            .invalidValue, at: stated.location,
            "`\(stated.value)` is not a value `\(field)` can take" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
            help: "use one of " + names.map { "`\($0)`" }.joined(separator: ", "))
        return nil
    }

    private static func deckRequest(_ written: WrittenDeckRequest, diagnostics: inout DiagnosticList) -> CheckedQuiz.DeckRequest {
        if let count = written.count, count.value < 1 {
            diagnostics.error(.invalidValue, at: count.location, "`count` must be at least 1", help: "remove `count` to use every card")
        }
        var style = CheckedQuiz.DeckRequest.Style.typed
        if let stated = written.style {
            if let chosen = CheckedQuiz.DeckRequest.Style(rawValue: stated.value) {
                style = chosen
            } else {
                let suggestion = NearestName.find(stated.value, among: ["typed", "choices"])
                diagnostics.error(
                    .invalidValue, at: stated.location,
                    "`\(stated.value)` is not a style for deck quizzes" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: "use `typed` (type the answer) or `choices` (pick one of four)")
            }
        }
        return .init(
            deck: written.deck.value, count: written.count.flatMap { $0.value >= 1 ? $0.value : nil }, style: style, location: written.location,
            deckLocation: written.deck.location)
    }

    /// Questions that state no id and whose prompts read the same get the same id from
    /// their text; all but the first are told apart by a suffix, which depends on their
    /// order, so the author is asked to give them ids. Against the bundle published
    /// before, the question it knew (by its choices' ids) keeps its id.
    private static func uniqueImplicitIDs(_ parsed: inout CheckedQuiz, published: PublishedIdentities.QuizIDs?, diagnostics: inout DiagnosticList) {
        var ids = parsed.quiz.questions.map(\.id)
        let made = ids
        let stated = parsed.questions.map(\.idStated)
        let renamed = ImplicitID.disambiguate(&ids, stated: stated)
        var kept = Set<Int>()
        if !renamed.isEmpty, let published {
            func content(_ choices: [String]) -> String { choices.joined(separator: " ") }
            kept = ImplicitID.keepPublished(
                &ids, made: made, stated: stated, content: parsed.quiz.questions.map { content($0.choices.map(\.id)) },
                published: published.questions.map { (id: $0.id, content: content($0.choices.map(\.id))) })
        }
        for index in renamed.map(\.renamed) + renamed.map(\.keeps) { parsed.quiz.questions[index].id = ids[index] }
        for (index, first) in renamed {
            diagnostics.warning(
                .quizSamePrompt, at: parsed.questions[index].location,
                "this question's prompt reads the same as an earlier one's, so it is known by its place among them (`\(ids[index])`)"
                    + (kept.contains(index) || kept.contains(first) ? ", and by the bundle published before, whose question keeps its id" : ""),
                help:
                    "if the two are different questions, give each an `id:` (such as `id: \(ids[first])` and `id: \(ids[index])`) so saved progress stays with each when they are moved; if not, remove one",
                notes: [.init(location: parsed.questions[first].location, message: "the earlier question")])
        }
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
    /// Questions without ids whose prompts read the same.
    public static let quizSamePrompt = DiagnosticCode("quiz-same-prompt", .warning, .quizzes)
    /// A quiz file with no questions, and no deck to make them from.
    public static let quizNoQuestions = DiagnosticCode("quiz-no-questions", .error, .quizzes)
    /// A pass mark that is not a percentage from 0 to 100.
    public static let quizPassInvalid = DiagnosticCode("quiz-pass-invalid", .error, .quizzes)
    /// A time limit that is not a duration.
    public static let quizTimeLimitInvalid = DiagnosticCode("quiz-time-limit-invalid", .error, .quizzes)
    /// `draw` below 1 (reported as `quiz-draw-too-large` before Folio 1.1).
    public static let quizDrawInvalid = DiagnosticCode("quiz-draw-invalid", .error, .quizzes)
    /// `show_answers` on a practice quiz, where it does nothing (Folio 1.3).
    public static let quizShowAnswersPractice = DiagnosticCode("quiz-show-answers-practice", .warning, .quizzes)
}
