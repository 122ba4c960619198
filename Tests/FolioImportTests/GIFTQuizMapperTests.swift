import FolioCore
import FolioExplanations
import XCTest

@testable import FolioImport

/// What each GIFT question becomes in Folio, and what is reported where Folio cannot
/// keep it as written.
final class GIFTQuizMapperTests: XCTestCase {
    func testChoiceFeedbackBecomesTheRightChoicesFeedbackOrTheWrongChoicesHint() {
        let (quiz, diagnostics) = MarkedGIFT("Pick {=yes #Well done. ~no #Think again.}").quiz()
        XCTAssertEqual(diagnostics.reported, [])
        XCTAssertEqual(
            quiz.questions.first?.answer,
            .single([ImportedChoice(text: "yes", correct: true, feedback: "Well done."), ImportedChoice(text: "no", correct: false, hint: "Think again.")]))
    }

    func testWeightsThatShareTheCreditEquallyArePartialCredit() {
        let (quiz, diagnostics) = MarkedGIFT("Which are prime? {~%50%Two ~%50%Three ~%-50%Four}").quiz()
        XCTAssertEqual(diagnostics.reported, [])
        guard case .multiple(let choices, let partial) = quiz.questions.first?.answer else { return XCTFail() }
        XCTAssertTrue(partial)
        XCTAssertEqual(choices.map(\.correct), [true, true, false])
    }

    func testWeightsFolioCannotExpressAreReportedOncePerKind() {
        let marked = MarkedGIFT("Which? {~1️⃣%70%a ~%30%b ~2️⃣%-100%c ~%-100%d}\n\nOne? {~%100%a 3️⃣~b}\n\nPick {=a ~4️⃣%50%b ~c}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(
            diagnostics.reported,
            [
                Reported(.giftChanged, at: marked["1️⃣"]), Reported(.giftChanged, at: marked["2️⃣"]), Reported(.giftChanged, at: marked["3️⃣"]),
                Reported(.giftChanged, at: marked["4️⃣"]),
            ])
        XCTAssertEqual(quiz.questions.count, 3)
        guard case .multiple(_, let partial) = quiz.questions[1].answer else { return XCTFail() }
        XCTAssertFalse(partial, "one right choice: all or nothing")
        guard case .single(let choices) = quiz.questions[2].answer else { return XCTFail() }
        XCTAssertEqual(choices.map(\.correct), [true, false, false], "the 50% choice counts as wrong")
    }

