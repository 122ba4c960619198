import FolioCore
import XCTest

@testable import FolioImport

/// The reader against Moodle's documented GIFT: the model it makes, and the line and
/// column of every problem it reports.
final class GIFTReaderTests: XCTestCase {
    func single(_ marked: MarkedGIFT, file: StaticString = #filePath, line: UInt = #line) throws -> GIFTQuestion {
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(diagnostics.reported, [], file: file, line: line)
        XCTAssertEqual(document.questions.count, 1, file: file, line: line)
        return try XCTUnwrap(document.questions.first, file: file, line: line)
    }

    func testMultipleChoiceWithFeedbackAndGeneralFeedback() throws {
        let marked = MarkedGIFT(
            """
            // question: 1 name: Grants tomb
            1️⃣::Grants tomb::Who is buried in Grant's tomb in New York City? 2️⃣{
              3️⃣=Grant #Yes.
              4️⃣~No one #Was true for 12 years.
              5️⃣~%-50%Napoleon #He was buried in France.
              ####Grant's tomb is the largest mausoleum in North America.
            }
            """)
        let question = try single(marked)
        XCTAssertEqual(question.location, marked["1️⃣"])
        XCTAssertEqual(question.title?.value, "Grants tomb")
        XCTAssertEqual(question.prompt.value, "Who is buried in Grant's tomb in New York City?")
        XCTAssertEqual(question.prompt.format, .moodle)
        XCTAssertNil(question.blank)
        XCTAssertEqual(question.answersLocation, marked["2️⃣"])
        XCTAssertEqual(question.generalFeedback?.value, "Grant's tomb is the largest mausoleum in North America.")
        guard case .choices(let choices, let single) = question.answers else { return XCTFail("\(question.answers)") }
        XCTAssertTrue(single)
        XCTAssertEqual(choices.map(\.text.value), ["Grant", "No one", "Napoleon"])
        XCTAssertEqual(choices.map(\.right), [true, false, false])
        XCTAssertEqual(choices.map(\.credit), [100, 0, -50])
        XCTAssertEqual(choices.map(\.feedback?.value), ["Yes.", "Was true for 12 years.", "He was buried in France."])
        XCTAssertEqual(choices.map(\.location), [marked["3️⃣"], marked["4️⃣"], marked["5️⃣"]])
        XCTAssertEqual(choices[2].weightLocation?.column, marked["5️⃣"].column + 1)
    }

    func testWeightedMultipleAnswersAreNotSingle() throws {
        let question = try single(MarkedGIFT("What two people are entombed in Grant's tomb? {~%-100%No one ~%50%Grant ~%50%Grant's wife}"))
        guard case .choices(let choices, let single) = question.answers else { return XCTFail("\(question.answers)") }
        XCTAssertFalse(single, "no `=`: Moodle's multiple-answer question")
        XCTAssertEqual(choices.map(\.weight), [-100, 50, 50])
    }

    func testTrueFalseInEveryFormWithItsTwoFeedbacks() throws {
        let (document, diagnostics) = MarkedGIFT(
            """
            Grant is buried in Grant's tomb.{F}

            The sun rises in the east.{TRUE}

            The sun rises in the west.{FALSE#It rises in the east.#Right, it sets in the west.}

            Water is wet.{T####Everyone knows.}
            """
        ).read()
        XCTAssertEqual(diagnostics.reported, [])
        let answers = document.questions.map(\.answers)
        guard case .trueFalse(false, nil, nil) = answers[0], case .trueFalse(true, nil, nil) = answers[1],
            case .trueFalse(false, let wrong?, let right?) = answers[2], case .trueFalse(true, nil, nil) = answers[3]
        else { return XCTFail("\(answers)") }
        XCTAssertEqual(wrong.value, "It rises in the east.")
        XCTAssertEqual(right.value, "Right, it sets in the west.")
        XCTAssertEqual(document.questions[3].generalFeedback?.value, "Everyone knows.")
    }

