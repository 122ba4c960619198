import FolioCore
import FolioModel
import FolioQuiz

/// Reading an attempt of `folio grade` straight from the bytes of its line, for the
/// common case: every key and id written plainly (no `\` escapes), every answer to a
/// question of the quiz, once, in the shape its question takes.
///
/// Hand-written because of a measured need: reading each attempt into a ``JSONValue`` first
/// made a `String` for every key and id and an array for every object, and counting
/// references to them was much of `folio grade`'s time (docs/development.md, "Measured
/// choices"). Here nothing is allocated for an attempt; ids are compared as bytes with the
/// quiz's own.
///
/// Anything else (an escape, an unknown or repeated key, an answer of the wrong shape,
/// a choice the question does not have, a line that is not JSON) makes the reader give
/// up without writing anything, and the attempt is read as a ``JSONValue`` and graded
/// by ``BatchGrader/grade(_:number:into:workspace:)``, which says what is wrong. So an
/// attempt is graded the same either way; the grading rules themselves are
/// ``QuestionGrader``'s and ``TextAnswer``'s, shared by both.
enum AttemptBytes {
    /// One question's answer, as read from the line.
    enum Answer {
        case none
        /// The picked choices, bit N for choice N.
        case choices(UInt64)
        case trueFalse(Bool)
        /// Where the typed text is in the line, quotes excluded.
        case text(Range<Int>)
        case number(Double)
    }

    /// One question graded, to be written once the score is known.
    struct Graded {
        var position: Int
        var correct: Bool
        var points: Double
        /// Right choices picked, whose feedback is shown after a right answer; wrong
        /// choices picked, whose hints are shown after a wrong one.
        var shownChoices: UInt64
        /// Where its result object is kept among the workspace's results, or nil when it
        /// is not: the question's first slot (``BatchGrader/resultSlots``) plus the
        /// picked choices' bits, or 1 when right and 0 when wrong.
        var slot: Int?
    }

    /// The attempt's fields, its answers being in the workspace.
    struct Fields {
        var seed: UInt64 = 0
        var elapsed = 0.0
    }

    /// A cursor over one line; every method returns nil where the line leaves the common
    /// case.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0D, 0x0A: position += 1
                default: return
                }
            }
        }

        /// Skips white space, then takes `byte` if it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// A string without escapes or control characters, as the range of its bytes.
        mutating func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return start..<(position - 1)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        func equals(_ range: Range<Int>, _ expected: UnsafeBufferPointer<UInt8>) -> Bool {
            guard range.count == expected.count else { return false }
            return range.isEmpty || Self.same(expected.baseAddress!, bytes.baseAddress! + range.lowerBound, range.count)
        }

        func equals(_ range: Range<Int>, _ expected: StaticString) -> Bool {
            range.count == expected.utf8CodeUnitCount && Self.same(expected.utf8Start, bytes.baseAddress! + range.lowerBound, range.count)
        }

        private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
            for index in 0..<count where a[index] != b[index] { return false }
            return true
        }

        /// A number as JSON writes one (``JSONReader/numberEnd(in:from:)``), as the range
        /// of its text.
        mutating func number() -> Range<Int>? {
            skipSpace()
            guard case .success(let end) = JSONReader.numberEnd(in: bytes, from: position) else { return nil }
            defer { position = end }
            return position..<end
        }

        /// A whole number from 0 to `UInt64.max`, written with digits only.
        func unsignedInteger(_ range: Range<Int>) -> UInt64? {
            var value: UInt64 = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                guard !overflow, !overflow2 else { return nil }
                value = sum
            }
            return value
        }

        /// The number's value as `Double(text)` reads it; nil if it is not finite.
        func double(_ range: Range<Int>) -> Double? {
            // Up to 15 digits without a fraction or exponent are exact in a Double: no
            // text needs to be made for the common whole number.
            var negative = false
            var digits = range
            if bytes[range.lowerBound] == UInt8(ascii: "-") {
                negative = true
                digits = (range.lowerBound + 1)..<range.upperBound
            }
            if digits.count <= 15, let whole = unsignedInteger(digits) {
                let value = Double(whole)
                return negative ? -value : value
            }
            guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)), value.isFinite else { return nil }
            return value
        }
    }
}

extension BatchGrader {
    /// Grades one attempt, given as the bytes of its line, and writes its result line as
    /// ``grade(_:number:into:workspace:)`` does: read straight from the bytes when it
    /// is written the common way, else as a ``JSONValue`` (or an error line if it is
    /// not JSON).
    public func grade(line: UnsafeBufferPointer<UInt8>, number: Int, into output: inout JSONWriter, workspace: inout Workspace) {
        if gradeFromBytes(line, number: number, into: &output, workspace: &workspace) { return }
        do throws(JSONReader.Failure) {
            grade(try JSONReader.read(line), number: number, into: &output, workspace: &workspace)
        } catch {
            failed(number, error.description, into: &output)
        }
    }

