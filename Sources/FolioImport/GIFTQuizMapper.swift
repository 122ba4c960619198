import FolioCore

/// Turns a ``GIFTDocument`` into a Folio quiz, deciding for each question what Folio can
/// express and reporting what it cannot:
///
/// - Matching, essay and description questions are skipped (`gift-unsupported`).
/// - Choice feedback goes to the right choice's `feedback` or the wrong choice's `hint`.
/// - True-false: the feedback for a wrong answer is the question's `hint`, the one for
///   a right answer starts its `explanation`.
/// - Short-answer and numeric questions keep the answers worth full credit; the
///   feedback of the kept answer starts the `explanation`; a numeric question's
///   feedback for any other number is its `hint`.
/// - The general feedback (`####`) ends the `explanation`.
/// - `::Title::` becomes the question's id, made valid and unique; untitled questions
///   are `q` and their position.
public enum GIFTQuizMapper {
    /// The quiz for `document`, named `id` and `title`, imported from the file `source`.
    public static func quiz(_ document: GIFTDocument, id: String, title: String, source: String, diagnostics: inout DiagnosticList) -> ImportedQuiz {
        var quiz = ImportedQuiz(id: id, title: title, source: source)
        for category in document.categories {
            diagnostics.warning(
                .giftIgnored, at: category.location, "Moodle question categories are not kept: `$CATEGORY: \(category.name)` is ignored",
                help: "a Folio quiz is one file; import the questions of another category into a quiz of their own if they belong apart")
        }
        var ids = Set<String>()
        for question in document.questions {
            switch map(question, diagnostics: &diagnostics) {
            case .skipped(let reason, let becauseOfError):
                quiz.skipped.append(SkippedQuestion(line: question.location.line, reason: reason, becauseOfError: becauseOfError))
            case .imported(var imported):
                let base = question.title.flatMap { ImportIdentifier.make(from: $0.value) } ?? "q\(quiz.questions.count + 1)"
                var candidate = base
                var suffix = 2
                while ids.contains(candidate) {
                    candidate = "\(base)-\(suffix)"
                    suffix += 1
                }
                ids.insert(candidate)
                imported.id = candidate
                quiz.questions.append(imported)
            }
        }
        quiz.skipped += document.malformed.map { SkippedQuestion(line: $0.line, reason: $0.problem, becauseOfError: true) }
        quiz.skipped.sort { $0.line < $1.line }
        return quiz
    }

    /// A question imported, or why it was not.
    enum Outcome {
        /// The question, its id still to be given.
        case imported(ImportedQuestion)
        /// Why it was left out, for the quiz file's header; whether that was an error
        /// in the GIFT rather than something Folio cannot express.
        case skipped(String, becauseOfError: Bool)

        static func skipped(_ reason: String) -> Outcome { .skipped(reason, becauseOfError: false) }
    }

    private static func map(_ question: GIFTQuestion, diagnostics: inout DiagnosticList) -> Outcome {
        switch question.answers {
        case .description:
            diagnostics.warning(
                .giftUnsupported, at: question.location,
                "this text has no answers `{...}`, so Moodle reads it as a description; a Folio quiz has only questions, so it is left out",
                help: "put text that introduces a quiz in the chapter that ends with it")
            return .skipped("a description, with no answers")
        case .essay:
            diagnostics.warning(
                .giftUnsupported, at: question.answersLocation, "an essay question (`{}`) has no answer Folio could check, so it is left out",
                help: "ask it in the chapter instead, or make it a question with choices or typed answers")
            return .skipped("an essay question")
        case .matching(_, let arrow):
            diagnostics.warning(
                .giftUnsupported, at: arrow, "Folio has no matching questions, so this one is left out",
                help: "write one pick-one question per pair, or a flashcard deck")
            return .skipped("a matching question")
        default:
            break
        }
        if question.prompt.isEmpty {
            diagnostics.error(
                .giftSyntax, at: question.location, "this question has no text, so it is skipped", help: "write the question before its `{`")
            return .skipped("no question text", becauseOfError: true)
        }
        let prompt = MarkdownText.markdown(question.prompt, blank: question.blank, diagnostics: &diagnostics)
        guard !prompt.isEmpty else {
            diagnostics.warning(
                .giftUnsupported, at: question.prompt.location, "nothing is left of this question's text once its HTML is left out, so it is skipped",
                help: "write the question as text")
            return .skipped("no question text")
        }
        let general = markdown(question.generalFeedback, diagnostics: &diagnostics)
        var imported = ImportedQuestion(id: "", line: question.location.line, prompt: prompt, answer: .trueFalse(true))
        switch question.answers {
        case .choices(let choices, let single):
            switch ChoiceMapper.map(choices, single: single, brace: question.answersLocation, diagnostics: &diagnostics) {
            case .success(let answer): imported.answer = answer
            case .failure(let skip): return .skipped(skip.reason)
            }
            imported.explanation = general
        case .trueFalse(let value, let wrong, let right):
            imported.answer = .trueFalse(value)
            imported.hint = markdown(wrong, diagnostics: &diagnostics)
            imported.explanation = joined(markdown(right, diagnostics: &diagnostics), general)
        case .shortAnswer(let answers):
            guard let (accept, feedback) = TypedAnswerMapper.text(answers, brace: question.answersLocation, diagnostics: &diagnostics) else {
                return .skipped("no answer worth full credit")
            }
            imported.answer = .text(accept)
            imported.explanation = joined(feedback, general)
        case .numeric(let numbers, let other):
            guard let (number, feedback) = TypedAnswerMapper.number(numbers, brace: question.answersLocation, diagnostics: &diagnostics) else {
                return .skipped("no answer worth full credit")
            }
            imported.answer = .number(number.value, tolerance: number.tolerance)
            imported.hint = markdown(other, diagnostics: &diagnostics)
            imported.explanation = joined(feedback, general)
        case .description, .essay, .matching:
            break
        }
        return .imported(imported)
    }

    /// The Markdown of an optional text; nil when there is none or nothing is left.
    static func markdown(_ text: GIFTText?, diagnostics: inout DiagnosticList) -> String? {
        guard let text, !text.isEmpty else { return nil }
        let markdown = MarkdownText.markdown(text, diagnostics: &diagnostics)
        return markdown.isEmpty ? nil : markdown
    }

    /// Two feedbacks as one explanation. A space joins them: a Folio explanation is one
    /// paragraph.
    private static func joined(_ first: String?, _ second: String?) -> String? {
        switch (first, second) {
        case (let first?, let second?): return first + " " + second
        default: return first ?? second
        }
    }
}

/// Why a question is skipped, in a few words for the quiz file's header.
struct SkipReason: Error {
    /// Such as `a matching question`.
    var reason: String
}
