import FolioCore
import FolioSyntax
import XCTest

@testable import FolioImport

/// The quiz file the importer writes: strings that read back exactly through Folio's
/// own YAML reader, and the layout of the authoring format's example.
final class QuizYAMLWriterTests: XCTestCase {
    func testEveryStringReadsBackExactly() throws {
        let samples = [
            "Plain words", "yes", "No", "true", "FALSE", "null", "~", "Null", "on", "off", "y", "n", ".inf", "NaN", "9", "-3.5", "1e3", "0x1F",
            "1822", "- a dash", "-", "? question", ": colon", "key: value", "ends with colon:", "a # not a comment", "#hash", "@at", "`tick",
            "%percent", "&anchor", "*alias", "!tag", "|pipe", ">fold", "[flow]", "{flow}", "'single'", "\"double\"", "It's fine",
            " leading space", "trailing space ", "two\nlines", "tab\there", "back\\slash \\n", "bell\u{7}", "nel\u{85}", "line\u{2028}sep",
            "bom\u{FEFF}", "émoji 🎉 and ünïcode", "", "Grant is _____ in \\*Grant's\\* tomb.", "multi: colon # and hash",
        ]
        for sample in samples {
            let yaml = "value: \(YAMLQuoting.scalar(sample))\n"
            let result = YAMLReader().read(yaml, file: "q.yaml")
            // A control character reads back too, and is reported as content `folio check` refuses.
            let expected: [DiagnosticCode] = sample.unicodeScalars.contains(where: ControlCharacter.isControl) ? [.textControlCharacter] : []
            XCTAssertEqual(result.diagnostics.map(\.code), expected, yaml)
            guard case .mapping(let pairs)? = result.root?.kind, case .scalar(let value, let style) = pairs.first?.value.kind else {
                XCTFail("not read back: \(yaml)")
                continue
            }
            XCTAssertEqual(value, sample, yaml)
            if style == .plain {
                XCTAssertNil(YAMLScalar.bool(value), "a plain scalar must not read as a boolean: \(yaml)")
                XCTAssertFalse(YAMLScalar.isNull(value), "a plain scalar must not read as null: \(yaml)")
                XCTAssertNil(Double(value), "a plain scalar must not read as a number: \(yaml)")
            }
        }
        XCTAssertEqual(YAMLQuoting.scalar("Who's buried in Grant's tomb?"), "Who's buried in Grant's tomb?", "plain when nothing could be misread")
    }

    func testAQuizIsWrittenInTheAuthoringFormatsLayout() {
        let quiz = ImportedQuiz(
            id: "01-grant", title: "Grant: a quiz", source: "grant.gift",
            questions: [
                ImportedQuestion(
                    id: "tomb", line: 3, prompt: "Who's buried in Grant's tomb?",
                    answer: .single([
                        ImportedChoice(text: "Grant", correct: true, feedback: "Yes."), ImportedChoice(text: "No one", correct: false, hint: "Look again."),
                    ]),
                    explanation: "It is in New York."),
                ImportedQuestion(
                    id: "two", line: 5, prompt: "Who two?",
                    answer: .multiple([ImportedChoice(text: "Grant", correct: true), ImportedChoice(text: "Julia", correct: true)], partial: true)),
                ImportedQuestion(id: "q3", line: 7, prompt: "True?", answer: .trueFalse(false), hint: "No: false."),
                ImportedQuestion(id: "q4", line: 9, prompt: "Who?", answer: .text(["no one", "yes"])),
                ImportedQuestion(id: "q5", line: 11, prompt: "Pi?", answer: .number(3.1414999999999997, tolerance: 0.0004999999999999449)),
                ImportedQuestion(id: "q6", line: 13, prompt: "Year?", answer: .number(1822, tolerance: 0)),
            ],
            skipped: [SkippedQuestion(line: 15, reason: "a matching question")])
        XCTAssertEqual(
            QuizYAMLWriter.yaml(quiz),
            """
            # Imported from grant.gift by `folio import`.
            # Not imported (see the messages of the import):
            #   line 15: a matching question
            id: "01-grant"
            title: "Grant: a quiz"
            questions:
              # grant.gift, line 3
              - id: tomb
                prompt: Who's buried in Grant's tomb?
                type: single
                choices:
                  - text: Grant
                    correct: true
                    feedback: Yes.
                  - text: No one
                    hint: Look again.
                explanation: It is in New York.

              # grant.gift, line 5
              - id: two
                prompt: Who two?
                type: multiple
                partial: true
                choices:
                  - text: Grant
                    correct: true
                  - text: Julia
                    correct: true

              # grant.gift, line 7
              - id: q3
                prompt: True?
                type: true-false
                answer: false
                hint: "No: false."

              # grant.gift, line 9
              - id: q4
                prompt: Who?
                type: text
                accept:
                  - no one
                  - "yes"

              # grant.gift, line 11
              - id: q5
                prompt: Pi?
                type: number
                answer: 3.1415
                tolerance: 0.0005

              # grant.gift, line 13
              - id: q6
                prompt: Year?
                type: number
                answer: 1822

            """)
    }
}
