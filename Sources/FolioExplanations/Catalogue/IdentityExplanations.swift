import FolioCompiler
import FolioCore

extension Explanation {
    /// The explanations of `area` below, each shown with the others of its area.
    static func identities(in area: DiagnosticArea) -> [Explanation] { identities.filter { $0.code.area == area } }

    /// Ids that learners' progress is kept by, and slips that change what is graded.
    private static let identities: [Explanation] = [
        Explanation(
            .programIDMissing,
            summary: "`folio.yaml` has no `id`",
            meaning: """
                Learners' saved progress (in the terminal, in the site's browser storage, \
                in apps) is kept under the program's id. A program without `id:` is known \
                by an id made from its title, so a new title, for a new season, would \
                leave every learner's progress behind. The message gives the id the \
                program has now: writing it keeps everything as it is, and the title can \
                then change freely.
                """,
            why: "Renaming the program should never wipe what learners have done.",
            mistake: .file("folio.yaml", "title: Go Grrrls\nlanguage: en"),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en")),
        Explanation(
            .progressDropped,
            summary: "an edit would drop learners' saved progress",
            meaning: """
                `folio build` compares the program with the bundle it last published (and \
                `folio check --against Output/bundle` does when asked). Saved progress is \
                kept by ids: the program's, each quiz's and deck's, each question's, \
                choice's and card's. A question, choice or card that states no id has one \
                made from its words, so it keeps its progress when it is moved, but not \
                when its words change. This edit changes or removes an id that progress \
                was saved under. When it is the same item with its words edited, add the \
                `id:` the message gives (the old one) to keep the progress; when the item \
                is really gone, nothing needs doing: its progress is dropped, never given \
                to another item.
                """,
            why: """
                Learners would find their marks or results gone without warning. With \
                `--strict`, a pipeline stops before publishing such an edit.
                """,
            noExample: """
                It needs a bundle published before the edit. For example, a question                 published as `everyone-feels-nervous-sometimes-a08d` whose prompt is then edited                 gets a new id; adding `id: everyone-feels-nervous-sometimes-a08d` to it keeps                 learners' answers with it.
                """),
        Explanation(
            .quizTypeImplied,
            summary: "a question has several right choices and no `type`",
            meaning: """
                A question with `choices` and no `type` is pick-one when one choice is \
                right, and pick-all-that-apply when several are. Here several choices say \
                `correct: true`, so it is pick-all-that-apply, which is often a \
                `correct: true` copied by mistake. Say which is meant: `type: multiple`, \
                or `type: single` with only one choice marked right.
                """,
            why: "A copied line would silently change how every learner is graded.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these help with stress?
                        choices:
                          - text: Talking to a friend
                            correct: true
                          - text: Going for a walk
                            correct: true
                          - text: Keeping it all inside
                            hint: Bottled-up feelings tend to grow.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these help with stress?
                        type: multiple
                        choices:
                          - text: Talking to a friend
                            correct: true
                          - text: Going for a walk
                            correct: true
                          - text: Keeping it all inside
                            hint: Bottled-up feelings tend to grow.
                    """))),
        Explanation(
            .quizAcceptLooksLikeList,
            summary: "`accept` is one answer with commas in it",
            meaning: """
                `accept` lists the answers that count as right. Written without brackets, \
                `accept: thanks, thank you` is one answer, commas and all, so a learner \
                who types "thanks" is marked wrong. Write a list in brackets, \
                `accept: [thanks, thank you]`; when the commas belong to the one answer, \
                put it in quotes.
                """,
            why: "Learners giving a right answer would be marked wrong.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What do you say when someone helps you?
                        type: text
                        accept: thanks, thank you, thank you so much
                        hint: Two words, or one.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: What do you say when someone helps you?
                        type: text
                        accept: [thanks, thank you, thank you so much]
                        hint: Two words, or one.
                    """))),
        Explanation(
            .quizDuplicateChoiceID,
            summary: "two choices of a question state the same id",
            meaning: """
                A choice's `id:` names it in recorded answers, so the choices of one \
                question need different ids. Two here state the same one, usually because \
                a choice was copied with its id.
                """,
            why: "A recorded answer could not tell the two choices apart.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these help with stress?
                        type: single
                        choices:
                          - id: talk
                            text: Talking to a friend
                            correct: true
                          - id: talk
                            text: Keeping it all inside
                            hint: Bottled-up feelings tend to grow.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: Which of these help with stress?
                        type: single
                        choices:
                          - id: talk
                            text: Talking to a friend
                            correct: true
                          - id: keep-inside
                            text: Keeping it all inside
                            hint: Bottled-up feelings tend to grow.
                    """))),
        Explanation(
            .quizSamePrompt,
            summary: "two questions without ids have prompts that read the same",
            meaning: """
                A question that states no id is known by its prompt's words, so that its \
                saved answers stay with it when questions are moved. Two prompts here read \
                the same (case and punctuation aside), so the two are told apart only by \
                their order, and moving one would move learners' answers to the other. \
                Give each an `id:`, or remove one if it is repeated by mistake.
                """,
            why: "Saved answers could end up on the wrong question.",
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: True or false?
                        type: true-false
                        answer: true
                        hint: Think of the chapter.
                      - prompt: True or false?
                        type: true-false
                        answer: false
                        hint: Think of the chapter.
                    """)),
            fix: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - id: nervous
                        prompt: True or false?
                        type: true-false
                        answer: true
                        hint: Think of the chapter.
                      - id: feelings-are-bad
                        prompt: True or false?
                        type: true-false
                        answer: false
                        hint: Think of the chapter.
                    """))),
        Explanation(
            .deckLineWithoutTab,
            summary: "a line of a TAB-separated `.txt` deck has no TAB",
            meaning: """
                A `.txt` deck whose first card line has a TAB in it is read one card per \
                line: the front, a TAB, then the back, as Quizlet and Anki export decks. \
                This line has no TAB, so it is not a card. Put a TAB between its front and \
                back; or, to write each card on two lines instead, remove the TABs from \
                the whole file.
                """,
            why: "Without its TAB the line has no back, and cannot be studied.",
            mistake: .file("decks/body-words.txt", "Body words\nPuberty\tGrowing up\nHormones Messengers"),
            fix: .file("decks/body-words.txt", "Body words\nPuberty\tGrowing up\nHormones\tMessengers")),
        Explanation(
            .deckDuplicateCardID,
            summary: "two cards of a deck state the same id",
            meaning: """
                A card's `id:` keeps learners' marks with it, so the cards of a deck need \
                different ids. Two here state the same one, usually because a card was \
                copied with its id.
                """,
            why: "Learners' marks for one card would count for the other.",
            mistake: .file(
                "decks/feelings.yaml",
                """
                title: Feelings words
                cards:
                  - id: empathy
                    front: Empathy
                    back: Understanding how someone else feels.
                  - id: empathy
                    front: Calm
                    back: Feeling peaceful.
                """),
            fix: .file(
                "decks/feelings.yaml",
                """
                title: Feelings words
                cards:
                  - id: empathy
                    front: Empathy
                    back: Understanding how someone else feels.
                  - id: calm
                    front: Calm
                    back: Feeling peaceful.
                """)),
        Explanation(
            .deckSameFront,
            summary: "two cards have fronts that read the same",
            meaning: """
                A card that states no id is known by its front, so that learners' marks \
                stay with it when cards are added or moved. Two fronts here read the same \
                (case and punctuation aside), so the two cards are told apart only by \
                their order. Make the fronts different, give each card an `id:` (in a \
                `.yaml` deck), or remove the repeated card.
                """,
            why: "Marks for one card could move to the other when cards are moved.",
            mistake: .file(
                "decks/feelings.yaml",
                """
                title: Feelings words
                cards:
                  - front: Empathy
                    back: Understanding how someone else feels.
                  - front: empathy!
                    back: Feeling with someone.
                """),
            fix: .file(
                "decks/feelings.yaml",
                """
                title: Feelings words
                cards:
                  - front: Empathy
                    back: Understanding how someone else feels.
                  - front: Sympathy
                    back: Feeling for someone.
                """)),
    ]
}
