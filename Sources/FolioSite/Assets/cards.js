/* Flashcards: one card at a time. The learner reads the front, turns the card, and says
   whether she knew it; cards marked "not yet" can be studied again. Previous and Next
   move between cards without marking them; the cards can be shuffled, or shown back
   first. Each mark moves the card between Leitner boxes (scheduler.js), so that she can
   study only the cards due today. Below, "Quiz me on this deck" asks each card's back
   among four. Marks are saved in this browser. Without JavaScript the page keeps its
   list of cards to open, and its quiz as a simpler one. */
(function () {
  'use strict';
  var Folio = window.Folio || {};
  var Scheduler = window.FolioScheduler;
  var t = Folio.t || function (key) { return key; };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  function button(text, primary, action) {
    var node = el('button', primary ? 'primary' : null, text);
    node.type = 'button';
    node.addEventListener('click', action);
    return node;
  }
  function rich(html) {
    var node = el('p');
    node.innerHTML = html;
    return node;
  }

  function Study(list) {
    var self = this;
    this.deck = list.getAttribute('data-deck');
    // Card text is HTML the build made from the card's Markdown (raw HTML removed), as on the page's list.
    this.cards = Array.prototype.map.call(list.querySelectorAll('li'), function (item) {
      var front = item.querySelector('summary'), back = item.querySelector('.back');
      return { id: item.getAttribute('data-card'), front: front.textContent, back: back.textContent, frontHTML: front.innerHTML, backHTML: back.innerHTML };
    });
    this.backFirst = false;
    this.dueNote = el('p', 'deck-due');
    this.dueNote.id = 'deck-due';
    var tools = el('div', 'actions deck-tools');
    this.shuffleButton = button(t('deck.shuffle'), false, function () { self.shuffle(); });
    this.sideButton = button(t('deck.back-first'), false, function () { self.toggleBackFirst(); });
    this.sideButton.setAttribute('aria-pressed', 'false');
    tools.appendChild(this.shuffleButton);
    tools.appendChild(this.sideButton);
    this.box = el('div', 'card-study');
    this.live = el('p', 'visually-hidden');
    this.live.setAttribute('role', 'status');
    list.hidden = true;
    var intro = list.parentNode.querySelector('.cards-intro');
    if (intro) intro.textContent = t('deck.study-intro');
    [this.dueNote, tools, this.box, this.live].forEach(function (node) { list.parentNode.insertBefore(node, list); });
    this.start(this.allCards());
  }

  Study.prototype.allCards = function () { return this.cards.map(function (_, index) { return index; }); };

  /* The deck's cards due today, by their place in the deck. */
  Study.prototype.dueCards = function () {
    if (!Scheduler) return this.allCards();
    var boxes = Folio.progress().boxes[this.deck] || {};
    var ids = this.cards.map(function (card) { return card.id; });
    var due = Scheduler.due(boxes, ids, Folio.day());
    return this.allCards().filter(function (index) { return due.indexOf(ids[index]) >= 0; });
  };

  /* "N cards due today", with a button to study only those. */
  Study.prototype.showDue = function () {
    var self = this;
    var due = this.dueCards();
    this.dueNote.textContent = '';
    if (!due.length) {
      var boxes = Folio.progress().boxes[this.deck] || {};
      var next = this.cards.map(function (card) { return boxes[card.id] && boxes[card.id].due; }).filter(Boolean).sort()[0];
      this.dueNote.textContent = next ? t('deck.none-due-next', { date: Folio.date ? Folio.date(next) : next }) : t('deck.none-due');
      return;
    }
    this.dueNote.textContent = t('deck.due-today', { count: due.length }) + ' ';
    var studyingDue = this.order.length === due.length && this.order.every(function (index) { return due.indexOf(index) >= 0; });
    if (due.length < this.cards.length && !studyingDue) {
      this.dueNote.appendChild(button(t('deck.study-due', { count: due.length }), false, function () { self.start(self.dueCards()); }));
    }
  };

  Study.prototype.start = function (order) {
    this.order = order;
    this.position = 0;
    // Her mark for each card of this round, by its place in the deck.
    this.marks = {};
    this.started = Date.now();
    this.showDue();
    this.show();
  };

  Study.prototype.shuffle = function () {
    var order = this.order.slice();
    for (var i = order.length - 1; i > 0; i -= 1) {
      var j = Math.floor(Math.random() * (i + 1));
      var swap = order[i]; order[i] = order[j]; order[j] = swap;
    }
    this.start(order);
    this.live.textContent = t('deck.shuffled', { count: order.length });
  };

  Study.prototype.toggleBackFirst = function () {
    this.backFirst = !this.backFirst;
    this.sideButton.setAttribute('aria-pressed', String(this.backFirst));
    if (this.position < this.order.length) this.show();
    this.live.textContent = this.backFirst ? t('deck.back-first-on') : t('deck.front-first-on');
  };

  Study.prototype.show = function (focus) {
    var self = this;
    this.box.textContent = '';
    if (this.position >= this.order.length) { this.finish(); return; }
    var card = this.cards[this.order[this.position]];
    var front = { side: t('deck.front'), text: card.front, html: card.frontHTML };
    var back = { side: t('deck.back'), text: card.back, html: card.backHTML };
    var first = this.backFirst ? back : front;
    var second = this.backFirst ? front : back;
    var place = { number: this.position + 1, count: this.order.length };
    this.box.appendChild(el('p', 'muted', t('deck.card-of', place)));
    var face = el('div', 'flashcard');
    face.appendChild(el('span', 'side', first.side));
    face.appendChild(rich(first.html));
    this.box.appendChild(face);
    var actions = el('div', 'actions');
    var turn = button(t('deck.turn'), true, function () {
      face.classList.add('turned');
      face.appendChild(el('span', 'side', second.side));
      face.appendChild(rich(second.html));
      actions.textContent = '';
      var yes = button(t('deck.knew-it'), true, function () { self.mark(true); });
      actions.appendChild(yes);
      actions.appendChild(button(t('deck.not-yet'), false, function () { self.mark(false); }));
      self.live.textContent = t('deck.side-said', { side: second.side, text: second.text });
      yes.focus();
    });
    actions.appendChild(turn);
    // Tapping the card turns it, as flashcard apps have taught her to expect; the button
    // stays for the keyboard and screen readers, and a link on the card still opens.
    face.classList.add('tappable');
    face.addEventListener('click', function (event) {
      if (face.classList.contains('turned') || event.target.closest('a')) return;
      turn.click();
    });
    this.box.appendChild(actions);
    var move = el('div', 'actions card-moves');
    var previous = button(t('deck.previous'), false, function () { self.move(-1); });
    previous.disabled = this.position === 0;
    var next = button(this.position + 1 < this.order.length ? t('deck.next') : t('deck.finish'), false, function () { self.move(1); });
    move.appendChild(previous);
    move.appendChild(next);
    this.box.appendChild(move);
    // Focus stays on a button, which says nothing of the card: a new card is said here.
    if (focus) this.live.textContent = t('deck.card-said', { number: place.number, count: place.count, side: first.side, text: first.text });
    if (focus === 'previous' && !previous.disabled) previous.focus();
    else if (focus === 'next') next.focus();
    else if (this.position > 0 || focus) turn.focus();
  };

  /* Previous or Next: to another card without marking this one. */
  Study.prototype.move = function (step) {
    this.position = Math.max(0, this.position + step);
    this.show(step < 0 ? 'previous' : 'next');
  };

  Study.prototype.mark = function (known) {
    var index = this.order[this.position];
    var id = this.cards[index].id;
    this.marks[index] = known;
    var data = Folio.progress();
    var marks = data.cards[this.deck] || {};
    // By the card's id, which stays with it when cards are added, removed or moved.
    marks[id] = known;
    data.cards[this.deck] = marks;
    if (Scheduler) {
      var boxes = data.boxes[this.deck] || {};
      boxes[id] = Scheduler.mark(boxes[id] || null, known, Folio.day());
      data.boxes[this.deck] = boxes;
    }
    Folio.saveProgress(data);
    this.position += 1;
    this.showDue();
    this.show('turn');
  };

  Study.prototype.finish = function () {
    var self = this;
    var seconds = (Date.now() - this.started) / 1000;
    var marked = Object.keys(this.marks).map(Number);
    var known = marked.filter(function (index) { return self.marks[index]; }).length;
    var notYet = this.order.filter(function (index) { return self.marks[index] === false; });
    if (marked.length) {
      var data = Folio.progress();
      data.sessions.push({ deck: this.deck, day: Folio.day(), at: Date.now(), seconds: Math.round(seconds), known: known, notYet: notYet.length });
      Folio.saveProgress(data);
    }
    this.showDue();
    var heading = el('h2', null, marked.length ? t('deck.studied', { count: marked.length }) : t('deck.none-marked'));
    heading.setAttribute('tabindex', '-1');
    this.box.appendChild(heading);
    if (marked.length) this.box.appendChild(el('p', null, t('deck.session-result', { known: known, notYet: notYet.length, duration: Folio.duration(seconds) })));
    var actions = el('div', 'actions');
    if (notYet.length) {
      actions.appendChild(button(t('deck.study-not-yet', { count: notYet.length }), true,
        function () { self.start(notYet); }));
    } else if (marked.length && known === this.order.length) {
      this.box.appendChild(el('p', 'outcome-correct', t('deck.knew-all')));
    }
    actions.appendChild(button(t('deck.start-over'), !notYet.length, function () { self.start(self.allCards()); }));
    this.box.appendChild(actions);
    heading.focus();
  };

  /* "Quiz me on this deck": the page holds the quiz, graded by the site's quiz engine; the
     engine and quiz.js load only when she asks, so that the page stays small. */
  function deckQuiz(section) {
    var staticQuiz = section.querySelector('.quiz-static');
    if (!staticQuiz) return;
    staticQuiz.hidden = true;
    var start = button(t('deck.start-quiz'), true, function () {
      start.disabled = true;
      var root = document.documentElement.getAttribute('data-root') || '';
      var engine = document.createElement('script');
      engine.src = root + 'quiz-engine.js';
      engine.onload = function () {
        var quiz = document.createElement('script');
        quiz.src = root + 'quiz.js';
        quiz.onload = function () {
          if (start.parentNode) start.parentNode.removeChild(start);
          var first = section.querySelector('.quiz-app input, .quiz-app button');
          if (first) first.focus();
        };
        document.head.appendChild(quiz);
      };
      // Offline before the scripts were kept: the questions as the page has them.
      engine.onerror = function () { staticQuiz.hidden = false; if (start.parentNode) start.parentNode.removeChild(start); };
      document.head.appendChild(engine);
    });
    section.insertBefore(start, staticQuiz);
  }

  document.addEventListener('DOMContentLoaded', function () {
    var list = document.querySelector('ol.cards[data-deck]');
    if (list && Folio.progress) Folio.ready.then(function () { new Study(list); });
    var quiz = document.querySelector('section.quiz[data-deck]');
    if (quiz) deckQuiz(quiz);
  });
})();
