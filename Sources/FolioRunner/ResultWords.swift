import FolioQuiz

/// What the end of a quiz says besides the score, in words for a learner of 10 to 14:
/// what she knew at once, what she worked out after hints, what was shown to her, said
/// so that working something out reads as the good thing it is. The site's quiz says
/// the same (`quiz.js`, `summaryLines`).
public enum ResultWords {
    /// One or two sentences; none for a result with no question answered.
    public static func summary(_ result: AttemptResult) -> [String] {
        let total = result.questions.count
        let firstTry = result.questions.filter(\.firstTry).count
        let workedOut = result.questions.filter(\.workedOut).count
        let revealed = result.questions.filter { $0.outcome == .revealed }.count
        guard result.questions.contains(where: { $0.outcome != .unanswered }) else { return [] }
        var lines = ["Right on the first try: \(firstTry) of \(total)."]
        var after: [String] = []
        if workedOut > 0 { after.append("you worked out \(workedOut) more with hints, and that is how learning works") }
        if revealed > 0 {
            after.append(
                revealed == 1 ? "1 answer was shown to you: it is worth a second look" : "\(revealed) answers were shown to you: they are worth a second look")
        }
        if !after.isEmpty { lines.append(sentence(after.joined(separator: "; "))) }
        return lines
    }

    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
}