    func testTwoRightChoicesInAPickOneQuestionBecomeSelectAll() {
        let marked = MarkedGIFT("Who? {=Grant 1️⃣=Julia ~Napoleon}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftChanged, at: marked["1️⃣"])])
        guard case .multiple(let choices, false) = quiz.questions.first?.answer else { return XCTFail() }
        XCTAssertEqual(choices.map(\.correct), [true, true, false])
    }

    func testTrueFalseFeedbackBecomesHintAndExplanation() {
        let (quiz, _) = MarkedGIFT("The sun rises in the west.{F#It rises in the east.#Right.####It sets in the west.}").quiz()
        let question = quiz.questions.first
        XCTAssertEqual(question?.answer, .trueFalse(false))
        XCTAssertEqual(question?.hint, "It rises in the east.")
        XCTAssertEqual(question?.explanation, "Right. It sets in the west.")
    }

    func testShortAnswersKeepFullCreditAnswersAndReportTheOthers() {
        let marked = MarkedGIFT("Who? {=no one#Yes. =nobody#Yes. =1️⃣%50%Grant =2️⃣%0%Napoleon#No. =Grant3️⃣*}\n\nOnly partial? 4️⃣{=%50%maybe}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(
            diagnostics.reported,
            [
                Reported(.giftChanged, at: marked["1️⃣"]), Reported(.giftChanged, at: marked["2️⃣"]), Reported(.giftChanged, at: marked["3️⃣"]),
                Reported(.giftChanged, at: marked["4️⃣"].advanced(by: 2)), Reported(.giftUnsupported, at: marked["4️⃣"]),
            ])
        XCTAssertEqual(quiz.questions.first?.answer, .text(["no one", "nobody"]))
        XCTAssertEqual(quiz.questions.first?.explanation, "Yes.")
        XCTAssertEqual(quiz.skipped, [SkippedQuestion(line: 3, reason: "no answer worth full credit")])
    }

    func testDifferentFeedbacksOfRightTypedAnswersKeepTheFirst() {
        let marked = MarkedGIFT("Who? {=no one#Right. =nobody#1️⃣Also right.}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftChanged, at: marked["1️⃣"])])
        XCTAssertEqual(quiz.questions.first?.explanation, "Right.")
    }

    func testNumbersKeepTheFirstFullCreditAnswer() {
        let marked = MarkedGIFT("Born? {#=1822:0#Yes! 1️⃣=1823 =2️⃣%50%1822:2 ~#Around 1820.####Grant was born in Ohio.}\n\nRange? {#8..10}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftChanged, at: marked["1️⃣"]), Reported(.giftChanged, at: marked["2️⃣"])])
        XCTAssertEqual(quiz.questions[0].answer, .number(1822, tolerance: 0))
        XCTAssertEqual(quiz.questions[0].hint, "Around 1820.")
        XCTAssertEqual(quiz.questions[0].explanation, "Yes! Grant was born in Ohio.")
        XCTAssertEqual(quiz.questions[1].answer, .number(9, tolerance: 1))
    }

    func testUnsupportedQuestionsAreSkippedAndReportedWhereTheyAre() {
        let marked = MarkedGIFT(
            """
            1️⃣$CATEGORY: Grant

            Match. { =a 2️⃣-> b =c -> d }

            Essay. 3️⃣{}

            4️⃣A description.

            Nobody is right. 5️⃣{~a ~b}

            Twice the same. {=Grant 6️⃣~grant}

            7️⃣{T}

            A question. {T}
            """)
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(
            diagnostics.reported,
            [Reported(.giftIgnored, at: marked["1️⃣"])] + ["2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"].map { Reported(.giftUnsupported, at: marked[$0]) }
                + [Reported(.giftSyntax, at: marked["7️⃣"])])
        XCTAssertEqual(quiz.questions.map(\.prompt), ["A question."])
        XCTAssertEqual(quiz.skipped.map(\.line), [3, 5, 7, 9, 11, 13])
    }

    func testTitlesBecomeUniqueValidIDsAndOthersTheirPosition() {
        let (quiz, _) = MarkedGIFT(
            "::Grant's Tomb::A {T}\n\nB {T}\n\n::Grant’s tomb::C {T}\n\n::多选题::D {T}\n\n::Q2::E {T}\n\n::Élan -- vital!::F {T}"
        ).quiz()
        XCTAssertEqual(quiz.questions.map(\.id), ["grants-tomb", "q2", "grants-tomb-2", "q4", "q2-2", "elan-vital"])
    }

    func testHTMLIsConvertedAndComplexMarkupReported() {
        let marked = MarkedGIFT("[html]<p>Is <strong>this</strong> a <a href=\"https://example.org\">link</a>?</p>1️⃣<img src=\"x.png\"> {T}")
        let (quiz, diagnostics) = marked.quiz()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftChanged, at: marked["1️⃣"])])
        XCTAssertEqual(quiz.questions.first?.prompt, "Is **this** a [link](https://example.org)?")
    }

    func testMissingWordPutsABlankInThePrompt() {
        let (quiz, _) = MarkedGIFT("Grant is {~buried =entombed ~living} in *Grant's* tomb.").quiz()
        XCTAssertEqual(quiz.questions.first?.prompt, "Grant is _____ in \\*Grant's\\* tomb.")
    }
}

extension SourceLocation {
    /// The place `columns` characters further on the same line.
    func advanced(by columns: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + columns)
    }
}