    /// The attempt graded from its bytes, or false, with nothing written, when it is not
    /// written the common way.
    func gradeFromBytes(_ line: UnsafeBufferPointer<UInt8>, number: Int, into output: inout JSONWriter, workspace: inout Workspace) -> Bool {
        guard line.count > 0, let fields = read(line, into: &workspace) else { return false }
        let order = fixedOrder ?? QuizAttempt.questionOrder(of: quiz, seed: fields.seed)
        // An answer to a question this seed does not ask is an error the other way says.
        var asked = 0
        for position in order { if case .none = workspace.answers[position] {} else { asked += 1 } }
        var answered = 0
        for answer in workspace.answers { if case .none = answer {} else { answered += 1 } }
        guard asked == answered else { return false }

        var score = 0.0
        var total = 0.0
        workspace.graded.removeAll(keepingCapacity: true)
        for position in order {
            let prepared = self.prepared[position]
            total += prepared.points
            let correct: Bool
            let fraction: Double
            var shownChoices: UInt64 = 0
            switch workspace.answers[position] {
            case .none:
                continue
            case .choices(let picked):
                // One choice for a single question, and only choices the question has,
                // were checked when reading.
                let right = picked & prepared.correctChoices
                let wrong = picked & ~prepared.correctChoices
                (correct, fraction) = QuestionGrader.choiceScore(
                    type: prepared.type, partial: prepared.partial, right: right.nonzeroBitCount, wrong: wrong.nonzeroBitCount,
                    correctCount: prepared.correctChoices.nonzeroBitCount)
                // What ShownAfterTry shows after a first try.
                shownChoices = correct ? right & prepared.choicesWithFeedback : wrong & prepared.choicesWithHint
            case .trueFalse(let value):
                correct = value == prepared.answer
                fraction = correct ? 1 : 0
            case .text(let range):
                let text = UnsafeBufferPointer(rebasing: line[range])
                if TextAnswer.asciiNormalized(text, into: &workspace.normalized) {
                    correct = !workspace.normalized.isEmpty && prepared.normalizedAccept.contains { $0.elementsEqual(workspace.normalized) }
                } else {
                    guard let typed = String(validating: text, as: UTF8.self) else { return false }
                    correct = TextAnswer.matches(typed, normalizedAccept: normalizedAccepts[position] ?? [])
                }
                fraction = correct ? 1 : 0
            case .number(let value):
                correct = QuestionGrader.numberIsRight(value, number: prepared.number, tolerance: prepared.tolerance)
                fraction = correct ? 1 : 0
            }
            let points = prepared.points * fraction
            score += points
            // What the result depends on: the choices picked, or whether it was right.
            let answerKey: Int?
            if case .choices(let picked) = workspace.answers[position] {
                answerKey = prepared.resultsByAnswer > 0 ? Int(picked) : nil
            } else {
                answerKey = correct ? 1 : 0
            }
            workspace.graded.append(
                AttemptBytes.Graded(
                    position: position, correct: correct, points: points, shownChoices: shownChoices,
                    slot: answerKey.map { resultSlots[position] + $0 }))
        }
        writeHead(number: number, errors: [], score: score, total: total, into: &output)
        output.beginArray()
        for graded in workspace.graded {
            let prepared = self.prepared[graded.position]
            func write(into output: inout JSONWriter) {
                self.write(
                    question: prepared, correct: graded.correct, points: graded.points,
                    feedback: ChoicePositions(bits: graded.correct ? graded.shownChoices : 0),
                    hints: ChoicePositions(bits: graded.correct ? 0 : graded.shownChoices),
                    questionHint: !graded.correct && !prepared.hints.isEmpty ? 0 : nil, into: &output)
            }
            guard let slot = graded.slot else {
                write(into: &output)
                continue
            }
            var kept = workspace.resultRanges[slot]
            if kept.isEmpty {
                workspace.questions.removeAll()
                write(into: &workspace.questions)
                let start = workspace.resultBytes.count
                workspace.resultBytes += workspace.questions.bytes
                kept = start..<workspace.resultBytes.count
                workspace.resultRanges[slot] = kept
            }
            output.beginPieces()
            workspace.resultBytes.withUnsafeBufferPointer { output.appendPiece(UnsafeBufferPointer(rebasing: $0[kept])) }
            output.endPieces()
        }
        output.endArray()
        writeTail(score: score, total: total, elapsed: fields.elapsed, into: &output)
        return true
    }

