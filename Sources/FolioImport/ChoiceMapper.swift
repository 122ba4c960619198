import FolioCore

/// Maps GIFT choices and their weights to a Folio `single` or `multiple` question.
///
/// Moodle gives every choice a share of the credit; Folio knows three ways of scoring,
/// and each stands for weights in Moodle's terms:
///
/// - `single` (a GIFT question with a `=`): the right choice 100%, the others 0%.
/// - `multiple` with one right choice: all or nothing, as if every wrong choice were
///   -100%.
/// - `multiple` with several right choices, `partial: true`: each right choice an equal
///   share (100% / n), each wrong choice the same share taken away.
///
/// A weight that differs from what Folio does is reported once per question for the
/// right choices and once for the wrong ones, at the first weight that differs.
enum ChoiceMapper {
    /// The Folio question for `choices`; a failure says why the question is skipped.
    /// `single` is GIFT's own: whether a choice is written with `=`.
    static func map(
        _ choices: [GIFTChoice], single: Bool, brace: SourceLocation, diagnostics: inout DiagnosticList
    ) -> Result<ImportedQuestion.Answer, SkipReason> {
        for choice in choices where choice.right {
            if let weight = choice.weight, weight != 100, let at = choice.weightLocation {
                diagnostics.warning(
                    .giftChanged, at: at, "a `=` choice is right and earns all the credit, so the weight \(percent(weight)) is ignored, as Moodle does",
                    help: "write `~%\(percent(weight))` instead of `=` if this choice should earn only part of the credit")
            }
        }
        let correct = choices.map { single ? $0.credit >= 100 : $0.credit > 0 }
        let rightCount = correct.filter { $0 }.count
        guard rightCount > 0 else {
            diagnostics.warning(
                .giftUnsupported, at: brace, "no choice of this question earns credit, so no answer would be right; it is left out",
                help: "mark the right choice with `=`, or give the right choices a positive weight such as `~%50%`")
            return .failure(SkipReason(reason: "no right choice"))
        }

        var texts: [String: Int] = [:]
        var imported: [ImportedChoice] = []
        for (index, choice) in choices.enumerated() {
            let text = MarkdownText.markdown(choice.text, diagnostics: &diagnostics)
            guard !text.isEmpty else {
                diagnostics.warning(
                    .giftUnsupported, at: choice.location, "nothing is left of this choice's text once its HTML is left out, so the question is skipped",
                    help: "write the choice as text")
                return .failure(SkipReason(reason: "a choice with no text"))
            }
            // Folio rejects two choices a learner could not tell apart.
            let key = text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if let first = texts[key] {
                diagnostics.warning(
                    .giftUnsupported, at: choice.location, "two choices of this question have the same text, which Folio does not accept, so it is left out",
                    help: "change or remove one of them", notes: [.init(location: choices[first].location, message: "the other choice")])
                return .failure(SkipReason(reason: "two choices with the same text"))
            }
            texts[key] = index
            let feedback = GIFTQuizMapper.markdown(choice.feedback, diagnostics: &diagnostics)
            imported.append(
                ImportedChoice(text: text, correct: correct[index], hint: correct[index] ? nil : feedback, feedback: correct[index] ? feedback : nil))
        }

        if single {
            for (choice, isCorrect) in zip(choices, correct) where !isCorrect && choice.credit != 0 {
                diagnostics.warning(
                    .giftChanged, at: choice.weightLocation ?? choice.location,
                    "in a pick-one question a Folio choice is right or wrong, so the \(percent(choice.credit)) credit of this choice is not kept: it counts as wrong",
                    help: "remove the weight, or make it a select-all question by writing every choice with `~` and a weight")
                break
            }
            if rightCount > 1, let second = choices.indices.filter({ correct[$0] }).dropFirst().first {
                diagnostics.warning(
                    .giftChanged, at: choices[second].location,
                    "this pick-one question has \(rightCount) right choices; a Folio pick-one question has one, so it is imported as select-all-that-apply",
                    help: "in the quiz file, keep one choice `correct: true` and remove `type: multiple` if only one should be right")
                return .success(.multiple(imported, partial: false))
            }
            return .success(.single(imported))
        }

        let share = 100 / Double(rightCount)
        let partial = rightCount > 1
        if let differing = choices.indices.first(where: { correct[$0] && abs(choices[$0].credit - share) > 0.01 }) {
            let choice = choices[differing]
            let written = choices.indices.filter { correct[$0] }.map { percent(choices[$0].credit) }.joined(separator: ", ")
            diagnostics.warning(
                .giftChanged, at: choice.weightLocation ?? choice.location,
                partial
                    ? "Folio gives each of the \(rightCount) right choices an equal share of the credit (\(percent(share))), so the weights \(written) are not kept"
                    : "Folio gives all the credit for the one right choice, so its weight \(written) is not kept",
                help: "check the scoring of this question in the quiz file")
        }
        let penalty = partial ? -share : -100
        if let differing = choices.indices.first(where: { !correct[$0] && abs(choices[$0].credit - penalty) > 0.01 }) {
            let choice = choices[differing]
            diagnostics.warning(
                .giftChanged, at: choice.weightLocation ?? choice.location,
                partial
                    ? "with partial credit, Folio takes one share (\(percent(share))) away for each wrong choice picked, so the weight \(percent(choice.credit)) of this wrong choice is not kept"
                    : "Folio gives no credit when a wrong choice is picked, so the weight \(percent(choice.credit)) of this wrong choice is not kept",
                help: "check the scoring of this question in the quiz file")
        }
        return .success(.multiple(imported, partial: partial))
    }

    /// `50%`, `-100%`, `33.333%`.
    static func percent(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + "%"
    }
}
