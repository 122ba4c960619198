import FolioCore
import Mustache

/// The site's Mustache templates. `{{x}}` is escaped; `{{{x}}}` is HTML that Folio made
/// itself (rendered Markdown, players, JSON data blocks), never raw author text.
enum SiteTemplates {
    /// Each template, by name, as the library registers it: escaping values as
    /// ``SiteHTML`` does.
    static var all: [(name: String, text: String)] {
        _ = SiteHTML.registered
        return [
            ("layout", layout), ("home", home), ("rights", rights), ("rightsList", rightsList), ("chapter", chapter), ("decks", decks), ("deck", deck),
            ("progress", progress), ("progressChapter", progressChapter), ("search", search), ("homeChapter", homeChapter),
        ].map { ($0.0, "{{% CONTENT_TYPE: \(SiteHTML.name)}}" + $0.1) }
    }

    /// Every page. Scripts are files of the site only (the Content-Security-Policy allows
    /// nothing else, and no inline script); `site.js` runs before the page shows so the
    /// chosen colour theme never flashes, the page's own scripts after it is read, the
    /// interface's words for them (``SiteWords``) first. A page with a look of its own
    /// adds its stylesheet after `site.css`. `{{t.area.name}}` is the interface's message
    /// `area.name` in the page's language.
    static let layout = """
        <!DOCTYPE html>
        <html lang="{{language}}" data-program="{{programKey}}" data-legacy-program="{{legacyProgramKey}}" data-root="{{assetRoot}}"{{#pagesRoot}} data-pages="{{pagesRoot}}"{{/pagesRoot}}{{#insights}} data-insights="{{randomize}}"{{#url}} data-insights-url="{{url}}"{{/url}}{{/insights}}>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="{{{contentSecurityPolicy}}}">
        <meta name="referrer" content="strict-origin-when-cross-origin">
        {{#description}}<meta name="description" content="{{description}}">{{/description}}
        <title>{{pageTitle}}</title>{{#canonical}}<link rel="canonical" href="{{canonical}}">{{/canonical}}{{#alternates}}
        <link rel="alternate" hreflang="{{tag}}" href="{{href}}">{{/alternates}}
        <link rel="icon" href="{{assetRoot}}favicon.svg" type="image/svg+xml">
        <link rel="manifest" href="{{assetRoot}}manifest.webmanifest">
        <link rel="apple-touch-icon" href="{{assetRoot}}icon-192.png">
        <link rel="stylesheet" href="{{assetRoot}}site.css">
        {{#hasAccent}}<link rel="stylesheet" href="{{assetRoot}}{{accentStyles}}">
        {{/hasAccent}}
        {{#styles}}<link rel="stylesheet" href="{{assetRoot}}{{.}}">
        {{/styles}}
        <script src="{{assetRoot}}site.js"></script>
        <script src="{{assetRoot}}{{wordsScript}}" defer></script>
        {{#scripts}}<script src="{{assetRoot}}{{.}}" defer></script>
        {{/scripts}}
        </head>
        <body>
        <a class="skip" href="#main">{{t.site.skip-to-content}}</a>
        {{#hasQuiz}}<a class="skip" href="#quiz">{{t.site.skip-to-quiz}}</a>
        {{/hasQuiz}}
        <header class="site-header">
        <a class="site-title" href="{{root}}index.html">{{#logo}}<img class="site-logo" src="{{assetRoot}}{{{src}}}" alt=""{{#size}} width="{{width}}" height="{{height}}"{{/size}}>{{/logo}}<span class="site-name">{{programTitle}}</span></a>
        <nav aria-label="{{t.site.nav-label}}">
        <ul>
        <li><a href="{{root}}index.html"{{#isHome}} aria-current="page"{{/isHome}}>{{t.site.nav-chapters}}</a></li>
        {{#hasBillOfRights}}<li><a href="{{root}}bill-of-rights.html"{{#isRights}} aria-current="page"{{/isRights}}>{{billOfRightsTitle}}</a></li>{{/hasBillOfRights}}
        {{#hasDecks}}<li><a href="{{root}}decks/index.html"{{#isDecks}} aria-current="page"{{/isDecks}}>{{t.site.nav-flashcards}}</a></li>{{/hasDecks}}
        <li><a href="{{root}}progress.html"{{#isProgress}} aria-current="page"{{/isProgress}}>{{t.site.nav-progress}}</a></li>
        <li><a href="{{root}}search.html"{{#isSearch}} aria-current="page"{{/isSearch}}>{{t.site.nav-search}}</a></li>
        </ul>
        </nav>{{#hasLanguages}}
        <nav class="languages" aria-label="{{t.site.languages-label}}">
        <ul>
        {{#languageLinks}}<li><a href="{{href}}" hreflang="{{tag}}" lang="{{tag}}"{{#current}} aria-current="page"{{/current}}>{{name}}</a></li>
        {{/languageLinks}}
        </ul>
        </nav>{{/hasLanguages}}
        </header>
        <main id="main">
        {{{content}}}
        </main>
        <footer class="site-footer">
        <p id="update-note" class="notice" role="status" hidden>{{t.site.update-ready}}</p>
        {{#contact}}<p><a href="{{contact}}">{{t.site.report-problem}}</a></p>{{/contact}}
        <p>{{programTitle}}</p>
        </footer>
        </body>
        </html>

        """

