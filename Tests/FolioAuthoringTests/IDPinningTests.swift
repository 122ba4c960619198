import FolioAuthoring
import XCTest

/// `IDPinning` inserts `id:` lines and changes nothing else in a file.
final class IDPinningTests: XCTestCase {
    let ids = IDPinning.Ids(program: nil, quizzes: ["q": [("first-1a2b", ["yes-0001", "no-0002"]), ("second-3c4d", [])]], decks: [:])

    func pin(_ text: String) -> String? {
        let (change, _) = IDPinning.plan(ids, files: ["quizzes/q.yaml": Array(text.utf8)])
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
}
