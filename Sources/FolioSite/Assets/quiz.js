/* The quiz at the end of a chapter, graded in the browser by FolioQuizEngine (the same
   rules as `folio quiz`). Practice: check each answer, see a hint when it is wrong, try
   again, and see the answer after two tries and every hint. Assessment: answer every
   question, submit once, then each wrong answer shows its hint and the result goes over
   what was missed. The score counts first tries; "Try the ones I missed" goes over the
   rest without being saved. Results are saved in this browser only. Without JavaScript
   the page keeps its simpler quiz. */
(function () {
  'use strict';
  var Engine = window.FolioQuizEngine;
  var Folio = window.Folio || {};
  var t = Folio.t || function (key) { return key; };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  function button(className, text, action) {
    var node = el('button', className, text);
    node.type = 'button';
    node.addEventListener('click', action);
    return node;
  }
  /* Rich text from the bundle is HTML that Folio rendered from Markdown, with raw HTML
     removed; it is the only text placed as HTML. */
  function rich(tag, html, className) {
    var node = el(tag, className);
    node.innerHTML = html;
    return node;
  }
  /* Scrolls `node` just into view: at once under reduced motion, else smoothly. */
  function stillness() { return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches); }
  function keepInView(node) {
    if (!node || !node.scrollIntoView) return;
    node.scrollIntoView({ block: 'nearest', behavior: stillness() ? 'auto' : 'smooth' });
  }
  /* Focus moved by the page, to a place that is not a control: it is seen and kept in view. */
  function focusHere(node) {
    if (!node) return;
    if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
    node.focus({ preventScroll: true });
    keepInView(node);
  }
  /* How many times the set limit she may ask for: WCAG's "at least ten times". */
  var MORE_TIME = 10;
  function clock(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
  }
  /* A number as people type it, as in the terminal: 9, -2, 2.5, 2,5, 1,000, 1 000. */
  function parseNumber(text) {
    var compact = String(text).replace(/[\s\u00a0_]/g, '');
    if (!compact || compact.length > 40) return null;
    if (compact.indexOf(',') >= 0 && compact.indexOf('.') < 0) {
      var groups = compact.split(',');
      if (groups.length > 1 && groups.slice(1).every(function (g) { return g.length === 3; })) compact = groups.join('');
      else if (groups.length === 2) compact = groups.join('.');
      else return null;
    } else if (compact.indexOf(',') >= 0) {
      var point = compact.indexOf('.');
      if (compact.slice(point).indexOf(',') >= 0) return null;
      compact = compact.replace(/,/g, '');
    }
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(compact)) return null;
    var value = Number(compact);
    return isFinite(value) ? value : null;
  }
  Folio.parseNumber = parseNumber;

  function Quiz(section, data) {
    this.section = section;
    this.data = data;
    this.chapter = section.getAttribute('data-chapter') || null;
    // A deck's "Quiz me on this deck": saved with its deck, never counted as a chapter's quiz.
    this.deck = section.getAttribute('data-deck') || null;
    this.app = el('div', 'quiz-app');
    this.live = el('p', 'visually-hidden');
    this.live.setAttribute('role', 'status');
    var staticQuiz = section.querySelector('.quiz-static');
    if (staticQuiz) staticQuiz.hidden = true;
    section.appendChild(this.app);
    section.appendChild(this.live);
    this.begin(data.timeLimitSeconds == null);
  }

  /* Starts an attempt: at the whole quiz, or with `missed` (question ids) at those
     questions again, which is practice and is not saved. `time` is how a timed quiz is
     taken: 'set' (its own limit), 'more' (ten times it) or 'off' (practice only). */
  Quiz.prototype.begin = function (startNow, missed, time) {
    var self = this;
    this.app.textContent = '';
    clearInterval(this.ticker);
    this.stopClock();
    this.clock = null;
    this.finished = false;
    this.retry = !!missed;
    // A copy, so that more time changes this attempt's limit and never the quiz's.
    this.quiz = missed ? Engine.retrying(this.data, missed) : Object.assign({}, this.data);
    this.time = this.quiz.timeLimitSeconds == null ? 'set' : time || 'set';
    if (this.time === 'more') this.quiz.timeLimitSeconds = this.data.timeLimitSeconds * MORE_TIME;
    if (this.time === 'off') this.quiz.timeLimitSeconds = null;
    var seed = Math.floor(Math.random() * 4294967296) * 4096 + Math.floor(Math.random() * 4096);
    this.attempt = new Engine.QuizAttempt(this.quiz, seed);
    this.views = [];
    var practice = this.quiz.mode !== 'assessment';
    if (missed) this.app.appendChild(el('p', 'notice', t('quiz.retry-notice', { count: missed.length })));
    this.app.appendChild(el('p', 'muted', practice ? t('quiz.intro-practice') : t('quiz.intro-assessment')));
    if (!startNow) {
      this.startChoices(practice);
      return;
    }
    this.started = performance.now();
    if (this.quiz.timeLimitSeconds != null) this.timer();
    this.counter = el('p', 'quiz-counter');
    this.app.appendChild(this.counter);
    var list = el('ol', 'quiz-questions');
    this.attempt.questions.forEach(function (question, index) {
      var item = el('li');
      var view = new QuestionView(self, question, index, self.attempt.questions.length);
      self.views.push(view);
      item.appendChild(view.fieldset);
      list.appendChild(item);
    });
    this.app.appendChild(list);
    this.count();
    list.addEventListener('change', function () { self.count(); });
    list.addEventListener('input', function () { self.count(); });
    if (!practice) {
      var actions = el('div', 'actions');
      this.submitButton = button('primary', t('quiz.submit'), function () { self.submit(false); });
      this.submitNote = el('p', 'feedback wrong');
      this.submitNote.setAttribute('role', 'status');
      actions.appendChild(this.submitButton);
      this.app.appendChild(actions);
      this.app.appendChild(this.submitNote);
    }
    this.thinking = missed ? null : this.reflectionSection();
    if (this.thinking) this.app.appendChild(this.thinking);
    // A button pressed to start (or retry) is gone: the first answer takes the focus.
    if (startNow && (this.data.timeLimitSeconds != null || missed)) this.views[0].focusFirst();
  };

  /* A timed quiz starts with a button, and with the time she needs: ten times the limit,
     or in practice none. The limit can be changed while the clock runs too. */
  Quiz.prototype.startChoices = function (practice) {
    var self = this;
    var limit = this.data.timeLimitSeconds;
    var limits = { limit: Folio.duration(limit), more: Folio.duration(limit * MORE_TIME) };
    this.app.appendChild(el('p', null, t(practice ? 'quiz.time-limit-practice' : 'quiz.time-limit-assessment', limits)));
    var actions = el('div', 'actions');
    function choice(text, time, className) {
      actions.appendChild(button(className, text, function () { self.begin(true, null, time); }));
    }
    choice(t('quiz.start-timed', limits), 'set', 'primary');
    choice(t('quiz.start-more-time', limits), 'more');
    if (practice) choice(t('quiz.start-no-limit'), 'off');
    this.app.appendChild(actions);
  };

  /* "Think about it": the quiz's reflection questions, never graded. What she writes is
     kept in this browser only, when she presses "Keep my thought", and shown again on the
     progress page; then the discussion prompt, if any, appears. */
  Quiz.prototype.reflectionSection = function () {
    var self = this;
    var reflections = this.quiz.reflections || [];
    if (!reflections.length) return null;
    var section = el('section', 'reflections');
    section.appendChild(el('h3', null, t('quiz.think-about-it')));
    section.appendChild(el('p', 'muted', t('quiz.reflection-intro')));
    reflections.forEach(function (reflection, index) {
      var box = el('div', 'reflection');
      var id = 'thought-' + index + '-' + Math.random().toString(36).slice(2, 8);
      var label = rich('label', reflection.prompt.html);
      label.htmlFor = id;
      var area = el('textarea');
      area.id = id;
      area.rows = 3;
      area.maxLength = 2000;
      var note = el('div', 'reflection-note');
      note.setAttribute('aria-live', 'polite');
      var keep = button(null, t('quiz.keep-thought'), function () {
        var text = area.value.trim();
        note.textContent = '';
        if (!text) { note.appendChild(el('p', null, t('quiz.thought-empty'))); return; }
        var kept = false;
        if (Folio.progress) {
          var data = Folio.progress();
          data.thoughts.push({ quiz: self.data.id, chapter: self.chapter, reflection: reflection.id, prompt: label.textContent,
            text: text, day: Folio.day(), at: Date.now() });
          kept = Folio.saveProgress(data) !== false;
        }
        note.appendChild(el('p', null, kept ? t('quiz.thought-kept') : t('quiz.thought-not-kept')));
        if (reflection.discussion) {
          var talk = rich('p', reflection.discussion.html, 'discussion');
          talk.insertBefore(el('strong', null, t('quiz.talk-about-it') + ' '), talk.firstChild);
          note.appendChild(talk);
        }
      });
      box.appendChild(label);
      box.appendChild(area);
      var actions = el('div', 'actions');
      actions.appendChild(keep);
      box.appendChild(actions);
      box.appendChild(note);
      section.appendChild(box);
    });
    return section;
  };

  /* "3 of 5 answered": in practice the questions closed, in an assessment those with an
     answer picked or typed. */
  Quiz.prototype.count = function () {
    var assessment = this.quiz.mode === 'assessment';
    var done = this.views.filter(function (view) { return assessment && !view.isClosed() ? !view.read().error : view.isClosed(); }).length;
    this.counter.textContent = t('quiz.answered', { done: done, count: this.views.length });
  };

  Quiz.prototype.elapsed = function () { return (performance.now() - this.started) / 1000; };

  /* The clock: the time left, sticky at the top of the window while the quiz runs, with
     "More time" (ten times the set limit) and, in practice, "No time limit". The page's
     scroll padding follows its height, so that nothing focused is ever under it. */
  Quiz.prototype.timer = function () {
    var self = this;
    this.clock = el('div', 'quiz-clock');
    this.offButton = null;
    this.timerLine = el('p', 'quiz-timer');
    this.timerLine.setAttribute('role', 'timer');
    this.clock.appendChild(this.timerLine);
    this.moreButton = button(null, t('quiz.more-time'), function () { self.changeTime('more'); });
    this.moreButton.setAttribute('aria-label', t('quiz.more-time-label', { duration: Folio.duration(this.data.timeLimitSeconds * MORE_TIME) }));
    this.moreButton.hidden = this.time !== 'set';
    this.clock.appendChild(this.moreButton);
    if (this.quiz.mode !== 'assessment') {
      this.offButton = button(null, t('quiz.no-time-limit'), function () { self.changeTime('off'); });
      this.clock.appendChild(this.offButton);
    }
    this.app.appendChild(this.clock);
    var root = document.documentElement;
    function measure() {
      if (self.clock && !self.clock.classList.contains('is-over')) root.style.setProperty('--sticky-height', self.clock.offsetHeight + 'px');
    }
    measure();
    if (window.ResizeObserver) { this.clockSize = new ResizeObserver(measure); this.clockSize.observe(this.clock); }
    this.warned = false;
    this.tick();
    this.ticker = setInterval(function () { self.tick(); }, 250);
  };

  Quiz.prototype.tick = function () {
    var limit = this.quiz.timeLimitSeconds;
    var left = limit - this.elapsed();
    this.timerLine.textContent = t('quiz.time-left', { time: clock(left) });
    if (!this.warned && left <= 60 && limit > 60) {
      this.warned = true;
      this.say(t(this.time === 'set' ? 'quiz.one-minute-left-more' : 'quiz.one-minute-left'));
    }
    if (left <= 0) {
      clearInterval(this.ticker);
      this.timerLine.textContent = t('quiz.time-up');
      this.say(t('quiz.time-up-said'));
      this.finish(true);
    }
  };

  /* More time, or none, while the clock runs: said, and focus stays on the clock. */
  Quiz.prototype.changeTime = function (time) {
    if (this.finished) return;
    this.time = time;
    this.moreButton.hidden = true;
    if (time === 'off') {
      clearInterval(this.ticker);
      this.quiz.timeLimitSeconds = null;
      // Nothing counts down: the clock stops sticking and hides nothing.
      this.stopClock();
      this.timerLine.textContent = t('quiz.no-time-limit-now');
      this.say(t('quiz.time-limit-off'));
    } else {
      this.quiz.timeLimitSeconds = this.data.timeLimitSeconds * MORE_TIME;
      this.tick();
      this.say(t('quiz.more-time-said', { duration: Folio.duration(this.quiz.timeLimitSeconds), time: clock(this.quiz.timeLimitSeconds - this.elapsed()) }));
    }
    // The button pressed is gone: focus goes to the button left, else to the clock.
    focusHere(this.offButton && !this.offButton.hidden ? this.offButton : this.timerLine);
  };

  /* Once the quiz has ended the clock no longer sticks, and its room is given back. */
  Quiz.prototype.stopClock = function () {
    if (this.clockSize) this.clockSize.disconnect();
    this.clockSize = null;
    document.documentElement.style.removeProperty('--sticky-height');
    if (!this.clock) return;
    this.clock.classList.add('is-over');
    this.moreButton.hidden = true;
    if (this.offButton) this.offButton.hidden = true;
  };

  Quiz.prototype.say = function (text) {
    var live = this.live;
    live.textContent = '';
    setTimeout(function () { live.textContent = text; }, 50);
  };

  /* Assessment mode: one submission for the whole quiz. */
  Quiz.prototype.submit = function (anyway) {
    var self = this;
    var missing = [];
    var responses = this.views.map(function (view, index) {
      var read = view.read();
      if (read.error) missing.push(index + 1);
      return read;
    });
    if (missing.length && !anyway) {
      this.submitNote.textContent = '';
      this.submitNote.appendChild(document.createTextNode(t('quiz.unanswered', { count: missing.length, numbers: missing.join(', ') }) + ' '));
      this.submitNote.appendChild(button(null, t('quiz.submit-anyway'), function () { self.submit(true); }));
      return;
    }
    this.submitNote.textContent = '';
    responses.forEach(function (read, index) {
      if (read.error) { self.views[index].close(); return; }
      self.views[index].grade(read.response);
    });
    this.finish(false);
  };

  Quiz.prototype.closed = function () {
    this.count();
    if (this.quiz.mode !== 'assessment' && this.views.every(function (view) { return view.isClosed(); })) this.finish(false);
  };

  Quiz.prototype.finish = function (timeUp) {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.ticker);
    if (this.clock && !timeUp && this.quiz.timeLimitSeconds != null) {
      this.timerLine.textContent = t('quiz.finished-with', { time: clock(this.quiz.timeLimitSeconds - this.elapsed()) });
    }
    this.stopClock();
    var seconds = this.elapsed();
    if (timeUp && this.quiz.timeLimitSeconds != null) seconds = Math.max(seconds, this.quiz.timeLimitSeconds + 0.001);
    this.views.forEach(function (view) { view.close(); });
    if (this.submitButton) this.submitButton.disabled = true;
    this.count();
    var result = this.attempt.result(seconds);
    var passed = Engine.passesQuiz(result);
    if (!this.retry) this.save(result, passed, seconds);
    this.showResult(result, passed, seconds);
  };

  Quiz.prototype.save = function (result, passed, seconds) {
    if (!Folio.progress) return;
    // Taking a chapter's quiz counts as reading it.
    if (Folio.markRead) Folio.markRead(this.chapter);
    var data = Folio.progress();
    var attempt = { quiz: this.data.id, chapter: this.chapter, day: Folio.day(), at: Date.now(), seconds: Math.round(seconds),
      score: result.score, total: result.total, percent: result.percent, passed: passed };
    if (this.deck) attempt.deck = this.deck;
    // Taken with more time than the quiz sets, or (practice) none: said with the attempt.
    if (this.data.timeLimitSeconds != null && this.time !== 'set') attempt.timeLimit = this.time === 'more' ? 'extended' : 'off';
    data.attempts.push(attempt);
    this.saved = Folio.saveProgress(data);
    // A chapter's quiz, for a learner who shares anonymous insights (insights.js).
    if (!this.deck && Folio.insightsAfterQuiz) Folio.insightsAfterQuiz(result);
  };

  /* What the end says besides the score, as `folio quiz` says it (ResultWords.swift): first
     what she got right, then what she worked out and what was shown, then the pass mark as
     the rule it is, so that a learner who got every answer right in the end is never told
     she failed. */
  function headline(result) {
    var qs = result.questions;
    if (!qs.some(function (q) { return q.outcome !== 'unanswered'; })) return null;
    var right = qs.filter(function (q) { return q.outcome === 'correct'; }).length;
    var first = qs.filter(function (q) { return q.firstTry; }).length;
    var counts = { right: right, first: first, count: qs.length };
    if (!right) return t('quiz.headline-none', counts);
    if (right === qs.length && qs.length > 1) return t(first === right ? 'quiz.headline-all-first-try' : 'quiz.headline-all', counts);
    return t(first === right ? 'quiz.headline-first-try' : 'quiz.headline', counts);
  }

  function summaryLines(result) {
    var qs = result.questions;
    var workedOut = qs.filter(function (q) { return q.outcome === 'correct' && !q.firstTry; }).length;
    var revealed = qs.filter(function (q) { return q.outcome === 'revealed'; }).length;
    if (workedOut && revealed) return [t('quiz.summary-worked-out-revealed', { workedOut: workedOut, count: revealed })];
    if (workedOut) return [t('quiz.summary-worked-out', { count: workedOut })];
    if (revealed) return [t('quiz.summary-revealed', { count: revealed })];
    return [];
  }

  function notPassedYet(result, passPercent) {
    var allRight = result.questions.every(function (q) { return q.outcome === 'correct'; });
    if (passPercent == null) return t(allRight ? 'quiz.not-passed-first-try' : 'quiz.not-passed-first-try-read-again');
    return t(allRight ? 'quiz.not-passed-mark' : 'quiz.not-passed-mark-read-again', { percent: passPercent });
  }

  var OUTCOMES = { correct: 'quiz.outcome-correct', incorrect: 'quiz.outcome-incorrect', revealed: 'quiz.outcome-revealed', unanswered: 'quiz.outcome-unanswered' };

  Quiz.prototype.showResult = function (result, passed, seconds) {
    var self = this;
    var box = el('div', 'quiz-result');
    box.setAttribute('tabindex', '-1');
    box.appendChild(el('h3', null, this.retry ? t('quiz.result-retry') : t('quiz.result')));
    var first = headline(result);
    if (first) box.appendChild(el('p', 'score', first));
    summaryLines(result).forEach(function (line) { box.appendChild(el('p', null, line)); });
    box.appendChild(el('p', null, t('quiz.score', { score: result.score, total: result.total, percent: result.percent })));
    if (passed) {
      box.appendChild(el('p', 'outcome-correct', this.quiz.passPercent != null
        ? t('quiz.passed-mark', { percent: this.quiz.passPercent }) : t('quiz.passed-first-try')));
    } else if (!this.retry) {
      box.appendChild(el('p', null, notPassedYet(result, this.quiz.passPercent)));
    }
    if (passed && !this.retry) celebrate(box);
    var list = el('ol', 'result-list');
    result.questions.forEach(function (outcome, index) {
      var question = self.attempt.questions[index];
      var item = el('li');
      var word = outcome.outcome === 'correct' && !outcome.firstTry ? t('quiz.outcome-with-hints')
        : outcome.outcome === 'incorrect' && outcome.points > 0 ? t('quiz.outcome-partly-right') : t(OUTCOMES[outcome.outcome]);
      item.appendChild(rich('span', question.prompt.html, 'result-prompt'));
      var mark = el('span', 'outcome-' + outcome.outcome + (outcome.firstTry ? '' : ' outcome-later'), word);
      var line = el('span', 'result-outcome');
      line.appendChild(mark);
      line.appendChild(document.createTextNode(' · ' + t('quiz.points-of', { points: outcome.points, possible: outcome.possible })));
      item.appendChild(line);
      list.appendChild(item);
    });
    box.appendChild(list);
    this.showReview(box);
    var took = { duration: Folio.duration(seconds), limit: Folio.duration(this.quiz.timeLimitSeconds || 0) };
    var note = el('p', 'muted', t(this.time === 'more' ? 'quiz.time-taken-more' : this.time === 'off' ? 'quiz.time-taken-no-limit' : 'quiz.time-taken', took) + ' ');
    if (this.retry) {
      note.appendChild(document.createTextNode(t('quiz.practice-not-saved')));
    } else if (this.saved === false) {
      note.appendChild(document.createTextNode(t('quiz.not-saved')));
    } else {
      // The link stands where the sentence says, in any language.
      var around = t('quiz.saved').split('{link}');
      note.appendChild(document.createTextNode(around[0]));
      var link = el('a', null, t('quiz.saved-link'));
      link.href = (document.documentElement.getAttribute('data-root') || '') + 'progress.html';
      note.appendChild(link);
      note.appendChild(document.createTextNode(around.slice(1).join('')));
    }
    box.appendChild(note);
    var actions = el('div', 'actions');
    var missed = Engine.missed(result);
    if (missed.length) {
      actions.appendChild(button('primary', t('quiz.try-missed', { count: missed.length }),
        function () { self.begin(true, missed); self.app.scrollIntoView(); }));
    }
    actions.appendChild(button(missed.length ? null : 'primary', t('quiz.try-again'),
      function () { self.begin(self.data.timeLimitSeconds == null); self.app.scrollIntoView(); }));
    var next = document.querySelector('.chapter-nav a[rel="next"]');
    if (next) {
      var onward = el('a', 'button' + (passed && !missed.length ? ' primary' : ''), t('quiz.next-chapter'));
      onward.href = next.getAttribute('href');
      actions.appendChild(onward);
    }
    box.appendChild(actions);
    // The result comes before "Think about it", which stays where it is.
    if (this.thinking) this.app.insertBefore(box, this.thinking); else this.app.appendChild(box);
    // Focused from its heading down: a long result shows its start, not its middle.
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: 'start', behavior: stillness() ? 'auto' : 'smooth' });
  };

  /* After an assessment: each question missed, with its right answer and explanation
     unless the quiz keeps its answers to itself. */
  Quiz.prototype.showReview = function (box) {
    var self = this;
    var review = this.attempt.review();
    if (!review.length) return;
    var part = el('section', 'review');
    part.appendChild(el('h4', null, t('quiz.review-heading')));
    review.forEach(function (missed) {
      var index = self.attempt.questions.findIndex(function (q) { return q.id === missed.question; });
      var question = self.attempt.questions[index];
      var item = el('div', 'review-item');
      var prompt = rich('p', question.prompt.html, 'review-prompt');
      prompt.insertBefore(el('span', 'question-number', t('quiz.question-number', { number: index + 1 })), prompt.firstChild);
      item.appendChild(prompt);
      if (missed.answer) {
        var line = el('p');
        line.appendChild(el('strong', null, t('quiz.the-answer') + ' '));
        line.appendChild(rich('span', answerHTML(question, missed.answer)));
        item.appendChild(line);
        if (missed.answer.html.explanation) item.appendChild(rich('p', missed.answer.html.explanation));
      }
      part.appendChild(item);
    });
    if (this.quiz.showAnswers === false) part.appendChild(el('p', 'muted', t('quiz.answers-kept')));
    box.appendChild(part);
  };

  /* A right answer as HTML: the right choices' texts, True or False, the accepted words, or the number. */
  function answerHTML(question, shown) {
    if (shown.choices) {
      return question.choices.filter(function (c) { return shown.choices.indexOf(c.id) >= 0; })
        .map(function (c) { return c.text.html; }).join('; ');
    }
    if (shown.answer != null) return escapeHTML(shown.answer ? t('quiz.true') : t('quiz.false'));
    if (shown.accept) {
      return escapeHTML(shown.accept.reduce(function (first, second) { return t('quiz.either', { first: first, second: second }); }));
    }
    if (!question.tolerance) return escapeHTML(Folio.number(shown.number));
    return escapeHTML(t('quiz.give-or-take', { number: shown.number, tolerance: question.tolerance }));
  }

  /* A few bright dots over the result on a pass; none under reduced motion (the CSS stops them). */
  function celebrate(box) {
    var burst = el('div', 'celebration');
    burst.setAttribute('aria-hidden', 'true');
    for (var i = 0; i < 14; i++) {
      var dot = el('span');
      dot.style.left = (4 + i * 7) + '%';
      dot.style.animationDelay = (i % 5) * 0.08 + 's';
      burst.appendChild(dot);
    }
    box.appendChild(burst);
  }

  /* One question: its inputs, its Check button (practice) and its feedback. */
  function QuestionView(quiz, question, index, count) {
    var self = this;
    this.quiz = quiz;
    this.question = question;
    var name = 'q' + Math.random().toString(36).slice(2, 8) + '-' + index;
    this.fieldset = el('fieldset', 'question');
    this.fieldset.setAttribute('data-question', question.id);
    var legend = el('legend');
    legend.appendChild(el('span', 'question-number', question.points !== 1
      ? t('quiz.question-of-points', { number: index + 1, total: count, count: question.points })
      : t('quiz.question-of', { number: index + 1, count: count })));
    legend.appendChild(rich('span', question.prompt.html));
    if (question.type === 'multiple') legend.appendChild(el('span', 'muted', ' ' + t('quiz.choose-all')));
    this.fieldset.appendChild(legend);
    this.inputs = [];
    if (question.type === 'single' || question.type === 'multiple' || question.type === 'true-false') {
      var choices = question.type === 'true-false'
        ? [{ id: 'true', text: { html: escapeHTML(t('quiz.true')) } }, { id: 'false', text: { html: escapeHTML(t('quiz.false')) } }]
        : question.choices;
      var list = el('ul', 'choices');
      choices.forEach(function (choice) {
        var item = el('li', 'choice');
        item.setAttribute('data-choice', choice.id);
        var label = el('label');
        var input = el('input');
        input.type = question.type === 'multiple' ? 'checkbox' : 'radio';
        input.name = name;
        input.value = choice.id;
        label.appendChild(input);
        label.appendChild(rich('span', choice.text.html));
        item.appendChild(label);
        list.appendChild(item);
        self.inputs.push(input);
      });
      this.fieldset.appendChild(list);
    } else {
      var line = el('p', 'typed');
      var label = el('label', null, t(question.type === 'number' ? 'quiz.your-answer-number' : 'quiz.your-answer') + ' ');
      var input = el('input');
      input.type = 'text';
      input.autocomplete = 'off';
      input.spellcheck = false;
      if (question.type === 'number') input.inputMode = 'decimal';
      label.appendChild(input);
      line.appendChild(label);
      this.fieldset.appendChild(line);
      this.inputs.push(input);
      input.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' && self.checkButton) { event.preventDefault(); self.check(); }
      });
    }
    // Always in the accessibility tree, empty until there is something to say.
    this.feedback = el('div', 'feedback');
    this.feedback.setAttribute('role', 'status');
    this.feedback.setAttribute('aria-live', 'polite');
    this.feedback.setAttribute('tabindex', '-1');
    this.fieldset.appendChild(this.feedback);
    this.number = index + 1;
    if (quiz.quiz.mode !== 'assessment') {
      var actions = el('div', 'actions');
      // Named by their question, so that a list of the page's buttons tells them apart.
      this.checkButton = button('primary', t('quiz.check'), function () { self.check(); });
      this.checkButton.setAttribute('aria-label', t('quiz.check-label', { number: this.number }));
      this.revealButton = button(null, t('quiz.show-answer'), function () { self.reveal(); });
      this.revealButton.setAttribute('aria-label', t('quiz.show-answer-label', { number: this.number }));
      this.revealButton.hidden = true;
      actions.appendChild(this.checkButton);
      actions.appendChild(this.revealButton);
      this.fieldset.appendChild(actions);
    }
  }

  QuestionView.prototype.focusFirst = function () { if (this.inputs[0]) this.inputs[0].focus(); };

  /* The response typed or picked, or what to do first. */
  QuestionView.prototype.read = function () {
    var type = this.question.type;
    var picked = this.inputs.filter(function (input) { return input.checked; }).map(function (input) { return input.value; });
    if (type === 'single') return picked.length ? { response: { choices: picked } } : { error: t('quiz.pick-one') };
    if (type === 'multiple') return picked.length ? { response: { choices: picked } } : { error: t('quiz.pick-some') };
    if (type === 'true-false') return picked.length ? { response: { answer: picked[0] === 'true' } } : { error: t('quiz.pick-true-false') };
    var text = this.inputs[0].value.trim();
    if (!text) return { error: t('quiz.type-first') };
    if (type === 'text') return { response: { text: text } };
    var value = parseNumber(text);
    return value == null ? { error: t('quiz.type-number') } : { response: { number: value } };
  };

  /* After Check: a closed question's button is gone, so focus goes to its feedback (and
     from there on to the next question); an open one keeps focus on Check, kept in view
     below the hint. When the quiz ends, its result has the focus. */
  QuestionView.prototype.check = function () {
    var read = this.read();
    if (read.error) { this.show('wrong', null, [read.error]); keepInView(this.checkButton); return; }
    this.grade(read.response);
    this.quiz.closed();
    if (this.quiz.finished) return;
    if (this.isClosed()) focusHere(this.feedback); else keepInView(document.activeElement);
  };

  QuestionView.prototype.grade = function (response) {
    var shown;
    try {
      shown = this.quiz.attempt.answer(this.question.id, response, this.quiz.elapsed());
    } catch (error) {
      if (error && error.code === 'timeUp') { this.quiz.finish(true); return; }
      this.show('wrong', null, [t('quiz.not-checked')]);
      return;
    }
    var partial = !shown.correct && shown.points > 0;
    this.show(shown.correct ? 'right' : 'wrong', shown.correct ? t('quiz.right') : partial ? t('quiz.partly-right') : t('quiz.not-quite'), [], shown.html);
    if (shown.correct || this.quiz.quiz.mode === 'assessment') { this.close(); return; }
    this.checkButton.textContent = t('quiz.check-again');
    this.checkButton.setAttribute('aria-label', t('quiz.check-again-label', { number: this.number }));
    this.revealButton.hidden = !shown.canReveal;
  };

  QuestionView.prototype.reveal = function () {
    var shown = this.quiz.attempt.reveal(this.question.id);
    var answer = answerHTML(this.question, shown);
    var marked = shown.choices || (shown.answer != null ? [String(shown.answer)] : []);
    Array.prototype.forEach.call(this.fieldset.querySelectorAll('.choice'), function (item) {
      if (marked.indexOf(item.getAttribute('data-choice')) >= 0) item.classList.add('is-answer');
    });
    this.feedback.className = 'feedback reveal';
    this.feedback.textContent = '';
    var line = el('p');
    line.appendChild(el('strong', 'verdict', t('quiz.the-answer') + ' '));
    line.appendChild(rich('span', answer));
    this.feedback.appendChild(line);
    if (shown.html.explanation) this.feedback.appendChild(rich('p', shown.html.explanation));
    this.close();
    this.quiz.closed();
    if (!this.quiz.finished) focusHere(this.feedback);
  };

  QuestionView.prototype.show = function (kind, verdict, notes, html) {
    this.feedback.className = 'feedback ' + kind;
    this.feedback.textContent = '';
    if (verdict) {
      var first = el('p');
      first.appendChild(el('strong', 'verdict', verdict));
      this.feedback.appendChild(first);
    }
    var self = this;
    notes.forEach(function (note) { self.feedback.appendChild(el('p', null, note)); });
    if (!html) return;
    html.feedback.forEach(function (text) { self.feedback.appendChild(rich('p', text)); });
    html.hints.forEach(function (text) {
      var hint = rich('p', text, 'hint');
      var label = el('strong', null, t('quiz.hint') + ' ');
      hint.insertBefore(label, hint.firstChild);
      self.feedback.appendChild(hint);
    });
    if (html.explanation) self.feedback.appendChild(rich('p', html.explanation));
  };

  QuestionView.prototype.isClosed = function () {
    var state = this.quiz.attempt.states[this.question.id];
    return state.correct || state.revealed || state.submitted;
  };

  QuestionView.prototype.close = function () {
    this.inputs.forEach(function (input) { input.disabled = true; });
    if (this.checkButton) { this.checkButton.disabled = true; this.checkButton.hidden = true; }
    if (this.revealButton) this.revealButton.hidden = true;
  };

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function start() {
    if (!Engine) return;
    Array.prototype.forEach.call(document.querySelectorAll('section.quiz[data-quiz]'), function (section) {
      var data = document.getElementById(section.getAttribute('data-source'));
      if (!data) return;
      try { new Quiz(section, JSON.parse(data.textContent)); } catch (e) { /* the simple quiz stays */ }
    });
  }
  // A deck page loads this script only when she asks for its quiz, after the page has loaded.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
