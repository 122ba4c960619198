import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// A one-question quiz whose question is given.
    static func quiz(_ question: String, settings: String = "") -> String {
        "title: Who am I?\n" + settings + "questions:\n" + question
    }

    /// Fields and their values, in every kind of file.
    static let fields: [Explanation] = [
        Explanation(
            .unknownField,
            summary: "a field's name is not one Folio knows here",
            meaning: """
                Each kind of group has its own fields: the settings, a chapter's front \
                matter, a quiz, a question, a choice, a deck, a card, the bill of rights and \
                a right. This field is not one of them. Usually its name is misspelt (`hnit` \
                for `hint`), or it is indented under the wrong group (a choice's `correct` \
                written under the question), or it belongs to another kind of file. The \
                message names the nearest field, or the group the field belongs to, and the \
                help lists every field allowed here.

                A name with spaces in it usually means that a comma inside `{ ... }` ended a \
                value too early; put that value in quotes.

                A misspelt field is one mistake, so it is one message: `corect: true` is not \
                also reported as a question with no right choice. Once it is fixed, Folio \
                checks what the field says, which may bring a new message about it.
                """,
            why: """
                A misspelt field would otherwise be ignored without a word: a hint the \
                learner never sees, a pass mark that does not apply.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        choices:
                          - text: How much you value yourself
                            correct: true
                          - text: How popular you are
                            hnit: Popularity is about what others think.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        choices:
                          - text: How much you value yourself
                            correct: true
                          - text: How popular you are
                            hint: Popularity is about what others think.
                    """))),
        Explanation(
            .missingField,
            summary: "a required field is missing or empty",
            meaning: """
                Some fields must be given: the program's `title` in `folio.yaml`, a \
                chapter's `title`, a quiz's `title`, a question's `prompt`, a choice's \
                `text`, a deck's `title`, a card's `front` and `back`, and a right's `text`. \
                This one is missing, or is there with nothing after its `:`. A question with \
                neither choices nor an answer, and a file with nothing in it, are reported \
                with this code too.

                An empty file has its own code since Folio 1.1, `file-empty`; it was \
                reported with this one before.
                """,
            why: """
                Learners would see a blank where the title or the question should be, so \
                the build stops until it is written.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt:
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """))),
        Explanation(
            .wrongType,
            summary: "a field has the wrong kind of value",
            meaning: """
                Each field expects one kind of value: text, a number, `true` or `false`, a \
                list, or a group of fields. This one has another kind: a list where text was \
                expected, a word where a number was expected, quotes around `true`. The \
                message says what was expected.

                In YAML, text in quotes is always text: `"true"` and `"9"` are words, not \
                `true` or the number 9. `yes`, `no`, `on` and `off` are words too: write \
                `true` or `false`.

                What depends on a value that cannot be read is not checked, so that one \
                mistake makes one message: with `correct: maybe`, Folio does not also say \
                that the question has no right choice. Once it is fixed, those checks run \
                again.
                """,
            why: """
                Folio cannot guess what a value of the wrong kind means, and a wrong guess \
                could mark a right answer wrong.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: How many hours of sleep do most teens need each night?
                        type: number
                        answer: 9
                        tolerance: one
                        hint: It is more than most adults need.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: How many hours of sleep do most teens need each night?
                        type: number
                        answer: 9
                        tolerance: 1
                        hint: It is more than most adults need.
                    """))),
        Explanation(
            .invalidValue,
            summary: "a field's value is not one Folio accepts",
            meaning: """
                The value is of the right kind, but not one of the values the field \
                accepts: a `mode` other than `practice` or `assessment`; a `shuffle` other \
                than `none`, `choices`, `questions` or `both`; a `language` that is not a \
                language tag such as `en` or `pt-BR`; a `base_url` or `contact` that is not \
                an address; `points` of 0 or less; a negative `tolerance`; a question with \
                fewer than two choices; a deck quiz's `style` other than `typed` or \
                `choices`. The message names the nearest accepted value, and the help lists \
                them.
                """,
            why: "A value Folio does not know would make the program behave in a way nobody chose.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """, settings: "mode: practise\n")),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """, settings: "mode: practice\n"))),
        Explanation(
            .invalidID,
            summary: "an id has characters ids cannot have",
            meaning: """
                Chapters, quizzes, decks, questions and rights have ids made of lower-case \
                letters `a` to `z`, digits and single hyphens, such as `who-am-i`. A file's \
                id is its name without the ending and without a leading number \
                (`01-who-am-i.md` is `who-am-i`), unless it states an `id:` of its own. \
                Capital letters, spaces, accents, underscores and other signs are not \
                allowed. The help suggests a valid id.
                """,
            why: """
                Ids become web addresses, and each learner's saved progress is filed by them, so \
                they must be plain, and must not change once learners have used them.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                """
                ---
                id: Friendship & Trust
                title: Friendship
                ---

                A good friend listens, and is honest with you even when it is hard.
                """),
            fix: .file(
                "chapters/02-friendship.md",
                """
                ---
                id: friendship-trust
                title: Friendship
                ---

                A good friend listens, and is honest with you even when it is hard.
                """)),
        Explanation(
            .duplicateID,
            summary: "two chapters, quizzes, decks or rights have the same id",
            meaning: """
                Ids are unique within their kind: two chapters cannot both be `friends`, \
                nor two quizzes, two decks, or two rights of the bill of rights. Two files \
                get the same id when one states the other's id with `id:`, or when their \
                names differ only in the leading number (`01-friends.md` and `07-friends.md` \
                are both `friends`). The note shows the other one.
                """,
            why: """
                Learners' progress, web addresses and the chapter a quiz ends are all found \
                by id; two items with one id would be mixed up.
                """,
            mistake: .file(
                "chapters/02-me.md",
                """
                ---
                id: who-am-i
                title: More about me
                ---

                What you like, what you are good at, what you want to try next.
                """),
            fix: .file(
                "chapters/02-me.md",
                """
                ---
                id: more-about-me
                title: More about me
                ---

                What you like, what you are good at, what you want to try next.
                """)),
    ]

    /// The files every program has.
    static let layout: [Explanation] = [
        Explanation(
            .settingsMissing,
            summary: "the content folder has no `folio.yaml`",
            meaning: """
                Every program has a settings file, `folio.yaml`, at the top of the content \
                folder, with at least the program's `title`. Folio did not find it. Check \
                that the file is in the content folder itself, not in a folder inside it, \
                and that its name is exactly `folio.yaml`: lower case, ending in `.yaml`. \
                When a file with a close name is there (`Folio.yaml`, `folio.yml`), the \
                message names it.
                """,
            why: "Without its settings the program has no title, so nothing can be built.",
            mistake: ContentExample([ExampleFile("folio.yml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en")], removed: ["folio.yaml"]),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en")),
        Explanation(
            .welcomeMissing,
            summary: "the content folder has no `welcome.md`",
            meaning: """
                The welcome page, `welcome.md` at the top of the content folder, is the \
                first page learners see. Folio did not find it. Check its name: lower case, \
                ending in `.md`. When a file with a close name is there (`Welcome.md`, \
                `welcome.txt`), the message names it.
                """,
            why: "The app and the site open on the welcome page; without it there is nowhere to start.",
            mistake: ContentExample(
                [ExampleFile("Welcome.md", "Welcome to the program.\nStart with [the first chapter](chapters/01-who-am-i.md).")],
                removed: ["welcome.md"]),
            fix: .file("welcome.md", "Welcome to the program.\nStart with [the first chapter](chapters/01-who-am-i.md).")),
    ]
}
