import FolioCore
import FolioModel
import FolioQuiz

/// A question as ``BatchGrader`` grades it for every attempt: its texts escaped as JSON
/// once, its ids as UTF-8, its choices as bits, and the fixed pieces of its result
/// object.
///
/// Made only of plain values and pointers into a ``PreparedBytes`` that the grader keeps:
/// taking a question, or one of its texts, out of a list costs no reference counting, which
/// was a large part of `folio grade`'s time when these were arrays in a class
/// (docs/development.md, "Measured choices"). Sendable because what it points to is never
/// written after it is made.
struct PreparedQuestion: @unchecked Sendable {
    typealias Piece = UnsafeBufferPointer<UInt8>

    let points: Double
    let type: Question.Kind
    let partial: Bool
    let answer: Bool?
    let number: Double?
    let tolerance: Double?
    /// The id as an attempt writes it.
    let id: Piece
    /// The start of the result's object for this question, up to its feedback list,
    /// after a right answer (with the explanation, which is shown then) and after a
    /// wrong one; and its end, from `possible` on.
    let startRight: Piece
    let startWrong: Piece
    let end: Piece
    /// The hints, choices' ids, feedback and hints, escaped as JSON (ids as UTF-8).
    let hints: UnsafeBufferPointer<Piece>
    let choiceIDs: UnsafeBufferPointer<Piece>
    let choiceFeedback: UnsafeBufferPointer<Piece?>
    let choiceHints: UnsafeBufferPointer<Piece?>
    /// The accepted answers, normalized, as UTF-8.
    let normalizedAccept: UnsafeBufferPointer<Piece>
    /// Bit N stands for choice N, for questions of up to 64 choices (``choiceBits``).
    let choiceBits: Bool
    let correctChoices: UInt64
    let choicesWithHint: UInt64
    let choicesWithFeedback: UInt64

    init(_ question: Question, normalizedAccept accepted: [String]?, in bytes: PreparedBytes) {
        points = question.points
        type = question.type
        partial = question.partial
        answer = question.answer
        number = question.number
        tolerance = question.tolerance
        id = bytes.piece(Array(question.id.utf8))

        var start = JSONWriter()
        start.beginObject()
        start.key("correct")
        start.bool(true)
        if let explanation = question.explanation {
            start.key("explanation")
            start.string(explanation.markdown)
        }
        start.key("feedback")
        start.beginArray()
        startRight = bytes.piece(start.bytes)
        start.removeAll()
        start.beginObject()
        start.key("correct")
        start.bool(false)
        start.key("feedback")
        start.beginArray()
        startWrong = bytes.piece(start.bytes)
        var tail = JSONWriter()
        tail.key("possible")
        tail.number(question.points)
        tail.key("question")
        tail.string(question.id)
        tail.endObject()
        end = bytes.piece([UInt8(ascii: ",")] + tail.bytes)

        hints = bytes.table(question.hints.map { bytes.piece(JSONWriter.escaped($0.markdown)) })
        choiceIDs = bytes.table(question.choices.map { bytes.piece(Array($0.id.utf8)) })
        choiceFeedback = bytes.table(question.choices.map { $0.feedback.map { bytes.piece(JSONWriter.escaped($0.markdown)) } })
        choiceHints = bytes.table(question.choices.map { $0.hint.map { bytes.piece(JSONWriter.escaped($0.markdown)) } })
        normalizedAccept = bytes.table((accepted ?? []).map { bytes.piece(Array($0.utf8)) })

        choiceBits = question.choices.count <= 64
        func bits(_ included: (Choice) -> Bool) -> UInt64 {
            guard question.choices.count <= 64 else { return 0 }
            var bits: UInt64 = 0
            for (position, choice) in question.choices.enumerated() where included(choice) { bits |= 1 << UInt64(position) }
            return bits
        }
        correctChoices = bits(\.correct)
        choicesWithHint = bits { $0.hint != nil }
        choicesWithFeedback = bits { $0.feedback != nil }
        switch question.type {
        // One result for each set of picked choices, up to 8 choices (256 sets); more
        // are written piece by piece each time.
        case .single, .multiple: resultsByAnswer = question.choices.count <= 8 ? 1 << question.choices.count : 0
        // Right or wrong.
        case .trueFalse, .text, .number: resultsByAnswer = 2
        }
    }

    /// How many different result objects this question can have that ``BatchGrader``
    /// keeps (``BatchGrader/Workspace/resultRanges``): one for each answer that can
    /// change the result.
    let resultsByAnswer: Int
}

/// The memory that ``PreparedQuestion``s point to, freed with the last grader that keeps
/// it. Written only while the questions are prepared, then only read, from any thread.
final class PreparedBytes: @unchecked Sendable {
    private var allocations: [UnsafeMutableRawPointer] = []

    /// A copy of `bytes` that lives as long as this object.
    func piece(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        table(bytes)
    }

    /// A copy of `elements` (plain values) that lives as long as this object.
    func table<Element>(_ elements: [Element]) -> UnsafeBufferPointer<Element> {
        let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(elements.count, 1))
        _ = copy.initialize(from: elements)
        allocations.append(UnsafeMutableRawPointer(copy.baseAddress!))
        return UnsafeBufferPointer(rebasing: copy[..<elements.count])
    }

    deinit {
        for allocation in allocations { allocation.deallocate() }
    }
}
