import FolioModel
import FolioProgram
import FolioQuiz
import Foundation

/// What staff read of the reports (`folio insights report`): for each chapter's quiz, how
/// many finish it (pass), and for each question how many miss it on the first try and how
/// many work it out after its hint, each a ``RateEstimate``. A group with fewer reports
/// than ``minimum`` shows no estimate, only its count. Questions come in order of their
/// estimated miss rate, the hardest first. A value made from values: no I/O.
public struct InsightsSummary: Sendable, Codable, Equatable {
    public var format = "folio-insights-summary"
    public var version = 1
    /// The program's id and title.
    public var program: String
    public var title: String
    /// Reports read for this program, and the settings they were randomized with.
    public var reports: Int
    public var settings: [Double]
    /// The fewest reports a group needs to show an estimate.
    public var minimum: Int
    /// The first and last day of the reports, YYYY-MM-DD.
    public var firstDay: String?
    public var lastDay: String?
    public var quizzes: [QuizSummary]
    /// Reports left out: for another program, or for a quiz or question the program no longer has.
    public var otherPrograms: Int
    public var unknownQuestions: Int

    public struct QuizSummary: Sendable, Codable, Equatable {
        public var quiz: String
        public var title: String
        /// The chapter the quiz ends, its number and title; nil for a quiz no chapter ends.
        public var chapter: String?
        public var chapterNumber: Int?
        public var chapterTitle: String?
        public var reports: Int
        /// How many pass the quiz (finish the chapter); nil under the minimum.
        public var passed: RateEstimate?
        public var questions: [QuestionSummary]
    }

    public struct QuestionSummary: Sendable, Codable, Equatable {
        public var question: String
        /// The prompt and choices as the author wrote them (Markdown) and as the site shows
        /// them (HTML), the right choices marked.
        public var prompt: String
        public var promptHTML: String
        public var choices: [Choice]
        /// The right answer of a question without choices: `true` or `false`, the
        /// accepted answers, or the number.
        public var answer: String?
        public var reports: Int
        /// Missed on the first try; worked out after the hint. Nil under the minimum.
        public var missed: RateEstimate?
        public var workedOut: RateEstimate?
    }

    public struct Choice: Sendable, Codable, Equatable {
        public var text: String
        public var html: String
        public var correct: Bool
    }

    public static let defaultMinimum = 20

    /// The summary of `reports` for `program`.
    public init(reports all: [InsightsReport], program compiled: CompiledProgram, minimum: Int = defaultMinimum) {
        program = compiled.settings.id
        title = compiled.settings.title
        self.minimum = minimum
        let mine = all.filter { $0.program == compiled.settings.id }
        otherPrograms = all.count - mine.count
        var byQuiz: [String: [String: [InsightsReport]]] = [:]
        var counted: [InsightsReport] = []
        let quizzesByID = Dictionary(compiled.quizzes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for report in mine {
            guard let quiz = quizzesByID[report.quiz], quiz.questions.contains(where: { $0.id == report.question }) else { continue }
            byQuiz[quiz.id, default: [:]][report.question, default: []].append(report)
            counted.append(report)
        }
        unknownQuestions = mine.count - counted.count
        reports = counted.count
        settings = Array(Set(counted.map(\.randomize))).sorted()
        let days = counted.map(\.day).sorted()
        firstDay = days.first
        lastDay = days.last
        func estimate(_ reports: [InsightsReport], _ bit: (InsightsReport) -> Bool) -> RateEstimate? {
            reports.count < minimum ? nil : RateEstimate(reports.map { (bit($0), $0.randomize) })
        }
        var quizzes: [QuizSummary] = []
        // In the order of the chapters, then quizzes no chapter ends.
        let chapterOf = Dictionary(compiled.chapters.compactMap { chapter in chapter.quiz.map { ($0, chapter) } }, uniquingKeysWith: { a, _ in a })
        let ordered = compiled.quizzes.sorted { (chapterOf[$0.id]?.order ?? .max, $0.id) < (chapterOf[$1.id]?.order ?? .max, $1.id) }
        for quiz in ordered {
            guard let reportsByQuestion = byQuiz[quiz.id] else { continue }
            let all = reportsByQuestion.values.flatMap { $0 }
            let chapter = chapterOf[quiz.id]
            var questions = quiz.questions.compactMap { question -> QuestionSummary? in
                let reports = reportsByQuestion[question.id] ?? []
                guard !reports.isEmpty else { return nil }
                return QuestionSummary(
                    question: question.id, prompt: question.prompt.markdown, promptHTML: question.prompt.html,
                    choices: question.choices.map { Choice(text: $0.text.markdown, html: $0.text.html, correct: $0.correct) },
                    answer: Self.answer(of: question), reports: reports.count,
                    missed: estimate(reports, \.missed), workedOut: estimate(reports, \.workedOut))
            }
            // The hardest first; those without an estimate after, in the quiz's order.
            let place = Dictionary(uniqueKeysWithValues: quiz.questions.enumerated().map { ($1.id, $0) })
            questions.sort { a, b in
                switch (a.missed, b.missed) {
                case (let x?, let y?): return x.rate != y.rate ? x.rate > y.rate : place[a.question]! < place[b.question]!
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return place[a.question]! < place[b.question]!
                }
            }
            quizzes.append(
                QuizSummary(
                    quiz: quiz.id, title: quiz.title, chapter: chapter?.id, chapterNumber: chapter?.order, chapterTitle: chapter?.title,
                    reports: all.count, passed: estimate(all, \.passed), questions: questions))
        }
        self.quizzes = quizzes
    }

    static func answer(of question: Question) -> String? {
        switch question.type {
        case .trueFalse: return question.answer.map { $0 ? "true" : "false" }
        case .text: return question.accept?.joined(separator: " / ")
        case .number:
            guard let number = question.number else { return nil }
            let written = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            return question.tolerance.map { written + " (± \($0))" } ?? written
        default: return nil
        }
    }

    /// The summary as JSON, keys sorted.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }
}
