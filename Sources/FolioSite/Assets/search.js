/* Search across chapters, quizzes and decks with no server: the index is part of the
   search page, built by `folio build`. Words are compared as typed answers are (case,
   accents and punctuation do not matter), a word matches the start of a word, and a
   word of four letters or more forgives a typo (two from eight letters), ranked as
   SearchIndex.search in Swift does. Results come as she types; on a served site each of
   the first results shows the sentence of its page where a word was found, marked. */
(function () {
  'use strict';
  // In a page the engine is a script before this one; under Node.js (the tests) a module.
  var engine = typeof window !== 'undefined' ? window.FolioQuizEngine : require('./quiz-engine.js');
  var normalize = engine ? engine.normalizeText : function (text) { return String(text).toLowerCase(); };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  /* Typos a query word of `length` letters may have: none under four, one to seven, two from eight. */
  function typosAllowed(length) { return length < 4 ? 0 : length < 8 ? 1 : 2; }

  /* Whether some start of `word` is within the typos allowed of `term` (letters added,
     left out, changed, or two next to each other swapped), as SearchIndex.startsNearly.
     Both are strings, or arrays of code points where a string has letters beyond
     U+FFFF, so that a letter is one item, as a Unicode scalar is in Swift. */
  function startsNearly(word, term) {
    var limit = typosAllowed(term.length);
    if (!limit || word.length + limit < term.length) return false;
    var twoBack = [], previous = [], current = [], previousBest = 0, j;
    for (j = 0; j <= word.length; j++) { previous[j] = j; twoBack[j] = 0; }
    for (var i = 1; i <= term.length; i++) {
      current = [i];
      var best = i;
      for (j = 1; j <= word.length; j++) {
        var d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (term[i - 1] === word[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && term[i - 1] === word[j - 2] && term[i - 2] === word[j - 1]) d = Math.min(d, twoBack[j - 2] + 1);
        current[j] = d;
        if (d < best) best = d;
      }
      if (best > limit && previousBest > limit) return false;
      previousBest = best;
      twoBack = previous;
      previous = current;
    }
    return Math.min.apply(null, previous) <= limit;
  }

  var ASTRAL = /[\uD800-\uDFFF]/;
  function letters(text) { return ASTRAL.test(text) ? Array.from(text) : text; }

  /* Whether a folded word answers a query term: it starts with it, or nearly. */
  function answers(word, term) {
    return word.lastIndexOf(term.text, 0) === 0 || startsNearly(letters(word), term.letters);
  }

  function search(entries, query) {
    var terms = normalize(query).split(' ').filter(Boolean).map(function (text) { return { text: text, letters: letters(text) }; });
    if (!terms.length) return { terms: terms, found: [] };
    var found = [];
    entries.forEach(function (entry) {
      if (!entry.titleList) {
        var astral = ASTRAL.test(entry.n + entry.w);
        entry.titleList = entry.n.split(' ');
        entry.wordList = entry.w.split(' ');
        entry.titleLetters = astral ? entry.titleList.map(letters) : entry.titleList;
        entry.wordLetters = astral ? entry.wordList.map(letters) : entry.wordList;
      }
      var score = 0;
      for (var i = 0; i < terms.length; i++) {
        var term = terms[i];
        var starts = function (word) { return word.lastIndexOf(term.text, 0) === 0; };
        var near = function (word) { return startsNearly(word, term.letters); };
        if (entry.titleList.some(starts)) score += 6;
        else if (entry.wordList.some(starts)) score += 2;
        else if (typosAllowed(term.letters.length) && entry.titleLetters.some(near)) score += 3;
        else if (typosAllowed(term.letters.length) && entry.wordLetters.some(near)) score += 1;
        else return;
      }
      found.push({ entry: entry, score: score });
    });
    found.sort(function (a, b) { return b.score - a.score || a.entry.o - b.entry.o; });
    return { terms: terms, found: found.map(function (f) { return f.entry; }) };
  }

  /* What a page says, as passages: each block of its text on its own (a paragraph, an item
     of a list, a card), so that a sentence never runs from one into the next, and without
     its title and "Chapter N" above it, which the result shows already. A card is its
     front and its back, set apart by a dash. Fetched once (served sites only: a page
     opened from a file cannot fetch). */
  var BREAK = '\u2029';
  var texts = {};
  function pagePassages(url) {
    var path = url.split('#')[0];
    if (!texts[path]) {
      texts[path] = fetch(path).then(function (response) { return response.ok ? response.text() : ''; }).then(function (html) {
        var page = new DOMParser().parseFromString(html, 'text/html');
        var main = page.querySelector('article') || page.querySelector('main');
        if (!main) return [];
        Array.prototype.forEach.call(main.querySelectorAll('h1, .eyebrow, .cards-intro, .share, .quiz, script, template'), function (node) {
          node.parentNode.removeChild(node);
        });
        Array.prototype.forEach.call(main.querySelectorAll('.cards summary'), function (front) {
          front.appendChild(page.createTextNode(' \u2014 '));
        });
        Array.prototype.forEach.call(main.querySelectorAll('p, li, h2, h3, h4, h5, h6, dt, dd, blockquote, figcaption, pre, th, td, summary, div'), function (block) {
          if (!block.matches('.cards summary')) block.appendChild(page.createTextNode(BREAK));
        });
        return main.textContent.split(BREAK).map(function (text) { return text.replace(/\s+/g, ' ').trim(); }).filter(Boolean);
      }).catch(function () { return []; });
    }
    return texts[path];
  }

  /* The first sentence of the passages with a word that answers a term, at most 30 words
     around it, with those words marked; nothing when none does. */
  function snippet(passages, terms) {
    var sentences = [];
    passages.forEach(function (passage) { sentences = sentences.concat(passage.match(/[^.!?]+[.!?]*/g) || []); });
    for (var s = 0; s < sentences.length; s++) {
      var words = sentences[s].trim().split(' ').filter(Boolean);
      var hits = words.map(function (word) {
        var folded = normalize(word);
        return folded !== '' && terms.some(function (term) { return answers(folded, term); });
      });
      var first = hits.indexOf(true);
      if (first < 0) continue;
      var from = Math.max(0, first - 10), to = Math.min(words.length, from + 30);
      var line = el('p', 'snippet');
      if (from > 0) line.appendChild(document.createTextNode('… '));
      for (var w = from; w < to; w++) {
        line.appendChild(hits[w] ? el('mark', null, words[w]) : document.createTextNode(words[w]));
        if (w < to - 1) line.appendChild(document.createTextNode(' '));
      }
      if (to < words.length) line.appendChild(document.createTextNode(' …'));
      return line;
    }
    return null;
  }

  if (typeof module === 'object' && module.exports) {
    module.exports = { search: search, startsNearly: startsNearly, typosAllowed: typosAllowed };
    return;
  }

  document.addEventListener('DOMContentLoaded', function () {
    var form = document.querySelector('form.search-form');
    var source = document.getElementById('search-index');
    var results = document.getElementById('search-results');
    var status = document.getElementById('search-status');
    if (!form || !source || !results) return;
    var entries = JSON.parse(source.textContent);
    var input = form.querySelector('input[name="q"]');
    var t = window.Folio && window.Folio.t ? window.Folio.t : function (key) { return key; };
    var kinds = { chapter: t('search.kind-chapter'), quiz: t('search.kind-quiz'), deck: t('search.kind-deck'), page: t('search.kind-page') };
    var served = /^https?:$/.test(location.protocol) && window.fetch && window.DOMParser;
    var round = 0, shown = null, waiting = null;
    function run() {
      var query = input.value.trim();
      // Enter after typing asks again for what is shown: the results stay as they are.
      if (query === shown) return;
      shown = query;
      var mine = ++round;
      results.textContent = '';
      if (!query) { status.textContent = t('search.type-a-word'); return; }
      var outcome = search(entries, query), found = outcome.found;
      status.textContent = found.length === 0 ? t('search.nothing-found', { query: query }) : t('search.results', { count: found.length, query: query });
      found.slice(0, 50).forEach(function (entry, index) {
        var item = el('li');
        item.appendChild(el('span', 'kind', kinds[entry.k] || ''));
        var title = el('div');
        var link = el('a', null, entry.t);
        link.href = entry.u;
        title.appendChild(link);
        item.appendChild(title);
        var summary = entry.s ? el('p', 'muted', entry.s) : null;
        if (summary) item.appendChild(summary);
        results.appendChild(item);
        if (!served || index >= 10 || entry.k === 'quiz') return;
        pagePassages(entry.u).then(function (passages) {
          var line = mine === round ? snippet(passages, outcome.terms) : null;
          if (line) item.insertBefore(line, summary);
        });
      });
    }
    function remember() {
      if (window.history && history.replaceState) history.replaceState(null, '', '?q=' + encodeURIComponent(input.value.trim()));
    }
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      clearTimeout(waiting);
      run();
      remember();
    });
    // As she types, a moment after the last key.
    input.addEventListener('input', function () {
      clearTimeout(waiting);
      waiting = setTimeout(function () { run(); remember(); }, 150);
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
