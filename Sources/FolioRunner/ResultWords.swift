import FolioQuiz

/// What the end of a quiz says besides the score, in words for a learner of 10 to 14:
/// first what she got right, then what she worked out after hints and what was shown to
/// her, then the pass mark as the rule it is (the score counts first tries, and a quiz
/// may be taken again until it is reached), so that a learner who got every answer right
/// in the end is never told she failed. The site's quiz says the same (`quiz.js`,
/// `headline`, `summaryLines`, `notPassedYet`).
public enum ResultWords {
    /// What she got right, said before the score: "All 5 right, 1 on the first try.";
    /// nil for a result with no question answered.
    public static func headline(_ result: AttemptResult) -> String? {
        guard result.questions.contains(where: { $0.outcome != .unanswered }) else { return nil }
        let total = result.questions.count
        let right = result.questions.filter { $0.outcome == .correct }.count
        let firstTry = result.questions.filter(\.firstTry).count
        let howMany = right == total && total > 1 ? "All \(total) right" : "\(right) of \(total) right"
        if right == 0 { return howMany + "." }
        return howMany + (firstTry == right ? " on the first try." : ", \(firstTry) on the first try.")
    }

    /// One sentence on what she worked out after hints and what was shown to her; none when
    /// there is neither.
    public static func summary(_ result: AttemptResult) -> [String] {
        let workedOut = result.questions.filter(\.workedOut).count
        let revealed = result.questions.filter { $0.outcome == .revealed }.count
        var after: [String] = []
        if workedOut > 0 { after.append("you worked out \(workedOut) with hints, and that is how learning works") }
        if revealed > 0 {
            after.append(
                revealed == 1 ? "1 answer was shown to you: it is worth a second look" : "\(revealed) answers were shown to you: they are worth a second look")
        }
        return after.isEmpty ? [] : [sentence(after.joined(separator: "; "))]
    }

    /// How the quiz is passed, for an attempt that has not passed it: the rule, and that she
    /// may take the quiz again as often as she likes. `passPercent` is nil for a quiz without
    /// a pass mark, which is passed by every question right on the first try.
    public static func notPassedYet(_ result: AttemptResult, passPercent: Double?, percent: (Double) -> String) -> String {
        let allRight = result.questions.allSatisfy { $0.outcome == .correct }
        let tail = allRight ? "" : " Read the chapter again and have another go!"
        guard let passPercent else {
            return "This quiz counts as passed once every answer is right on the first try. You can take it again as many times as you like." + tail
        }
        return "The pass mark is \(percent(passPercent)) of the points, and the points count the answers right on the first try. "
            + "You can take the quiz again as many times as you like until you reach it." + tail
    }

    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
}
