/// The site's Mustache templates. `{{x}}` is escaped; `{{{x}}}` is HTML that Folio made
/// itself (rendered Markdown, embeds), never raw author text.
enum SiteTemplates {
    static let layout = """
        <!DOCTYPE html>
        <html lang="{{language}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src 'self' https: data:; media-src 'self'; style-src 'self'; script-src 'self'; frame-src https://www.youtube-nocookie.com; base-uri 'none'; form-action 'none'">
        <meta name="referrer" content="strict-origin-when-cross-origin">
        {{#description}}<meta name="description" content="{{description}}">{{/description}}
        <title>{{pageTitle}}</title>
        <link rel="stylesheet" href="{{root}}style.css">
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="site-header">
        <a class="site-title" href="{{root}}index.html">{{programTitle}}</a>
        <nav aria-label="Site">
        <ul>
        <li><a href="{{root}}index.html"{{#isHome}} aria-current="page"{{/isHome}}>Chapters</a></li>
        {{#hasBillOfRights}}<li><a href="{{root}}bill-of-rights.html"{{#isRights}} aria-current="page"{{/isRights}}>{{billOfRightsTitle}}</a></li>{{/hasBillOfRights}}
        {{#hasDecks}}<li><a href="{{root}}decks/index.html"{{#isDecks}} aria-current="page"{{/isDecks}}>Flashcards</a></li>{{/hasDecks}}
        </ul>
        </nav>
        </header>
        <main id="main">
        {{{content}}}
        </main>
        <footer class="site-footer">
        {{#contact}}<p><a href="{{contact}}">Report a problem with this page</a></p>{{/contact}}
        <p>{{programTitle}}</p>
        </footer>
        </body>
        </html>

        """

    static let home = """
        <article class="welcome">
        <h1>{{title}}</h1>
        {{{html}}}
        </article>
        <section class="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">Chapters</h2>
        <ol class="chapter-list">
        {{#chapters}}
        <li><a href="chapters/{{id}}.html"><span class="chapter-number">{{order}}</span> <span class="chapter-title">{{title}}</span></a>{{#summary}}<p>{{summary}}</p>{{/summary}}</li>
        {{/chapters}}
        </ol>
        </section>
        {{#hasDecks}}
        <section aria-labelledby="decks-title">
        <h2 id="decks-title">Flashcards</h2>
        <ul class="deck-list">
        {{#decks}}<li><a href="decks/{{id}}.html">{{title}}</a> <span class="muted">{{cardLabel}}</span></li>{{/decks}}
        </ul>
        </section>
        {{/hasDecks}}

        """

    static let rights = """
        <article class="rights">
        <h1>{{title}}</h1>
        {{#intro}}<div class="intro">{{{html}}}</div>{{/intro}}
        <ol class="rights-list">
        {{#rights}}
        <li id="{{id}}"><p class="right">{{{text.html}}}</p>{{#detail}}<div class="detail">{{{html}}}</div>{{/detail}}</li>
        {{/rights}}
        </ol>
        </article>

        """

    static let chapter = """
        <article class="chapter">
        <p class="eyebrow">Chapter {{order}}</p>
        <h1>{{title}}</h1>
        {{{html}}}
        {{#hasShareLinks}}
        <p class="share">Share this chapter:
        {{#shareLinks}}<a href="{{url}}" rel="noopener noreferrer" target="_blank">{{name}}</a> {{/shareLinks}}
        </p>
        {{/hasShareLinks}}
        </article>
        {{{quiz}}}
        <nav class="chapter-nav" aria-label="Chapters">
        {{#previous}}<a class="previous" href="{{id}}.html" rel="prev"><span class="muted">Previous</span> {{title}}</a>{{/previous}}
        {{#next}}<a class="next" href="{{id}}.html" rel="next"><span class="muted">Next</span> {{title}}</a>{{/next}}
        </nav>

        """

    static let decks = """
        <h1>Flashcards</h1>
        <ul class="deck-list">
        {{#decks}}<li><a href="{{id}}.html">{{title}}</a> <span class="muted">{{cardLabel}}</span></li>{{/decks}}
        </ul>

        """

    static let deck = """
        <article class="deck">
        <h1>{{title}}</h1>
        <p class="muted">Think of the answer, then open the card to check.</p>
        <ol class="cards">
        {{#cards}}
        <li><details class="card"><summary>{{front}}</summary><p>{{back}}</p></details></li>
        {{/cards}}
        </ol>
        </article>

        """
}
