import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// Importing Moodle quizzes with `folio import`: the examples are GIFT files.
    static let gift: [Explanation] = [
        Explanation(
            .giftSyntax,
            summary: "a GIFT question cannot be read, so it is skipped",
            meaning: """
                `folio import` reads quizzes exported from Moodle in the GIFT format: each \
                question is its text followed by its answers in `{...}`, and a blank line \
                ends it. This question breaks the format: a `{` never closed (often because \
                a blank line is missing between two questions), a `}` with no `{`, a \
                number or weight that is not a number, a choice with no text. The question \
                is skipped; the others are imported. An unclosed `::` title is only a \
                warning: the title is read as part of the text, as Moodle does.

                A `{`, `}`, `=`, `~`, `#` or `:` that is only text is written with a \
                backslash before it: `\\{`.
                """,
            why: "The question cannot be read, so it is not in the imported quiz.",
            mistake: .file(
                "week-1.gift",
                """
                ::Nervous::Everyone feels nervous sometimes. {T

                ::Sleep::How many hours of sleep do most teens need? {#9:1}
                """),
            fix: .file(
                "week-1.gift",
                """
                ::Nervous::Everyone feels nervous sometimes. {T}

                ::Sleep::How many hours of sleep do most teens need? {#9:1}
                """)),
        Explanation(
            .giftUnsupported,
            summary: "a GIFT question has no Folio equivalent, so it is left out",
            meaning: """
                Some Moodle questions have no Folio equivalent: matching questions \
                (`=a -> b`), essays (`{}`), descriptions (text with no answers), and \
                questions where no answer earns full credit, or whose choices repeat each \
                other. They are left out of the imported quiz, with this warning; the other \
                questions are imported. Write a matching question as one pick-one question \
                per pair, or as a flashcard deck.
                """,
            why: "The question would be missing from the quiz without a word otherwise.",
            mistake: .file(
                "week-1.gift",
                """
                ::Words::Match each word with its meaning. {
                  =Empathy -> Understanding how someone else feels.
                  =Puberty -> The years when your body grows up.
                }

                ::Nervous::Everyone feels nervous sometimes. {T}
                """),
            fix: .file(
                "week-1.gift",
                """
                ::Empathy::What is empathy? {
                  =Understanding how someone else feels.
                  ~The years when your body grows up.
                }

                ::Nervous::Everyone feels nervous sometimes. {T}
                """)),
        Explanation(
            .giftChanged,
            summary: "a GIFT question is imported, but not exactly as written",
            meaning: """
                The question is imported, but something in it is not kept, because Folio \
                does it differently: partial credit on a pick-one choice (a Folio choice is \
                right or wrong), weights Folio's scoring does not give, typed answers worth \
                less than full credit or using `*`, a second right number, HTML with no \
                Markdown equivalent. The message says what changed; check the question in \
                the quiz file.
                """,
            why: "Learners' scores could differ from what they were in Moodle.",
            mistake: .file(
                "week-1.gift",
                """
                ::Worth::Who decides how much you are worth? {
                  =You do
                  ~%50%Your friends
                  ~Your followers online
                }
                """),
            fix: .file(
                "week-1.gift",
                """
                ::Worth::Who decides how much you are worth? {
                  =You do
                  ~Your friends
                  ~Your followers online
                }
                """)),
        Explanation(
            .giftIgnored,
            summary: "a GIFT line that means nothing in a Folio quiz is left out",
            meaning: """
                A `$CATEGORY:` line files the questions below it into a category of \
                Moodle's question bank. A Folio quiz is one file with no categories, so the \
                line is left out and the questions are imported into the one quiz. To keep \
                categories apart, import each category's questions as a quiz of its own.
                """,
            why: "Nothing is lost but the category's name; the warning says so.",
            mistake: .file(
                "week-1.gift",
                """
                $CATEGORY: $course$/Week 1

                ::Nervous::Everyone feels nervous sometimes. {T}
                """),
            fix: .file("week-1.gift", "::Nervous::Everyone feels nervous sometimes. {T}")),
        Explanation(
            .giftNoQuestions,
            summary: "no question of a GIFT file could be imported",
            meaning: """
                `folio import` found no question it could turn into a Folio question: the \
                file is empty, holds only comments and categories, or every question in it \
                was skipped or left out (the other messages say why). No quiz file is \
                written.
                """,
            why: "A quiz with no questions would be of no use to learners.",
            mistake: .file("week-1.gift", "::Journal::Write about a time you felt proud of yourself. {}"),
            fix: .file("week-1.gift", "::Proud::Feeling proud of yourself is part of self-esteem. {T}")),
    ]
}
