/* The progress page: what this browser has saved of quizzes and flashcards, per chapter
   and deck, with the time spent and the streak of days studied (the same rules as
   `folio progress`). Nothing is sent anywhere; "Forget my progress" clears it. */
(function () {
  'use strict';
  var Folio = window.Folio || {};

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
      cell(row, 'status', passed ? 'Passed' : mine.length ? 'Not yet' : 'To do', passed ? 'outcome-correct' : null);
      cell(row, 'best', best >= 0 ? Folio.number(best) + '%' : '–');
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
      cell(row, 'known', known + ' of ' + count);
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
      note.textContent = dropped === 1 ? '1 card you marked is no longer in the program, so it is not counted.'
        : dropped + ' cards you marked are no longer in the program, so they are not counted.';
    }
    showThoughts(data.thoughts);
    var total = attempts.concat(data.sessions).reduce(function (sum, a) { return sum + (a.seconds || 0); }, 0);
    var days = attempts.map(function (a) { return a.day; }).concat(data.sessions.map(function (s) { return s.day; }));
    var streak = Folio.streak(days);
    var today = days.indexOf(Folio.day()) >= 0;
    showCalendar(days);
    document.getElementById('total-time').textContent = total ? Folio.duration(total) : 'none yet';
    document.getElementById('streak').textContent = streak === 0 ? (days.length ? 'none right now: study today to start a new one' : 'start one today!')
      : streak + (streak === 1 ? ' day' : ' days in a row') + (today ? ' (you studied today)' : ': study today to keep it going');
  }

  /* The last four weeks, Monday to Sunday, each day studied marked (as `folio progress`). */
  var WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
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
    caption.textContent = 'Last 4 weeks';
    table.appendChild(caption);
    var head = table.createTHead().insertRow();
    WEEKDAYS.forEach(function (name) {
      var th = document.createElement('th');
      th.scope = 'col';
      var short = document.createElement('abbr');
      short.title = name;
      short.textContent = name.slice(0, 2);
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
        words.textContent = WEEKDAYS[i] + ' ' + day + (yes ? ': studied' : future ? '' : ': no study');
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
      prompt.textContent = String(thought.prompt || '') + ' · ' + String(thought.day || '');
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
    now.textContent = me ? 'This is ' + me.name + '’s progress.'
      : 'Is more than one person learning on this device? Add each one’s name: each keeps her own progress, and the first name added keeps the progress saved so far.';
    list.textContent = '';
    state.list.forEach(function (learner) {
      if (learner.key === state.current) return;
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I’m ' + learner.name;
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
      owner.appendChild(document.createTextNode(me.name + '’s progress. '));
      var other = document.createElement('a');
      other.href = '#learners';
      other.textContent = 'Not ' + me.name + '?';
      owner.appendChild(other);
    }
    document.getElementById('forget').textContent = me ? 'Forget me' : 'Forget my progress';
    document.getElementById('forget-yes').textContent = me ? 'Yes, forget ' + me.name : 'Yes, forget my progress';
  }

  /* What adding a learner did, said beside the form; what moving progress did, beside its buttons. */
  function note(text) { document.getElementById('learner-note').textContent = text; }
  function moveNote(text) { document.getElementById('move-note').textContent = text; }

  function addLearner(event) {
    event.preventDefault();
    var box = document.getElementById('learner-name');
    var name = box.value.trim().replace(/\s+/g, ' ');
    var state = Folio.learners();
    if (!name) { note('Type a first name or nickname first.'); return; }
    if (state.list.some(function (l) { return l.name.toLowerCase() === name.toLowerCase(); })) { note(name + ' is here already.'); return; }
    // The first learner named keeps what was saved before names; the others start afresh.
    var key = state.list.length ? 'l' + Date.now().toString(36) + Math.random().toString(36).slice(2, 6) : '';
    state.list.push({ key: key, name: name });
    if (state.list.length === 1) state.current = key;
    Folio.saveLearners(state);
    box.value = '';
    learners();
    note(state.list.length === 1 ? 'Hello ' + name + '! The progress saved so far is yours.' : name + ' is added. Press “I’m ' + name + '” to switch.');
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
    note(name + ' and her progress are forgotten on this device.');
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
    moveNote('Saved. On the other device, open My progress and add it from the file.');
  }

  function plural(count, one, many) { return count + ' ' + (count === 1 ? one : many); }

  /* Where a record stands in a file, in words: `attempts[3]` is its 4th quiz result. */
  var PLACES = { attempts: 'quiz result', sessions: 'flashcard session', thoughts: 'thought', cards: 'the card marks of', read: 'chapter read' };
  function place(at) {
    var match = /^(\w+)(?:\[(\d+)\]|\.(.*))$/.exec(at);
    if (!match) return at;
    return (PLACES[match[1]] || match[1]) + ' ' + (match[2] !== undefined ? Number(match[2]) + 1 : match[3]);
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
      moveNote('That file is not progress saved from this site (' + checked.problem + '), so nothing was added.');
      return;
    }
    var file = JSON.parse(text);
    if (file.program !== (document.documentElement.getAttribute('data-program') || '')) {
      moveNote('That file is progress of another program, so it was not added.');
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
    if (Folio.saveProgress(data) === false) { moveNote('The progress could not be saved in this browser.'); return; }
    var words = ['Added ' + plural(added.attempts, 'quiz result', 'quiz results') + ', ' + plural(added.sessions, 'flashcard session', 'flashcard sessions') +
      ' and ' + plural(added.thoughts, 'thought', 'thoughts') + '.'];
    if (here) words.push(plural(here, 'record of the file was', 'records of the file were') + ' here already.');
    var left = full.attempts + full.sessions + full.thoughts;
    if (left) {
      words.push('Left out ' + plural(left, 'older record', 'older records') + ' of the file: this browser keeps ' + Folio.RECORDS_KEPT +
        ' quiz results, ' + Folio.RECORDS_KEPT + ' flashcard sessions and ' + Folio.RECORDS_KEPT + ' thoughts, and your own come first.');
    }
    if (checked.refused.length) {
      words.push('Left out ' + plural(checked.refused.length, 'record', 'records') + ' not in the form this site saves: ' +
        checked.refused.slice(0, 3).map(function (r) { return place(r.place) + ': ' + r.reason; }).join('; ') +
        (checked.refused.length > 3 ? '; and ' + (checked.refused.length - 3) + ' more' : '') + '.');
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