    static let home = """
        <p id="continue" class="notice continue" hidden></p>
        <article class="welcome">{{#untranslatedNote}}
        <p class="notice untranslated" role="note">{{untranslatedNote}}</p>{{/untranslatedNote}}
        <h1{{#titleLang}} lang="{{titleLang}}"{{/titleLang}}>{{title}}</h1>
        {{{html}}}
        </article>
        <p id="progress-summary" class="notice" role="status" hidden></p>
        <section class="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">{{t.home.chapters-heading}}</h2>
        <ol class="chapter-list">
        {{{chapterRows}}}</ol>
        <p class="print-link"><a href="workbook.html">{{t.workbook.link}}</a></p>
        </section>
        {{#hasDecks}}
        <section aria-labelledby="decks-title">
        <h2 id="decks-title">{{t.home.flashcards-heading}}</h2>
        <ul class="deck-list">
        {{#decks}}<li><a href="decks/{{id}}.html">{{title}}</a> <span class="muted">{{cardLabel}}</span></li>{{/decks}}
        </ul>
        </section>
        {{/hasDecks}}

        """

    /// A chapter in the home page's list (`{{{chapterRows}}}` there), one row after another.
    static let homeChapter = """
        <li data-chapter="{{id}}"{{#quiz}} data-quiz="{{quiz}}"{{/quiz}}><a href="chapters/{{id}}.html"><span class="chapter-number">{{order}}</span> <span class="chapter-title"{{#lang}} lang="{{lang}}"{{/lang}}>{{title}}</span></a>{{#summary}}<p{{#lang}} lang="{{lang}}"{{/lang}}>{{summary}}</p>{{/summary}}</li>

        """

    /// The bill of rights' page: its title, then ``rightsList``.
    static let rights = """
        <article class="rights">
        <h1>{{title}}</h1>
        {{{list}}}</article>

        """

    /// The bill of rights' intro and rights, on its page and in the workbook. On the page
    /// each right is a heading (`rightTag` h2) with its id, so that a screen reader's list of
    /// headings reads the rights one after another, as the page shows them; the
    /// workbook, whose headings are its parts, has them as paragraphs.
    static let rightsList = """
        {{#intro}}<div class="intro">{{{html}}}</div>{{/intro}}
        <ol class="rights-list">
        {{#rights}}
        <li{{#anchored}} id="{{id}}"{{/anchored}}><{{rightTag}} class="right">{{{text.html}}}</{{rightTag}}>{{#detail}}<div class="detail">{{{html}}}</div>{{/detail}}</li>
        {{/rights}}
        </ol>

        """

    static let chapter = """
        <article class="chapter" data-chapter="{{id}}">
        <p class="eyebrow">{{chapterNumber}}</p>{{#untranslatedNote}}
        <p class="notice untranslated" role="note">{{untranslatedNote}}</p>{{/untranslatedNote}}
        <h1{{#titleLang}} lang="{{titleLang}}"{{/titleLang}}>{{title}}</h1>
        {{{html}}}
        {{#hasShareLinks}}
        <p class="share">{{t.chapter.share}}
        {{#shareLinks}}<a href="{{url}}" rel="noopener noreferrer" target="_blank">{{name}}</a> {{/shareLinks}}
        </p>
        {{/hasShareLinks}}
        </article>
        {{{quiz}}}
        <nav class="chapter-nav" aria-label="{{t.chapter.nav-label}}">
        {{#previous}}<a class="previous" href="{{id}}.html" rel="prev"><span class="muted">{{t.chapter.previous}}</span><br>{{title}}</a>{{/previous}}
        {{#next}}<a class="next" href="{{id}}.html" rel="next"><span class="muted">{{t.chapter.next}}</span><br>{{title}}</a>{{/next}}
        </nav>

        """

