/* A progress file ("Save my progress to a file"), checked record by record by the rules
 * of Sources/FolioProgress/progress-file.schema.json, as FolioProgress's ProgressFile
 * checks it (Tests/Support/check_progress_files.py holds the three to the same examples).
 * A file whose top level breaks them is refused; a record that breaks them is left out,
 * with where it stands and why. What is kept is copied, field by field of the schema,
 * into objects without a prototype, so that no key of the file can reach
 * Object.prototype. Pure, no DOM; a classic script, as scheduler.js. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.FolioProgressFile = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  var LIMITS = { records: 500, key: 200, time: 8640000000000000, seconds: 604800, points: 100000, count: 100000,
    prompt: 2000, text: 20000, decks: 1000, cardsPerDeck: 5000, chapters: 5000 };
  var FORBIDDEN = ['__proto__', 'constructor', 'prototype'];
  var own = Object.prototype.hasOwnProperty;

  function length(text) { return Array.from(text).length; }
  function isObject(value) { return value !== null && typeof value === 'object' && !Array.isArray(value); }
  function isKey(key) { return FORBIDDEN.indexOf(key) < 0 && length(key) <= LIMITS.key; }
  function badKey(object) { return Object.keys(object).filter(function (key) { return !isKey(key); })[0]; }
  function isID(value) { return typeof value === 'string' && value.length <= LIMITS.key && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value); }
  function isDay(value) {
    var match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(typeof value === 'string' ? value : '');
    if (!match) return false;
    var year = Number(match[1]), month = Number(match[2]), day = Number(match[3]);
    var leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    var days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    return month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1];
  }
  function isNumber(value, max, whole) {
    return typeof value === 'number' && isFinite(value) && value >= 0 && value <= max && (!whole || Number.isInteger(value));
  }
  function isText(value, max) { return typeof value === 'string' && length(value) <= max; }
  function has(fields, name) { return own.call(fields, name); }
  /* A reason in the page's language (Folio.t, site.js); under Node.js, its key. */
  function t(key, values) {
    var folio = typeof self !== 'undefined' ? self.Folio : null;
    return folio && folio.t ? folio.t(key, values) : key;
  }

  function when(fields) {
    if (!has(fields, 'day') || !isDay(fields.day)) return t('progress-file.day');
    if (!has(fields, 'at') || !isNumber(fields.at, LIMITS.time, true)) return t('progress-file.time');
    return null;
  }
  function chapter(fields) { return has(fields, 'chapter') && fields.chapter !== null && !isID(fields.chapter); }
  function seconds(fields) { return has(fields, 'seconds') && !isNumber(fields.seconds, LIMITS.seconds); }

  var RULES = {
    attempts: function (fields) {
      if (!has(fields, 'quiz') || !isID(fields.quiz)) return t('progress-file.quiz');
      if (chapter(fields)) return t('progress-file.chapter');
      if (has(fields, 'deck') && !isID(fields.deck)) return t('progress-file.deck');
      var problem = when(fields);
      if (problem) return problem;
      if (seconds(fields)) return t('progress-file.seconds');
      var points = ['score', 'total'].filter(function (name) { return has(fields, name) && !isNumber(fields[name], LIMITS.points); })[0];
      if (points) return t('progress-file.points', { field: points, max: LIMITS.points });
      if (!has(fields, 'percent') || !isNumber(fields.percent, 100)) return t('progress-file.percent');
      if (!has(fields, 'passed') || typeof fields.passed !== 'boolean') return t('progress-file.passed');
      return null;
    },
    sessions: function (fields) {
      if (!has(fields, 'deck') || !isID(fields.deck)) return t('progress-file.deck');
      var problem = when(fields);
      if (problem) return problem;
      if (seconds(fields)) return t('progress-file.seconds');
      var count = ['known', 'notYet'].filter(function (name) { return has(fields, name) && !isNumber(fields[name], LIMITS.count, true); })[0];
      if (count) return t('progress-file.cards', { field: count });
      return null;
    },
    thoughts: function (fields) {
      if (!has(fields, 'quiz') || !isID(fields.quiz)) return t('progress-file.quiz');
      if (chapter(fields)) return t('progress-file.chapter');
      if (!has(fields, 'reflection') || !isID(fields.reflection)) return t('progress-file.reflection');
      if (has(fields, 'prompt') && !isText(fields.prompt, LIMITS.prompt)) return t('progress-file.prompt');
      if (!has(fields, 'text') || !isText(fields.text, LIMITS.text) || fields.text === '') {
        return t('progress-file.text', { max: LIMITS.text });
      }
      return when(fields);
    }
  };
  /* The fields of each record the schema names: the only ones copied. */
  var FIELDS = {
    attempts: ['quiz', 'chapter', 'deck', 'day', 'at', 'seconds', 'score', 'total', 'percent', 'passed'],
    sessions: ['deck', 'day', 'at', 'seconds', 'known', 'notYet'],
    thoughts: ['quiz', 'chapter', 'reflection', 'prompt', 'text', 'day', 'at']
  };

  function copy(fields, names) {
    var record = Object.create(null);
    names.forEach(function (name) { if (has(fields, name)) record[name] = fields[name]; });
    return record;
  }

  function refuse(problem) { return { problem: problem, refused: [], attempts: [], sessions: [], thoughts: [], cards: Object.create(null), read: Object.create(null) }; }

  /* `file`, as JSON.parse made it: { problem } when it is refused whole, else the records
     kept (attempts, sessions, thoughts; cards and read as maps) and `refused`, a list of
     { place, reason }. */
  function check(file) {
    if (!isObject(file)) return refuse(t('progress-file.not-progress'));
    var key = badKey(file);
    if (key !== undefined) return refuse(t('progress-file.key', { key: key }));
    if (file.format !== 'folio-progress' || file.version !== 1) return refuse(t('progress-file.not-progress'));
    if (!isID(file.program)) return refuse(t('progress-file.program'));
    if (has(file, 'saved') && !isDay(file.saved)) return refuse(t('progress-file.saved'));
    var progress = file.progress;
    if (!has(file, 'progress') || !isObject(progress)) return refuse(t('progress-file.no-progress'));
    key = badKey(progress);
    if (key !== undefined) return refuse(t('progress-file.key', { key: key }));
    var result = refuse(null);
    var lists = ['attempts', 'sessions', 'thoughts'];
    for (var l = 0; l < lists.length; l++) {
      var list = lists[l];
      if (!has(progress, list)) continue;
      var records = progress[list];
      if (!Array.isArray(records) || records.length > LIMITS.records) return refuse(t('progress-file.list', { field: list, max: LIMITS.records }));
      records.forEach(function (record, index) {
        var bad = isObject(record) ? badKey(record) : undefined;
        var reason = !isObject(record) ? t('progress-file.not-record') : bad !== undefined ? t('progress-file.record-key', { key: bad }) : RULES[list](record);
        if (reason) result.refused.push({ place: list + '[' + index + ']', reason: reason });
        else result[list].push(copy(record, FIELDS[list]));
      });
    }
    if (has(progress, 'cards')) {
      var decks = progress.cards;
      if (!isObject(decks) || Object.keys(decks).length > LIMITS.decks) return refuse(t('progress-file.decks'));
      Object.keys(decks).sort().forEach(function (deck) {
        var marks = decks[deck];
        var sound = isKey(deck) && isID(deck) && isObject(marks) && Object.keys(marks).length <= LIMITS.cardsPerDeck &&
          Object.keys(marks).every(function (card) { return isKey(card) && isID(card) && typeof marks[card] === 'boolean'; });
        if (!sound) {
          result.refused.push({ place: 'cards.' + deck, reason: t('progress-file.marks') });
          return;
        }
        var kept = Object.create(null);
        Object.keys(marks).forEach(function (card) { kept[card] = marks[card]; });
        result.cards[deck] = kept;
      });
    }
    if (has(progress, 'read')) {
      var chapters = progress.read;
      if (!isObject(chapters) || Object.keys(chapters).length > LIMITS.chapters) return refuse(t('progress-file.chapters'));
      Object.keys(chapters).sort().forEach(function (chapter) {
        if (isKey(chapter) && isID(chapter) && isDay(chapters[chapter])) result.read[chapter] = chapters[chapter];
        else result.refused.push({ place: 'read.' + chapter, reason: t('progress-file.read') });
      });
    }
    return result;
  }

  /* `text`, the file's words: the same, after JSON.parse. */
  function read(text) {
    var file;
    try { file = JSON.parse(text); } catch (e) { return refuse(t('progress-file.not-json')); }
    return check(file);
  }

  return { check: check, read: read, LIMITS: LIMITS };
});
