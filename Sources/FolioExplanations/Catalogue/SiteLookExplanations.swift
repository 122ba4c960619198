import FolioCompiler
import FolioCore

extension Explanation {
    /// The program's own look on the site: `accent` and `logo` in `folio.yaml`.
    static let siteLook: [Explanation] = [
        Explanation(
            .accentNotAColour,
            summary: "`accent` is not a colour",
            meaning: """
                `accent` in `folio.yaml` gives the site the program's own colour, for its \
                links, buttons and the header's tint. It is written as web pages write \
                colours: `#` and six hex digits, such as `#0a7d5a` (any colour picker shows \
                this code). In YAML the colour must be in quotes: a `#` after a space starts \
                a comment, so `accent: #0a7d5a` leaves the field empty.
                """,
            why: "A colour Folio cannot read would leave the site in its default purple without telling anyone.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\naccent: green"),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\naccent: \"#0a7d5a\"")),
        Explanation(
            .accentLowContrast,
            summary: "the accent is too light for text on the site's white page",
            meaning: """
                Links and buttons are written in the accent, on the site's white page, on \
                cards and on the accent's own light tint. Text needs a contrast of 4.5 to 1 \
                with what is behind it (WCAG AA) to be read by everyone, on a phone in the \
                sun too. The accent given has less, so Folio does not use it; the message \
                names the nearest darker shade of it that has enough. The site's dark look \
                is made from the accent by Folio, lighter, with the same contrast.
                """,
            why: "Learners who see less well, or read on a dim or bright screen, could not read the links and buttons.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\naccent: \"#ffcc00\""),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\naccent: \"#876c00\"")),
        Explanation(
            .logoNotFound,
            summary: "the logo is not a file in `media/`",
            meaning: """
                `logo` in `folio.yaml` names the program's logo, shown in the site's header \
                and, when it is a square picture of 192 pixels or more, as the app's icon. \
                It is a picture in the content folder's `media/` folder, written with its \
                path from the content folder: `logo: media/logo.png`. Folio found no such \
                file; check the name's spelling and its ending, and that the file is in \
                `media/`.
                """,
            why: "The header would show a broken picture on every page.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\nlogo: media/logo.svg"),
            fix: ContentExample([
                ExampleFile("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\nlogo: media/logo.svg"),
                ExampleFile("media/logo.svg", logoSVG),
            ])),
        Explanation(
            .logoNotAPicture,
            summary: "the logo is not a picture a browser shows",
            meaning: """
                The logo is shown in the site's header, so it must be a picture every \
                browser shows: a PNG, SVG, JPEG, WebP or GIF file in `media/`. Save the \
                logo in one of these (a PNG or an SVG keeps its edges sharp) and name that \
                file in `logo`.
                """,
            why: "A document or a file of another kind cannot be shown in the header.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\nlogo: media/logo.pdf"),
            fix: ContentExample([
                ExampleFile("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\nlanguage: en\nlogo: media/logo.svg"),
                ExampleFile("media/logo.svg", logoSVG),
            ])),
    ]

    /// A logo small enough to read in an example.
    private static let logoSVG = ##"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">
        <circle cx="4" cy="4" r="4" fill="#0a7d5a"/></svg>
        """##
}