    /// The attempt's fields, with its answers in `workspace.answers`; nil where the line
    /// leaves the common case.
    private func read(_ line: UnsafeBufferPointer<UInt8>, into workspace: inout Workspace) -> AttemptBytes.Fields? {
        var cursor = AttemptBytes.Cursor(bytes: line)
        var fields = AttemptBytes.Fields()
        if workspace.resultsOwner !== preparedBytes {
            workspace.resultBytes.removeAll()
            workspace.resultRanges = Array(repeating: 0..<0, count: resultSlotCount)
            workspace.resultsOwner = preparedBytes
        }
        if workspace.answers.count != prepared.count {
            workspace.answers = Array(repeating: .none, count: prepared.count)
        } else {
            for index in workspace.answers.indices { workspace.answers[index] = .none }
        }
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        var sawSeed = false
        var sawElapsed = false
        var sawAnswers = false
        var first = true
        while true {
            if first, cursor.take(UInt8(ascii: "}")) { break }
            guard let key = cursor.plainString(), cursor.take(UInt8(ascii: ":")) else { return nil }
            if cursor.equals(key, "seed") {
                guard !sawSeed, let text = cursor.number(), let seed = cursor.unsignedInteger(text) else { return nil }
                fields.seed = seed
                sawSeed = true
            } else if cursor.equals(key, "elapsedSeconds") {
                guard !sawElapsed, let text = cursor.number(), let elapsed = cursor.double(text), elapsed >= 0 else { return nil }
                fields.elapsed = elapsed
                sawElapsed = true
            } else if cursor.equals(key, "answers") {
                guard !sawAnswers, readAnswers(&cursor, into: &workspace) else { return nil }
                sawAnswers = true
            } else {
                return nil
            }
            first = false
            if cursor.take(UInt8(ascii: ",")) { continue }
            guard cursor.take(UInt8(ascii: "}")) else { return nil }
            break
        }
        cursor.skipSpace()
        guard sawAnswers, cursor.position == line.count else { return nil }
        return fields
    }

    /// `{"question-id": {"choices": [...]}, ...}`: each key a question of the quiz,
    /// answered once, in its question's shape.
    private func readAnswers(_ cursor: inout AttemptBytes.Cursor, into workspace: inout Workspace) -> Bool {
        guard cursor.take(UInt8(ascii: "{")) else { return false }
        if cursor.take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = cursor.plainString(), cursor.take(UInt8(ascii: ":")),
                let position = prepared.firstIndex(where: { cursor.equals(key, $0.id) }),
                case .none = workspace.answers[position],
                let answer = readAnswer(&cursor, to: prepared[position])
            else { return false }
            workspace.answers[position] = answer
        } while cursor.take(UInt8(ascii: ","))
        return cursor.take(UInt8(ascii: "}"))
    }

    /// One answer object, `{"choices": [...]}`, `{"answer": true}`, `{"text": "..."}` or
    /// `{"number": 9}`, of the shape `question` takes.
    private func readAnswer(_ cursor: inout AttemptBytes.Cursor, to question: PreparedQuestion) -> AttemptBytes.Answer? {
        guard cursor.take(UInt8(ascii: "{")), let key = cursor.plainString(), cursor.take(UInt8(ascii: ":")) else { return nil }
        let answer: AttemptBytes.Answer
        switch question.type {
        case .single, .multiple:
            guard question.choiceBits, cursor.equals(key, "choices"), cursor.take(UInt8(ascii: "[")) else { return nil }
            var picked: UInt64 = 0
            if !cursor.take(UInt8(ascii: "]")) {
                repeat {
                    guard let id = cursor.plainString(),
                        let choice = question.choiceIDs.firstIndex(where: { cursor.equals(id, $0) })
                    else { return nil }
                    picked |= 1 << UInt64(choice)
                } while cursor.take(UInt8(ascii: ","))
                guard cursor.take(UInt8(ascii: "]")) else { return nil }
            }
            if question.type == .single, picked.nonzeroBitCount != 1 { return nil }
            answer = .choices(picked)
        case .trueFalse:
            guard cursor.equals(key, "answer") else { return nil }
            cursor.skipSpace()
            let rest = cursor.bytes.count - cursor.position
            if rest >= 4, cursor.equals(cursor.position..<(cursor.position + 4), "true") {
                cursor.position += 4
                answer = .trueFalse(true)
            } else if rest >= 5, cursor.equals(cursor.position..<(cursor.position + 5), "false") {
                cursor.position += 5
                answer = .trueFalse(false)
            } else {
                return nil
            }
        case .text:
            guard cursor.equals(key, "text"), let text = cursor.plainString() else { return nil }
            answer = .text(text)
        case .number:
            guard cursor.equals(key, "number"), let text = cursor.number(), let value = cursor.double(text) else { return nil }
            answer = .number(value)
        }
        return cursor.take(UInt8(ascii: "}")) ? answer : nil
    }
}

/// The positions of the set bits, lowest first: choices in the question's order.
struct ChoicePositions: Sequence, IteratorProtocol {
    var bits: UInt64
    mutating func next() -> Int? {
        guard bits != 0 else { return nil }
        let position = bits.trailingZeroBitCount
        bits &= bits - 1
        return position
    }
}
