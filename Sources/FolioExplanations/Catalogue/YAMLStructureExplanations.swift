import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// YAML that reads, but not as one plain document of fields.
    static let yamlStructure: [Explanation] = [
        Explanation(
            .yamlMultipleDocuments,
            summary: "a file holds more than one YAML document",
            meaning: """
                A line of three dashes, `---`, starts a new YAML document, and Folio reads \
                one document per file. In a quiz or deck file a `---` line usually comes \
                from copying a chapter's front matter, or from pasting two quizzes into one \
                file. Remove the line, or move what follows it into a file of its own.
                """,
            why: "Everything after the `---` would be lost, so Folio stops and lets you choose.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Everyone feels nervous sometimes.
                    type: true-false
                    answer: true
                    hint: Even adults on stage get butterflies.
                ---
                title: Friendship
                """),
            fix: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Everyone feels nervous sometimes.
                    type: true-false
                    answer: true
                    hint: Even adults on stage get butterflies.
                """)),
        Explanation(
            .yamlUnknownAlias,
            summary: "a value starts with `*`, which YAML reads as a reference",
            meaning: """
                In YAML, a value that starts with `*` refers to a value named earlier with \
                `&` (an alias). An author usually meant something else: Markdown emphasis at \
                the start of a text, such as `*Who* decides?`, or a star as a bullet. YAML \
                looks for the named value, does not find it, and stops.

                Put the whole text in double quotes, and the stars are read as Markdown \
                again: `prompt: "*Who* decides?"`. Stars later in a text need no quotes.
                """,
            why: "The file cannot be read past this line, so nothing in it is built.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: *Who* decides how much you are worth?
                    choices:
                      - text: You do
                        correct: true
                      - text: Your followers online
                        hint: Can a number of likes measure a person?
                """),
            fix: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: "*Who* decides how much you are worth?"
                    choices:
                      - text: You do
                        correct: true
                      - text: Your followers online
                        hint: Can a number of likes measure a person?
                """)),
        Explanation(
            .yamlComplexKey,
            summary: "a field's name is a list or a group",
            meaning: """
                Each field is written `name: value`, and its name must be a plain word such \
                as `accept` or `time_limit`. Here YAML found a list (`[...]`) or a group \
                (`{...}`) before the `:`, so the field has no name Folio can use. This \
                usually happens when the name and the value of a field are swapped, or when \
                a list was meant to be the value of the field above.
                """,
            why: "Folio cannot tell which field was meant, so the value is not used.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Finish the right - "I have the right to be ..."
                    type: text
                    [me, myself]: accept
                    hint: Look at the first right on the Bill of Rights page.
                """),
            fix: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Finish the right - "I have the right to be ..."
                    type: text
                    accept: [me, myself]
                    hint: Look at the first right on the Bill of Rights page.
                """)),
    ]
}
