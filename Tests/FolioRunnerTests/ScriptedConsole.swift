import FolioCompiler
import FolioModel
import FolioProgram
import FolioRunner
import Foundation
import XCTest

/// A console that answers from a script and keeps a transcript, with a clock that
/// moves `secondsPerLine` for every line typed, so time limits can be tested exactly.
final class ScriptedConsole: Console {
    var width = 80
    var style = TerminalStyle.plain
    var isInteractive: Bool
    var now = 0.0
    var secondsPerLine: Double
    private var script: [ConsoleInput]
    private(set) var transcript = ""

    init(_ script: [ConsoleInput], interactive: Bool = false, secondsPerLine: Double = 5) {
        self.script = script
        isInteractive = interactive
        self.secondsPerLine = secondsPerLine
    }

    /// Lines only.
    convenience init(lines: [String], interactive: Bool = false, secondsPerLine: Double = 5) {
        self.init(lines.map(ConsoleInput.line), interactive: interactive, secondsPerLine: secondsPerLine)
    }

    var unread: Int { script.count }

    func write(_ text: String) { transcript += text }

    func readLine(prompt: String, until deadline: Double?) -> ConsoleInput {
        transcript += prompt
        guard !script.isEmpty else {
            transcript += "\n"
            return .endOfInput
        }
        let next = script.removeFirst()
        if case .line(let text) = next {
            now += secondsPerLine
            if let deadline, now > deadline {
                transcript += "\n"
                return .timedOut
            }
            transcript += text + "\n"
        } else {
            transcript += "\n"
        }
        return next
    }
}

/// The spec's own example program, compiled by the compiler: the runners are tested
/// on the quiz and decks the authoring format documents.
enum SpecExamples {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spec-examples")

    static let program: CompiledProgram = {
        let result = try! Compiler(contentFolder: folder).compile()
        return result.program!
    }()

    static var quiz: Quiz { program.quiz("who-am-i")! }

}

/// The sample program in `Content/`, for its flashcard decks (the spec's deck has one card).
enum SampleProgram {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Content")

    static let program: CompiledProgram = {
        let result = try! Compiler(contentFolder: folder).compile()
        return result.program!
    }()

    static func deck(_ id: String) -> Deck { program.decks.first { $0.id == id }! }
}

extension Question {
    /// The number a learner types for the choice with `id`, as shown in this attempt.
    func number(of id: String) -> String { String(choices.firstIndex { $0.id == id }! + 1) }

    /// The numbers of the right choices, as typed.
    var rightNumbers: String { choices.indices.filter { choices[$0].correct }.map { String($0 + 1) }.joined(separator: " ") }

    /// The number of a wrong choice that has a hint.
    var wrongNumberWithHint: String { String(choices.firstIndex { !$0.correct && $0.hint != nil }! + 1) }
}
