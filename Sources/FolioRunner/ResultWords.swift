import FolioQuiz

/// What the end of a quiz says besides the score, in words for a learner of 10 to 14:
/// first what she got right, then what she worked out after hints and what was shown to
/// her, then the pass mark as the rule it is (the score counts first tries, and a quiz
/// may be taken again until it is reached), so that a learner who got every answer right
/// in the end is never told she failed. The site's quiz says the same (`quiz.js`,
/// `headline`, `summaryLines`, `notPassedYet`). Each sentence is one message of the
/// catalogue, in the learner's language.
public enum ResultWords {
    /// What she got right, said before the score: "All 5 right, 1 on the first try.";
    /// nil for a result with no question answered.
    public static func headline(_ result: AttemptResult, words: TerminalWords = .english) -> String? {
        guard result.questions.contains(where: { $0.outcome != .unanswered }) else { return nil }
        let total = result.questions.count
        let right = result.questions.filter { $0.outcome == .correct }.count
        let firstTry = result.questions.filter(\.firstTry).count
        let values = ["right": words.number(Double(right)), "first": words.number(Double(firstTry))]
        let key: String
        switch (right, firstTry) {
        case (0, _): key = "terminal.result.none-right"
        case (total, right): key = "terminal.result.all-first-try"
        case (total, _): key = "terminal.result.all-some-first-try"
        case (_, right): key = "terminal.result.some-first-try"
        default: key = "terminal.result.some-later"
        }
        return words(key, count: total, values)
    }

    /// What she worked out after hints and what was shown to her, a sentence each; none
    /// when there is neither.
    public static func summary(_ result: AttemptResult, words: TerminalWords = .english) -> [String] {
        let workedOut = result.questions.filter(\.workedOut).count
        let revealed = result.questions.filter { $0.outcome == .revealed }.count
        var lines: [String] = []
        if workedOut > 0 { lines.append(words("terminal.result.worked-out", count: workedOut)) }
        if revealed > 0 { lines.append(words("terminal.result.revealed", count: revealed)) }
        return lines
    }

    /// How the quiz is passed, for an attempt that has not passed it: the rule, and that she
    /// may take the quiz again as often as she likes. `passPercent` is nil for a quiz without
    /// a pass mark, which is passed by every question right on the first try.
    public static func notPassedYet(_ result: AttemptResult, passPercent: Double?, words: TerminalWords = .english) -> String {
        let allRight = result.questions.allSatisfy { $0.outcome == .correct }
        guard let passPercent else {
            return words(allRight ? "terminal.result.perfect-rule" : "terminal.result.perfect-rule-read-again")
        }
        return words(
            allRight ? "terminal.result.pass-mark-rule" : "terminal.result.pass-mark-rule-read-again", ["percent": words.percent(passPercent)])
    }
}
