import FolioCompiler
import FolioCore

extension Explanation {
    /// `folio.yaml` for a program in English and Spanish.
    static let twoLanguages = """
        id: go-grrrls
        title: Go Grrrls
        languages: [en, es]
        """

    /// A deck of two cards; `pride` is the second card's back.
    static func feelingsDeck(pride: String = "Feeling good about what you did.") -> String {
        """
        title: Feelings words
        cards:
          - front: Empathy
            back: Understanding how someone else feels.
          - front: Pride
            back: \(pride)
        """
    }

    /// The Spanish translation of ``feelingsDeck(pride:)``, with `cards` of its own.
    static func feelingsInSpanish(_ cards: [(front: String, back: String)]? = nil) -> String {
        let cards =
            cards ?? [
                ("Empatía", "Entender cómo se siente otra persona."), ("Orgullo", "Sentirte bien por lo que hiciste."),
            ]
        return "title: Palabras de sentimientos\ncards:\n" + cards.map { "  - front: \($0.front)\n    back: \($0.back)\n" }.joined()
    }

    /// A quiz of one true-false question.
    static let nervousQuiz = """
        title: Test your knowledge
        questions:
          - prompt: We all feel nervous at times.
            type: true-false
            answer: true
            hint: Even adults do.
        """

    /// The Spanish translation of ``nervousQuiz``, with `extra` lines after its title and
    /// `answer` as its answer.
    static func nervousInSpanish(extra: String = "", answer: String = "true") -> String {
        """
        title: Pon a prueba lo que sabes
        \(extra)questions:
          - prompt: Todas nos ponemos nerviosas a veces.
            type: true-false
            answer: \(answer)
            hint: Hasta las personas adultas.
        """
    }

    /// A welcome page with a picture.
    static let welcomeWithMap = """
        Welcome.

        ![A map](media/map.png)
        """

