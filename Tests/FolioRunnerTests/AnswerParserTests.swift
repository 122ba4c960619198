import FolioModel
import FolioQuiz
import XCTest

@testable import FolioRunner

/// What a learner may type for each kind of question.
final class AnswerParserTests: XCTestCase {
    let questions = SpecExamples.quiz.questions

    func parse(_ line: String, _ index: Int) -> AnswerParser.Parsed { AnswerParser.parse(line, for: questions[index]) }

    func testChoicesAreNumbersAsShown() {
        let single = questions[0]
        XCTAssertEqual(parse(" 2 ", 0), .response(.choices([single.choices[1].id])))
        XCTAssertEqual(parse("4", 0), .invalid("Type the number of one choice, from 1 to 3."))
        XCTAssertEqual(parse("1 2", 0), .invalid("Pick just one choice: type one number."))
        XCTAssertEqual(parse("a", 0), .invalid("Type the number of one choice, from 1 to 3."))
        let multiple = questions[1]
        let ids = multiple.choices.map(\.id)
        for typed in ["1 3", "1,3", "3, 1", "1 and 3", "13", "1 3 3"] {
            guard case .response(.choices(let picked)) = parse(typed, 1) else { return XCTFail(typed) }
            XCTAssertEqual(Set(picked), [ids[0], ids[2]], typed)
        }
        XCTAssertEqual(parse("1 4", 1), .invalid("Type the numbers of every choice you pick, like 1 3 (from 1 to 3)."))
    }

    func testTrueOrFalse() {
        for typed in ["t", "T", "true", "yes", "1", "y"] { XCTAssertEqual(parse(typed, 2), .response(.trueFalse(true)), typed) }
        for typed in ["f", "False", "no", "2", "n"] { XCTAssertEqual(parse(typed, 2), .response(.trueFalse(false)), typed) }
        XCTAssertEqual(parse("maybe", 2), .invalid("Type t for true or f for false (or 1 or 2)."))
    }

    func testTypedAnswersAreKeptAsTyped() {
        XCTAssertEqual(parse("  Who I am!  ", 3), .response(.text("Who I am!")))
        XCTAssertEqual(parse("   ", 3), .invalid("Type your answer, then press Enter."))
    }

    func testNumbersAsPeopleTypeThem() {
        let cases: [(String, Double?)] = [
            ("9", 9), ("-2", -2), ("+3", 3), ("2.5", 2.5), ("2,5", 2.5), (".5", 0.5), ("1,000", 1000), ("1 000", 1000),
            ("1,234.5", 1234.5), ("12,345,678", 12_345_678), ("9 hours", nil), ("½", nil), ("1.2.3", nil), ("", nil),
            ("-", nil), (".", nil), ("1e999", nil), ("nan", nil), ("1,2,3", nil), ("1.000,5", nil),
        ]
        for (typed, expected) in cases { XCTAssertEqual(AnswerParser.number(typed), expected, typed) }
        XCTAssertEqual(parse("9", 4), .response(.number(9)))
    }
}
