import FolioTestSupport
import Foundation
import XCTest

/// `folio quiz`, `folio study` and `folio progress` in the learner's language, in a real
/// terminal: a Spanish program in Spanish, and the sample in the pseudo-language, where
/// any text that does not come from the interface's catalogue or the program stands out.
final class TerminalLanguageTests: XCTestCase {
    /// A small program whose own language is Spanish.
    static let spanishProgram: [String: String] = [
        "folio.yaml": "id: chicas-fuertes\ntitle: Chicas Fuertes\nlanguage: es\n",
        "welcome.md": "Bienvenida. Empieza por [el primer capítulo](chapters/01-quien-soy.md).\n",
        "chapters/01-quien-soy.md": "---\ntitle: ¿Quién soy?\nquiz: quien-soy\n---\n\nTodas cambiamos al crecer.\n",
        "quizzes/quien-soy.yaml": """
        title: Pon a prueba lo que sabes
        pass: 70%
        questions:
          - id: autoestima
            prompt: ¿Qué es la autoestima?
            choices:
              - text: Cuánto te valoras
                correct: true
              - text: Lo popular que eres
                hint: La popularidad depende de los demás. ¿Quién valora aquí?
              - text: Tus notas
                hint: Las notas influyen, pero ¿son lo mismo?
          - id: nervios
            prompt: Todo el mundo se pone nerviosa a veces.
            type: true-false
            answer: true
            hint: Hasta las actrices sienten nervios.
          - id: horas
            prompt: ¿Cuántas horas necesitas dormir cada noche?
            type: number
            answer: 9
            tolerance: 1
            hint: Más de las que crees.

        """,
    ]

