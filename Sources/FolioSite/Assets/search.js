/* Search across chapters, quizzes and decks with no server: the index is part of the
   search page, built by `folio build`. Words are compared as typed answers are (case,
   accents and punctuation do not matter), and a word matches the start of a word. */
(function () {
  'use strict';
  var normalize = window.FolioQuizEngine ? window.FolioQuizEngine.normalizeText : function (text) { return String(text).toLowerCase(); };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  function search(entries, query) {
    var words = normalize(query).split(' ').filter(Boolean);
    if (!words.length) return [];
    var found = [];
    entries.forEach(function (entry) {
      var title = ' ' + entry.n + ' ';
      var text = ' ' + entry.w + ' ';
      var score = 0;
      for (var i = 0; i < words.length; i++) {
        var inTitle = title.indexOf(' ' + words[i]) >= 0;
        if (!inTitle && text.indexOf(' ' + words[i]) < 0) return;
        score += inTitle ? 3 : 1;
      }
      found.push({ entry: entry, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score || a.entry.o - b.entry.o; });
    return found.map(function (f) { return f.entry; });
  }

  document.addEventListener('DOMContentLoaded', function () {
    var form = document.querySelector('form.search-form');
    var source = document.getElementById('search-index');
    var results = document.getElementById('search-results');
    var status = document.getElementById('search-status');
    if (!form || !source || !results) return;
    var entries = JSON.parse(source.textContent);
    var input = form.querySelector('input[name="q"]');
    var kinds = { chapter: 'Chapter', quiz: 'Quiz', deck: 'Flashcards', page: 'Page' };
    function run() {
      var query = input.value.trim();
      results.textContent = '';
      if (!query) { status.textContent = 'Type a word to search the chapters, quizzes and flashcards.'; return; }
      var found = search(entries, query);
      status.textContent = found.length === 0 ? 'Nothing found for “' + query + '”. Try another word.'
        : found.length === 1 ? '1 result for “' + query + '”.' : found.length + ' results for “' + query + '”.';
      found.slice(0, 50).forEach(function (entry) {
        var item = el('li');
        item.appendChild(el('span', 'kind', kinds[entry.k] || ''));
        var title = el('div');
        var link = el('a', null, entry.t);
        link.href = entry.u;
        title.appendChild(link);
        item.appendChild(title);
        if (entry.s) item.appendChild(el('p', 'muted', entry.s));
        results.appendChild(item);
      });
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      run();
      if (window.history && history.replaceState) history.replaceState(null, '', '?q=' + encodeURIComponent(input.value.trim()));
    });
    var match = /[?&]q=([^&]*)/.exec(location.search);
    if (match) {
      // A hand-typed or cut address may hold a broken %-escape; show it as it is.
      var typed = match[1].replace(/\+/g, ' ');
      try { typed = decodeURIComponent(typed); } catch (error) { /* keep it as typed */ }
      input.value = typed;
    }
    run();
  });
})();
