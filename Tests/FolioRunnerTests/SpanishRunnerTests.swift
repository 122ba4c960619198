import FolioInterface
import FolioModel
import FolioProgress
import FolioQuiz
import FolioRunner
import XCTest

/// The runners in Spanish: every text from the catalogue, numbers and dates as Spanish
/// writes them, and the words a Spanish learner types.
final class SpanishRunnerTests: XCTestCase {
    let spanish = InterfaceCatalogue.forLanguage("es")

    func testAQuizInSpanishTakesSpanishAnswersAndSpeaksSpanishToTheEnd() throws {
        var quiz = SpecExamples.quiz
        quiz.shuffle = .none
        quiz.passPercent = 70
        let questions = quiz.questions
        let trueFalse = try XCTUnwrap(questions.firstIndex { $0.type == .trueFalse })
        var script: [String] = []
        for (index, question) in questions.enumerated() {
            switch question.type {
            case .single where index == 0: script += [question.wrongNumberWithHint, "a", question.rightNumbers]
            case .single, .multiple: script.append(question.rightNumbers)
            case .trueFalse: script.append(question.answer! ? "verdadero" : "falso")
            case .text: script.append(question.accept![0])
            case .number: script.append(String(question.number!).replacingOccurrences(of: ".", with: ","))
            }
        }
        let console = ScriptedConsole(lines: script)
        let runner = QuizRunner(quiz: quiz, seed: 0, console: console, heading: "¿Quién soy?", interface: spanish)
        guard case .finished(let result) = runner.run() else { return XCTFail(console.transcript) }
        let transcript = console.transcript
        XCTAssertEqual(result.questions.map(\.outcome), Array(repeating: .correct, count: questions.count), transcript)
        XCTAssertEqual(result.questions[trueFalse].firstTry, true, "`verdadero` and `falso` are answers")
        for expected in [
            "Cuestionario de práctica - 5 preguntas - para aprobar: 70\u{A0}% - tiempo: 10 min", "Escribe ? para pedir ayuda o q para salir del cuestionario.",
            "Pregunta 1 de 5", "Tu respuesta: ", "x No exactamente.\n  Pista: ", "Inténtalo otra vez: ",
            "Cómo responder: escribe el número de la opción que elijas y pulsa Enter.", "Teclas: ?  esta ayuda",
            "+ ¡Correcto!", "  1. Verdadero\n  2. Falso\n", "Tu resultado\n", "(resuelta con pistas, 0 de 1)", "(bien a la primera, 1 de 1)",
            "¡Las 5 bien! 4 a la primera.\nResolviste 1 con pistas, y así es como se aprende.\nPuntos: 4 de 5 (80\u{A0}%)\n",
            "+ ¡Aprobaste! Para aprobar hace falta un 70\u{A0}%.", "Tiempo: ",
        ] {
            XCTAssertTrue(transcript.contains(expected), "\(expected)\n---\n\(transcript)")
        }
        for english in ["Question", "Your answer", "Hint:", "Correct!", "Score", "passed", "Time:"] {
            XCTAssertFalse(transcript.contains(english), "\(english)\n---\n\(transcript)")
        }
    }

    func testSpanishAdviceAndDecimalCommasWhenAnAnswerIsNotOne() throws {
        let words = TerminalWords(spanish)
        let questions = SpecExamples.quiz.questions
        let single = try XCTUnwrap(questions.first { $0.type == .single })
        XCTAssertEqual(
            AnswerParser.parse("9", for: single, words: words), .invalid("Escribe el número de una opción, del 1 al \(single.choices.count)."))
        let multiple = try XCTUnwrap(questions.first { $0.type == .multiple })
        XCTAssertEqual(
            AnswerParser.parse("1 y 2", for: multiple, words: words), .response(.choices([multiple.choices[0].id, multiple.choices[1].id])))
        let trueFalse = try XCTUnwrap(questions.first { $0.type == .trueFalse })
        XCTAssertEqual(AnswerParser.parse("V", for: trueFalse, words: words), .response(.trueFalse(true)))
        XCTAssertEqual(AnswerParser.parse("Sí", for: trueFalse, words: words), .response(.trueFalse(true)))
        XCTAssertEqual(AnswerParser.parse("si", for: trueFalse, words: words), .response(.trueFalse(true)))
        XCTAssertEqual(AnswerParser.parse("t", for: trueFalse, words: words), .response(.trueFalse(true)), "English's words too")
        XCTAssertEqual(AnswerParser.parse("falso", for: trueFalse, words: words), .response(.trueFalse(false)))
        XCTAssertEqual(AnswerParser.parse("quizás", for: trueFalse, words: words), .invalid("Escribe v para verdadero o f para falso (o 1 o 2)."))
        XCTAssertEqual(words.number(2.5), "2,5")
        XCTAssertEqual(words.number(1000), "1000")
        XCTAssertEqual(words.percent(87.5), "87,5\u{A0}%")
        XCTAssertEqual(words.duration(250), "4 min 10 s")
        XCTAssertEqual(words.day("2026-11-25"), "25/11/2026")
        XCTAssertEqual(TerminalWords.english.day("2026-11-25"), "11/25/2026")
    }