    func testShortAnswersIncludingTextBeforeTheFirstEquals() throws {
        let (document, diagnostics) = MarkedGIFT("Who's buried in Grant's tomb?{=no one =%50%nobody#Close.}\n\n1 + 2 \\= {3}").read()
        XCTAssertEqual(diagnostics.reported, [])
        guard case .shortAnswer(let answers) = document.questions[0].answers, case .shortAnswer(let three) = document.questions[1].answers else {
            return XCTFail("\(document.questions.map(\.answers))")
        }
        XCTAssertEqual(answers.map(\.text.value), ["no one", "nobody"])
        XCTAssertEqual(answers.map(\.weight), [nil, 50])
        XCTAssertEqual(answers[1].feedback?.value, "Close.")
        XCTAssertEqual(three.map(\.text.value), ["3"], "Moodle counts text before the first `=` as an answer")
        XCTAssertEqual(document.questions[1].prompt.value, "1 + 2 =")
    }

    func testNumbersWithToleranceRangesAndPartialAnswers() throws {
        let (document, diagnostics) = MarkedGIFT(
            """
            When was Ulysses S. Grant born?{#1822:5}

            What is a number from 8 to 10? {#8..10}

            When was Grant born? {#
                =1822:0      # Correct! Full credit.
                =%50%1822:2  # Half credit for being close.
                ~#He was born in 1822.
            }

            How cold is it? {#-5}
            """
        ).read()
        XCTAssertEqual(diagnostics.reported, [])
        let numbers = document.questions.map { question -> [GIFTNumber] in
            if case .numeric(let numbers, _) = question.answers { return numbers }
            return []
        }
        XCTAssertEqual(numbers[0].map(\.value), [1822])
        XCTAssertEqual(numbers[0].map(\.tolerance), [5])
        XCTAssertEqual(numbers[1].map(\.value), [9])
        XCTAssertEqual(numbers[1].map(\.tolerance), [1])
        XCTAssertEqual(numbers[2].map(\.weight), [nil, 50])
        XCTAssertEqual(numbers[2].map(\.written), ["1822:0", "1822:2"])
        XCTAssertEqual(numbers[2].map(\.feedback?.value), ["Correct! Full credit.", "Half credit for being close."])
        guard case .numeric(_, let other?) = document.questions[2].answers else { return XCTFail() }
        XCTAssertEqual(other.value, "He was born in 1822.")
        XCTAssertEqual(numbers[3].map(\.value), [-5])
    }

    func testMatchingEssayAndDescriptionAreReadForTheMapperToReport() throws {
        let marked = MarkedGIFT(
            """
            Match the countries with their capitals. {
                =Canada 1️⃣-> Ottawa
                =Italy -> Rome
            }

            Write a short biography of Dag Hammarskjöld. 2️⃣{}

            3️⃣This text introduces the next questions.
            """)
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(diagnostics.reported, [])
        XCTAssertEqual(document.questions.map(\.answers), [.matching(pairs: 2, arrow: marked["1️⃣"]), .essay, .description])
        XCTAssertEqual(document.questions[1].answersLocation, marked["2️⃣"])
        XCTAssertEqual(document.questions[2].location, marked["3️⃣"])
    }

    func testMissingWordKeepsWhereTheBlankGoes() throws {
        let question = try single(MarkedGIFT("Grant is {~buried =entombed ~living} in Grant's tomb."))
        XCTAssertEqual(question.prompt.value, "Grant is  in Grant's tomb.")
        XCTAssertEqual(question.blank, 9)
        let atStart = try single(MarkedGIFT("::Continents:: { =Asia ~Europe } is the largest continent."))
        XCTAssertEqual(atStart.prompt.value, " is the largest continent.")
        XCTAssertEqual(atStart.blank, 0)
        let spread = try single(MarkedGIFT("The American holiday of Thanksgiving is celebrated on the {\n    ~second\n    =fourth\n} Thursday of November."))
        XCTAssertEqual(spread.blank, "The American holiday of Thanksgiving is celebrated on the ".unicodeScalars.count)
    }

    func testEscapesCommentsAndLinesJoinedIntoOneQuestion() throws {
        let marked = MarkedGIFT(
            """
            ::Colons\\: and braces:: Which is written \\{ in GIFT\\}? A\\nB {
            // a comment inside the answers
               =\\{ #Right\\: a brace.
               ~\\# ~\\= ~\\~ ~back\\\\slash
            }
            """)
        let question = try single(marked)
        XCTAssertEqual(question.title?.value, "Colons: and braces")
        XCTAssertEqual(question.prompt.value, "Which is written { in GIFT}? A\nB")
        guard case .choices(let choices, _) = question.answers else { return XCTFail() }
        XCTAssertEqual(choices.map(\.text.value), ["{", "#", "=", "~", "back\\slash"])
        XCTAssertEqual(choices[0].feedback?.value, "Right: a brace.")
    }

