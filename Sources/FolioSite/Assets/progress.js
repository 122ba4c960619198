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

  document.addEventListener('DOMContentLoaded', function () {
    var page = document.getElementById('progress');
    if (!page || !Folio.progress) return;
    page.querySelector('.needs-script').hidden = true;
    page.querySelector('.with-script').hidden = false;
    show();
    Folio.ready.then(show);
    var forget = document.getElementById('forget');
    var confirmBox = document.getElementById('forget-confirm');
    forget.addEventListener('click', function () { confirmBox.hidden = false; confirmBox.querySelector('button').focus(); });
    document.getElementById('forget-yes').addEventListener('click', function () {
      Folio.clearProgress();
      confirmBox.hidden = true;
      show();
      forget.focus();
    });
    document.getElementById('forget-no').addEventListener('click', function () { confirmBox.hidden = true; forget.focus(); });
  });
})();