    static let decks = """
        <h1>{{t.deck.list-title}}</h1>
        <ul class="deck-list">
        {{#decks}}<li><a href="{{id}}.html">{{title}}</a> <span class="muted">{{cardLabel}}</span></li>{{/decks}}
        </ul>

        """

    static let deck = """
        <article class="deck">
        <h1>{{title}}</h1>
        <p class="muted cards-intro">{{t.deck.intro}}</p>
        <ol class="cards" data-deck="{{id}}">
        {{#cards}}
        <li data-card="{{id}}"><details class="card"><summary>{{{front}}}</summary><p class="back">{{{back}}}</p></details></li>
        {{/cards}}
        </ol>
        {{{quiz}}}
        </article>

        """

    /// A chapter in the progress page's table of quizzes (`{{{chapterRows}}}` there).
    static let progressChapter = """
        <tr role="row" data-chapter="{{id}}"{{#quiz}} data-quiz="{{quiz}}"{{/quiz}}><th scope="row" role="rowheader"><a href="chapters/{{id}}.html"{{#lang}} lang="{{lang}}"{{/lang}}>{{title}}</a></th>{{#quiz}}<td role="cell" data-label="{{t.progress-page.column-quiz}}" data-cell="status">{{t.progress-page.status-to-do}}</td><td role="cell" data-label="{{t.progress-page.column-best}}" data-cell="best">–</td><td role="cell" data-label="{{t.progress-page.column-attempts}}" data-cell="attempts">0</td><td role="cell" data-label="{{t.progress-page.column-time}}" data-cell="time">–</td>{{/quiz}}{{^quiz}}<td role="cell" colspan="4" class="muted">{{t.progress-page.no-quiz}}</td>{{/quiz}}</tr>

        """