    /// `text` with its no-break spaces (Spanish's `70 %`) as spaces, as they look.
    func spaced(_ text: String) -> String { text.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") }

    func writeProgram(_ files: [String: String]) throws -> URL {
        let folder = try TestFixtures.temporaryFolder(self).appendingPathComponent("Content")
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The number shown before the choice that starts with `choice`, after the last `heading`.
    func number(of choice: String, after heading: String, in terminal: TmuxSession) throws -> String {
        let lines = try terminal.screen().split(separator: "\n").map(String.init)
        guard let last = lines.lastIndex(where: { $0.contains(heading) }),
            let line = lines[last...].first(where: { $0.drop { $0 == " " }.contains(". \(choice)") })
        else { throw TmuxSession.TimedOut() }
        return String(line.drop { $0 == " " }.prefix { $0.isNumber })
    }

    func testASpanishProgramSpeaksSpanishFromTheFirstQuestionToTheProgressTable() throws {
        let content = try writeProgram(Self.spanishProgram)
        let progress = content.deletingLastPathComponent().appendingPathComponent("progress.sqlite").path
        let terminal = try TmuxSession([
            FolioProcess.executable.path, "quiz", "quien-soy", "--content", content.path, "--progress", progress, "--seed", "1", "--language", "es",
        ])
        var screen = spaced(try terminal.waitFor("Tu respuesta:"))
        XCTAssertTrue(screen.contains("¿Quién soy? · Pon a prueba lo que sabes"), screen)
        XCTAssertTrue(screen.contains("Cuestionario de práctica · 3 preguntas · para aprobar: 70 %"), screen)
        XCTAssertTrue(screen.contains("Escribe ? para pedir ayuda o q para salir del cuestionario."), screen)
        XCTAssertTrue(screen.contains("Pregunta 1 de 3"), screen)

        try terminal.type("ayuda")
        screen = try terminal.waitFor("En este cuestionario de práctica puedes intentarlo hasta que te salga bien.")
        XCTAssertTrue(screen.contains("Cómo responder: escribe el número de la opción que elijas y pulsa Enter."), screen)
        XCTAssertTrue(screen.contains("Teclas: ?  esta ayuda"), screen)
        XCTAssertTrue(screen.contains("q  salir del cuestionario (tus respuestas no se guardan)"), screen)
        XCTAssertTrue(screen.contains("r  ver la respuesta, después de dos intentos y de todas las pistas"), screen)

        try terminal.type("7")
        try terminal.waitFor("Escribe el número de una opción, del 1 al 3.")
        try terminal.type(try number(of: "Lo popular que eres", after: "Pregunta 1 de 3", in: terminal))
        screen = try terminal.waitFor("Inténtalo otra vez:")
        XCTAssertTrue(screen.contains("✗ No exactamente.\n  Pista: La popularidad depende de los demás."), screen)
        try terminal.type("r")
        try terminal.waitFor("Primero inténtalo tú: la respuesta se puede ver")
        try terminal.type(try number(of: "Cuánto te valoras", after: "Pregunta 1 de 3", in: terminal))
        try terminal.waitFor("✓ ¡Correcto!")
        try terminal.waitFor("Pulsa Enter para ir a la siguiente pregunta.")
        try terminal.type("")

        screen = try terminal.waitFor("2. Falso", after: "Pregunta 2 de 3")
        XCTAssertTrue(screen.contains("  1. Verdadero\n"), screen)
        try terminal.type("quizás")
        try terminal.waitFor("Escribe v para verdadero o f para falso (o 1 o 2).")
        try terminal.type("v")
        try terminal.waitFor("Pulsa Enter", after: "Pregunta 2 de 3")
        try terminal.type("")

        try terminal.waitFor("Escribe un número.", after: "Pregunta 3 de 3")
        try terminal.type("q")
        try terminal.waitFor("¿Quieres salir del cuestionario? Tus respuestas no se guardarán.")
        try terminal.type("")
        try terminal.type("muchas")
        try terminal.waitFor("Escribe un número, por ejemplo 9 o 2,5.")
        try terminal.type("8,5")
        try terminal.waitFor("Pulsa Enter para ver tu resultado.")
        try terminal.type("")

        screen = spaced(try terminal.waitFor("Escribe r para intentar otra vez la pregunta que fallaste"))
        for expected in [
            "Tu resultado", "✓ 1. ¿Qué es la autoestima? (resuelta con pistas, 0 de 1)",
            "✓ 2. Todo el mundo se pone nerviosa a veces. (bien a la primera, 1 de 1)",
            "¡Las 3 bien! 2 a la primera.", "Resolviste 1 con pistas, y así es como se aprende.", "Puntos: 2 de 3 (66,67 %)",
            "Para aprobar hace falta un 70 % de los puntos", "Tiempo: ", "Guardado en tu progreso. Míralo con: folio progress --progress",
        ] {
            XCTAssertTrue(screen.contains(expected), "\(expected)\n---\n\(screen)")
        }
        XCTAssertTrue(screen.contains("--language"), "the suggested command keeps the language: \(screen)")

        try terminal.type("r")
        try terminal.waitFor("Tu respuesta:", after: "las que fallaste")
        try terminal.type("q")
        try terminal.waitFor("¿Quieres salir del cuestionario?", after: "las que fallaste")
        try terminal.type("s")
        screen = try terminal.waitFor("EXIT=0")
        XCTAssertTrue(screen.contains("Has salido del cuestionario. ¡Vuelve cuando quieras!"), screen)
        for english in ["Question", "Your answer", "Hint", "Correct!", "Score", "Press Enter", "Type "] {
            XCTAssertFalse(screen.contains(english), "\(english)\n---\n\(screen)")
        }

        // Without --language, a Spanish program speaks Spanish where the locale names none.
        let table = try FolioProcess.run(["progress", "--content", content.path, "--progress", progress], environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.hasPrefix("Chicas Fuertes: tu progreso\n"), table.stdout)
        XCTAssertNotNil(spaced(table.stdout).range(of: "¿Quién soy\\? +todavía no +66,67 % +1 ", options: .regularExpression), table.stdout)
        // The locale chooses among the languages the program has.
        let english = try FolioProcess.run(
            ["progress", "--content", content.path, "--progress", progress], environment: ["LANG": "en_GB.UTF-8"])
        XCTAssertTrue(english.stdout.hasPrefix("Chicas Fuertes: your progress\n"), english.stdout)
        let french = try FolioProcess.run(["progress", "--content", content.path, "--progress", progress, "--language", "fr"])
        XCTAssertEqual(french.status, 2)
        XCTAssertTrue(french.stderr.contains("Chicas Fuertes has no language `fr`: give one of `es`, `en`, `en-XA`"), french.stderr)
    }

    func testAProgramsOwnCatalogueAddsALanguageAndChangesAWord() throws {
        var files = Self.spanishProgram
        files["interface/es.yaml"] = "language: es\nmessages:\n  terminal.feedback.correct: ¡Genial!\n"
        files["interface/fr.yaml"] = "language: fr\nmessages:\n  terminal.prompt.answer: \"Ta réponse : \"\n"
        let content = try writeProgram(files)
        let spanish = try FolioProcess.runWithInput(["quiz", "quien-soy", "--content", content.path, "--no-save", "--seed", "1"], input: "1\nv\n9\n")
        XCTAssertTrue(spanish.stdout.contains("¡Genial!"), spanish.stdout)
        XCTAssertTrue(spanish.stdout.contains("Tu respuesta: "), "the rest stays Folio's Spanish: \(spanish.stdout)")
        let french = try FolioProcess.runWithInput(
            ["quiz", "quien-soy", "--content", content.path, "--no-save", "--seed", "1"], input: "1\nv\n9\n", environment: ["LANG": "fr_FR.UTF-8"])
        XCTAssertTrue(french.stdout.contains("Ta réponse : "), french.stdout)
        XCTAssertTrue(french.stdout.contains("Question 1 of 3"), "a message the catalogue lacks is English's: \(french.stdout)")
    }

    /// Every text on screen of `folio quiz`, `folio study` and `folio progress` in the
    /// pseudo-language comes from the catalogue (bracketed) or from the program: what is
    /// left once the bracketed runs are taken out is found in the bundle's own words.
    func testInThePseudoLanguageEveryTextIsTheCataloguesOrTheProgramsOwn() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        let output = folder.appendingPathComponent("Output")
        XCTAssertEqual(try FolioProcess.run(["build", TestFixtures.sampleContent.path, "--output", output.path]).status, 0)
        let bundle = output.appendingPathComponent("bundle").path
        let progress = folder.appendingPathComponent("progress.sqlite").path
        let programWords = try Self.words(ofBundle: bundle)
        let common = ["--bundle", bundle, "--progress", progress, "--language", "en-XA"]

        let quiz = try TmuxSession([FolioProcess.executable.path, "quiz", "who-am-i", "--seed", "1"] + common)
        let question = "[Ǫúéšţíóñ "
        let answer = "[Ýóúŕ àñšŵéŕ: ]"
        let again = "[Ţŕý àĝàíñ: ]"
        let next = "[Þŕéšš Éñţéŕ"
        try quiz.waitFor(answer, after: question + "1 óƒ 5]")
        try quiz.type("?")
        try quiz.waitFor(answer, after: "[Ķéýš:]")
        try quiz.type("9")
        try quiz.waitFor(answer, after: "ƒŕóɱ 1 ţó 3")
        try quiz.type(try number(of: "How popular you are", after: question + "1", in: quiz))
        try quiz.waitFor(again)
        try quiz.type("r")
        try quiz.waitFor(again, after: "[Ĝíṽé íţ à ţŕý ƒíŕšţ")
        try quiz.type(try number(of: "How much you value yourself", after: question + "1", in: quiz))
        try quiz.waitFor(next, after: question + "1")
        try quiz.type("")
        try quiz.waitFor(answer, after: question + "2 óƒ 5]")
        try quiz.type(try number(of: "Thinking you are better than everyone else", after: question + "2", in: quiz))
        try quiz.waitFor(again, after: question + "2")
        try quiz.type(
            [try number(of: "Bouncing back", after: question + "2", in: quiz), try number(of: "Knowing what you are good at", after: question + "2", in: quiz)]
                .joined(separator: " "))
        try quiz.waitFor(next, after: question + "2")
        try quiz.type("")
        try quiz.waitFor(answer, after: question + "3 óƒ 5]")
        try quiz.type("t")
        try quiz.waitFor(next, after: question + "3")
        try quiz.type("")
        try quiz.waitFor(answer, after: question + "4 óƒ 5]")
        try quiz.type("MYSELF!")
        try quiz.waitFor(next, after: question + "4")
        try quiz.type("")
        try quiz.waitFor(answer, after: question + "5 óƒ 5]")
        try quiz.type("many")
        try quiz.waitFor(answer, after: "many")
        try quiz.type("10")
        try quiz.waitFor(next, after: question + "5")
        try quiz.type("")
        try quiz.waitFor("[Ýóúŕ ţĥóúĝĥţš: ]", after: "[Ţĥíñķ àƀóúţ íţ]")
        try quiz.type("I make my friends laugh")
        try quiz.waitFor("[Ţýþé ɱ ţó ţŕý")
        try quiz.type("")
        // What she typed is hers.
        let typed = ["I make my friends laugh", "MYSELF", "many", "maybe"]
        let quizScreen = try quiz.waitFor("EXIT=0")
        XCTAssertTrue(quizScreen.contains("What is self-esteem?"), quizScreen)
        try Self.assertPseudo(quizScreen, programWords: programWords + typed)
        // The check finds what is not bracketed and not the program's.
        XCTAssertEqual(
            Self.strays(in: "[Ĉĥéçķ] What is self-esteem? Check\n[Ñéẋţ] Time: 4", programWords: programWords), ["What is self-esteem? Check", "Time"])

        let study = try TmuxSession([FolioProcess.executable.path, "study", "feelings"] + common)
        try study.waitFor("[Çàŕđ 1 óƒ")
        let turn = "[Þŕéšš Éñţéŕ ţó ţúŕñ ţĥé çàŕđ. ]"
        let known = "[Đíđ ýóú ķñóŵ íţ? Ţýþé ý óŕ ñ: ]"
        for (prompt, after, answer) in [
            (turn, "[Çàŕđ 1", ""), (known, "[Çàŕđ 1", "?"), (known, "[Éñţéŕ ţúŕñš", "maybe"), (known, "ķñéŵ íţ, óŕ ñ", "y"), (turn, "[Çàŕđ 2", ""),
            (known, "[Çàŕđ 2", "n"), (turn, "[Çàŕđ 3", "q"),
        ] {
            try study.waitFor(prompt, after: after)
            try study.type(answer)
        }
        try Self.assertPseudo(try study.waitFor("EXIT=0"), programWords: programWords + typed)

        let table = try TmuxSession([FolioProcess.executable.path, "progress"] + common)
        try Self.assertPseudo(try table.waitFor("EXIT=0"), programWords: programWords + typed)
    }

    /// Every text of a bundle's JSON files, the program's own words, without the marks
    /// of inline Markdown, which the terminal shows as styles.
    static func words(ofBundle bundle: String) throws -> [String] {
        var texts: [String] = []
        func collect(_ value: Any) {
            if let text = value as? String {
                texts.append(text)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            } else if let object = value as? [String: Any] {
                object.values.forEach(collect)
            }
        }
        let files = FileManager.default.enumerator(atPath: bundle)?.allObjects as? [String] ?? []
        // The interface's words (`interface/<tag>.json`) are the catalogue's, not the program's.
        for path in files where path.hasSuffix(".json") && !path.hasPrefix("interface/") {
            collect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundle + "/" + path))))
        }
        return texts.map(plain)
    }

    static func plain(_ text: String) -> String {
        text.filter { !"*_`".contains($0) }.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Fails for every piece of `screen` that is outside the pseudo-language's brackets,
    /// has a letter, and is not part of one of `programWords`.
    static func assertPseudo(_ screen: String, programWords: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(
            strays(in: screen, programWords: programWords), [], "text that is neither the catalogue's nor the program's:\n\(screen)", file: file, line: line)
    }

    /// The pieces of `screen` outside the brackets that have a letter and are not part of
    /// one of `programWords`.
    static func strays(in screen: String, programWords: [String]) -> [String] {
        var outside = ""
        var depth = 0
        for character in screen {
            if character == "[" {
                depth += 1
                outside.append("\n")
            } else if character == "]", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                outside.append(character)
            }
        }
        let program = programWords.joined(separator: "\n")
        var strays: [String] = []
        for piece in outside.split(whereSeparator: { $0 == "\n" || $0 == "·" }) {
            guard !piece.hasPrefix("EXIT=") else { continue }
            let trimmed = plain(String(piece)).trimmingCharacters(in: CharacterSet.letters.inverted)
            guard !trimmed.isEmpty, !program.contains(trimmed) else { continue }
            strays.append(trimmed)
        }
        return strays
    }
}
