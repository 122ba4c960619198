/* Folio's learner site, on every page: the colour theme (applied before the page
   shows, so it never flashes), saved progress in this browser, video players that load
   nothing from YouTube until the learner presses play, progress marks on the welcome
   page, and the service worker that keeps the site for offline use. Nothing leaves the
   device (but the anonymous reports of insights.js, for a learner who says yes). */
(function () {
  'use strict';
  var root = document.documentElement;
  var Folio = (window.Folio = window.Folio || {});

  /* Local storage can be missing or full (private windows); the site works without it. */
  function read(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function write(key, value) { try { window.localStorage.setItem(key, value); return true; } catch (e) { return false; } }

  /* Colours: auto follows the device; dark and light are the learner's choice. */
  var THEMES = ['auto', 'dark', 'light'];
  function applyTheme(theme) {
    if (theme === 'dark' || theme === 'light') root.setAttribute('data-theme', theme); else root.removeAttribute('data-theme');
  }
  applyTheme(read('folio:theme'));

  /* Progress, one record per program (several programs can share a browser), under
     `folio:2:<program id>`:
     { version: 2, attempts: [{quiz, chapter, deck, day, seconds, score, total, percent, passed, timeLimit}],
       sessions: [{deck, day, seconds, known, notYet}], cards: {deck: {cardId: known}},
       thoughts: [{quiz, chapter, reflection, prompt, text, day, at}], read: {chapter: day},
       reading: {chapter, title, position, at}, boxes: {deck: {cardId: {box, due}}} }
     (Since 1.3: `thoughts`, what she wrote for reflection questions, prompt as plain text;
     `read`, the chapters read to their end or whose quiz she took; `reading`, the chapter
     she was last in and how far down, from 0 to 1. Added with due cards: `boxes`, each marked card's
     Leitner box, 1 to 5, and the YYYY-MM-DD day it is due again, as scheduler.js moves
     it at each mark; a card without one has not been marked since, and is due. Added
     with more time: an attempt's `timeLimit`, "extended" or "off", only when she took
     ten times the quiz's limit or, in practice, none; the progress file leaves it out.)
     Version 1 kept it under `folio:<key made from the title>`, with cards by their place
     in the deck. That record is carried over on the first visit: attempts and sessions at
     once, card marks as soon as `card-ids.json` has loaded (each deck's card ids in
     order, and the ids of the cards at version 1's places as the build found them);
     until then they wait in `pendingCards`. A mark for a card that is gone is dropped,
     never given to another card. The old record is left as it was. */
  var programID = root.getAttribute('data-program') || 'program';
  /* Learners sharing a device ("Who's learning?"), under `folio:learners:<program id>`:
     { current: key, list: [{key, name}] }. Each learner's progress is its own record,
     `folio:2:<program id>:<key>`; the key '' is the record without a name, which the
     first learner named takes over, so nothing saved before is lost. Names stay in this
     browser: they are in no address, no file the site writes and no request. */
  var learnersKey = 'folio:learners:' + programID;
  Folio.learners = function () {
    var saved = parse(read(learnersKey)) || {};
    var list = Array.isArray(saved.list) ? saved.list.filter(function (l) { return l && typeof l.name === 'string' && typeof l.key === 'string'; }) : [];
    var current = list.some(function (l) { return l.key === saved.current; }) ? saved.current : list.length ? list[0].key : '';
    return { current: current, list: list };
  };
  Folio.saveLearners = function (learners) { return write(learnersKey, JSON.stringify(learners)); };
  Folio.learner = function () {
    var learners = Folio.learners();
    return learners.list.filter(function (l) { return l.key === learners.current; })[0] || null;
  };
  function recordKey(key) { return 'folio:2:' + programID + (key ? ':' + key : ''); }
  var storeKey = recordKey(Folio.learners().current);
  Folio.recordKey = recordKey;
  // Version 1's key was made from the title: today's title, or, once the id is pinned
  // as `folio check` suggests and the title changed, the id itself.
  var legacyKeys = ['folio:' + (root.getAttribute('data-legacy-program') || programID), 'folio:' + programID];
  function parse(text) {
    var value = null;
    try { value = JSON.parse(text || 'null'); } catch (e) { value = null; }
    return value && typeof value === 'object' ? value : null;
  }
  Folio.progress = function () {
    var data = parse(read(storeKey)) || {};
    data.version = 2;
    data.attempts = Array.isArray(data.attempts) ? data.attempts : [];
    data.sessions = Array.isArray(data.sessions) ? data.sessions : [];
    data.cards = data.cards && typeof data.cards === 'object' ? data.cards : {};
    data.thoughts = Array.isArray(data.thoughts) ? data.thoughts : [];
    data.read = data.read && typeof data.read === 'object' ? data.read : {};
    data.boxes = data.boxes && typeof data.boxes === 'object' ? data.boxes : {};
    if (!data.reading || typeof data.reading.chapter !== 'string') data.reading = null;
    return data;
  };
  /* Keep the newest 500 of each, so the record never outgrows local storage. */
  Folio.RECORDS_KEPT = 500;
  Folio.saveProgress = function (data) {
    data.attempts = data.attempts.slice(-Folio.RECORDS_KEPT);
    data.sessions = data.sessions.slice(-Folio.RECORDS_KEPT);
    data.thoughts = (data.thoughts || []).slice(-Folio.RECORDS_KEPT);
    return write(storeKey, JSON.stringify(data));
  };
  function carryOverCards(ids) {
    var data = Folio.progress();
    var pending = data.pendingCards || {};
    var places = ids.version1Places || {};
    var decks = ids.decks || {};
    Object.keys(pending).forEach(function (deck) {
      // The deck as version 1 last published it, when the build knew it; else as it is now.
      var order = Array.isArray(places[deck]) ? places[deck] : Array.isArray(decks[deck]) ? decks[deck] : [];
      var marks = data.cards[deck] || {};
      Object.keys(pending[deck]).forEach(function (place) {
        var id = order[Number(place)];
        // A mark made since the upgrade is newer than the carried one.
        if (id && !(id in marks)) marks[id] = pending[deck][place] === true;
      });
      data.cards[deck] = marks;
    });
    delete data.pendingCards;
    Folio.saveProgress(data);
  }
  Folio.ready = (function () {
    var current = parse(read(storeKey));
    if (!current) {
      // Version 1's record goes to the record without a name only.
      if (storeKey !== recordKey('')) return Promise.resolve();
      var legacy = parse(read(legacyKeys[0])) || parse(read(legacyKeys[1]));
      if (!legacy) return Promise.resolve();
      current = { version: 2, attempts: Array.isArray(legacy.attempts) ? legacy.attempts : [],
        sessions: Array.isArray(legacy.sessions) ? legacy.sessions : [], cards: {} };
      if (legacy.cards && typeof legacy.cards === 'object' && Object.keys(legacy.cards).length) current.pendingCards = legacy.cards;
      Folio.saveProgress(current);
    }
    if (!current.pendingCards || !window.fetch) return Promise.resolve();
    return window.fetch((root.getAttribute('data-root') || '') + 'card-ids.json')
      .then(function (response) {
        // No such file: the program has no decks now, so no mark has a card to go to.
        if (response.status === 404) return { decks: {} };
        if (!response.ok) throw new Error('card ids');
        return response.json();
      })
      .then(carryOverCards, function () { /* offline: tried again on the next visit */ });
  })();
  Folio.clearProgress = function () {
    try {
      // Version 1's record belongs to the record without a name.
      [storeKey].concat(storeKey === recordKey('') ? legacyKeys : []).forEach(function (key) { window.localStorage.removeItem(key); });
    } catch (e) { /* nothing to clear */ }
  };

  /* The learner's local calendar day, YYYY-MM-DD: streaks count days as she lives them. */
  Folio.day = function (date) {
    var d = date || new Date();
    function two(n) { return (n < 10 ? '0' : '') + n; }
    return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  };
  /* Days in a row with some study, ending today, or yesterday while nothing is done today. */
  Folio.streak = function (days, today) {
    var set = {};
    days.forEach(function (day) { set[day] = true; });
    var date = new Date((today || Folio.day()) + 'T12:00:00');
    if (!set[Folio.day(date)]) date.setDate(date.getDate() - 1);
    var count = 0;
    while (set[Folio.day(date)]) { count += 1; date.setDate(date.getDate() - 1); }
    return count;
  };
  /* 45 s, 2 min 5 s, 1 h, 1 h 1 s: every part that is not zero, as DurationText writes
     it for the page's time limit and the terminal runner; Tests/Conformance/duration-vectors.json
     holds the two to the same text. */
  Folio.duration = function (seconds) {
    var total = Math.round(seconds);
    if (!(total > 0)) return '0 s';
    var parts = [];
    if (total >= 3600) parts.push(Math.floor(total / 3600) + ' h');
    if (total % 3600 >= 60) parts.push(Math.floor((total % 3600) / 60) + ' min');
    if (total % 60) parts.push((total % 60) + ' s');
    return parts.join(' ');
  };
  /* A number as the page's language writes it, with up to two decimals, never grouped
     (2.5 or 2,5; 1000), as SiteWords.number writes it in the pages. */
  var numberFormat = null;
  Folio.number = function (value) {
    var rounded = Math.round(value * 100) / 100;
    if (!numberFormat && window.Intl) numberFormat = new Intl.NumberFormat(Folio.lang, { maximumFractionDigits: 2, useGrouping: false });
    return numberFormat ? numberFormat.format(rounded) : String(rounded);
  };

  /* The interface's words in the page's language, from words-<lang>.js (loaded before the
     page's other scripts run): the message `key` with its {placeholders} filled from
     `values`, numbers written as the language writes them. A plural message has a form
     per CLDR category, chosen by `values.count` with the language's plural rules
     (Intl.PluralRules, the same CLDR rules the build uses). A key the file lacks shows
     as itself, which the tests catch. */
  Folio.lang = root.getAttribute('lang') || 'en';
  var pluralRules = null;
  Folio.t = function (key, values) {
    var words = window.FolioWords || {};
    var given = values || {};
    var message = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
    if (message && typeof message === 'object') {
      if (!pluralRules && window.Intl && Intl.PluralRules) pluralRules = new Intl.PluralRules(Folio.lang);
      var count = Number(given.count);
      var category = pluralRules ? pluralRules.select(count) : count === 1 ? 'one' : 'other';
      message = message[category] != null ? message[category] : message.other;
    }
    return String(message).replace(/\{([A-Za-z0-9_-]+)\}/g, function (whole, name) {
      if (!Object.prototype.hasOwnProperty.call(given, name)) return whole;
      return typeof given[name] === 'number' ? Folio.number(given[name]) : String(given[name]);
    });
  };
  var t = Folio.t;
  /* A day, YYYY-MM-DD, as the page's language writes a date. */
  Folio.date = function (day) {
    var date = new Date(day + 'T12:00:00');
    if (!window.Intl || isNaN(date.getTime())) return day;
    return new Intl.DateTimeFormat(Folio.lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
  };

  /* The colours button, in the words of the learners. Its spoken name starts with the
     words it shows and says what pressing it does. On a phone it sits in the footer, so
     that the header stays a few lines of links above the page. */
  function themeToggle() {
    var header = document.querySelector('.site-header');
    var footer = document.querySelector('.site-footer');
    if (!header) return;
    var names = { auto: t('site.theme-auto'), dark: t('site.theme-dark'), light: t('site.theme-light') };
    var pressing = { auto: t('site.theme-auto-label'), dark: t('site.theme-dark-label'), light: t('site.theme-light-label') };
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'theme-toggle';
    function theme() {
      var chosen = read('folio:theme');
      return THEMES.indexOf(chosen) > 0 ? chosen : 'auto';
    }
    function show() {
      button.textContent = names[theme()];
      button.setAttribute('aria-label', pressing[theme()]);
    }
    button.addEventListener('click', function () {
      var next = THEMES[(THEMES.indexOf(theme()) + 1) % THEMES.length];
      write('folio:theme', next);
      applyTheme(next);
      show();
    });
    show();
    var phone = window.matchMedia ? window.matchMedia('(max-width: 36rem)') : null;
    // Moving a focused button takes its focus away: it is given back.
    function place() {
      var parent = phone && phone.matches && footer ? footer : header;
      if (button.parentNode === parent) return;
      var focused = document.activeElement === button;
      parent.appendChild(button);
      if (focused) button.focus();
    }
    place();
    if (phone && phone.addEventListener) phone.addEventListener('change', place);
  }

  /* A YouTube facade becomes the privacy-enhanced player only when pressed. A page opened
     from a file sends no referrer, and YouTube's player refuses to play without one
     ("Error 153"): there the facade opens the video on YouTube instead. */
  function videos() {
    var fromFile = location.protocol === 'file:';
    Array.prototype.forEach.call(document.querySelectorAll('a.video-facade[data-youtube]'), function (facade) {
      if (fromFile) { watchOnYouTube(facade); return; }
      facade.addEventListener('click', function (event) {
        event.preventDefault();
        var frame = facade.parentNode;
        if (navigator.onLine === false) { offline(frame); return; }
        var iframe = document.createElement('iframe');
        // The facade links to the player's address, made once by the site's builder.
        iframe.src = facade.href + (facade.href.indexOf('?') < 0 ? '?' : '&') + 'autoplay=1&rel=0';
        iframe.title = facade.getAttribute('data-title') || t('site.video');
        iframe.allow = 'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen';
        iframe.setAttribute('allowfullscreen', '');
        iframe.referrerPolicy = 'strict-origin-when-cross-origin';
        frame.replaceChild(iframe, facade);
        iframe.focus();
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll('.video video'), function (video) {
      video.addEventListener('error', function () {
        if (navigator.onLine === false) offline(video.parentNode);
      }, true);
    });
  }
  function watchOnYouTube(facade) {
    var start = facade.getAttribute('data-start');
    facade.href = 'https://www.youtube.com/watch?v=' + encodeURIComponent(facade.getAttribute('data-youtube')) + (start ? '&t=' + start + 's' : '');
    facade.target = '_blank';
    facade.rel = 'noopener';
    facade.classList.add('video-link');
    facade.parentNode.classList.add('video-frame-link');
    var note = facade.querySelector('.video-note');
    if (note) note.textContent = t('site.video-on-youtube');
    var why = document.createElement('span');
    why.className = 'video-why';
    why.textContent = t('site.video-from-file');
    facade.appendChild(why);
  }
  function offline(container) {
    var note = container.querySelector('.video-offline');
    if (!note) {
      note = document.createElement('p');
      note.className = 'video-offline';
      note.setAttribute('role', 'status');
      container.appendChild(note);
      if (!container.classList.contains('video-frame')) container.classList.add('video-frame');
    }
    note.textContent = t('site.video-offline');
    window.addEventListener('online', function () { if (note.parentNode) note.parentNode.removeChild(note); }, { once: true });
  }

  /* A chapter read: once its end has been on screen, or its quiz taken. */
  Folio.markRead = function (chapter) {
    var data = Folio.progress();
    if (!chapter || data.read[chapter]) return;
    data.read[chapter] = Folio.day();
    Folio.saveProgress(data);
  };

  /* On a chapter: remember how far down she is (for "Continue where you left off"),
     come back there from that link (`#continue`), and mark the chapter read at its end. */
  function reading() {
    var article = document.querySelector('article.chapter[data-chapter]');
    if (!article) return;
    var id = article.getAttribute('data-chapter');
    var heading = article.querySelector('h1');
    var page = document.documentElement;
    var saved = Folio.progress().reading;
    var waiting = null;
    var end = document.createElement('span');
    end.className = 'chapter-end';
    article.appendChild(end);
    function remember() {
      waiting = null;
      // Read once the end of the text is on screen or scrolled past (a jump to the quiz too).
      if (end.getBoundingClientRect().top < window.innerHeight) Folio.markRead(id);
      var data = Folio.progress();
      var room = page.scrollHeight - window.innerHeight;
      data.reading = { chapter: id, title: heading ? heading.textContent : '', at: Date.now(),
        position: room > 0 ? Math.min(1, Math.max(0, window.scrollY / room)) : 0 };
      Folio.saveProgress(data);
    }
    if (location.hash === '#continue' && saved && saved.chapter === id) {
      // Once pictures have their heights, so that the same share of the page is the same place.
      var restore = function () {
        window.scrollTo(0, saved.position * Math.max(0, page.scrollHeight - window.innerHeight));
        remember();
      };
      if (document.readyState === 'complete') restore(); else window.addEventListener('load', restore, { once: true });
    } else {
      remember();
    }
    window.addEventListener('scroll', function () { if (!waiting) waiting = setTimeout(remember, 400); }, { passive: true });
  }

  /* The welcome page marks chapters read and quizzes passed, offers to continue where
     she left off, and sums up progress. */
  function homeProgress() {
    var summary = document.getElementById('progress-summary');
    if (!summary) return;
    var data = Folio.progress();
    var passed = {};
    // By quiz, so a passed quiz stays passed when its chapter's file is renamed.
    data.attempts.forEach(function (a) { if (a.passed && !a.deck) passed[a.quiz] = true; });
    var chapters = Array.prototype.slice.call(document.querySelectorAll('.chapter-list li[data-chapter]'));
    var items = chapters.filter(function (item) { return item.hasAttribute('data-quiz'); });
    var count = 0, read = 0;
    function badge(item, text) {
      var mark = document.createElement('span');
      mark.className = 'badge';
      mark.textContent = text;
      item.querySelector('a').appendChild(mark);
    }
    chapters.forEach(function (item) {
      if (data.read[item.getAttribute('data-chapter')]) { read += 1; badge(item, t('home.badge-read')); }
      if (item.hasAttribute('data-quiz') && passed[item.getAttribute('data-quiz')]) { count += 1; badge(item, t('home.badge-quiz-passed')); }
    });
    continueReading(data, chapters);
    var me = Folio.learner();
    if (!data.attempts.length && !data.sessions.length && !read && !me) return;
    var days = data.attempts.map(function (a) { return a.day; }).concat(data.sessions.map(function (s) { return s.day; }));
    var streak = Folio.streak(days);
    var counts = { read: read, chapters: chapters.length, passed: count, quizzes: items.length, count: streak, name: me ? me.name : '' };
    summary.textContent = t(streak ? me ? 'home.summary-named-streak' : 'home.summary-streak' : me ? 'home.summary-named' : 'home.summary', counts) + ' ';
    if (me) {
      // On a shared device, the way to the other learners.
      var other = document.createElement('a');
      other.href = (root.getAttribute('data-pages') || root.getAttribute('data-root') || '') + 'progress.html#learners';
      other.textContent = t('site.not-learner', { name: me.name });
      summary.appendChild(other);
    }
    summary.hidden = false;
  }

  /* "Continue where you left off" in the chapter she was last in; once it is read, the
     next chapter not read yet. */
  function continueReading(data, chapters) {
    var place = document.getElementById('continue');
    var last = data.reading;
    if (!place || !last) return;
    var at = chapters.map(function (item) { return item.getAttribute('data-chapter'); }).indexOf(last.chapter);
    if (at < 0) return;
    var target = null, words = t('home.continue'), hash = '#continue';
    if (!data.read[last.chapter]) {
      target = chapters[at];
    } else {
      target = chapters.slice(at + 1).filter(function (item) { return !data.read[item.getAttribute('data-chapter')]; })[0];
      words = t('home.up-next');
      hash = '';
    }
    if (!target) return;
    var link = document.createElement('a');
    var anchor = target.querySelector('a');
    link.href = anchor.getAttribute('href') + hash;
    link.textContent = target.querySelector('.chapter-title').textContent;
    place.textContent = words + ' ';
    place.appendChild(link);
    place.hidden = false;
  }

  /* Offline use needs a served site (a service worker cannot run from a file). */
  function serviceWorker() {
    if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
    var script = root.getAttribute('data-root') + 'sw.js';
    var hadController = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(script).catch(function () { /* offline use is a bonus */ });
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      if (!hadController) return;
      var note = document.getElementById('update-note');
      if (note) note.hidden = false;
    });
  }

  // The workbook's "Print" button: the browser's own print dialog, which also saves as PDF.
  function printButtons() {
    document.querySelectorAll('[data-print]').forEach(function (button) {
      button.addEventListener('click', function () { window.print(); });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    printButtons();
    themeToggle();
    videos();
    reading();
    Folio.ready.then(homeProgress);
    serviceWorker();
  });
})();
