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
            ("layout", layout), ("home", home), ("rights", rights), ("chapter", chapter), ("decks", decks), ("deck", deck),
            ("progress", progress), ("progressChapter", progressChapter), ("search", search), ("homeChapter", homeChapter),
        ].map { ($0.0, "{{% CONTENT_TYPE: \(SiteHTML.name)}}" + $0.1) }
    }

    /// Every page. Scripts are files of the site only (the Content-Security-Policy allows
    /// nothing else, and no inline script); `site.js` runs before the page shows so the
    /// chosen colour theme never flashes, the page's own scripts after it is read. A page
    /// with a look of its own adds its stylesheet after `site.css`.
    static let layout = """
        <!DOCTYPE html>
        <html lang="{{language}}" data-program="{{programKey}}" data-legacy-program="{{legacyProgramKey}}" data-root="{{root}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="{{{contentSecurityPolicy}}}">
        <meta name="referrer" content="strict-origin-when-cross-origin">
        {{#description}}<meta name="description" content="{{description}}">{{/description}}
        <title>{{pageTitle}}</title>{{#canonical}}<link rel="canonical" href="{{canonical}}">{{/canonical}}
        <link rel="icon" href="{{root}}favicon.svg" type="image/svg+xml">
        <link rel="manifest" href="{{root}}manifest.webmanifest">
        <link rel="apple-touch-icon" href="{{root}}icon-192.png">
        <link rel="stylesheet" href="{{root}}site.css">
        {{#hasAccent}}<link rel="stylesheet" href="{{root}}{{accentStyles}}">
        {{/hasAccent}}
        {{#styles}}<link rel="stylesheet" href="{{root}}{{.}}">
        {{/styles}}
        <script src="{{root}}site.js"></script>
        {{#scripts}}<script src="{{root}}{{.}}" defer></script>
        {{/scripts}}
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        {{#hasQuiz}}<a class="skip" href="#quiz">Skip to the quiz</a>
        {{/hasQuiz}}
        <header class="site-header">
        <a class="site-title" href="{{root}}index.html">{{#logo}}<img class="site-logo" src="{{root}}{{{src}}}" alt=""{{#size}} width="{{width}}" height="{{height}}"{{/size}}>{{/logo}}<span class="site-name">{{programTitle}}</span></a>
        <nav aria-label="Site">
        <ul>
        <li><a href="{{root}}index.html"{{#isHome}} aria-current="page"{{/isHome}}>Chapters</a></li>
        {{#hasBillOfRights}}<li><a href="{{root}}bill-of-rights.html"{{#isRights}} aria-current="page"{{/isRights}}>{{billOfRightsTitle}}</a></li>{{/hasBillOfRights}}
        {{#hasDecks}}<li><a href="{{root}}decks/index.html"{{#isDecks}} aria-current="page"{{/isDecks}}>Flashcards</a></li>{{/hasDecks}}
        <li><a href="{{root}}progress.html"{{#isProgress}} aria-current="page"{{/isProgress}}>My progress</a></li>
        <li><a href="{{root}}search.html"{{#isSearch}} aria-current="page"{{/isSearch}}>Search</a></li>
        </ul>
        </nav>
        </header>
        <main id="main">
        {{{content}}}
        </main>
        <footer class="site-footer">
        <p id="update-note" class="notice" role="status" hidden>A new version of this site is ready. Reload the page to see it.</p>
        {{#contact}}<p><a href="{{contact}}">Report a problem with this page</a></p>{{/contact}}
        <p>{{programTitle}}</p>
        </footer>
        </body>
        </html>

        """

    static let home = """
        <p id="continue" class="notice continue" hidden></p>
        <article class="welcome">
        <h1>{{title}}</h1>
        {{{html}}}
        </article>
        <p id="progress-summary" class="notice" role="status" hidden></p>
        <section class="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">Chapters</h2>
        <ol class="chapter-list">
        {{{chapterRows}}}</ol>
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

    /// A chapter in the home page's list (`{{{chapterRows}}}` there), one row after another.
    static let homeChapter = """
        <li data-chapter="{{id}}"{{#quiz}} data-quiz="{{quiz}}"{{/quiz}}><a href="chapters/{{id}}.html"><span class="chapter-number">{{order}}</span> <span class="chapter-title">{{title}}</span></a>{{#summary}}<p>{{summary}}</p>{{/summary}}</li>

        """

    /// Each right is a heading, so that a screen reader's list of headings reads the
    /// rights one after another, as the page shows them.
    static let rights = """
        <article class="rights">
        <h1>{{title}}</h1>
        {{#intro}}<div class="intro">{{{html}}}</div>{{/intro}}
        <ol class="rights-list">
        {{#rights}}
        <li id="{{id}}"><h2 class="right">{{{text.html}}}</h2>{{#detail}}<div class="detail">{{{html}}}</div>{{/detail}}</li>
        {{/rights}}
        </ol>
        </article>

        """

    static let chapter = """
        <article class="chapter" data-chapter="{{id}}">
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
        {{#previous}}<a class="previous" href="{{id}}.html" rel="prev"><span class="muted">Previous</span><br>{{title}}</a>{{/previous}}
        {{#next}}<a class="next" href="{{id}}.html" rel="next"><span class="muted">Next</span><br>{{title}}</a>{{/next}}
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
        <p class="muted cards-intro">Think of the answer, then open the card to check.</p>
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
        <tr role="row" data-chapter="{{id}}"{{#quiz}} data-quiz="{{quiz}}"{{/quiz}}><th scope="row" role="rowheader"><a href="chapters/{{id}}.html">{{title}}</a></th>{{#quiz}}<td role="cell" data-label="Quiz" data-cell="status">To do</td><td role="cell" data-label="Best" data-cell="best">–</td><td role="cell" data-label="Attempts" data-cell="attempts">0</td><td role="cell" data-label="Time" data-cell="time">–</td>{{/quiz}}{{^quiz}}<td role="cell" colspan="4" class="muted">No quiz</td>{{/quiz}}</tr>

        """

    /// Her progress first, where a phone's screen opens; who is learning on this device,
    /// moving progress to another one, and forgetting it, below.
    static let progress = """
        <article id="progress">
        <h1>My progress</h1>
        <p class="notice needs-script">Your progress is kept in this browser. Turn on JavaScript to see it here.</p>
        <div class="with-script" hidden>
        <p id="progress-owner" hidden></p>
        <h2>Chapter quizzes</h2>
        <table class="stack" role="table">
        <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Chapter</th><th scope="col" role="columnheader">Quiz</th><th scope="col" role="columnheader">Best</th><th scope="col" role="columnheader">Attempts</th><th scope="col" role="columnheader">Time</th></tr></thead>
        <tbody role="rowgroup">
        {{{chapterRows}}}</tbody>
        </table>
        {{#hasDecks}}
        <h2>Flashcards</h2>
        <table class="stack" role="table">
        <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Deck</th><th scope="col" role="columnheader">Cards known</th><th scope="col" role="columnheader">Sessions</th><th scope="col" role="columnheader">Time</th></tr></thead>
        <tbody role="rowgroup">
        {{#decks}}
        <tr role="row" data-deck="{{id}}" data-cards="{{cardCount}}" data-card-ids="{{cardIDs}}"><th scope="row" role="rowheader"><a href="decks/{{id}}.html">{{title}}</a></th><td role="cell" data-label="Cards known" data-cell="known">0 of {{cardCount}}</td><td role="cell" data-label="Sessions" data-cell="sessions">0</td><td role="cell" data-label="Time" data-cell="time">–</td></tr>
        {{/decks}}
        </tbody>
        </table>
        {{/hasDecks}}
        <h2>Time and streak</h2>
        <p>Time studying: <span id="total-time">none yet</span></p>
        <p>Streak: <span id="streak">start one today!</span></p>
        <div id="calendar"></div>
        <h2>My thoughts</h2>
        <div id="thoughts"><p class="muted">When a quiz asks what you think, what you keep is shown here, and only here.</p></div>
        <section id="learners" class="learners panel" aria-labelledby="learners-title">
        <h2 id="learners-title">Who’s learning?</h2>
        <p id="learner-now"></p>
        <ul id="learner-list" class="learner-list"></ul>
        <form id="learner-add" class="learner-add"><label for="learner-name">Add a learner (first name or nickname)</label><span class="field-row"><input id="learner-name" name="name" maxlength="30" autocomplete="off"> <button type="submit">Add</button></span></form>
        <p id="learner-note" role="status"></p>
        <p class="muted">Each learner on this device has her own progress. Names stay in this browser.</p>
        </section>
        <section class="panel" aria-labelledby="move-title">
        <h2 id="move-title">Move my progress to another device</h2>
        <div class="actions"><button type="button" id="learner-export">Save my progress to a file</button><span class="file-pick"><input type="file" id="learner-import" class="visually-hidden" accept=".json,application/json"><label for="learner-import" class="button">Add progress from a file</label></span></div>
        <p class="muted">Save the file here, then add it on the other device.</p>
        <p id="move-note" role="status"></p>
        </section>
        <p>Your quiz results and flashcards are saved only in this browser, on this device. Nothing is sent anywhere.</p>
        <div class="actions"><button type="button" id="forget">Forget my progress</button></div>
        <div id="forget-confirm" class="notice" hidden>
        <p>This removes your quiz results and flashcard marks from this browser. It cannot be undone.</p>
        <div class="actions"><button type="button" id="forget-yes" class="primary">Yes, forget my progress</button> <button type="button" id="forget-no">Keep it</button></div>
        </div>
        </div>
        </article>

        """

    static let search = """
        <h1>Search</h1>
        <form class="search-form" role="search" action="search.html" method="get">
        <label class="visually-hidden" for="search-input">Search the chapters, quizzes and flashcards</label>
        <input id="search-input" type="search" name="q" autocomplete="off" placeholder="A word, like friend">
        <button type="submit" class="primary">Search</button>
        </form>
        <p id="search-status" role="status">Search needs JavaScript: turn it on, or use the chapter list.</p>
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
