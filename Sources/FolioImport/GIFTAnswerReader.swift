import FolioCore

/// Reads the answer block `{...}` of a GIFT question. The kind of question follows from
/// the block's content by Moodle's rules, in Moodle's order: empty is an essay, a
/// leading `#` is numeric, a `~` anywhere is multiple choice, `=` with `->` is matching,
/// `T`/`TRUE`/`F`/`FALSE` is true-false, and anything else is short answer.
enum GIFTAnswerReader {
    /// The question whose answer block runs from `open` (`{`) to `close` (`}`) in
    /// `characters`; nil when the block is malformed (reported).
    static func question(
        _ characters: ArraySlice<GIFTCharacter>, open: Int, close: Int, title: GIFTText?, start: SourceLocation, file: String,
        diagnostics: inout DiagnosticList
    ) -> GIFTQuestion? {
        let brace = characters[open].position.location(in: file)
        let (prompt, blank) = GIFTTextReader.prompt(
            before: characters[characters.startIndex..<open], after: characters[(close + 1)...], file: file,
            start: characters[open].position, diagnostics: &diagnostics)
        var block = characters[(open + 1)..<close].trimmed

        // Moodle takes the general feedback from the last `####`.
        var general: GIFTText?
        if let marker = block.lastSymbols("####") {
            general = GIFTTextReader.text(
                block[(marker + 4)...], file: file, format: prompt.format, start: block[marker].position, diagnostics: &diagnostics)
            block = block[block.startIndex..<marker].trimmed
            if general?.isEmpty == true { general = nil }
        }

        let reader = Reader(file: file, format: prompt.format, brace: brace)
        let answers: GIFTAnswers?
        if block.isEmpty {
            answers = .essay
        } else if block.first!.isSymbol("#") {
            answers = reader.numeric(block.dropFirst(), diagnostics: &diagnostics)
        } else if block.firstSymbol("~") != nil {
            answers = reader.choices(block, diagnostics: &diagnostics)
        } else if block.firstSymbol("=") != nil, let arrow = block.firstSymbols("->") {
            let pairs = block.split(beforeAny: "=").parts.count
            answers = .matching(pairs: pairs, arrow: block[arrow].position.location(in: file))
        } else if let value = trueFalseValue(block[block.startIndex..<(block.firstSymbol("#") ?? block.endIndex)].trimmed.string) {
            answers = reader.trueFalse(value, block, diagnostics: &diagnostics)
        } else {
            answers = reader.shortAnswer(block, diagnostics: &diagnostics)
        }
        guard let answers else { return nil }
        return GIFTQuestion(
            location: start, title: title, prompt: prompt, blank: blank, answersLocation: brace, answers: answers, generalFeedback: general)
    }

    /// `T`, `TRUE`, `F`, `FALSE`, in capitals as Moodle requires.
    static func trueFalseValue(_ text: String) -> Bool? {
        switch text {
        case "T", "TRUE": return true
        case "F", "FALSE": return false
        default: return nil
        }
    }

    /// What every answer of one block shares: its file, the question's format (the
    /// default for answers and feedback) and the place of its `{`.
    private struct Reader {
        /// The file, as messages show it.
        let file: String
        /// The question's format, which answers and feedback inherit.
        let format: GIFTFormat
        /// Where the block's `{` is.
        let brace: SourceLocation

        /// A part of an answer as text, which may start with its own format marker.
        func text(_ characters: ArraySlice<GIFTCharacter>, start: GIFTPosition, diagnostics: inout DiagnosticList) -> GIFTText {
            GIFTTextReader.text(characters, file: file, format: format, start: start, diagnostics: &diagnostics)
        }

        /// The text before the first `#` and the feedback after it (nil when empty).
        func withFeedback(_ body: ArraySlice<GIFTCharacter>, start: GIFTPosition, diagnostics: inout DiagnosticList) -> (GIFTText, GIFTText?) {
            guard let hash = body.firstSymbol("#") else { return (text(body, start: start, diagnostics: &diagnostics), nil) }
            let feedback = text(body[(hash + 1)...], start: body[hash].position, diagnostics: &diagnostics)
            return (text(body[body.startIndex..<hash], start: start, diagnostics: &diagnostics), feedback.isEmpty ? nil : feedback)
        }

        /// `{=right ~wrong ~%50%partly}`, each with its weight and feedback.
        func choices(_ block: ArraySlice<GIFTCharacter>, diagnostics: inout DiagnosticList) -> GIFTAnswers? {
            let (leading, parts) = block.split(beforeAny: "=~")
            if let stray = leading.trimmed.first {
                diagnostics.error(
                    .giftSyntax, at: stray.position.location(in: file), "this text comes before the first choice, so the question is skipped",
                    help: "start each choice with `=` (right) or `~` (wrong)")
                return nil
            }
            var choices: [GIFTChoice] = []
            for (marker, body) in parts {
                guard let (weight, weightAt, rest) = GIFTWeight.read(body, file: file, diagnostics: &diagnostics) else { return nil }
                let (text, feedback) = withFeedback(rest, start: marker.position, diagnostics: &diagnostics)
                let at = marker.position.location(in: file)
                guard !text.isEmpty else {
                    diagnostics.error(
                        .giftSyntax, at: at, "this choice has no text, so the question is skipped",
                        help: "write the choice's text after `\(marker.scalar)`, or remove the `\(marker.scalar)`")
                    return nil
                }
                choices.append(
                    GIFTChoice(location: at, right: marker.isSymbol("="), weight: weight, weightLocation: weightAt, text: text, feedback: feedback))
            }
            guard choices.count >= 2 else {
                diagnostics.error(
                    .giftSyntax, at: brace, "a multiple-choice question needs at least two choices, so the question is skipped",
                    help: "add choices starting with `=` (right) or `~` (wrong)")
                return nil
            }
            return .choices(choices, single: choices.contains(where: \.right))
        }

