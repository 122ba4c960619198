/* Flashcards: one card at a time. The learner reads the front, turns the card, and says
   whether she knew it; cards marked "not yet" can be studied again. Marks are saved in
   this browser. Without JavaScript the page keeps its list of cards to open. */
(function () {
  'use strict';
  var Folio = window.Folio || {};

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

  function Study(list) {
    this.deck = list.getAttribute('data-deck');
    this.cards = Array.prototype.map.call(list.querySelectorAll('li'), function (item) {
      return { id: item.getAttribute('data-card'), front: item.querySelector('summary').textContent, back: item.querySelector('.back').textContent };
    });
    this.box = el('div', 'card-study');
    this.live = el('p', 'visually-hidden');
    this.live.setAttribute('aria-live', 'polite');
    list.hidden = true;
    var intro = list.parentNode.querySelector('.cards-intro');
    if (intro) intro.textContent = 'Read the front and think of the answer. Then turn the card and say whether you knew it.';
    list.parentNode.insertBefore(this.box, list);
    list.parentNode.insertBefore(this.live, list);
    this.start(this.cards.map(function (_, index) { return index; }));
  }

  Study.prototype.start = function (order) {
    this.order = order;
    this.position = 0;
    this.known = 0;
    this.notYet = [];
    this.started = Date.now();
    this.show();
  };

  Study.prototype.show = function () {
    var self = this;
    this.box.textContent = '';
    if (this.position >= this.order.length) { this.finish(); return; }
    var card = this.cards[this.order[this.position]];
    this.box.appendChild(el('p', 'muted', 'Card ' + (this.position + 1) + ' of ' + this.order.length));
    var face = el('div', 'flashcard');
    face.appendChild(el('span', 'side', 'Front'));
    face.appendChild(el('p', null, card.front));
    this.box.appendChild(face);
    var actions = el('div', 'actions');
    var turn = button('Turn the card', true, function () {
      face.classList.add('turned');
      face.appendChild(el('span', 'side', 'Back'));
      face.appendChild(el('p', null, card.back));
      actions.textContent = '';
      var yes = button('I knew it', true, function () { self.mark(true); });
      actions.appendChild(yes);
      actions.appendChild(button('Not yet', false, function () { self.mark(false); }));
      self.live.textContent = 'Back: ' + card.back;
      yes.focus();
    });
    actions.appendChild(turn);
    this.box.appendChild(actions);
    if (this.position > 0) turn.focus();
  };

  Study.prototype.mark = function (known) {
    var index = this.order[this.position];
    if (known) this.known += 1; else this.notYet.push(index);
    var data = Folio.progress();
    var marks = data.cards[this.deck] || {};
    // By the card's id, which stays with it when cards are added, removed or moved.
    marks[this.cards[index].id] = known;
    data.cards[this.deck] = marks;
    Folio.saveProgress(data);
    this.position += 1;
    this.show();
  };

  Study.prototype.finish = function () {
    var self = this;
    var seconds = (Date.now() - this.started) / 1000;
    var data = Folio.progress();
    data.sessions.push({ deck: this.deck, day: Folio.day(), at: Date.now(), seconds: Math.round(seconds), known: this.known, notYet: this.notYet.length });
    Folio.saveProgress(data);
    var heading = el('h2', null, 'You studied ' + this.order.length + (this.order.length === 1 ? ' card' : ' cards'));
    heading.setAttribute('tabindex', '-1');
    this.box.appendChild(heading);
    this.box.appendChild(el('p', null, this.known + ' known, ' + this.notYet.length + ' not yet. Time: ' + Folio.duration(seconds) + '.'));
    var actions = el('div', 'actions');
    if (this.notYet.length) {
      var again = this.notYet.slice();
      actions.appendChild(button('Study the ' + again.length + ' not-yet ' + (again.length === 1 ? 'card' : 'cards') + ' again', true,
        function () { self.start(again); }));
    } else {
      this.box.appendChild(el('p', 'outcome-correct', 'You knew every card!'));
    }
    actions.appendChild(button('Start over', !this.notYet.length, function () {
      self.start(self.cards.map(function (_, index) { return index; }));
    }));
    this.box.appendChild(actions);
    heading.focus();
  };

  document.addEventListener('DOMContentLoaded', function () {
    var list = document.querySelector('ol.cards[data-deck]');
    if (list && Folio.progress) Folio.ready.then(function () { new Study(list); });
  });
})();
