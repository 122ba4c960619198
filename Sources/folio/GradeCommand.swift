import ArgumentParser
import FolioCore
import FolioGrading
import FolioModel
import FolioQuiz
import Foundation

/// `folio grade`: grades recorded answers for pipelines, as JSON Lines.
struct GradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grade",
        abstract: "Grade recorded answers to a quiz and print the results as JSON Lines.",
        discussion: """
            The responses file holds attempts, one a line (JSON Lines), or a JSON array
            of them, which may take several lines. Answers name the quiz's question and
            choice ids as the bundle gives them: they stay with their question and
            choice when the quiz is reordered, and an answer to a question or choice
            that no longer exists is listed in "errors", never graded as another. For
            the sample program's who-am-i quiz, a file of one attempt, all right:
              [{"seed": 0, "elapsedSeconds": 95,
                "answers": {"what-is-self-esteem":
                              {"choices": ["how-much-you-value-yourself-13a9"]},
                            "healthy-self-esteem":
                              {"choices": ["bouncing-back-after-a-mistake-32b2",
                                           "knowing-what-you-are-good-7d6e"]},
                            "identity-can-change": {"answer": true},
                            "first-right": {"text": "myself"},
                            "i-am-list": {"number": 10}}}]

            Each answer is graded once, as in a quiz with one try per question. A line
            that is not an attempt, or answers none of the quiz's questions, gets
            {"attempt": N, "error": "..."}; an answer that does not fit its question is
            listed in that attempt's "errors". The rest of the batch is still graded.

            Responses recorded with Folio 1 name questions that state no id q1, q2...
            and choices c1, c2... by their place. --positional-ids reads those by place,
            as Folio 1 did: right only while the quiz has not been reordered since.

            Examples:
              folio grade who-am-i --responses answers.jsonl
              folio grade who-am-i --responses answers.json --bundle Output/bundle
            """)

    @Argument(help: "The quiz id (or the id of the chapter it ends).")
    var quiz: String

    @Option(help: "The file of recorded attempts (`-` for standard input).")
    var responses: String

    @OptionGroup var program: ProgramOptions

    @Flag(
        name: .customLong("positional-ids"),
        help: "Read question ids q1, q2... and choice ids c1, c2... that the quiz does not have by place, as Folio 1 named them.")
    var positionalIDs = false

    func run() throws {
        let (quiz, _) = try program.load().quiz(quiz)
        let data: Data
        if responses == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            // Read through a handle, not FileManager.contents, which refuses what is not a
            // regular file: `/dev/stdin`, a named pipe, a shell's `<(...)`.
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: responses, isDirectory: &isFolder) else {
                throw CommandFailure("there is no responses file `\(responses)`: check its name, or give `-` to read standard input")
            }
            guard !isFolder.boolValue, let handle = FileHandle(forReadingAtPath: responses) else {
                throw CommandFailure("cannot read the responses file `\(responses)`: it is a folder, or this account may not read it")
            }
            defer { try? handle.close() }
            // A regular file is mapped rather than copied into memory: reading a large file
            // of attempts took a large part of the time of grading them
            // (docs/development.md, "Measured choices"). A pipe is read.
            let isRegularFile = (try? FileManager.default.attributesOfItem(atPath: responses)[.type] as? FileAttributeType) == .typeRegular
            if isRegularFile, let mapped = try? Data(contentsOf: URL(fileURLWithPath: responses), options: .alwaysMapped) {
                data = mapped
            } else {
                data = handle.readDataToEndOfFile()
            }
        }
        let grader = BatchGrader(quiz: quiz, positionalIDs: positionalIDs)
        var output = JSONWriter(capacity: 1 << 21)
        var workspace = BatchGrader.Workspace()
        Self.forEachAttempt(in: data) { number, attempt in
            switch attempt {
            case .line(let line): grader.grade(line: line, number: number, into: &output, workspace: &workspace)
            case .value(.success(let json)): grader.grade(json, number: number, into: &output, workspace: &workspace)
            case .value(.failure(let failure)): grader.failed(number, failure.description, into: &output)
            }
            output.newline()
            if output.bytes.count > 1 << 20 {
                FileHandle.standardOutput.write(Data(output.bytes))
                output.removeAll()
            }
        }
        FileHandle.standardOutput.write(Data(output.bytes))
    }

    /// An attempt of a responses file: a line of JSON Lines, as bytes, or an element of a
    /// JSON array, read or with the reason the array could not be.
    enum Attempt {
        case line(UnsafeBufferPointer<UInt8>)
        case value(Result<JSONValue, JSONReader.Failure>)
    }

    /// Calls `body` with each attempt of a file, numbered from 1: the elements of a JSON
    /// array, or else one per non-empty line (JSON Lines), straight from the file's bytes.
    static func forEachAttempt(in data: Data, _ body: (Int, Attempt) -> Void) {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count, isSpace(bytes[start]) { start += 1 }
            if start < bytes.count, bytes[start] == UInt8(ascii: "[") {
                do throws(JSONReader.Failure) {
                    guard case .array(let items) = try JSONReader.read(bytes) else { return }
                    for (index, item) in items.enumerated() { body(index + 1, .value(.success(item))) }
                } catch {
                    body(1, .value(.failure(error)))
                }
                return
            }
            var number = 0
            var lineStart = 0
            while lineStart < bytes.count {
                // memchr rather than a loop over the bytes: a twelfth of grading's time.
                let base = bytes.baseAddress!
                var lineEnd = bytes.count
                if let found = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
                    lineEnd = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if line.contains(where: { !isSpace($0) }) {
                    number += 1
                    body(number, .line(line))
                }
                lineStart = lineEnd + 1
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
}

/// A problem with the command's input (exit code 2).
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
