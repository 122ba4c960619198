import FolioAuthoring
import XCTest

/// `IDPinning` inserts `id:` lines and changes nothing else in a file.
final class IDPinningTests: XCTestCase {
    let ids = IDPinning.Ids(program: nil, quizzes: ["q": [("first-1a2b", ["yes-0001", "no-0002"]), ("second-3c4d", [])]], decks: [:])

    func pin(_ text: String) -> String? {
        let (change, _, _) = IDPinning.plan(ids, files: ["quizzes/q.yaml": Array(text.utf8)])
        return change.edits.first?.text
    }

    func testBlockAndFlowItemsGetTheirIDsLinedUp() {
        let text =
            "title: Q\nquestions:\n  # a note\n  - prompt: First?\n    choices:\n      - text: Yes\n        correct: true\n      - { text: No, hint: \"No.\" }\n  - prompt: Second\n    type: true-false\n    answer: true\n"
        XCTAssertEqual(
            pin(text),
            "title: Q\nquestions:\n  # a note\n  - id: first-1a2b\n    prompt: First?\n    choices:\n      - id: yes-0001\n        text: Yes\n        correct: true\n      - { id: no-0002, text: No, hint: \"No.\" }\n  - id: second-3c4d\n    prompt: Second\n    type: true-false\n    answer: true\n"
        )
    }

    func testWindowsLineEndsAndAByteOrderMarkAreKept() {
        let text =
            "\u{FEFF}title: Q\r\nquestions:\r\n  - prompt: First?\r\n    choices:\r\n      - text: Yes\r\n        correct: true\r\n      - text: No\r\n  - prompt: Second\r\n    type: true-false\r\n    answer: true\r\n"
        XCTAssertEqual(
            pin(text),
            "\u{FEFF}title: Q\r\nquestions:\r\n  - id: first-1a2b\r\n    prompt: First?\r\n    choices:\r\n      - id: yes-0001\r\n        text: Yes\r\n        correct: true\r\n      - id: no-0002\r\n        text: No\r\n  - id: second-3c4d\r\n    prompt: Second\r\n    type: true-false\r\n    answer: true\r\n"
        )
    }

    func testAnItemThatStatesItsIDIsLeftAsItIs() {
        let text =
            "title: Q\nquestions:\n  - id: mine\n    prompt: First?\n    choices:\n      - text: Yes\n        correct: true\n      - text: No\n  - prompt: Second\n    type: true-false\n    answer: true\n"
        XCTAssertEqual(pin(text)?.contains("  - id: mine\n    prompt: First?\n"), true)
        XCTAssertEqual(pin(text)?.contains("first-1a2b"), false)
    }

    func testAReflectionQuestionAmongGradedOnesTakesItsOwnID() {
        let ids = IDPinning.Ids(program: nil, quizzes: ["q": [("first-1a2b", []), ("second-3c4d", [])]], reflections: ["q": ["why-5e6f"]], decks: [:])
        let text =
            "title: Q\nquestions:\n  - prompt: First\n    type: true-false\n    answer: true\n  - type: reflection\n    prompt: Why?\n  - prompt: Second\n    type: true-false\n    answer: false\n"
        let (change, pinned, skipped) = IDPinning.plan(ids, files: ["quizzes/q.yaml": Array(text.utf8)])
        XCTAssertEqual(
            change.edits.first?.text,
            "title: Q\nquestions:\n  - id: first-1a2b\n    prompt: First\n    type: true-false\n    answer: true\n  - id: why-5e6f\n    type: reflection\n    prompt: Why?\n  - id: second-3c4d\n    prompt: Second\n    type: true-false\n    answer: false\n"
        )
        XCTAssertEqual(pinned.first?.reflections, 1)
        XCTAssertEqual(skipped, [])
    }

    func testAFileThatCannotBePinnedIsNamedWithItsReason() {
        // Three items in the file, two in the program: the file is not what was built.
        let text = "title: Q\nquestions:\n  - prompt: First\n  - prompt: Second\n  - prompt: Third\n"
        let (change, pinned, skipped) = IDPinning.plan(ids, files: ["quizzes/q.yaml": Array(text.utf8)])
        XCTAssertTrue(change.edits.isEmpty)
        XCTAssertTrue(pinned.isEmpty)
        XCTAssertEqual(skipped.map(\.path), ["quizzes/q.yaml"])
    }
}
