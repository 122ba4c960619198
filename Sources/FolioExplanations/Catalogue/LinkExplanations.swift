import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// Links and pictures that point to files and other chapters.
    static let links: [Explanation] = [
        Explanation(
            .linkTargetMissing,
            summary: "a link or picture points to a file that is not there",
            meaning: """
                Links and pictures point to files by their path from the page's own folder. \
                From a chapter, `../media/map.png` is the file `map.png` in `media/` and \
                `02-friendship.md` is the chapter file beside it; from the welcome page, \
                the same chapter is `chapters/02-friendship.md`. No file has this path: \
                usually the name is misspelt, its capital letters differ, or the folder at \
                the start (`../media/`, `chapters/`) is missing. The message names the file \
                that was probably meant.

                Pictures and videos must be in `media/`, and links may point only to \
                chapters, the welcome page, the bill of rights and files in `media/`; a \
                path to anything else is reported with this code too.
                """,
            why: "Learners would find a broken link or a missing picture.",
            mistake: .file("welcome.md", "Welcome to the program.\nStart with [the first chapter](01-who-am-i.md)."),
            fix: .file("welcome.md", "Welcome to the program.\nStart with [the first chapter](chapters/01-who-am-i.md).")),
        Explanation(
            .linkOutsideContent,
            summary: "a link points outside the content folder",
            meaning: """
                Paths in links and pictures start from the page's folder, and each `../` \
                goes up one folder. This path goes up past the content folder itself, to a \
                file that is not part of the program. Copy the file into `media/` and link \
                to it there.
                """,
            why: """
                Files outside the content folder are not built into the app or the site, so \
                the link would be broken for every learner.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                Explanation.friendship("Fill in [the friendship worksheet](../../handouts/friendship.pdf).")),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", Explanation.friendship("Fill in [the friendship worksheet](../media/friendship.pdf).")),
                .media("media/friendship.pdf", "the worksheet"),
            ])),
        Explanation(
            .linkUnsafe,
            summary: "a link uses a kind of address that is not allowed",
            meaning: """
                Links may be web addresses (`https://`, `http://`), e-mail addresses \
                (`mailto:`), phone numbers (`tel:`), or paths to chapters and to files in \
                `media/`. This one starts with something else, such as `javascript:`, \
                `data:` or `file:`. Those can run code in the learner's browser, or point \
                to a file on the author's own computer that no learner can open. The same \
                holds for links and pictures in quiz text (prompts, choices, hints, \
                feedback, explanations, reflections), in cards and in the bill of rights.
                """,
            why: """
                The site is for young learners: a link that can run code could be used to \
                harm them, so it is never published.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                Explanation.friendship("Questions? [Ask us](file:///C:/Users/staff/Documents/contact.html).")),
            fix: .file(
                "chapters/02-friendship.md",
                Explanation.friendship("Questions? [Ask us](mailto:staff@example.org)."))),
        Explanation(
            .linkToDraft,
            summary: "a link points to a chapter left out as a draft",
            meaning: """
                A chapter with `draft: true` is left out of the program unless the build is \
                run with `--drafts`. This link points to such a chapter, so in the \
                published program it would lead nowhere. Publish the chapter (remove \
                `draft: true`), or remove the link until the chapter is ready.
                """,
            why: "Learners would follow the link to a page that does not exist.",
            mistake: ContentExample([
                ExampleFile(
                    "welcome.md",
                    "Welcome to the program.\nStart with [the first chapter](chapters/01-who-am-i.md),\nthen [Friendship](chapters/02-friendship.md)."
                ),
                ExampleFile("chapters/02-friendship.md", Explanation.friendship("A good friend listens.", frontMatter: "draft: true\n")),
            ]),
            fix: ContentExample([
                ExampleFile(
                    "welcome.md",
                    "Welcome to the program.\nStart with [the first chapter](chapters/01-who-am-i.md),\nthen [Friendship](chapters/02-friendship.md)."
                ),
                ExampleFile("chapters/02-friendship.md", Explanation.friendship("A good friend listens.")),
            ])),
    ]
}
