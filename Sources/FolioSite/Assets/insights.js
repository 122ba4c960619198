/* Anonymous insights, for a program whose folio.yaml sets `insights:` (docs/insights.md).
 * Nothing here runs, stores or sends anything until the learner says yes on the progress
 * page; each learner on a shared device says it for herself.
 *
 * The rule (InsightsRule.swift, held together by Tests/Conformance/insights-vectors.json):
 * after a finished chapter quiz, one question of the attempt is drawn at random, and three
 * bits about it (missed on the first try, worked out after the hint, quiz passed) are each
 * replaced by a fair coin with probability `randomize`: a 53-bit draw below
 * ceil(randomize * 2^53) replaces a bit, the top bit of the next draw is the coin.
 *
 * On a page: reports wait in this browser under the learner's record
 * (`folio:2:<program>[:<learner>]:insights`, { share: true, queue: [report, ...] }) until
 * they are sent to the program's `insights.url` (and only there: the page's security
 * policy allows no other address), when the device is online; without a URL, until she
 * saves or shares them as a file for the facilitator. Turning sharing off forgets the
 * queue at once. A classic script, as quiz-engine.js. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory(require('./quiz-engine.js'));
  else root.FolioInsights = factory(root.FolioQuizEngine);
})(typeof self !== 'undefined' ? self : this, function (engine) {
  'use strict';

  var BITS = ['missed', 'workedOut', 'passed'];

  function randomizedBits(truth, randomize, generator) {
    var threshold = BigInt(Math.ceil(randomize * Math.pow(2, 53))), sent = {};
    BITS.forEach(function (name) {
      sent[name] = (generator.next() >> 11n) < threshold ? (generator.next() >> 63n) === 1n : truth[name];
    });
    return sent;
  }

  /* The report for an attempt's result (QuizAttempt.result), or null when it asked nothing. */
  function report(result, program, day, randomize, generator) {
    if (!result.questions.length) return null;
    var q = result.questions[Number((generator.next() >> 11n) % BigInt(result.questions.length))];
    var truth = { missed: !q.firstTry, workedOut: q.outcome === 'correct' && !q.firstTry, passed: engine.passesQuiz(result) };
    var sent = randomizedBits(truth, randomize, generator);
    return { program: program, quiz: result.quiz, question: q.question, day: day, randomize: randomize,
      missed: sent.missed, workedOut: sent.workedOut, passed: sent.passed };
  }

  /* The browser's own randomness, as 64-bit BigInts. */
  var deviceGenerator = {
    next: function () {
      var words = new Uint32Array(2);
      self.crypto.getRandomValues(words);
      return (BigInt(words[0]) << 32n) | BigInt(words[1]);
    }
  };

  /* A file of reports, as InsightsReportFile reads it. */
  function file(reports) { return { format: 'folio-insights', version: 1, reports: reports }; }

  var api = { randomizedBits: randomizedBits, report: report, file: file };
  if (typeof document === 'undefined' || typeof window === 'undefined') return api;

  var Folio = window.Folio || {};
  var t = Folio.t || function (key) { return key; };
  var rootElement = document.documentElement;
  var randomize = Number(rootElement.getAttribute('data-insights'));
  var url = rootElement.getAttribute('data-insights-url');
  var program = rootElement.getAttribute('data-program') || 'program';
  if (!(randomize > 0 && randomize < 1) || !Folio.recordKey) return api;
  /* Reports wait at most this many, the newest kept: a file of them stays small. */
  var MOST_WAITING = 200;

  function key() { return Folio.recordKey(Folio.learners().current) + ':insights'; }
  function state() {
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(key()) || 'null'); } catch (e) { saved = null; }
    return { share: !!(saved && saved.share === true), queue: saved && Array.isArray(saved.queue) ? saved.queue : [] };
  }
  function save(value) {
    try {
      if (!value.share) window.localStorage.removeItem(key());
      else window.localStorage.setItem(key(), JSON.stringify({ share: true, queue: value.queue.slice(-MOST_WAITING) }));
    } catch (e) { /* no storage: nothing is kept, so nothing is sent */ }
  }

  var sending = false;
  /* Sends what waits to the program's address; what could not be sent waits for the next
     time the device is online. No cookie, no referrer, nothing but the reports. */
  function send() {
    var now = state();
    if (!url || !now.share || !now.queue.length || sending || !window.fetch) return Promise.resolve(false);
    if (navigator.onLine === false) return Promise.resolve(false);
    sending = true;
    var batch = now.queue.slice();
    return window.fetch(url, { method: 'POST', body: JSON.stringify(file(batch)), headers: { 'Content-Type': 'text/plain' },
      credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store', keepalive: true })
      .then(function (response) {
        // Refused as malformed or too large: sending it again would be refused again.
        if (response.ok || response.status === 400 || response.status === 413) {
          var after = state();
          after.queue = after.queue.slice(batch.length);
          save(after);
          return true;
        }
        return false;
      }, function () { return false; })
      .then(function (sent) { sending = false; show(); return sent; });
  }

  /* After a finished chapter quiz (quiz.js): one report, if she shares. */
  Folio.insightsAfterQuiz = function (result) {
    var now = state();
    if (!now.share) return;
    var made = report(result, program, Folio.day(), randomize, deviceGenerator);
    if (!made) return;
    now.queue.push(made);
    save(now);
    send();
  };

  function share() {
    var now = state();
    if (!now.queue.length) return;
    var name = 'folio-insights-' + Folio.day() + '.json';
    var text = JSON.stringify(file(now.queue));
    var done = function () {
      var after = state();
      after.queue = after.queue.slice(now.queue.length);
      save(after);
      show();
    };
    var blob = new Blob([text], { type: 'application/json' });
    if (typeof File === 'function' && navigator.canShare && navigator.share) {
      var shared = new File([blob], name, { type: 'application/json' });
      if (navigator.canShare({ files: [shared] })) {
        navigator.share({ files: [shared], title: t('insights.file-title') }).then(done, function () { /* not shared: kept */ });
        return;
      }
    }
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
    done();
  }

  /* The progress page's part: the choice, and what waits. */
  function show() {
    var place = document.getElementById('insights');
    if (!place) return;
    var now = state();
    var box = document.getElementById('insights-share');
    box.checked = now.share;
    var waiting = document.getElementById('insights-waiting');
    var button = document.getElementById('insights-file');
    var count = now.queue.length;
    waiting.hidden = !now.share;
    waiting.textContent = !count ? t('insights.nothing-waiting') : url ? t('insights.waiting-to-send', { count: count })
      : t('insights.waiting-to-share', { count: count });
    // The button's row too, so that no empty row stands where it is not.
    if (button) button.hidden = button.parentNode.hidden = !now.share || !count || !!url;
  }

  function start() {
    var place = document.getElementById('insights');
    if (place) {
      document.getElementById('insights-share').addEventListener('change', function (event) {
        // Off: the reports that wait are forgotten at once, and nothing more is made.
        save({ share: event.target.checked, queue: event.target.checked ? state().queue : [] });
        show();
        send();
      });
      var button = document.getElementById('insights-file');
      if (button) button.addEventListener('click', share);
      show();
    }
    send();
  }
  // "Forget my progress" forgets her reports waiting to be sent, and her yes to them.
  var forget = Folio.clearProgress;
  if (forget) Folio.clearProgress = function () { forget(); save({ share: false, queue: [] }); };
  window.addEventListener('online', function () { send(); });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
  Folio.sendInsights = send;
  return api;
});
