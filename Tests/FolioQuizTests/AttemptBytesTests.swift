import FolioCore
import FolioModel
import FolioQuiz
import XCTest

@testable import FolioGrading

/// `folio grade` reads an attempt written the common way straight from its bytes, and
/// anything else as a JSON value. Either way the result line is the same, byte for byte:
/// these tests grade thousands of attempts, ordinary and odd, both ways and compare.
final class AttemptBytesTests: XCTestCase {
    static func text(_ markdown: String) -> RichText { RichText(markdown: markdown, html: markdown) }

    /// Every kind of question, with hints, feedback, explanations and texts to escape.
    static let questions = [
        Question(
            id: "pick", type: .single, prompt: text("Pick"),
            choices: [
                Choice(id: "yes-a", text: text("A"), correct: true, feedback: text("Yes \"A\"")),
                Choice(id: "b", text: text("B"), correct: false, hint: text("Not B\nreally")),
                Choice(id: "c", text: text("C"), correct: false),
            ], hints: [text("Think"), text("Again")], explanation: text("Because A.")),
        Question(
            id: "many", type: .multiple, prompt: text("Many"), points: 3, partial: true,
            choices: [
                Choice(id: "m1", text: text("1"), correct: true, feedback: text("One")),
                Choice(id: "m2", text: text("2"), correct: true),
                Choice(id: "m3", text: text("3"), correct: false, hint: text("Not 3")),
                Choice(id: "m4", text: text("4"), correct: false),
            ]),
        Question(
            id: "all-or-none", type: .multiple, prompt: text("All"),
            choices: [
                Choice(id: "x", text: text("X"), correct: true), Choice(id: "y", text: text("Y"), correct: false, hint: text("Why Y?")),
            ], hints: [text("Two of them")]),
        Question(id: "tf", type: .trueFalse, prompt: text("T?"), points: 2, explanation: text("True."), answer: true),
        Question(id: "word", type: .text, prompt: text("W?"), hints: [text("A drink")], accept: ["Café", "coffee shop"]),
        Question(id: "count", type: .number, prompt: text("N?"), points: 0.5, number: 9.5, tolerance: 0.25),
        Question(id: "élan", type: .trueFalse, prompt: text("É?"), answer: false),
    ]

    static let quizzes = [
        Quiz(id: "fixed", title: "Fixed", passPercent: 60, timeLimitSeconds: 60, questions: questions),
        Quiz(id: "drawn", title: "Drawn", mode: .assessment, shuffle: .both, draw: 4, questions: questions),
    ]

    /// The line graded the way that reads a JSON value first.
    func gradedAsValue(_ grader: BatchGrader, _ line: [UInt8]) -> [UInt8] {
        var output = JSONWriter()
        var workspace = BatchGrader.Workspace()
        do throws(JSONReader.Failure) {
            grader.grade(try JSONReader.read(line), number: 3, into: &output, workspace: &workspace)
        } catch {
            grader.failed(3, error.description, into: &output)
        }
        return output.bytes
    }

    /// The line graded as `folio grade` grades a line, and whether it was read from its
    /// bytes.
    func gradedAsLine(_ grader: BatchGrader, _ line: [UInt8], workspace: inout BatchGrader.Workspace) -> (bytes: [UInt8], fromBytes: Bool) {
        var direct = JSONWriter()
        let fromBytes = line.withUnsafeBufferPointer { grader.gradeFromBytes($0, number: 3, into: &direct, workspace: &workspace) }
        var output = JSONWriter()
        line.withUnsafeBufferPointer { grader.grade(line: $0, number: 3, into: &output, workspace: &workspace) }
        if fromBytes { XCTAssertEqual(direct.bytes, output.bytes) }
        return (output.bytes, fromBytes)
    }