    /// Her progress first, where a phone's screen opens; who is learning on this device,
    /// moving progress to another one, and forgetting it, below.
    static let progress = """
        <article id="progress">
        <h1>{{t.progress-page.title}}</h1>
        <p class="notice needs-script">{{t.progress-page.needs-script}}</p>
        <div class="with-script" hidden>
        <p id="progress-owner" hidden></p>
        <h2>{{t.progress-page.quizzes-heading}}</h2>
        <table class="stack" role="table">
        <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{{t.progress-page.column-chapter}}</th><th scope="col" role="columnheader">{{t.progress-page.column-quiz}}</th><th scope="col" role="columnheader">{{t.progress-page.column-best}}</th><th scope="col" role="columnheader">{{t.progress-page.column-attempts}}</th><th scope="col" role="columnheader">{{t.progress-page.column-time}}</th></tr></thead>
        <tbody role="rowgroup">
        {{{chapterRows}}}</tbody>
        </table>
        {{#hasDecks}}
        <h2>{{t.progress-page.flashcards-heading}}</h2>
        <table class="stack" role="table">
        <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">{{t.progress-page.column-deck}}</th><th scope="col" role="columnheader">{{t.progress-page.column-cards-known}}</th><th scope="col" role="columnheader">{{t.progress-page.column-sessions}}</th><th scope="col" role="columnheader">{{t.progress-page.column-time}}</th></tr></thead>
        <tbody role="rowgroup">
        {{#decks}}
        <tr role="row" data-deck="{{id}}" data-cards="{{cardCount}}" data-card-ids="{{cardIDs}}"><th scope="row" role="rowheader"><a href="decks/{{id}}.html">{{title}}</a></th><td role="cell" data-label="{{t.progress-page.column-cards-known}}" data-cell="known">{{knownLabel}}</td><td role="cell" data-label="{{t.progress-page.column-sessions}}" data-cell="sessions">0</td><td role="cell" data-label="{{t.progress-page.column-time}}" data-cell="time">–</td></tr>
        {{/decks}}
        </tbody>
        </table>
        {{/hasDecks}}
        <h2>{{t.progress-page.time-heading}}</h2>
        <p>{{t.progress-page.time-studying}} <span id="total-time">{{t.progress-page.no-time-yet}}</span></p>
        <p>{{t.progress-page.streak-label}} <span id="streak">{{t.progress-page.streak-start}}</span></p>
        <div id="calendar"></div>
        <h2>{{t.progress-page.thoughts-heading}}</h2>
        <div id="thoughts"><p class="muted">{{t.progress-page.thoughts-empty}}</p></div>
        <section id="learners" class="learners panel" aria-labelledby="learners-title">
        <h2 id="learners-title">{{t.progress-page.learners-heading}}</h2>
        <p id="learner-now"></p>
        <ul id="learner-list" class="learner-list"></ul>
        <form id="learner-add" class="learner-add"><label for="learner-name">{{t.progress-page.learner-add-label}}</label><span class="field-row"><input id="learner-name" name="name" maxlength="30" autocomplete="off"> <button type="submit">{{t.progress-page.learner-add}}</button></span></form>
        <p id="learner-note" role="status"></p>
        <p class="muted">{{t.progress-page.learners-note}}</p>
        </section>
        {{#insights}}
        <section id="insights" class="panel" aria-labelledby="insights-title">
        <h2 id="insights-title">{{t.insights.heading}}</h2>
        <p>{{t.insights.what}}</p>
        <p>{{how}}</p>
        <p>{{t.insights.never}}</p>
        <div class="choice"><label><input type="checkbox" id="insights-share"> <span>{{t.insights.share-label}}</span></label></div>
        <p id="insights-waiting" role="status" hidden></p>
        {{#sharesFile}}<div class="actions" hidden><button type="button" id="insights-file" hidden>{{t.insights.share-file}}</button></div>{{/sharesFile}}
        <p class="muted">{{t.insights.off-note}}</p>
        <p class="muted">{{parents}}</p>
        </section>
        {{/insights}}
        <section class="panel" aria-labelledby="move-title">
        <h2 id="move-title">{{t.progress-page.move-heading}}</h2>
        <div class="actions"><button type="button" id="learner-export">{{t.progress-page.export}}</button><span class="file-pick"><input type="file" id="learner-import" class="visually-hidden" accept=".json,application/json"><label for="learner-import" class="button">{{t.progress-page.import}}</label></span></div>
        <p class="muted">{{t.progress-page.move-note}}</p>
        <p id="move-note" role="status"></p>
        </section>
        <p>{{^insights}}{{t.progress-page.privacy}}{{/insights}}{{#insights}}{{t.progress-page.privacy-with-insights}}{{/insights}}</p>
        <div class="actions"><button type="button" id="forget">{{t.progress-page.forget}}</button></div>
        <div id="forget-confirm" class="notice" hidden>
        <p>{{t.progress-page.forget-warning}}</p>
        <div class="actions"><button type="button" id="forget-yes" class="primary">{{t.progress-page.forget-yes}}</button> <button type="button" id="forget-no">{{t.progress-page.forget-no}}</button></div>
        </div>
        </div>
        </article>

        """

    static let search = """
        <h1>{{t.search.title}}</h1>
        <form class="search-form" role="search" action="search.html" method="get">
        <label class="visually-hidden" for="search-input">{{t.search.label}}</label>
        <input id="search-input" type="search" name="q" autocomplete="off" placeholder="{{t.search.placeholder}}">
        <button type="submit" class="primary">{{t.search.button}}</button>
        </form>
        <p id="search-status" role="status">{{t.search.needs-script}}</p>
        <ol id="search-results" class="search-results"></ol>
        <script type="application/json" id="search-index">{{{index}}}</script>

        """
}

/// How `{{x}}` escapes a value in the site's templates: byte by byte, as
/// ``HTMLText/escape(_:)`` does for the chapter pages' frames and every other page of
/// Folio. Mustache's own HTML escaping compares whole characters (grapheme clusters), so a
/// `"` or `<` followed by a combining mark is one character and was left as it is: a title
/// or description could have left the attribute it stood in.
struct SiteHTML: MustacheContentType {
    static let name = "FOLIO_HTML"
    /// Registered once, before a template names it (the library reads the name when it
    /// parses a template).
    static let registered: Void = MustacheContentTypes.register(SiteHTML(), named: name)

    func escapeText(_ text: String) -> String { HTMLText.escape(text) }
}
