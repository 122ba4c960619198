/* The progress page: what this browser has saved of quizzes and flashcards, per chapter
   and deck, with the time spent and the streak of days studied (the same rules as
   `folio progress`). Nothing of it is sent anywhere; "Forget my progress" clears it. */
(function () {
  'use strict';
  var Folio = window.Folio || {};
  var t = Folio.t || function (key) { return key; };

  function cell(row, name, text, className) {
    var node = row.querySelector('[data-cell="' + name + '"]');
    if (!node) return;
    node.textContent = text;
    node.className = className || '';
  }

  function show() {
    var data = Folio.progress();
    var attempts = data.attempts;
    Array.prototype.forEach.call(document.querySelectorAll('tr[data-quiz]'), function (row) {
      var quiz = row.getAttribute('data-quiz');
      // By the quiz's id alone, as `folio progress` counts them: results stay with a
      // chapter whose file is renamed.
      var mine = attempts.filter(function (a) { return a.quiz === quiz && !a.deck; });
      var passed = mine.some(function (a) { return a.passed; });
      var best = mine.reduce(function (top, a) { return Math.max(top, a.percent); }, -1);
      var seconds = mine.reduce(function (sum, a) { return sum + (a.seconds || 0); }, 0);
      cell(row, 'status', passed ? t('progress-page.status-passed') : mine.length ? t('progress-page.status-not-yet') : t('progress-page.status-to-do'),
        passed ? 'outcome-correct' : null);
      cell(row, 'best', best >= 0 ? t('progress-page.percent', { percent: best }) : '–');
      cell(row, 'attempts', String(mine.length));
      cell(row, 'time', seconds ? Folio.duration(seconds) : '–');
    });
    Array.prototype.forEach.call(document.querySelectorAll('tr[data-deck]'), function (row) {
      var deck = row.getAttribute('data-deck');
      var count = Number(row.getAttribute('data-cards'));
      var ids = (row.getAttribute('data-card-ids') || '').split(' ');
      var marks = data.cards[deck] || {};
      // Marks of cards no longer in the deck are kept but not counted.
      var known = ids.filter(function (id) { return id && marks[id] === true; }).length;
      var sessions = data.sessions.filter(function (s) { return s.deck === deck; });
      var seconds = sessions.reduce(function (sum, s) { return sum + (s.seconds || 0); }, 0);
      cell(row, 'known', t('progress-page.cards-known', { known: known, count: count }));
      cell(row, 'sessions', String(sessions.length));
      cell(row, 'time', seconds ? Folio.duration(seconds) : '–');
    });
    // Marks of cards no longer in the program are kept, not counted, and said so.
    var dropped = 0;
    var present = {};
    Array.prototype.forEach.call(document.querySelectorAll('tr[data-deck]'), function (row) {
      present[row.getAttribute('data-deck')] = (row.getAttribute('data-card-ids') || '').split(' ');
    });
    Object.keys(data.cards).forEach(function (deck) {
      Object.keys(data.cards[deck]).forEach(function (id) { if (!present[deck] || present[deck].indexOf(id) < 0) dropped += 1; });
    });
    var table = document.querySelector('tr[data-deck]');
    table = table && table.closest('table');
    var note = document.getElementById('dropped-cards');
    if (dropped && table && !note) {
      note = document.createElement('p');
      note.id = 'dropped-cards';
      note.className = 'muted';
      table.parentNode.insertBefore(note, table.nextSibling);
    }
    if (note) {
      note.hidden = !dropped;
      note.textContent = t('progress-page.dropped-cards', { count: dropped });
    }
    showThoughts(data.thoughts);
    var total = attempts.concat(data.sessions).reduce(function (sum, a) { return sum + (a.seconds || 0); }, 0);
    var days = attempts.map(function (a) { return a.day; }).concat(data.sessions.map(function (s) { return s.day; }));
    var streak = Folio.streak(days);
    var today = days.indexOf(Folio.day()) >= 0;
    showCalendar(days);
    document.getElementById('total-time').textContent = total ? Folio.duration(total) : t('progress-page.no-time-yet');
    document.getElementById('streak').textContent = streak === 0 ? (days.length ? t('progress-page.streak-none') : t('progress-page.streak-start'))
      : t(today ? 'progress-page.streak-today' : 'progress-page.streak-keep-going', { count: streak });
  }

  /* The last four weeks, Monday to Sunday, each day studied marked (as `folio progress`). */
  var WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  /* Each day's name and its short form, in the page's language. */
  function weekday(index) {
    var names = {
      monday: [t('progress-page.monday'), t('progress-page.monday-short')], tuesday: [t('progress-page.tuesday'), t('progress-page.tuesday-short')],
      wednesday: [t('progress-page.wednesday'), t('progress-page.wednesday-short')], thursday: [t('progress-page.thursday'), t('progress-page.thursday-short')],
      friday: [t('progress-page.friday'), t('progress-page.friday-short')], saturday: [t('progress-page.saturday'), t('progress-page.saturday-short')],
      sunday: [t('progress-page.sunday'), t('progress-page.sunday-short')]
    };
    return names[WEEKDAYS[index]];
  }
  function showCalendar(days) {
    var place = document.getElementById('calendar');
    if (!place) return;
    place.textContent = '';
    if (!days.length) return;
    var studied = {};
    days.forEach(function (day) { studied[day] = true; });
    var today = Folio.day();
    var date = new Date(today + 'T12:00:00');
    date.setDate(date.getDate() - (date.getDay() + 6) % 7 - 21);
    var table = document.createElement('table');
    table.className = 'calendar';
    var caption = document.createElement('caption');
    caption.textContent = t('progress-page.calendar-caption');
    table.appendChild(caption);
    var head = table.createTHead().insertRow();
    WEEKDAYS.forEach(function (_, index) {
      var th = document.createElement('th');
      th.scope = 'col';
      var short = document.createElement('abbr');
      short.title = weekday(index)[0];
      short.textContent = weekday(index)[1];
      th.appendChild(short);
      head.appendChild(th);
    });
    var body = table.createTBody();
    for (var week = 0; week < 4; week++) {
      var row = body.insertRow();
      for (var i = 0; i < 7; i++) {
        var day = Folio.day(date), cell = row.insertCell();
        var future = day > today, yes = !!studied[day];
        cell.className = yes ? 'studied' : future ? 'future' : '';
        var mark = document.createElement('span');
        mark.setAttribute('aria-hidden', 'true');
        mark.textContent = yes ? '\u2713' : future ? '' : '\u00b7';
        var words = document.createElement('span');
        words.className = 'visually-hidden';
        var said = { weekday: weekday(i)[0], date: Folio.date ? Folio.date(day) : day };
        words.textContent = t(yes ? 'progress-page.calendar-studied' : future ? 'progress-page.calendar-future' : 'progress-page.calendar-not-studied', said);
        cell.appendChild(mark);
        cell.appendChild(words);
        cell.setAttribute('data-day', day);
        date.setDate(date.getDate() + 1);
      }
    }
    place.appendChild(table);
  }

  /* "My thoughts": what she kept for reflection questions, newest first, as text. */
  function showThoughts(thoughts) {
    var place = document.getElementById('thoughts');
    if (!place) return;
    var old = place.querySelector('.thought-list');
    if (old) place.removeChild(old);
    place.querySelector('p').hidden = thoughts.length > 0;
    if (!thoughts.length) return;
    var list = document.createElement('ul');
    list.className = 'thought-list';
    thoughts.slice().reverse().forEach(function (thought) {
      var item = document.createElement('li');
      var prompt = document.createElement('p');
      prompt.className = 'muted';
      prompt.textContent = t('progress-page.thought-from', { prompt: String(thought.prompt || ''), date: Folio.date ? Folio.date(String(thought.day || '')) : thought.day });
      var text = document.createElement('p');
      text.className = 'thought-text';
      text.textContent = String(thought.text || '');
      item.appendChild(prompt);
      item.appendChild(text);
      list.appendChild(item);
    });
    place.appendChild(list);
  }

  /* "Who's learning?": the learners of this device, switching between them (the page
     reloads as the other learner), adding one, and moving one learner's progress to
     another device as a file, which holds no name. */
  function learners() {
    var state = Folio.learners();
    var me = Folio.learner();
    var now = document.getElementById('learner-now');
    var list = document.getElementById('learner-list');
    now.textContent = me ? t('progress-page.learner-now', { name: me.name }) : t('progress-page.learner-none');
    list.textContent = '';
    state.list.forEach(function (learner) {
      if (learner.key === state.current) return;
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = t('progress-page.switch-learner', { name: learner.name });
      button.addEventListener('click', function () {
        state.current = learner.key;
        Folio.saveLearners(state);
        location.reload();
      });
      item.appendChild(button);
      list.appendChild(item);
    });
    // Whose progress the page opens with, when learners are named, and the way to the others.
    var owner = document.getElementById('progress-owner');
    owner.textContent = '';
    owner.hidden = !me;
    if (me) {
      owner.appendChild(document.createTextNode(t('progress-page.owner', { name: me.name }) + ' '));
      var other = document.createElement('a');
      other.href = '#learners';
      other.textContent = t('site.not-learner', { name: me.name });
      owner.appendChild(other);
    }
    document.getElementById('forget').textContent = me ? t('progress-page.forget-me') : t('progress-page.forget');
    document.getElementById('forget-yes').textContent = me ? t('progress-page.forget-yes-named', { name: me.name }) : t('progress-page.forget-yes');
  }

  /* What adding a learner did, said beside the form; what moving progress did, beside its buttons. */
  function note(text) { document.getElementById('learner-note').textContent = text; }
  function moveNote(text) { document.getElementById('move-note').textContent = text; }

  function addLearner(event) {
    event.preventDefault();
    var box = document.getElementById('learner-name');
    var name = box.value.trim().replace(/\s+/g, ' ');
    var state = Folio.learners();
    if (!name) { note(t('progress-page.name-first')); return; }
    if (state.list.some(function (l) { return l.name.toLowerCase() === name.toLowerCase(); })) { note(t('progress-page.name-taken', { name: name })); return; }
    // The first learner named keeps what was saved before names; the others start afresh.
    var key = state.list.length ? 'l' + Date.now().toString(36) + Math.random().toString(36).slice(2, 6) : '';
    state.list.push({ key: key, name: name });
    if (state.list.length === 1) state.current = key;
    Folio.saveLearners(state);
    box.value = '';
    learners();
    note(t(state.list.length === 1 ? 'progress-page.first-learner-added' : 'progress-page.learner-added', { name: name }));
  }

  /* Forgetting a named learner forgets her name too, and the page goes on as the next. */
  function forgetMe() {
    var me = Folio.learner();
    Folio.clearProgress();
    if (!me) return false;
    var state = Folio.learners();
    state.list = state.list.filter(function (l) { return l.key !== me.key; });
    state.current = state.list.length ? state.list[0].key : '';
    Folio.saveLearners(state);
    // The page reloads as the next learner's; it then says who was forgotten, from "Who's learning?".
    try { window.sessionStorage.setItem(FORGOTTEN, me.name); } catch (e) { /* said nowhere, forgotten still */ }
    location.reload();
    return true;
  }
  var FORGOTTEN = 'folio:forgotten';
  function sayForgotten() {
    var name = null;
    try { name = window.sessionStorage.getItem(FORGOTTEN); window.sessionStorage.removeItem(FORGOTTEN); } catch (e) { name = null; }
    if (!name) return;
    // Not back to where the page was scrolled before the reload: to the learners.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    var heading = document.getElementById('learners-title');
    heading.setAttribute('tabindex', '-1');
    heading.focus();
    note(t('progress-page.forgotten', { name: name }));
  }

  /* The file that moves this learner's progress: the record, without her name. */
  Folio.progressFile = function () {
    return JSON.stringify({ format: 'folio-progress', version: 1, program: document.documentElement.getAttribute('data-program') || '',
      saved: Folio.day(), progress: Folio.progress() });
  };

  function exportProgress() {
    var link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([Folio.progressFile()], { type: 'application/json' }));
    link.download = 'folio-progress-' + Folio.day() + '.json';
    document.body.appendChild(link);
    link.click();
    link.remove();
    moveNote(t('progress-page.exported'));
  }

  /* Where a record stands in a file, in words: `attempts[3]` is its 4th quiz result. */
  var PLACES = { attempts: 'progress-page.place-attempt', sessions: 'progress-page.place-session', thoughts: 'progress-page.place-thought',
    cards: 'progress-page.place-cards', read: 'progress-page.place-read' };
  function place(at) {
    var match = /^(\w+)(?:\[(\d+)\]|\.(.*))$/.exec(at);
    if (!match || !PLACES[match[1]]) return at;
    return t(PLACES[match[1]], { number: match[2] !== undefined ? Number(match[2]) + 1 : 0, name: match[3] || '' });
  }

  /* Adds what a saved file has and this record does not: attempts, sessions and
     thoughts by when they happened, marks and chapters read where there are none. Each
     record is checked first (progress-file.js): one not in the form the site saves is
     left out and said so. Her own results are never pushed out to make room: when the
     record is full (500 of each, Folio.saveProgress), the oldest of the file's are left
     out instead, and said so. */
  function importProgress(text) {
    var checked = window.FolioProgressFile.read(text);
    if (checked.problem) {
      moveNote(t('progress-page.import-not-progress', { problem: checked.problem }));
      return;
    }
    var file = JSON.parse(text);
    if (file.program !== (document.documentElement.getAttribute('data-program') || '')) {
      moveNote(t('progress-page.import-other-program'));
      return;
    }
    var data = Folio.progress();
    var added = { attempts: 0, sessions: 0, thoughts: 0 }, here = 0, full = { attempts: 0, sessions: 0, thoughts: 0 };
    var SAME = {
      attempts: function (a, b) { return a.at === b.at && a.quiz === b.quiz && a.day === b.day; },
      sessions: function (a, b) { return a.at === b.at && a.deck === b.deck && a.day === b.day && a.seconds === b.seconds; },
      thoughts: function (a, b) { return a.at === b.at && a.reflection === b.reflection && a.text === b.text; }
    };
    Object.keys(SAME).forEach(function (name) {
      var fresh = checked[name].filter(function (item) {
        if (data[name].some(function (mine) { return SAME[name](mine, item); })) { here += 1; return false; }
        return true;
      });
      // The newest of the file's first, into the room her own leave.
      fresh.sort(function (a, b) { return b.at - a.at; });
      var room = Math.max(0, Folio.RECORDS_KEPT - data[name].length);
      full[name] = Math.max(0, fresh.length - room);
      fresh.slice(0, room).forEach(function (item) { data[name].push(item); });
      added[name] = Math.min(fresh.length, room);
      data[name].sort(function (a, b) { return (a.at || 0) - (b.at || 0); });
    });
    Object.keys(checked.cards).forEach(function (deck) {
      if (!Object.prototype.hasOwnProperty.call(data.cards, deck)) data.cards[deck] = {};
      var marks = data.cards[deck];
      Object.keys(checked.cards[deck]).forEach(function (id) {
        if (!Object.prototype.hasOwnProperty.call(marks, id)) marks[id] = checked.cards[deck][id];
      });
    });
    Object.keys(checked.read).forEach(function (chapter) {
      if (!Object.prototype.hasOwnProperty.call(data.read, chapter)) data.read[chapter] = checked.read[chapter];
    });
    if (Folio.saveProgress(data) === false) { moveNote(t('progress-page.import-not-saved')); return; }
    var words = [t('progress-page.import-added', { results: t('progress-page.quiz-results', { count: added.attempts }),
      sessions: t('progress-page.flashcard-sessions', { count: added.sessions }), thoughts: t('progress-page.thoughts', { count: added.thoughts }) })];
    if (here) words.push(t('progress-page.import-here-already', { count: here }));
    var left = full.attempts + full.sessions + full.thoughts;
    if (left) words.push(t('progress-page.import-left-out-older', { count: left, kept: Folio.RECORDS_KEPT }));
    if (checked.refused.length) {
      var refused = checked.refused.slice(0, 3).map(function (r) { return t('progress-page.refused-record', { place: place(r.place), reason: r.reason }); }).join('; ');
      words.push(checked.refused.length > 3
        ? t('progress-page.import-left-out-refused-more', { count: checked.refused.length, records: refused, more: checked.refused.length - 3 })
        : t('progress-page.import-left-out-refused', { count: checked.refused.length, records: refused }));
    }
    moveNote(words.join(' '));
    show();
  }
  Folio.importProgressText = importProgress;

  document.addEventListener('DOMContentLoaded', function () {
    var page = document.getElementById('progress');
    if (!page || !Folio.progress) return;
    page.querySelector('.needs-script').hidden = true;
    page.querySelector('.with-script').hidden = false;
    show();
    Folio.ready.then(show);
    learners();
    sayForgotten();
    document.getElementById('learner-add').addEventListener('submit', addLearner);
    document.getElementById('learner-export').addEventListener('click', exportProgress);
    document.getElementById('learner-import').addEventListener('change', function (event) {
      var chosen = event.target.files && event.target.files[0];
      if (!chosen) return;
      var reader = new FileReader();
      reader.onload = function () { importProgress(String(reader.result)); event.target.value = ''; };
      reader.readAsText(chosen);
    });
    var forget = document.getElementById('forget');
    var confirmBox = document.getElementById('forget-confirm');
    // The question opens on the safe answer, "Keep it": Enter pressed twice forgets nothing.
    forget.addEventListener('click', function () { confirmBox.hidden = false; document.getElementById('forget-no').focus(); });
    document.getElementById('forget-yes').addEventListener('click', function () {
      if (forgetMe()) return;
      confirmBox.hidden = true;
      show();
      forget.focus();
    });
    document.getElementById('forget-no').addEventListener('click', function () { confirmBox.hidden = true; forget.focus(); });
  });
})();
