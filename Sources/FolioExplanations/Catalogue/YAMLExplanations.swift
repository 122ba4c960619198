import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// A short quiz the YAML examples break and fix.
    private static func nervousQuiz(_ lines: String) -> String {
        """
        title: Who am I?
        questions:
        \(lines)
        """
    }

    /// Writing YAML: quizzes, decks, the settings and front matter.
    static let yaml: [Explanation] =
        [
            Explanation(
                .yamlSyntax,
                summary: "a line cannot be read as YAML",
                meaning: """
                    Quiz files, decks, the settings and the front matter of chapters are written \
                    in YAML: each line is a field, `name: value`, and lists and groups are shown \
                    by indentation. This message means that a line breaks those rules, so YAML \
                    cannot tell where a value starts or ends. The most common causes are a `: ` \
                    inside a value (YAML reads a new field there), a line indented more or less \
                    than the lines around it, text after a closing quote, and a list in `[...]` \
                    that is never closed. The message says which one it found.

                    A value that holds `: `, or starts with `-`, `[`, `{`, `*`, `&`, `@` or a \
                    quote, is safest in double quotes: `prompt: "Remember: who decides?"`.
                    """,
                why: """
                    When YAML cannot read a line, it cannot read the rest of the file either, so \
                    nothing in the file is checked or built until the line is fixed.
                    """,
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Remember: who decides how you feel?
                            type: text
                            accept: [me, myself]
                            hint: Look at the first right on the Bill of Rights page.
                        """)),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: "Remember: who decides how you feel?"
                            type: text
                            accept: [me, myself]
                            hint: Look at the first right on the Bill of Rights page.
                        """))),
            Explanation(
                .yamlTab,
                summary: "a line is indented with a tab",
                meaning: """
                    YAML allows only spaces to indent a line. A tab looks like spaces in most \
                    editors, but YAML cannot tell how deep it goes, so it refuses it. Editors \
                    often put a tab when the Tab key is pressed: set yours to insert spaces, and \
                    replace the tab with as many spaces as it takes for the line to start under \
                    the other fields of its group (the message says how many). (Below, `→` \
                    marks a tab.)
                    """,
                why: "The file cannot be read until the tab is gone, so nothing in it is built.",
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        "  - prompt: Everyone feels nervous sometimes.\n\ttype: true-false\n    answer: true\n"
                            + "    hint: Even adults on stage get butterflies.")),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Everyone feels nervous sometimes.
                            type: true-false
                            answer: true
                            hint: Even adults on stage get butterflies.
                        """))),
            Explanation(
                .yamlUnclosedQuote,
                summary: "a quoted text has no closing quote",
                meaning: """
                    A value may be put in quotes, `"like this"` or `'like this'`, so that it can \
                    hold characters YAML would otherwise read as part of the file's layout, such \
                    as `: ` or a leading `-`. The closing quote must be of the same kind as the \
                    opening one. Here a quote is opened and never closed, so YAML reads \
                    everything after it, to the end of the file, as one text.

                    Inside single quotes, an apostrophe is written twice: `'Don''t give up'`. \
                    Double quotes avoid the problem: `"Don't give up"`.
                    """,
                why: "The rest of the file disappears into the unclosed text, so none of it is built.",
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    """
                    title: "Who am I?
                    questions:
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    """
                    title: "Who am I?"
                    questions:
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """)),
            Explanation(
                .yamlDuplicateKey,
                summary: "a field is given twice in the same group",
                meaning: """
                    Within one group of fields (the quiz, one question, one choice, one card), \
                    each field may be given once. Here the same field appears twice. YAML itself \
                    would keep only the last one without a word, so Folio reports it instead: one \
                    of the two is usually left over from copying, or belongs to another question. \
                    The note shows where the field was first given.
                    """,
                why: "Keeping the last one silently could publish the wrong answer without anyone noticing.",
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Everyone feels nervous sometimes.
                            type: true-false
                            answer: true
                            hint: Even adults on stage get butterflies.
                            answer: false
                        """)),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Everyone feels nervous sometimes.
                            type: true-false
                            answer: true
                            hint: Even adults on stage get butterflies.
                        """))),
            Explanation(
                .yamlAliasLimit,
                summary: "a file repeats values with aliases far too often",
                meaning: """
                    YAML lets a file name a value with `&name` and repeat it elsewhere with \
                    `*name`, an alias. Folio counts every value once the aliases are expanded, \
                    and stops at 200,000. A real quiz has a few hundred values; a file over the \
                    limit has aliases that repeat other aliases, which multiplies its size at \
                    every step. Write the values out instead.
                    """,
                why: """
                    Expanding such a file would take all of the computer's memory, so Folio \
                    stops at the limit instead of freezing.
                    """,
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    """
                    title: Who am I?
                    a: &a [me, me, me, me, me, me, me, me, me, me]
                    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                    e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                    f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
                    """),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Finish the right - "I have the right to be ..."
                            type: text
                            accept: [me, myself]
                            hint: Look at the first right on the Bill of Rights page.
                        """))),
            Explanation(
                .yamlNestingLimit,
                summary: "lists and groups are nested more than 32 levels deep",
                meaning: """
                    Each list or group inside another is one level of nesting. Folio content \
                    needs about six levels at most (a quiz, its questions, a question, its \
                    choices, a choice). More than 32 levels is never content written by hand: \
                    usually brackets `[` or `{` opened and never closed, or text pasted from \
                    another program.
                    """,
                why: """
                    Reading ever deeper nesting could exhaust the computer's memory, so Folio \
                    stops at the limit.
                    """,
                mistake: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Finish the right - "I have the right to be ..."
                            type: text
                            accept: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[me, myself
                            hint: Look at the first right on the Bill of Rights page.
                        """)),
                fix: .file(
                    "quizzes/who-am-i.yaml",
                    nervousQuiz(
                        """
                          - prompt: Finish the right - "I have the right to be ..."
                            type: text
                            accept: [me, myself]
                            hint: Look at the first right on the Bill of Rights page.
                        """))),
        ] + yamlStructure
}