    /// Files in memory, with the record `folio translate mark-current` writes for the
    /// translations among them: the fix of a translation's mistake is marked current.
    static func marked(_ files: [ExampleFile], recordOf recorded: [ExampleFile]? = nil) -> ContentExample {
        let texts = Dictionary((recorded ?? files).map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        let records = TranslationRecord.marking(texts).sorted { $0.key < $1.key }.map { ExampleFile($0.key, $0.value) }
        return ContentExample(files + records)
    }

    /// The Spanish deck beside its original, marked current.
    static var feelingsTranslated: ContentExample {
        marked([
            ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
            ExampleFile("decks/feelings.es.yaml", feelingsInSpanish()),
        ])
    }

    /// Translations beside their originals, and the record of what they were made from.
    static let translations: [Explanation] = [
        Explanation(
            .translationWithoutOriginal,
            summary: "a translation of a file that is not there",
            meaning: """
                A file named with one of the program's other languages before its ending \
                (`decks/feelings.es.yaml`, for `languages: [en, es]`) is the translation of \
                the file of the same name without it (`decks/feelings.yaml`). No such file \
                is in the content folder: the translation's name is misspelt, or its \
                original was renamed or removed.
                """,
            why: "A translation is shown in its original's place; without one, it has none.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
                ExampleFile("decks/feeling.es.yaml", feelingsInSpanish()),
            ]),
            fix: feelingsTranslated),
        Explanation(
            .translationItemMissing,
            summary: "an item of the original has no translation",
            meaning: """
                A translated quiz, deck or bill of rights has the items of its original, \
                each translated: its questions, their choices, its cards, its rights. An \
                item is matched by the `id` it states, or else by its place (the second \
                card with the second card). Here an item of the original has none, and \
                the original is as the translation was made from it, or the translation \
                was never marked: had the original gained the item since it was marked, \
                the translation would be outdated (`translation-outdated`), not wrong.
                """,
            why: """
                A learner of the other language would miss what the original teaches, and \
                their progress could not be kept with the original's.
                """,
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
                ExampleFile("decks/feelings.es.yaml", feelingsInSpanish([("Empatía", "Entender cómo se siente otra persona.")])),
            ]),
            fix: feelingsTranslated),
        Explanation(
            .translationItemExtra,
            summary: "a translation has an item its original does not",
            meaning: """
                A translation has the items of its original and no others. This one has a \
                question, choice, card or right more than its original, or one whose `id` \
                the original does not have. Add it to the original first, then translate it. \
                (An item removed from an original since its translation was marked makes \
                the translation outdated, `translation-outdated`, not this error.)
                """,
            why: "Progress is kept by the original's items: an item of its own would be lost.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
                ExampleFile(
                    "decks/feelings.es.yaml",
                    feelingsInSpanish([
                        ("Empatía", "Entender cómo se siente otra persona."), ("Orgullo", "Sentirte bien por lo que hiciste."),
                        ("Calma", "Estar en paz."),
                    ])),
            ]),
            fix: feelingsTranslated),
        Explanation(
            .translationAnswerDiffers,
            summary: "a translated question has another right answer",
            meaning: """
                A translated question keeps its original's answer: the same right choices, \
                the same true or false, the same number and tolerance, the same type of \
                question. Only the words are translated (a typed answer's `accept` list \
                too). Here the answer is not the original's, and the original is as the \
                translation was made from it, or the translation was never marked: an \
                answer changed in the original since makes the translation outdated \
                (`translation-outdated`).
                """,
            why: "The same question would be graded one way in one language and another in the other.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("quizzes/who-am-i.yaml", nervousQuiz),
                ExampleFile("quizzes/who-am-i.es.yaml", nervousInSpanish(answer: "false")),
            ]),
            fix: marked([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("quizzes/who-am-i.yaml", nervousQuiz),
                ExampleFile("quizzes/who-am-i.es.yaml", nervousInSpanish()),
            ])),
        Explanation(
            .translationSettingDiffers,
            summary: "a translation changes a setting of its original",
            meaning: """
                What is not words is the original's: a quiz's `mode`, `pass`, \
                `time_limit`, `shuffle`, `draw` and `quiz_from_deck`, a question's \
                `points`, `partial` and `type`, a chapter's `order` and `quiz`. A \
                translation may leave them out, or repeat them as they are; here it \
                gives one another value.
                """,
            why: "The same quiz would be scored differently in each language.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("quizzes/who-am-i.yaml", nervousQuiz),
                ExampleFile("quizzes/who-am-i.es.yaml", nervousInSpanish(extra: "mode: assessment\n")),
            ]),
            fix: marked([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("quizzes/who-am-i.yaml", nervousQuiz),
                ExampleFile("quizzes/who-am-i.es.yaml", nervousInSpanish()),
            ])),
        Explanation(
            .translationMediaDiffers,
            summary: "a translation shows other videos or pictures",
            meaning: """
                A translated page shows its original's videos and pictures, in the same \
                order; a video's title and a picture's description are translated. A \
                card keeps its picture too. Here they differ, and the original is as the \
                translation was made from it, or it was never marked: a picture added to \
                an original since makes its translation outdated (`translation-outdated`).
                """,
            why: "Learners of each language should see the same page.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("welcome.md", welcomeWithMap), .media("media/map.png", "the map"),
                ExampleFile("welcome.es.md", "Te damos la bienvenida."),
            ]),
            fix: marked([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("welcome.md", welcomeWithMap), .media("media/map.png", "the map"),
                ExampleFile("welcome.es.md", "Te damos la bienvenida.\n\n![Un mapa](media/map.png)"),
            ])),
        Explanation(
            .translationOutdated,
            summary: "the original changed since it was translated",
            meaning: """
                `translations/<language>.yaml` records the words of each original item a \
                translation was made from, when `folio translate mark-current` was run. \
                Some have changed since: the message shows them, as they were and as they \
                are. An original edited since may also no longer match its translation \
                item by item (an item added or removed, a picture, an answer): that is no \
                error then, the message says what changed. Until the translation is \
                brought up to date and marked current again, learners see the original, \
                whole, in its place.
                """,
            why: "A translation of words that are gone would teach something else.",
            mistake: marked(
                [
                    ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck(pride: "Feeling good about yourself.")),
                    ExampleFile("decks/feelings.es.yaml", feelingsInSpanish()),
                ],
                recordOf: [
                    ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
                    ExampleFile("decks/feelings.es.yaml", feelingsInSpanish()),
                ]),
            fix: marked([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck(pride: "Feeling good about yourself.")),
                ExampleFile(
                    "decks/feelings.es.yaml",
                    feelingsInSpanish([("Empatía", "Entender cómo se siente otra persona."), ("Orgullo", "Sentirte bien contigo misma.")])),
            ])),
        Explanation(
            .translationUnmarked,
            summary: "a translation was never marked current",
            meaning: """
                Learners see this translation, but `translations/<language>.yaml` has no \
                record of what it was made from, so a later change to the original cannot \
                be noticed, and `folio translate status` does not count it as translated. \
                Once it is checked, mark it with `folio translate mark-current`.
                """,
            why: "Without the record, a translation goes out of date unseen.",
            mistake: ContentExample([
                ExampleFile("folio.yaml", twoLanguages), ExampleFile("decks/feelings.yaml", feelingsDeck()),
                ExampleFile("decks/feelings.es.yaml", feelingsInSpanish()),
            ]),
            fix: feelingsTranslated),
    ]
}
