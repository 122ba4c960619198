import FolioCompiler
import FolioCore
import FolioInterface

extension Explanation {
    /// A program's own interface catalogues, `interface/<language>.yaml`.
    static let interfaceWords: [Explanation] = [
        Explanation(
            .interfaceCatalogueInvalid,
            summary: "an interface catalogue cannot be read as one",
            meaning: """
                A file in `interface/` gives the words of Folio's interface (the buttons, \
                the terminal's questions and results, `folio progress`) in one language: \
                `language:` with the language's tag, then `messages:`, one `key: text` \
                line per message. A message said differently for different counts has one \
                text per plural form (`one:`, `other:`, and in some languages `zero:`, \
                `two:`, `few:`, `many:`), and always `other:`. This file lacks its \
                language, has a field a catalogue does not have, or a message that is \
                neither a text nor plural forms.
                """,
            why: "A message that cannot be read is shown in English, whatever the file meant.",
            mistake: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.quiz.questions:
                    one: "{count} pregunta"
                """),
            fix: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.quiz.questions:
                    one: "{count} pregunta"
                    other: "{count} preguntas"
                """)),
        Explanation(
            .interfaceMessageUnknown,
            summary: "a catalogue has a message the interface does not have",
            meaning: """
                The keys of an interface catalogue are the keys of Folio's English one \
                (docs/translations.md says where it is): a program's catalogue gives \
                another language's words for them, or changes a word of a language Folio \
                ships. This key is not one of them, so its text is never shown; most often \
                it is misspelt, and the message names the nearest key.
                """,
            why: "The learner would go on seeing the word the catalogue meant to change.",
            mistake: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.feedback.corect: ¡Muy bien!
                """),
            fix: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.feedback.correct: ¡Muy bien!
                """)),
        Explanation(
            .interfaceMessagePlaceholders,
            summary: "a message's placeholders differ from English's",
            meaning: """
                A message's placeholders, such as `{count}` or `{percent}`, are filled in \
                when it is shown. A translated message keeps English's placeholders, in \
                the order its language needs: one English does not have is shown as it is \
                written, braces and all, and one left out hides what it would have said \
                (the score, the number of cards).
                """,
            why: "The learner would read `{puntos}` where her score should be, or miss it.",
            mistake: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.result.passed: "¡Aprobaste con {puntos}!"
                """),
            fix: .file(
                "interface/es.yaml",
                """
                language: es
                messages:
                  terminal.result.passed: "¡Aprobaste! Hacía falta un {percent}."
                """)),
    ]
}
