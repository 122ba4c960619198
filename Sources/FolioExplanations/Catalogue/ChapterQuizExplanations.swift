import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// A small quiz of its own for the second chapter.
    static let friendshipQuiz = """
        title: Friendship
        questions:
          - prompt: A good friend is honest with you even when it is hard.
            type: true-false
            answer: true
            hint: Would a friend who only says nice things help you grow?
        """

    /// The first chapter of the spec examples, naming `quiz`.
    static func whoAmI(quiz: String) -> String {
        """
        ---
        title: Who Am I?
        quiz: \(quiz)
        ---

        Everyone changes between middle school and high school...
        """
    }

    /// How chapters name their quizzes, and their order.
    static let chaptersAndQuizzes: [Explanation] = [
        Explanation(
            .chapterQuizMissing,
            summary: "a chapter names a quiz that does not exist",
            meaning: """
                A chapter's `quiz:` field names the quiz shown at its end, by the quiz's \
                id: the quiz file's name without `.yaml` (`quizzes/who-am-i.yaml` is \
                `who-am-i`), or the `id:` the quiz file states. No quiz has this id. The \
                message names the quiz that was probably meant; it also recognises a file \
                name written instead of an id, and the id of a flashcard deck.
                """,
            why: "The chapter would end without its quiz.",
            mistake: .file("chapters/01-who-am-i.md", whoAmI(quiz: "who-am-i.yaml")),
            fix: .file("chapters/01-who-am-i.md", whoAmI(quiz: "who-am-i"))),
        Explanation(
            .chapterQuizShared,
            summary: "two chapters name the same quiz",
            meaning: """
                A quiz ends one chapter, and learners' results are saved against that \
                chapter. Here a second chapter names a quiz that already ends another one. \
                To ask the same questions at the end of both, copy the quiz file under a new \
                name and name the copy in the second chapter.
                """,
            why: "The results of one quiz cannot count for two chapters.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("A good friend listens.", frontMatter: "quiz: who-am-i\n")),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("A good friend listens.", frontMatter: "quiz: friendship\n")),
                ExampleFile("quizzes/friendship.yaml", friendshipQuiz),
            ])),
        Explanation(
            .quizUnused,
            summary: "no chapter names this quiz",
            meaning: """
                A quiz is shown at the end of the chapter whose front matter names it with \
                `quiz: <id>`. No chapter names this quiz, so learners will not find it at \
                the end of a chapter. It is still built, so that apps which list quizzes can \
                offer it. If it belongs to a chapter, add the `quiz:` line there.
                """,
            why: "A quiz nobody can find is work wasted.",
            mistake: .file("quizzes/friendship.yaml", friendshipQuiz),
            fix: ContentExample([
                ExampleFile("quizzes/friendship.yaml", friendshipQuiz),
                ExampleFile("chapters/02-friendship.md", friendship("A good friend listens.", frontMatter: "quiz: friendship\n")),
            ])),
        Explanation(
            .chapterOrderShared,
            summary: "two chapters have the same order number",
            meaning: """
                Chapters are shown in the order of their `order:` field, or else of the \
                number their file name starts with (`02-friendship.md` is 2). Here two \
                chapters have the same number, so Folio puts them in the order of their \
                ids, which may not be the order you meant.
                """,
            why: "Learners might meet a chapter before the one it builds on.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("A good friend listens.", frontMatter: "order: 1\n")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("A good friend listens.", frontMatter: "order: 2\n"))),
    ]
}