    func testStudyingInSpanish() {
        let deck = SampleProgram.deck("feelings")
        let study = DeckStudy(deck: Deck(id: deck.id, title: deck.title, cards: Array(deck.cards.prefix(3))))
        let console = ScriptedConsole(lines: ["", "s", "", "todavía no", "", "quizás", "sí"])
        let runner = StudyRunner(study: study, console: console, interface: spanish)
        guard case .finished = runner.run() else { return XCTFail(console.transcript) }
        XCTAssertEqual(runner.study.marks.map(\.known), [true, false, true])
        let transcript = console.transcript
        for expected in [
            "\(deck.title) - 3 tarjetas", "Tarjeta 1 de 3", "Pulsa Enter para dar la vuelta a la tarjeta. ", "¿La sabías? Escribe s o n: ",
            "Escribe s si la sabías, o n si todavía no.", "Estudiaste 3 tarjetas: 2 sabidas, 1 todavía no.\nTodavía no: \(deck.cards[1].front)\n",
            "Estúdialas otra vez con: folio study feelings --not-yet", "Tiempo: 35 s",
        ] {
            XCTAssertTrue(transcript.contains(expected), "\(expected)\n---\n\(transcript)")
        }
        let one = ScriptedConsole(lines: ["", "s"])
        _ = StudyRunner(study: DeckStudy(deck: Deck(id: "d", title: "D", cards: [deck.cards[0]])), console: one, interface: spanish).run()
        XCTAssertTrue(one.transcript.contains("D - 1 tarjeta\n"), one.transcript)
        XCTAssertTrue(one.transcript.contains("Estudiaste 1 tarjeta: 1 sabida, 0 todavía no."), one.transcript)
    }

    func testTheProgressTableInSpanish() {
        let summary = ProgressSummary(
            program: "Go Grrrls",
            chapters: [
                .init(chapter: "who-am-i", title: "¿Quién soy?", quiz: "who-am-i", attempts: 2, passed: true, bestPercent: 87.5, timeSeconds: 250),
                .init(chapter: "feelings", title: "Emociones", quiz: "feelings-check", attempts: 0, passed: false, bestPercent: nil, timeSeconds: 0),
                .init(chapter: "life-online", title: "En línea", quiz: nil, attempts: 0, passed: false, bestPercent: nil, timeSeconds: 0),
            ],
            decks: [.init(deck: "feelings", title: "Emociones", cardCount: 11, cardsKnown: 1, sessions: 1, quizAttempts: 0, timeSeconds: 0)],
            otherAttempts: 0, totalTimeSeconds: 250, streakDays: 1, studiedToday: true, lastStudied: "2026-11-22")
        let text = ProgressTable(summary: summary, width: 70, style: .plain, learner: "Zoë", interface: spanish).text
        XCTAssertEqual(
            text,
            """
            Go Grrrls: el progreso de Zoë

            #  Capítulo     Cuestionario       Mejor  Intentos  Tiempo
            1  ¿Quién soy?  aprobado          87,5 %         2  4 min 10 s
            2  Emociones    pendiente                        0
            3  En línea     sin cuestionario

            Tarjetas   Sabidas  Sesiones  Cuestionarios  Tiempo
            Emociones  1 de 11         1              0

            Tiempo de estudio: 4 min 10 s
            Racha: 1 día (hoy estudiaste)

            """.replacingOccurrences(of: "87,5 %", with: "87,5\u{A0}%"))
    }

    /// A word the learner types means one thing at each prompt, in each language, with
    /// English's words beside the language's own.
    func testNoTypedWordMeansTwoThingsAtOnePrompt() {
        let prompts = [
            ["terminal.words.help", "terminal.words.quit", "terminal.words.reveal"],
            ["terminal.words.true", "terminal.words.false", "terminal.words.help", "terminal.words.quit", "terminal.words.reveal"],
            ["terminal.words.known", "terminal.words.not-yet", "terminal.words.help", "terminal.words.quit"],
            ["terminal.words.yes", "terminal.words.no"],
        ]
        for language in InterfaceCatalogue.shippedLanguages + [PseudoLanguage.tag] {
            let words = TerminalWords(InterfaceCatalogue.forLanguage(language))
            for keys in prompts {
                for (index, key) in keys.enumerated() {
                    for other in keys[(index + 1)...] {
                        let both = words.words(key).intersection(words.words(other))
                        XCTAssertEqual(both, [], "\(language): \(key) and \(other)")
                    }
                }
            }
        }
    }

    func testTheLanguageIsTheOneAskedForElseTheLocalesElseTheProgramsOwn() {
        let available = ["en", "es"]
        func choose(_ requested: String?, _ environment: [String: String], default language: String = "en") -> String? {
            LanguageChoice.choose(requested: requested, environment: environment, available: available, defaultLanguage: language)
        }
        XCTAssertEqual(choose("es", ["LANG": "en_US.UTF-8"]), "es")
        XCTAssertEqual(choose("ES_mx", [:]), "es", "a region the program lacks falls to its language")
        XCTAssertNil(choose("fr", [:]), "a language the program does not have")
        XCTAssertEqual(choose("en-XA", [:]), "en-XA", "the test language is always there")
        XCTAssertEqual(choose(nil, ["LANG": "es_MX.UTF-8"]), "es")
        XCTAssertEqual(choose(nil, ["LC_ALL": "C", "LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"]), "es", "C is no preference")
        XCTAssertEqual(choose(nil, ["LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES"]), "es", "a language the program lacks is passed over")
        XCTAssertEqual(choose(nil, ["LANG": "POSIX"], default: "es"), "es")
        XCTAssertEqual(choose(nil, [:], default: "es"), "es")
        XCTAssertEqual(LanguageChoice.localeTag("es_MX.UTF-8"), "es-MX")
        XCTAssertEqual(LanguageChoice.localeTag("de_DE@euro"), "de-DE")
        XCTAssertNil(LanguageChoice.localeTag("C.UTF-8"))
    }
}
