import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// The questions of a quiz: each has what its type needs.
    static let quizRules: [Explanation] = [
        Explanation(
            .quizNoQuestions,
            summary: "a quiz has no questions",
            meaning: """
                A quiz file needs `questions:` with at least one question under it, each \
                starting with `- `, or else `quiz_from_deck:` to make its questions from a \
                flashcard deck. This quiz has neither, or its list of questions is empty.
                """,
            why: "A quiz without questions would show learners an empty page.",
            mistake: .file("quizzes/who-am-i.yaml", "title: Who am I?\npass: 70%\nquestions: []"),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """, settings: "pass: 70%\n"))),
        Explanation(
            .quizUnknownType,
            summary: "a question's `type` is not one Folio knows",
            meaning: """
                A question's `type` says how it is answered: `single` (pick one choice), \
                `multiple` (pick all that apply), `true-false`, `text` (type a word or a \
                phrase) or `number` (type a number). This type is none of those; the message \
                names the nearest. `type` may also be left out: Folio then works it out from \
                the choices or the answer.
                """,
            why: "Folio cannot tell how the learner should answer, so the question is not built.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true/false
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
            .quizTooFewChoices,
            summary: "a question has fewer than two choices",
            meaning: """
                A question answered by picking (`single` or `multiple`, or a question with \
                `choices:`) needs at least two choices under `choices:`, each starting with \
                `- text:`. This one has one, or none. Before Folio 1.1 this was reported as \
                `invalid-value`.
                """,
            why: "With one choice there is nothing to pick between: every learner would be right.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Who decides what you are worth?
                        choices:
                          - text: I do
                            correct: true
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Who decides what you are worth?
                        choices:
                          - text: I do
                            correct: true
                          - text: The most popular people at school
                            hint: Popularity is what others think. Who is valuing?
                    """))),
        Explanation(
            .quizSingleCorrectCount,
            summary: "a pick-one question needs exactly one right choice",
            meaning: """
                In a `single` question the learner picks one choice, so exactly one choice \
                must be marked `correct: true`. This question has none, or more than one. \
                If several choices are right, make it a pick-all-that-apply question with \
                `type: multiple`. (A question without `type:` is `multiple` when several \
                choices are correct, so this message means the question says \
                `type: single`, or that no choice is marked.)
                """,
            why: "With no right choice, or two, a learner could never answer correctly.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        type: single
                        choices:
                          - text: How much you value yourself
                            correct: true
                          - text: How you see yourself
                            correct: true
                          - text: How popular you are
                            hint: Popularity is about what others think.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        type: multiple
                        choices:
                          - text: How much you value yourself
                            correct: true
                          - text: How you see yourself
                            correct: true
                          - text: How popular you are
                            hint: Popularity is about what others think.
                    """))),
        Explanation(
            .quizMultipleNoCorrect,
            summary: "a pick-all-that-apply question has no right choice",
            meaning: """
                In a `multiple` question the learner picks every choice that applies, and \
                at least one choice must be marked `correct: true`. None of this question's \
                choices is.
                """,
            why: "With no right choice, no answer would ever count as right.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these are healthy ways to handle stress?
                        type: multiple
                        choices:
                          - text: Talking to a friend
                          - text: Going for a walk
                          - text: Keeping it all inside
                        hints:
                          - There is more than one right answer.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these are healthy ways to handle stress?
                        type: multiple
                        choices:
                          - text: Talking to a friend
                            correct: true
                          - text: Going for a walk
                            correct: true
                          - text: Keeping it all inside
                        hints:
                          - There is more than one right answer.
                    """))),
        Explanation(
            .quizTrueFalseAnswer,
            summary: "a true-false question has no `true` or `false` answer",
            meaning: """
                A `true-false` question shows a statement, and its `answer:` says whether \
                it is true. The answer must be written `true` or `false`, without quotes: \
                `"true"`, `yes` and `no` are words, not answers.
                """,
            why: "Without the answer, Folio cannot tell the learner whether she was right.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: yes
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
            .quizTextAccept,
            summary: "a typed-answer question has no accepted answers",
            meaning: """
                A `text` question is answered by typing. Its `accept:` field lists every \
                answer that counts as right, such as `accept: [myself, me]`; Folio compares \
                them ignoring capital letters, spacing, punctuation and accents. This \
                question has no `accept`, or it is empty. (`answer:` is for true-false and \
                number questions.)
                """,
            why: "Without accepted answers, nothing a learner types could be right.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Finish the right - "I have the right to be ..."
                        type: text
                        hint: Look at the first right on the Bill of Rights page.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Finish the right - "I have the right to be ..."
                        type: text
                        accept: [myself, me]
                        hint: Look at the first right on the Bill of Rights page.
                    """))),
        Explanation(
            .quizNumberAnswer,
            summary: "a number question has no numeric `answer`",
            meaning: """
                A `number` question is answered by typing a number, and its `answer:` is \
                that number, written with digits and without quotes or units: `answer: 9`, \
                not `answer: nine` or `answer: 9 hours`. `tolerance:` says how far off an \
                answer may be and still count as right.
                """,
            why: "Without a number to compare with, no answer could be checked.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: How many hours of sleep do most teens need each night?
                        type: number
                        answer: 9 hours
                        tolerance: 1
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
            .quizFieldNotForType,
            summary: "a field does not belong to this type of question or choice",
            meaning: """
                Each question type has its own fields: `choices` for `single` and \
                `multiple`, `answer` for `true-false` and `number`, `accept` for `text`, \
                `tolerance` for `number`, `partial` for `multiple`. A right choice may have \
                `feedback` (shown when it is picked) but no `hint`; a wrong choice may have \
                a `hint` but no `feedback`. This field belongs to another type of question, \
                or to the other kind of choice.
                """,
            why: """
                The field would never be used: a hint on a right choice is never shown, and \
                an `answer` on a pick-one question is never checked.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        choices:
                          - text: How much you value yourself
                            correct: true
                            hint: Yes! It is about how you see yourself.
                          - text: How popular you are
                            hint: Popularity is about what others think.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        choices:
                          - text: How much you value yourself
                            correct: true
                            feedback: Yes! It is about how you see yourself.
                          - text: How popular you are
                            hint: Popularity is about what others think.
                    """))),
    ]
}