        /// `{T}` and its feedbacks, `value` being what the block starts with.
        func trueFalse(_ value: Bool, _ block: ArraySlice<GIFTCharacter>, diagnostics: inout DiagnosticList) -> GIFTAnswers {
            // `{T#shown after a wrong answer#shown after a right answer}`; a third `#`
            // belongs to the second feedback, as in Moodle.
            var wrong: GIFTText?
            var right: GIFTText?
            if let first = block.firstSymbol("#") {
                let rest = block[(first + 1)...]
                let second = rest.firstSymbol("#")
                wrong = text(rest[rest.startIndex..<(second ?? rest.endIndex)], start: block[first].position, diagnostics: &diagnostics)
                if let second { right = text(rest[(second + 1)...], start: rest[second].position, diagnostics: &diagnostics) }
            }
            return .trueFalse(value, wrongFeedback: wrong?.isEmpty == false ? wrong : nil, rightFeedback: right?.isEmpty == false ? right : nil)
        }

        /// `{=one answer =another}`, each with its weight and feedback.
        func shortAnswer(_ block: ArraySlice<GIFTCharacter>, diagnostics: inout DiagnosticList) -> GIFTAnswers? {
            // Moodle counts text before the first `=` as an answer too (`{3}`).
            let (leading, parts) = block.split(beforeAny: "=")
            var bodies: [(start: GIFTPosition, body: ArraySlice<GIFTCharacter>)] = parts.map { ($0.marker.position, $0.body) }
            if let first = leading.trimmed.first { bodies.insert((first.position, leading), at: 0) }
            var answers: [GIFTTypedAnswer] = []
            for (start, body) in bodies {
                guard let (weight, weightAt, rest) = GIFTWeight.read(body, file: file, diagnostics: &diagnostics) else { return nil }
                let (text, feedback) = withFeedback(rest, start: start, diagnostics: &diagnostics)
                let at = start.location(in: file)
                guard !text.isEmpty else {
                    diagnostics.error(
                        .giftSyntax, at: at, "this answer is empty, so the question is skipped", help: "write the answer after `=`, or remove the `=`")
                    return nil
                }
                answers.append(GIFTTypedAnswer(location: at, weight: weight, weightLocation: weightAt, text: text, feedback: feedback))
            }
            return .shortAnswer(answers)
        }

        /// `{#9:1}`, `{#8..10}`, `{#=9 =%50%8 ~#other}`: `block` is what follows the `#`.
        func numeric(_ block: ArraySlice<GIFTCharacter>, diagnostics: inout DiagnosticList) -> GIFTAnswers? {
            // Feedback for any other number follows a `~`: `{#=9:1 ~#Count again}`.
            var answersPart = block
            var other: GIFTText?
            if let tilde = block.firstSymbol("~") {
                answersPart = block[block.startIndex..<tilde]
                other = withFeedback(block[(tilde + 1)...], start: block[tilde].position, diagnostics: &diagnostics).1
            }
            let (leading, parts) = answersPart.split(beforeAny: "=")
            var bodies: [(start: GIFTPosition, body: ArraySlice<GIFTCharacter>)] = parts.map { ($0.marker.position, $0.body) }
            if let first = leading.trimmed.first { bodies.insert((first.position, leading), at: 0) }
            guard !bodies.isEmpty else {
                diagnostics.error(
                    .giftSyntax, at: brace, "this number question has no answer, so it is skipped",
                    help: "write the number after `#`, as in `{#1822}`, `{#1822:5}` or `{#1817..1827}`")
                return nil
            }
            var numbers: [GIFTNumber] = []
            for (start, body) in bodies {
                guard let (weight, weightAt, rest) = GIFTWeight.read(body, file: file, diagnostics: &diagnostics) else { return nil }
                let hash = rest.firstSymbol("#")
                let numberPart = rest[rest.startIndex..<(hash ?? rest.endIndex)].trimmed
                let feedback = hash.map { text(rest[($0 + 1)...], start: rest[$0].position, diagnostics: &diagnostics) }
                let at = start.location(in: file)
                guard let (value, tolerance) = GIFTNumberText.read(numberPart.string) else {
                    let place = numberPart.first.map { $0.position.location(in: file) } ?? at
                    diagnostics.error(
                        .giftSyntax, at: place, "`\(numberPart.string)` is not a number answer, so the question is skipped",
                        help: "write a number (`1822`), a number and how far off it may be (`1822:5`), or a range (`1817..1827`)")
                    return nil
                }
                numbers.append(
                    GIFTNumber(
                        location: at, weight: weight, weightLocation: weightAt, value: value, tolerance: tolerance, written: numberPart.string,
                        feedback: feedback?.isEmpty == false ? feedback : nil))
            }
            return .numeric(numbers, otherFeedback: other)
        }
    }
}
