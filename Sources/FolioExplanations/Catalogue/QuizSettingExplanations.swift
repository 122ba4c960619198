import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// Two questions for the quiz examples that need more than one; the second has the
    /// id `secondID`.
    static func twoQuestions(secondID: String = "sleep") -> String {
        """
          - id: nervous
            prompt: Everyone feels nervous sometimes.
            answer: true
            hint: Even adults on stage get butterflies.
          - id: \(secondID)
            prompt: How many hours of sleep do most teens need each night?
            answer: 9
            tolerance: 1
        """
    }

    /// Choices told apart, ids, and the quiz's own settings.
    static let quizValues: [Explanation] = [
        Explanation(
            .quizDuplicateChoice,
            summary: "two choices of a question have the same text",
            meaning: """
                Every choice of a question must read differently; choices that differ only \
                in capital letters or spacing count as the same. Usually one of them was \
                copied and not changed. The note shows the other choice.
                """,
            why: "A learner could not tell the two choices apart.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these are healthy ways to handle stress?
                        type: multiple
                        choices:
                          - { text: Talking to a friend, correct: true }
                          - { text: Going for a walk, correct: true }
                          - { text: talking to a friend }
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
                          - { text: Talking to a friend, correct: true }
                          - { text: Going for a walk, correct: true }
                          - { text: Keeping it all inside }
                        hints:
                          - There is more than one right answer.
                    """))),
        Explanation(
            .quizDuplicateQuestionID,
            summary: "two questions of a quiz have the same id",
            meaning: """
                Each question of a quiz has an id: the one it states with `id:`, or else \
                `q1`, `q2`, ... by its position. Two questions of this quiz have the same \
                id, often because a question was copied with its `id:` line. A question \
                that states `id: q2` can also take the default id of the second question.
                """,
            why: "Learners' answers are saved by question id; two questions with one id would mix them up.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(twoQuestions(secondID: "nervous"))),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions()))),
        Explanation(
            .quizDrawTooLarge,
            summary: "a quiz asks for more questions than it has",
            meaning: """
                `draw: N` asks N questions picked at random from the quiz's questions at \
                each attempt, and `count: N` does the same for a quiz made from a deck's \
                cards. N must be at most the number of questions (or cards). Leave `draw` \
                out to ask every question.

                A `draw` below 1 has its own code since Folio 1.1, `quiz-draw-invalid`; it \
                was reported with this one before.
                """,
            why: "Folio cannot pick more questions than there are.",
            mistake: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "draw: 5\n")),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "draw: 1\n"))),
        Explanation(
            .quizDrawInvalid,
            summary: "a quiz asks for fewer than one question",
            meaning: """
                `draw: N` asks N questions picked at random from the quiz's questions at \
                each attempt. N must be at least 1; `draw: 0` would ask nothing. Leave \
                `draw` out to ask every question. Before Folio 1.1 this was reported as \
                `quiz-draw-too-large`.
                """,
            why: "A quiz that asks no question cannot be taken or passed.",
            mistake: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "draw: 0\n")),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "draw: 1\n"))),
        Explanation(
            .quizShowAnswersPractice,
            summary: "`show_answers` is set on a practice quiz",
            meaning: """
                `show_answers: false` keeps an assessment's right answers to itself: after \
                submitting, a learner sees which questions she missed, and can try them again, \
                but not their answers or explanations. A practice quiz is for learning: each \
                question shows its answer once its hints are used (after two wrong tries at \
                least), so `show_answers` does nothing there. The quiz still builds.
                """,
            why: "A setting that does nothing would let an author believe the answers are hidden when they are not.",
            mistake: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "show_answers: false\n")),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "mode: assessment\nshow_answers: false\n"))),
        Explanation(
            .quizPassInvalid,
            summary: "a quiz's pass mark is not a percentage",
            meaning: """
                `pass:` is the share of points needed to pass the quiz, as a percentage from \
                0 to 100: `pass: 70%` or `pass: 70`. Other forms, such as `7/10`, `70 percent` \
                or `0.7`, are not read.
                """,
            why: "Without a pass mark Folio can read, it cannot tell a learner whether she passed.",
            mistake: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "pass: 1/2\n")),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "pass: 50%\n"))),
        Explanation(
            .quizTimeLimitInvalid,
            summary: "a quiz's time limit is not a duration",
            meaning: """
                `time_limit:` is written as a number with its unit: `90s` (seconds), `10m` \
                (minutes), `1h` (hours), or several, such as `1h30m`. A number without a \
                unit is not accepted, because it could mean seconds or minutes.
                """,
            why: "A time limit read in the wrong unit could end a quiz after ten seconds.",
            mistake: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "time_limit: 10\n")),
            fix: .file("quizzes/who-am-i.yaml", quiz(twoQuestions(), settings: "time_limit: 10m\n"))),
        Explanation(
            .quizNoHint,
            summary: "a wrong choice gives the learner no help",
            meaning: """
                When a learner picks a wrong choice, Folio shows that choice's `hint:`, or \
                else the question's `hints:` one by one. This wrong choice has no `hint`, \
                and its question has no `hints`, so a learner who picks it would be told \
                only that it is wrong. Add a `hint:` that says what to think about, without \
                giving the answer away.
                """,
            why: "The program is built on learning from mistakes; a wrong answer should teach something.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What is *self-esteem*?
                        choices:
                          - text: How much you value yourself
                            correct: true
                          - text: How popular you are
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
                            hint: Popularity is about what others think of you.
                    """))),
        Explanation(
            .quizDeckMissing,
            summary: "a quiz is made from a deck that does not exist",
            meaning: """
                `quiz_from_deck:` makes a quiz's questions from a flashcard deck, named by \
                `deck:` with the deck's id: its file name without `.yaml` or `.txt` \
                (`decks/feelings.yaml` is `feelings`), or the `id:` it states. No deck has \
                this id; the message names the nearest.
                """,
            why: "Without its deck the quiz has no questions.",
            mistake: .file("quizzes/who-am-i.yaml", "title: Feelings words\nquiz_from_deck:\n  deck: feeling\n  style: typed"),
            fix: .file("quizzes/who-am-i.yaml", "title: Feelings words\nquiz_from_deck:\n  deck: feelings\n  style: typed")),
    ]
}
