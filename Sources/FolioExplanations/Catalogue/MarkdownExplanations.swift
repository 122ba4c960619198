import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

extension Explanation {
    /// A short chapter with `text` after its front matter.
    static func friendship(_ text: String, frontMatter: String = "") -> String {
        "---\ntitle: Friendship\n" + frontMatter + "---\n\n" + text
    }

    /// Chapters and the welcome page: front matter, videos, pictures, HTML.
    static let markdown: [Explanation] = [
        Explanation(
            .frontMatterUnclosed,
            summary: "a chapter's front matter has no closing `---`",
            meaning: """
                A chapter starts with its front matter: a line `---`, the fields \
                (`title:`, `quiz:`, ...), and another line `---`. Everything after the \
                second `---` is the chapter's text. Here the first `---` has no partner, so \
                Folio cannot tell where the fields end and the text begins. The welcome \
                page's front matter, when it has one, follows the same rule.
                """,
            why: "Without the closing line the whole chapter would be read as fields, so it cannot be built.",
            mistake: .file(
                "chapters/02-friendship.md",
                """
                ---
                title: Friendship
                summary: What makes a good friend.

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
            .frontMatterMissing,
            summary: "a chapter has no front matter, so it has no title",
            meaning: """
                Every chapter starts with a front matter that gives at least its title: a \
                line `---`, a line `title: ...`, and another line `---`. This chapter starts \
                straight with its text. A heading such as `# Friendship` is part of the text, \
                not the chapter's title.
                """,
            why: "The table of contents, the app and the site need each chapter's title.",
            mistake: .file(
                "chapters/02-friendship.md",
                """
                # Friendship

                A good friend listens, and is honest with you even when it is hard.
                """),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("A good friend listens, and is honest with you even when it is hard."))),
        Explanation(
            .videoTitleMissing,
            summary: "a video has no title",
            meaning: """
                A video sits in a chapter as a Markdown image: `![title](address)`. The text \
                between the brackets is the video's title, which the player shows and screen \
                readers announce. Here the brackets are empty.
                """,
            why: """
                A learner who cannot see the screen would hear only "video", with no idea \
                what it is about.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("Watch this before the group talk:\n\n![](https://youtu.be/aBcDeFgHiJ0)")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("Watch this before the group talk:\n\n![What makes a good friend](https://youtu.be/aBcDeFgHiJ0)"))),
        Explanation(
            .videoInvalidID,
            summary: "a YouTube address has no valid video id",
            meaning: """
                Every YouTube video has an id of exactly 11 letters, digits, `-` or `_`, \
                such as `aBcDeFgHiJ0` in `https://youtu.be/aBcDeFgHiJ0`. This address's id is \
                shorter or longer, or has other characters: usually part of it was lost in \
                copying, or a space crept in. Copy the address again from YouTube's Share \
                button.
                """,
            why: "The player would show an error instead of the video.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("![What makes a good friend](https://youtu.be/aBcDeFgHi)")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("![What makes a good friend](https://youtu.be/aBcDeFgHiJ0)"))),
        Explanation(
            .videoInvalidStart,
            summary: "a video's start time cannot be read",
            meaning: """
                A YouTube address may say where the video starts, after `?` or `&`: `t=90` \
                (seconds), `t=1m30s`, or `start=90`. This start time is written another way, \
                such as `1:30`, which YouTube does not read.
                """,
            why: "The video would start at the beginning, not where you meant.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("![Making friends](https://www.youtube.com/watch?v=aBcDeFgHiJ0&t=1:30)")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("![Making friends](https://www.youtube.com/watch?v=aBcDeFgHiJ0&t=1m30s)"))),
        Explanation(
            .videoUnsupportedLink,
            summary: "a YouTube address is not a single video",
            meaning: """
                Folio puts single videos in chapters. This YouTube address points to \
                something else: a channel, a playlist, a search, or the home page. Open the \
                video itself on YouTube and copy its address from the Share button.
                """,
            why: "There is no one video to play, so the player would stay empty.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("![Talks on friendship](https://www.youtube.com/playlist?list=PL01234567)")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("![Talks on friendship](https://www.youtube.com/watch?v=aBcDeFgHiJ0)"))),
        Explanation(
            .videoAddressAsText,
            summary: "a video address on a line of its own shows as text",
            meaning: """
                A paragraph of the chapter is nothing but the address of a YouTube video. \
                Markdown shows it as it is, as text; it does not make a player of it. To put \
                the video in the page, write an exclamation mark, the video's title in \
                square brackets, then the address in round brackets: \
                `![Talk on friendship](https://youtu.be/aBcDeFgHiJ0)`. To show a link instead, \
                write `[Watch the talk on friendship](https://youtu.be/aBcDeFgHiJ0)`.
                """,
            why: "Learners would see an address they cannot play, where the author meant a video.",
            mistake: .file("chapters/02-friendship.md", friendship("https://youtu.be/aBcDeFgHiJ0")),
            fix: .file("chapters/02-friendship.md", friendship("![Talk on friendship](https://youtu.be/aBcDeFgHiJ0)"))),
        Explanation(
            .videoCaptionsMissing,
            summary: "a video's captions file is not named after the video",
            meaning: """
                A video file in `media/` (`.mp4` or `.webm`) gets its captions from the \
                `.vtt` file of the same name beside it: `media/friends.mp4` uses \
                `media/friends.vtt`. There is no such file, but there is a captions file \
                with a close name, such as `friends.en.vtt` or `Friends.vtt`, so the \
                captions are probably misnamed. Rename the captions file after the video. \
                (A video without any captions file is allowed.)
                """,
            why: """
                Learners who are deaf or hard of hearing, or who watch without sound, would \
                get no captions.
                """,
            mistake: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![What makes a good friend](../media/friends.mp4)")),
                .media("media/friends.mp4", "the video"),
                ExampleFile("media/friends.en.vtt", "WEBVTT\n\n00:00.000 --> 00:04.000\nWhat makes a good friend?"),
            ]),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![What makes a good friend](../media/friends.mp4)")),
                .media("media/friends.mp4", "the video"),
                ExampleFile("media/friends.vtt", "WEBVTT\n\n00:00.000 --> 00:04.000\nWhat makes a good friend?"),
            ])),
        Explanation(
            .rawHTMLOmitted,
            summary: "HTML in a chapter, quiz or card is left out",
            meaning: """
                Chapters are written in Markdown. HTML tags in them (`<b>`, `<div>`, \
                `<span style=...>`, `<iframe>`) are left out of the page, with this \
                warning, unless `folio.yaml` says `allow_html: true`. Markdown has a form \
                for most of what HTML is used for: `**bold**`, `*italic*`, \
                `[a link](https://...)`, a blank line for a new paragraph.

                Quiz text (prompts, choices, hints, feedback, explanations, reflections), \
                cards and the bill of rights never keep HTML, even with `allow_html: \
                true`: each tag there is left out with this warning too. A note for staff \
                written `<!-- like this -->` is left out without one.
                """,
            why: """
                HTML can break the page on phones, hide text from screen readers, or load \
                things from other websites; Markdown cannot.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("<b>Remember:</b> a good friend listens.")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("**Remember:** a good friend listens."))),
        Explanation(
            .langSpanUnclosed,
            summary: "a passage in another language is not closed",
            meaning: """
                A passage in another language is marked `<span lang="es">...</span>`, \
                in a chapter, the welcome page, quiz text, cards or the bill of rights, \
                without `allow_html`. Here the `<span lang>` has no `</span>` after it \
                in the same paragraph (or the same emphasis or link), so it is left out \
                and the passage is read in the page's language.
                """,
            why: """
                Screen readers speak a marked passage with the language's voice and \
                rules; a passage left open would run on into the rest of the page.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("They said <span lang=\"es\">hola, amigo. Then they smiled.")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("They said <span lang=\"es\">hola, amigo</span>. Then they smiled."))),
        Explanation(
            .langTagInvalid,
            summary: "a passage's language is not a language tag",
            meaning: """
                A passage in another language is marked `<span lang="es">...</span>`, \
                where `es` is the language's tag: a code of two or three letters \
                (`es`, `fr`, `pt`), then a region or script if needed (`es-MX`, \
                `pt-BR`, `zh-Hant`): letters, digits and hyphens, at most 35. A name \
                with accents (`español`), spaces or `_` (`es_MX`) is not one, so the \
                `<span lang>` is left out, with its `</span>`, and the passage is read \
                in the page's language.
                """,
            why: """
                Screen readers and browsers pick the voice and the hyphenation by the \
                tag; one they do not know does nothing.
                """,
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("They said <span lang=\"español\">hola, amigo</span>.")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("They said <span lang=\"es\">hola, amigo</span>."))),
        Explanation(
            .htmlRemoved,
            summary: "part of a chapter's HTML is left out",
            meaning: """
                With `allow_html: true` in `folio.yaml`, HTML written in chapters is kept, \
                but only what is safe to show in any app or browser: text elements \
                (`p`, `div`, `span`, `em`, `strong`, `b`, `i`, `u`, `s`, `del`, `ins`, \
                `mark`, `small`, `sub`, `sup`, `abbr`, `cite`, `q`, `code`, `kbd`, `samp`, \
                `var`, `time`, `pre`, `blockquote`, `br`, `hr`, `wbr`, `bdi`, `bdo`, `ruby`, \
                `rt`, `rp`), headings, lists (`ul`, `ol`, `li`, `dl`, `dt`, `dd`), tables, \
                `figure`, `figcaption`, `details` and `summary`, with the attributes \
                `title`, `lang` and `dir` (and `colspan`, `rowspan`, `start`, `open` and \
                such where they belong). Links (`<a href>`) and pictures (`<img src alt>`) \
                are checked as Markdown's are. Everything else is left out: scripts, \
                styles, frames, forms, `on...` handlers, `style` and `class`. Text inside \
                an element that is left out stays, except inside `script`, `style`, \
                `iframe` and other elements that hold no text for the page.
                """,
            why: """
                The bundle's HTML is shown in apps' web views, which have no \
                Content-Security-Policy to stop a script, and one chapter must not be able \
                to change how another page looks or behaves.
                """,
            mistake: ContentExample([
                ExampleFile("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nallow_html: true\n"),
                ExampleFile(
                    "chapters/02-friendship.md",
                    friendship("<p onclick=\"alert(1)\">A good friend listens.</p>")),
            ]),
            fix: ContentExample([
                ExampleFile("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nallow_html: true\n"),
                ExampleFile("chapters/02-friendship.md", friendship("<p>A good friend listens.</p>")),
            ])),
        Explanation(
            .markdownNestingLimit,
            summary: "quotes or lists are nested too deeply",
            meaning: """
                Each `>` at the start of a line puts the text in a quote, and each list \
                marker indented under another starts a list inside a list. Folio reads up \
                to 64 levels of them, and of emphasis inside links inside emphasis; here \
                there are more, so what is deeper is left out of the page. Real chapters \
                need a few levels: this is usually a line pasted with many `>` at its start.
                """,
            why: "The page would lose text without a word; the limit also keeps a damaged file from stalling the build.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship(String(repeating: ">", count: 65) + " Hi.")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship("> Listen."))),
        Explanation(
            .imageAltMissing,
            summary: "a picture has no description",
            meaning: """
                A picture is written `![description](../media/picture.png)`. The text \
                between the brackets describes the picture for learners who cannot see it: \
                screen readers read it aloud. Here the brackets are empty. Say what the \
                picture shows, in a short sentence.
                """,
            why: "Learners who use a screen reader would miss whatever the picture says.",
            mistake: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![](../media/friends.png)")),
                .media("media/friends.png", "the picture"),
            ]),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![Two friends laughing on a bench](../media/friends.png)")),
                .media("media/friends.png", "the picture"),
            ])),
        Explanation(
            .imageRemote,
            summary: "a picture is on another website",
            meaning: """
                This picture's address is on another website. Loading it would tell that \
                website who is reading which page, so the site shows a link to the picture \
                instead of the picture itself. Save the picture in `media/` and point to it \
                there.

                A Vimeo video has its own code since Folio 1.1, `video-vimeo`; it was \
                reported with this one before.
                """,
            why: "The program promises learners that what they read is nobody else's business.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("![Two friends laughing on a bench](https://example.org/friends.png)")),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![Two friends laughing on a bench](../media/friends.png)")),
                .media("media/friends.png", "the picture"),
            ])),
        Explanation(
            .videoVimeo,
            summary: "a Vimeo video cannot be played",
            meaning: """
                Folio plays videos from YouTube, and video files of the program's own \
                (`.mp4`, `.webm`) in `media/`. A Vimeo address written as a video \
                (`![title](https://vimeo.com/...)`) is shown as a link to the video on \
                Vimeo, with this warning. Before Folio 1.1 this was reported as \
                `image-remote`.
                """,
            why: "Learners would find a link where they expect a player, and leave the page for Vimeo's.",
            mistake: .file(
                "chapters/02-friendship.md", friendship("![What makes a good friend](https://vimeo.com/76979871)")),
            fix: .file(
                "chapters/02-friendship.md", friendship("![What makes a good friend](https://youtu.be/aBcDeFgHiJ0)"))),
        Explanation(
            .videoSiteNotPlayed,
            summary: "a video on TikTok, Instagram or a site Folio cannot play",
            meaning: """
                Folio plays videos from YouTube, and video files of the program's own \
                (`.mp4`, `.webm`) in `media/`. A video on TikTok, Instagram, Facebook, \
                Twitch, Dailymotion or Snapchat written as a video (`![title](address)`) is \
                shown as a link to it, with this warning: those sites' players load their \
                scripts into the page and follow who watches. Before Folio 1.2 this was \
                reported as `image-remote`, as if the address were a picture's.
                """,
            why: "Learners would find a link where they expect a player, and leave the page for a site that follows them.",
            mistake: .file(
                "chapters/02-friendship.md", friendship("![A dance about friends](https://www.tiktok.com/@ggs/video/72345678901)")),
            fix: .file(
                "chapters/02-friendship.md", friendship("[A dance about friends](https://www.tiktok.com/@ggs/video/72345678901)"))),
        Explanation(
            .headingLevelOne,
            summary: "one `#` in a chapter's text makes a large heading",
            meaning: """
                In a chapter's text, a line that starts with `#` and a space is a heading, \
                and one `#` makes the largest there is: learners see it like a second title \
                under the one `title:` gives the page. In YAML files and in a chapter's \
                front matter, a `#` starts a note learners never see, so a note to self \
                written the same way in the text (`# TODO ask Jess for a better video`) is \
                published as a heading. Write notes as `<!-- ... -->`: learners never see \
                them, in the page or in its HTML. Write section headings with two `#`. The \
                welcome page follows the same rule.
                """,
            why: "A note to staff would be shown to every learner, as the largest words on the page.",
            mistake: .file(
                "chapters/02-friendship.md", friendship("# TODO ask Jess for a better video\n\nA good friend listens.")),
            fix: .file(
                "chapters/02-friendship.md", friendship("<!-- TODO ask Jess for a better video -->\n\nA good friend listens."))),
        Explanation(
            .headingWithoutSpace,
            summary: "a heading without a space after its `#`s is shown as text",
            meaning: """
                A heading is a line that starts with two to six `#` and a space: `## Saying \
                no`. Without the space (`##Saying no`), Markdown shows the line as it is, \
                number signs and all. One `#` without a space is left alone, since a line \
                may start with a hashtag.
                """,
            why: "Learners would see `##` in the text, and the section would have no heading to find it by.",
            mistake: .file("chapters/02-friendship.md", friendship("##Saying no\n\nIt is fine to say no.")),
            fix: .file("chapters/02-friendship.md", friendship("## Saying no\n\nIt is fine to say no."))),
        Explanation(
            .bulletNotMarkdown,
            summary: "a list written with `•` bullets is shown as text",
            meaning: """
                Word processors put a `•` (or `●`, `○`, `▪`, `·`) before each item of a \
                list, and copying from them brings the bullet along. Markdown does not \
                read it as a list: the lines run together into one paragraph. A list item \
                starts with a dash and a space (`- `), and a list has a blank line before it.
                """,
            why: "The items would run together into one line of text, with the bullets in it.",
            mistake: .file("chapters/02-friendship.md", friendship("A good friend:\n\n• listens\n• is honest")),
            fix: .file("chapters/02-friendship.md", friendship("A good friend:\n\n- listens\n- is honest"))),
        Explanation(
            .addressHasSpace,
            summary: "an address with a space is shown as text",
            meaning: """
                In Markdown an address ends at the first space, so `![Peer pressure](../media/Peer \
                Pressure.png)` is not a picture at all: learners see the brackets and the \
                address as text. File names with spaces come from phones and from Windows. \
                Rename the file without spaces (`Peer-Pressure.png`), or keep the name and \
                put the address between `<` and `>`: `![Peer pressure](<../media/Peer \
                Pressure.png>)`. In a web address, write each space as `%20`.
                """,
            why: "Learners would see the Markdown itself where the picture or link should be.",
            mistake: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![Two friends talking](../media/Two Friends.png)")),
                .media("media/Two Friends.png", "the picture"),
            ]),
            fix: ContentExample([
                ExampleFile("chapters/02-friendship.md", friendship("![Two friends talking](<../media/Two Friends.png>)")),
                .media("media/Two Friends.png", "the picture"),
            ])),
    ]
}