    func testOrdinaryAttemptsAreReadFromTheirBytesAndGradedAsValuesAre() {
        var random = SeededGenerator(seed: 7)
        for quiz in Self.quizzes {
            let grader = BatchGrader(quiz: quiz)
            var workspace = BatchGrader.Workspace()
            for seed in 0..<2_000 as Range<UInt64> {
                let asked = QuizAttempt.questionOrder(of: quiz, seed: seed).map { quiz.questions[$0] }
                var answers: [String] = []
                for question in asked.shuffled(using: &random) where Int.random(in: 0..<5, using: &random) > 0 {
                    answers.append("\"\(question.id)\": " + Self.ordinaryAnswer(to: question, using: &random))
                }
                var fields = ["\"answers\": {" + answers.joined(separator: ", ") + "}", "\"seed\": \(seed)"]
                if Bool.random(using: &random) { fields.append("\"elapsedSeconds\": \(Int.random(in: 0...120, using: &random))") }
                let line = Array(("{" + fields.shuffled(using: &random).joined(separator: ", ") + "}").utf8)
                let (bytes, fromBytes) = gradedAsLine(grader, line, workspace: &workspace)
                XCTAssertTrue(fromBytes, "an ordinary attempt is read from its bytes: \(String(decoding: line, as: UTF8.self))")
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: gradedAsValue(grader, line), as: UTF8.self))
            }
        }
    }

    /// The result line, byte for byte: keys sorted, no space, whole numbers without a
    /// fraction; the same whether the attempt is read from its bytes or as a value.
    func testAResultLineIsCompactJSONWithSortedKeys() {
        let line = Array(
            #"{"seed": 0, "elapsedSeconds": 61, "answers": {"pick": {"choices": ["b"]}, "tf": {"answer": true}, "count": {"number": 9.5}}}"#.utf8)
        let expected =
            #"{"attempt":3,"errors":[],"passed":false,"percent":26.32,"questions":["#
            + #"{"correct":false,"feedback":[],"hints":["Not B\nreally","Think"],"points":0,"possible":1,"question":"pick"},"#
            + #"{"correct":true,"explanation":"True.","feedback":[],"hints":[],"points":2,"possible":2,"question":"tf"},"#
            + #"{"correct":true,"feedback":[],"hints":[],"points":0.5,"possible":0.5,"question":"count"}],"#
            + #""quiz":"fixed","score":2.5,"timedOut":true,"total":9.5}"#
        let grader = BatchGrader(quiz: Self.quizzes[0])
        var workspace = BatchGrader.Workspace()
        // Twice with one workspace: the second time, each question's result is the one
        // kept from the first.
        for _ in 0..<2 {
            let (bytes, fromBytes) = gradedAsLine(grader, line, workspace: &workspace)
            XCTAssertTrue(fromBytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
        }
        XCTAssertEqual(String(decoding: gradedAsValue(grader, line), as: UTF8.self), expected)
    }

    /// A question's result is kept by answer in the workspace; a workspace handed from
    /// one quiz's grader to another's starts again rather than copying the first quiz's.
    func testAWorkspaceMovedToAnotherQuizGradesThatQuiz() {
        let renamed = Self.questions.map { question in
            var question = question
            question.explanation = question.explanation.map { Self.text("Other " + $0.markdown) }
            return question
        }
        let graders = [
            BatchGrader(quiz: Quiz(id: "one", title: "One", questions: Self.questions)),
            BatchGrader(quiz: Quiz(id: "two", title: "Two", questions: renamed)),
        ]
        let line = Array(#"{"seed": 1, "answers": {"pick": {"choices": ["yes-a"]}, "tf": {"answer": true}}}"#.utf8)
        var shared = BatchGrader.Workspace()
        for grader in graders + graders {
            let (bytes, fromBytes) = gradedAsLine(grader, line, workspace: &shared)
            XCTAssertTrue(fromBytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: gradedAsValue(grader, line), as: UTF8.self))
        }
    }

    /// A question of more than 8 choices has too many answers to keep each one's result;
    /// its results are written piece by piece every time, and still come out the same.
    func testAQuestionOfManyChoicesIsGradedTheSameWithoutKeptResults() {
        let choices = (1...10).map { number in
            Choice(
                id: "c\(number)", text: Self.text("\(number)"), correct: number % 3 == 0,
                hint: number % 2 == 0 ? Self.text("Not \(number)") : nil, feedback: number % 3 == 0 ? Self.text("Yes, \(number)") : nil)
        }
        let questions = [
            Question(id: "ten", type: .multiple, prompt: Self.text("Which?"), points: 2, partial: true, choices: choices),
            Question(id: "one", type: .single, prompt: Self.text("One?"), choices: choices, hints: [Self.text("Count")]),
        ]
        let grader = BatchGrader(quiz: Quiz(id: "many", title: "Many", passPercent: 50, questions: questions))
        XCTAssertEqual(grader.resultSlotCount, 0)
        var random = SeededGenerator(seed: 11)
        var workspace = BatchGrader.Workspace()
        for seed in 0..<500 as Range<UInt64> {
            let answers = questions.map { "\"\($0.id)\": " + Self.ordinaryAnswer(to: $0, using: &random) }
            let line = Array(#"{"seed": \#(seed), "answers": {\#(answers.joined(separator: ", "))}}"#.utf8)
            let (bytes, fromBytes) = gradedAsLine(grader, line, workspace: &workspace)
            XCTAssertTrue(fromBytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: gradedAsValue(grader, line), as: UTF8.self))
        }
    }

    /// An answer of the question's own shape, right or wrong, as an app would record it.
    static func ordinaryAnswer(to question: Question, using random: inout SeededGenerator) -> String {
        switch question.type {
        case .single:
            return #"{"choices": ["\#(question.choices.randomElement(using: &random)!.id)"]}"#
        case .multiple:
            let picked = question.choices.filter { _ in Bool.random(using: &random) }.map { "\"\($0.id)\"" }
            return #"{"choices": [\#(picked.joined(separator: ", "))]}"#
        case .trueFalse:
            return #"{"answer": \#(Bool.random(using: &random))}"#
        case .text:
            return #"{"text": "\#(["cafe", "Café!", "  COFFEE   shop ", "tea", "", "...", "CAFÉ"].randomElement(using: &random)!)"}"#
        case .number:
            return #"{"number": \#(["9.5", "9", "10", "9.75", "9.8", "-9.5", "1e1", "95e-1", "0"].randomElement(using: &random)!)}"#
        }
    }

    /// Odd attempts: some are graded with errors, some are not attempts, some are not
    /// JSON; some are still read from their bytes. All come out as the other way says.
    func testOddAttemptsComeOutAsTheOtherWaySays() {
        let odd: [String] = [
            #"{"answers": {}}"#, #"{"answers": {}, "seed": 1, "seed": 2}"#, #" { "answers" : { } } "#, "{\"answers\":{}}\r",
            "\u{FEFF}{\"answers\": {}}", #"{"answers": {"pick": {"choices": ["yes-a"]}}} x"#, #"{"answers": {"pick": {"choices": ["yes-a"]}}"#,
            #"{"answers": {"pick": {"choices": ["yes-a", "b"]}}}"#, #"{"answers": {"pick": {"choices": []}}}"#,
            #"{"answers": {"pick": {"choices": ["yes-a", "yes-a"]}}}"#, #"{"answers": {"pick": {"choices": ["nope"]}}}"#,
            #"{"answers": {"pick": {"choices": ["c1"]}}}"#, #"{"answers": {"q1": {"choices": ["c1"]}}}"#,
            #"{"answers": {"pick": {"choices": ["yes-a"]}, "pick": {"choices": ["b"]}}}"#,
            #"{"answers": {"pi\u0063k": {"choices": ["yes-a"]}}}"#, #"{"answers": {"pick": {"choices": ["yes\u002da"]}}}"#,
            #"{"answers": {"tf": {"answer": "true"}}}"#, #"{"answers": {"tf": {"answer": true, "text": "x"}}}"#,
            #"{"answers": {"tf": {"answer": tru}}}"#, #"{"answers": {"tf": {"answer": truex}}}"#, #"{"answers": {"tf": {"text": "yes"}}}"#,
            #"{"answers": {"word": {"text": "caf\u00e9"}}}"#, #"{"answers": {"word": {"text": "Caf\u00c9"}}}"#,
            "{\"answers\": {\"word\": {\"text\": \"CAFÉ\"}}}",
            "{\"answers\": {\"word\": {\"text\": \"a\u{1}b\"}}}", "{\"answers\": {\"word\": {\"text\": \"\u{7F}cafe\"}}}",
            #"{"answers": {"count": {"number": 9.50}}}"#, #"{"answers": {"count": {"number": 1e400}}}"#, #"{"answers": {"count": {"number": -0}}}"#,
            #"{"answers": {"count": {"number": 09}}}"#, #"{"answers": {"count": {"number": 9.}}}"#, #"{"answers": {"count": {"number": .5}}}"#,
            #"{"answers": {"count": {"number": 1E+1}}}"#, #"{"answers": {"count": {"number": 9999999999999999999999}}}"#,
            #"{"answers": {"count": {"number": 123456789012345.5}}}"#, #"{"answers": {"count": {"number": "9.5"}}}"#,
            #"{"answers": {"élan": {"answer": false}}}"#, #"{"answers": {"\u00e9lan": {"answer": false}}}"#,
            #"{"seed": 18446744073709551615, "answers": {}}"#, #"{"seed": 18446744073709551616, "answers": {}}"#,
            #"{"seed": -1, "answers": {}}"#, #"{"seed": 1.5, "answers": {}}"#, #"{"seed": 1e2, "answers": {}}"#, #"{"seed": 0, "answers": {}}"#,
            #"{"elapsedSeconds": 61, "answers": {}}"#, #"{"elapsedSeconds": 60.5, "answers": {}}"#, #"{"elapsedSeconds": -1, "answers": {}}"#,
            #"{"answers": {}, "bonus": 1}"#, #"{"answers": []}"#, #"{"seed": 1}"#, "[]", "{}", "{", "", "nul", #"{"answers": {},}"#,
            #"{"answers": {"pick": {"choices": ["yes-a"],}}}"#, #"{"answers": {"pick": {"choices": ["yes-a"]},}}"#,
            "{\"answers\": {\"pick\": {\"choices\": [\"yes-a\"]}}}\u{0}", "{\"answers\": {\"word\": {\"text\": \"\u{FF}\"}}}",
        ]
        for quiz in Self.quizzes {
            let grader = BatchGrader(quiz: quiz)
            var workspace = BatchGrader.Workspace()
            var readFromBytes = 0
            for text in odd {
                var line = Array(text.utf8)
                if text.hasSuffix("\u{FF}\"}}}") { line = Array(text.utf8.dropLast(6)) + [0xFF] + Array("\"}}}".utf8) }
                let (bytes, fromBytes) = gradedAsLine(grader, line, workspace: &workspace)
                if fromBytes { readFromBytes += 1 }
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: gradedAsValue(grader, line), as: UTF8.self), text)
            }
            // Both ways are taken: the comparison is not between one way and itself.
            XCTAssertGreaterThan(readFromBytes, 5, quiz.id)
            XCTAssertLessThan(readFromBytes, odd.count - 20, quiz.id)
        }
    }

    /// Random bytes spliced into an ordinary attempt: never a crash, and the same line
    /// either way.
    func testDamagedAttemptsComeOutAsTheOtherWaySays() {
        var random = SeededGenerator(seed: 11)
        let grader = BatchGrader(quiz: Self.quizzes[0])
        var workspace = BatchGrader.Workspace()
        let alphabet = Array(#"{}[]":, \-.0123456789eE+truefalsn"#.utf8) + [0xC3, 0xA9, 0x00, 0x0A]
        for _ in 0..<3_000 {
            let answers = Self.questions.map { "\"\($0.id)\": " + Self.ordinaryAnswer(to: $0, using: &random) }
            var line = Array(#"{"seed": 4, "answers": {\#(answers.joined(separator: ", "))}}"#.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<line.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line[at] = alphabet.randomElement(using: &random)!
                case 1: line.remove(at: at)
                default: line.insert(alphabet.randomElement(using: &random)!, at: at)
                }
            }
            XCTAssertEqual(
                String(decoding: gradedAsLine(grader, line, workspace: &workspace).bytes, as: UTF8.self),
                String(decoding: gradedAsValue(grader, line), as: UTF8.self), String(decoding: line, as: UTF8.self))
        }
    }
}
