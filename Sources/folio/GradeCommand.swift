import ArgumentParser
import FolioModel
import FolioQuiz
import Foundation

/// `folio grade`: grades recorded answers for pipelines, as JSON Lines.
struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade recorded answers to a quiz and print the results as JSON Lines.",
        discussion: """
            The responses file holds one attempt (a JSON object), several (a JSON array) or
            one per line (JSON Lines):
              {"seed": 0, "elapsedSeconds": 95, "answers": {"q1": {"choices": ["c1"]}, "q2": {"answer": true},
                                                           "q3": {"text": "me"}, "q4": {"number": 9}}}
            Each answer is graded once. A bad attempt gets an "error" line; the others are still graded.

            Examples:
              folio grade who-am-i --responses answers.jsonl
              folio grade who-am-i --responses answers.json --bundle Output/bundle
            """)

    @Argument(help: "The quiz id (or the id of the chapter it ends).")
    var quiz: String

    @Option(help: "The file of recorded attempts (`-` for standard input).")
    var responses: String

    @OptionGroup var program: ProgramOptions

    func run() throws {
        let (quiz, _) = try program.load().quiz(quiz)
        let data: Data
        if responses == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: responses) else {
                throw CommandFailure("cannot read the responses file `\(responses)`")
            }
            data = read
        }
        let grader = BatchGrader(quiz: quiz)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = Data()
        var number = 0
        func emit(_ line: Data) {
            output.append(line)
            output.append(0x0A)
            if output.count > 1 << 20 {
                FileHandle.standardOutput.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        for chunk in Self.attempts(in: data) {
            number += 1
            do {
                let attempt = try decoder.decode(BatchGrader.Attempt.self, from: chunk)
                emit(try encoder.encode(grader.grade(attempt, number: number)))
            } catch {
                emit(try encoder.encode(FailedAttempt(attempt: number, error: Self.describe(error))))
            }
        }
        FileHandle.standardOutput.write(output)
    }

    /// The attempts of a file: the elements of a JSON array, or one per non-empty line.
    static func attempts(in data: Data) -> [Data] {
        let trimmed = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if trimmed.first == UInt8(ascii: "["),
            let array = try? JSONSerialization.jsonObject(with: Data(trimmed)) as? [Any]
        {
            return array.compactMap { try? JSONSerialization.data(withJSONObject: $0) }
        }
        return data.split(separator: 0x0A).filter { line in line.contains { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 } }.map { Data($0) }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return "not a valid attempt: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, _): return "not a valid attempt: `\(key.stringValue)` is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "not a valid attempt at `\(context.codingPath.map(\.stringValue).joined(separator: "."))`: \(context.debugDescription)"
        default: return "not a valid attempt: \(error.localizedDescription)"
        }
    }
}

/// The output line for an attempt that could not be read.
struct FailedAttempt: Encodable {
    var attempt: Int
    var error: String
}

/// A problem with the command's input (exit code 2).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