    func testFormatMarkersApplyToTheirTextAndAreInheritedByAnswers() throws {
        let marked = MarkedGIFT("::F::[html]Is <b>this</b> bold?{=[plain]*yes* #[markdown]**Yes**\n~no #Look again.}\n\n::G::1️⃣[htm]Typo? {T}")
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftUnsupported, at: marked["1️⃣"])])
        let question = document.questions[0]
        XCTAssertEqual(question.prompt.value, "Is <b>this</b> bold?")
        XCTAssertEqual(question.prompt.format, .html)
        XCTAssertTrue(question.prompt.formatStated)
        guard case .choices(let choices, _) = question.answers else { return XCTFail() }
        XCTAssertEqual(choices.map(\.text.format), [.plain, .html])
        XCTAssertEqual(choices.map(\.feedback?.format), [.markdown, .html])
        XCTAssertEqual(document.questions[1].prompt.value, "[htm]Typo?", "an unknown marker stays text, as in Moodle")
    }

    func testCategoriesAreRecordedAndAQuestionRightBelowIsKept() throws {
        let marked = MarkedGIFT("1️⃣$CATEGORY: $course$/Grant\n\n2️⃣$CATEGORY: Second\n3️⃣Right below? {T}")
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(diagnostics.reported, [])
        XCTAssertEqual(document.categories, [GIFTCategory(name: "$course$/Grant", location: marked["1️⃣"]), GIFTCategory(name: "Second", location: marked["2️⃣"])])
        XCTAssertEqual(document.questions.map(\.location), [marked["3️⃣"]])
    }

    func testEveryMalformedQuestionIsReportedAtItsPlaceAndTheRestStillRead() throws {
        let marked = MarkedGIFT(
            """
            Who's buried in Grant's tomb? 1️⃣{~Grant ~Jefferson =no one

            Grant is buried in Grant's tomb.2️⃣} {F}

            Two answer blocks {T} in one 3️⃣{F} question.

            Nested {=a 4️⃣{b} ~c}

            A choice with no text {=right 5️⃣~ ~wrong}

            When was Grant born? {#6️⃣eighteen twenty-two}

            The weight is wrong {~7️⃣%150%a ~b}

            Only one choice 8️⃣{~lonely}

            Text first {9️⃣stray ~a =b}

            This one is fine. {T}
            """)
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(
            diagnostics.reported, MarkedGIFT.markers.map { Reported(.giftSyntax, at: marked[$0]) },
            diagnostics.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(document.questions.map(\.prompt.value), ["This one is fine."])
        XCTAssertEqual(document.malformed.map(\.line), [1, 3, 5, 7, 9, 11, 13, 15, 17])
    }

    func testAnUnclosedTitleIsReportedAndReadAsText() throws {
        let marked = MarkedGIFT("1️⃣::Unclosed title Who is buried here? {T}")
        let (document, diagnostics) = marked.read()
        XCTAssertEqual(diagnostics.reported, [Reported(.giftSyntax, .warning, at: marked["1️⃣"])])
        XCTAssertEqual(document.questions.first?.prompt.value, "Unclosed title Who is buried here?")
        XCTAssertNil(document.questions.first?.title)
    }

    func testEmptyAndCommentOnlyFilesHaveNoQuestions() {
        for text in ["", "\n\n   \n", "// only a comment\n// and another\n"] {
            let (document, diagnostics) = MarkedGIFT(text).read()
            XCTAssertEqual(document, GIFTDocument())
            XCTAssertEqual(diagnostics.reported, [])
        }
    }

    func testColumnsCountCharactersNotBytes() throws {
        let marked = MarkedGIFT("Où est la tombe de Grant ? Ça, c'est 1️⃣} {T}")
        XCTAssertEqual(marked.read().1.reported, [Reported(.giftSyntax, at: marked["1️⃣"])])
        XCTAssertEqual(marked["1️⃣"].column, 38)
    }
}
