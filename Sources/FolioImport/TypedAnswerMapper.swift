import FolioCore

/// Maps the answers of GIFT short-answer and numeric questions. A Folio typed answer is
/// right or wrong, so only the answers worth full credit are kept; the others are
/// reported. Folio shows one explanation whatever was typed, so the feedback of the
/// first kept answer becomes it, and any different feedback of another is reported.
enum TypedAnswerMapper {
    /// The accepted answers and the feedback for them; nil when no answer is worth full
    /// credit (reported).
    static func text(_ answers: [GIFTTypedAnswer], brace: SourceLocation, diagnostics: inout DiagnosticList) -> (accept: [String], feedback: String?)? {
        var accept: [String] = []
        var kept: [GIFTTypedAnswer] = []
        for answer in answers {
            if let weight = answer.weight, weight < 100 {
                dropped(weight, at: answer.weightLocation ?? answer.location, what: "answer `\(answer.text.value)`", diagnostics: &diagnostics)
                continue
            }
            if let star = Array(answer.text.value.unicodeScalars).firstIndex(of: "*") {
                diagnostics.warning(
                    .giftChanged, at: answer.text.location(atScalar: star),
                    "`*` stands for any text in a Moodle answer, but Folio compares whole answers, so `\(answer.text.value)` is left out",
                    help: "list the answers that count as right in `accept:`")
                continue
            }
            // Folio compares answers ignoring case and spacing; a repeat adds nothing.
            if !accept.contains(where: { $0.lowercased() == answer.text.value.lowercased() }) { accept.append(answer.text.value) }
            kept.append(answer)
        }
        guard !accept.isEmpty else {
            diagnostics.warning(
                .giftUnsupported, at: brace, "no answer of this question is worth full credit, so it is left out",
                help: "mark at least one answer `=` without a weight, or with `%100%`")
            return nil
        }
        return (accept, feedback(kept.map(\.feedback), diagnostics: &diagnostics))
    }

    /// The number kept and the feedback for it; nil when no answer is worth full credit
    /// (reported).
    static func number(_ numbers: [GIFTNumber], brace: SourceLocation, diagnostics: inout DiagnosticList) -> (number: GIFTNumber, feedback: String?)? {
        var kept: GIFTNumber?
        for number in numbers {
            if let weight = number.weight, weight < 100 {
                dropped(weight, at: number.weightLocation ?? number.location, what: "answer `\(number.written)`", diagnostics: &diagnostics)
            } else if let first = kept {
                diagnostics.warning(
                    .giftChanged, at: number.location,
                    "a Folio number question has one right answer, so `\(number.written)` is left out and `\(first.written)` is kept",
                    help: "if both should count, widen the first answer's tolerance or range to cover them")
            } else {
                kept = number
            }
        }
        guard let kept else {
            diagnostics.warning(
                .giftUnsupported, at: brace, "no answer of this question is worth full credit, so it is left out",
                help: "mark the right number with `=` and no weight, or with `%100%`")
            return nil
        }
        return (kept, feedback([kept.feedback], diagnostics: &diagnostics))
    }

    private static func dropped(_ weight: Double, at location: SourceLocation, what: String, diagnostics: inout DiagnosticList) {
        diagnostics.warning(
            .giftChanged, at: location,
            weight > 0
                ? "Folio gives no partial credit for a typed answer, so the \(what), worth \(ChoiceMapper.percent(weight)), is left out"
                : "Folio has no feedback for particular wrong typed answers, so the \(what), worth \(ChoiceMapper.percent(weight)), is left out",
            help: weight > 0 ? "if it should count as right, add it to `accept:` in the quiz file" : "put what it says in the question's `hint:`")
    }

    /// The first feedback; a different one after it is reported and left out.
    private static func feedback(_ feedbacks: [GIFTText?], diagnostics: inout DiagnosticList) -> String? {
        var first: String?
        for text in feedbacks {
            guard let text, let markdown = GIFTQuizMapper.markdown(text, diagnostics: &diagnostics) else { continue }
            guard let kept = first else {
                first = markdown
                continue
            }
            if markdown != kept {
                diagnostics.warning(
                    .giftChanged, at: text.location,
                    "Folio shows one explanation whatever right answer was typed, so this feedback is left out and the first one is kept",
                    help: "merge the feedbacks into the question's `explanation:` in the quiz file")
            }
        }
        return first
    }
}
