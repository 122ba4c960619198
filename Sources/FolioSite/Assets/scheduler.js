/* When each flashcard comes back, by Leitner boxes, as LeitnerSchedule in Sources/FolioQuiz
 * (checked by Tests/Conformance/run_scheduling_vectors.js). Five boxes: a card in box 1
 * comes back the same day, in box 2 a day later, then 3, 7 and 14 days later, by local
 * calendar day. A card never marked is due. "I knew it" on a due card moves it up a box
 * (box 5 stays box 5); on a card not due yet it changes nothing. "Not yet" puts it back
 * in box 1. A card is due when today is its due day or later. Days are YYYY-MM-DD.
 * Pure, no DOM. A classic script, since pages open from file:// where modules are blocked. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.FolioScheduler = factory();
})(typeof self !== 'undefined' ? self : this, function () {
  'use strict';

  var INTERVALS = [0, 1, 3, 7, 14];

  function div(a, b) { return Math.trunc(a / b); }

  /* Days since 1970-01-01 of a YYYY-MM-DD day, or null (Hinnant's days_from_civil, with
     Swift's integer division, so both count alike). */
  function dayNumber(day) {
    var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typeof day === 'string' ? day : '');
    if (!match) return null;
    var y = Number(match[1]), m = Number(match[2]), d = Number(match[3]);
    if (m < 1 || m > 12 || d < 1 || d > 31) return null;
    var year = m <= 2 ? y - 1 : y;
    var era = div(year >= 0 ? year : year - 399, 400);
    var yearOfEra = year - era * 400;
    var dayOfYear = div(153 * (m + (m > 2 ? -3 : 9)) + 2, 5) + d - 1;
    var dayOfEra = yearOfEra * 365 + div(yearOfEra, 4) - div(yearOfEra, 100) + dayOfYear;
    return era * 146097 + dayOfEra - 719468;
  }

  /* The YYYY-MM-DD of a day number (Hinnant's civil_from_days). */
  function dayString(number) {
    var z = number + 719468;
    var era = div(z >= 0 ? z : z - 146096, 146097);
    var dayOfEra = z - era * 146097;
    var yearOfEra = div(dayOfEra - div(dayOfEra, 1460) + div(dayOfEra, 36524) - div(dayOfEra, 146096), 365);
    var dayOfYear = dayOfEra - (365 * yearOfEra + div(yearOfEra, 4) - div(yearOfEra, 100));
    var mp = div(5 * dayOfYear + 2, 153);
    var day = dayOfYear - div(153 * mp + 2, 5) + 1;
    var month = mp < 10 ? mp + 3 : mp - 9;
    var year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    function pad(value, width) { var text = String(value); while (text.length < width) text = '0' + text; return text; }
    return pad(year, 4) + '-' + pad(month, 2) + '-' + pad(day, 2);
  }

  function stateIsDue(state, today) {
    var due = dayNumber(state.due);
    // A due day that does not parse (a record edited by hand) makes the card due.
    return due === null || today >= due;
  }

  /* Whether a card in `state` ({box, due}, or null when never marked) is due on `today`. */
  function isDue(state, today) {
    if (!state || typeof state !== 'object') return true;
    var number = dayNumber(today);
    return number !== null && stateIsDue(state, number);
  }

  /* The card's state after her mark on `day`: a new {box, due}, or `state` itself when
     the mark changes nothing. */
  function mark(state, known, day) {
    var today = dayNumber(day);
    if (today === null) return state;
    var current = state && typeof state === 'object' && state.box >= 1 ? state : null;
    if (known && current && !stateIsDue(current, today)) return state;
    var box = known ? Math.min((current ? Math.min(current.box, INTERVALS.length) : 1) + 1, INTERVALS.length) : 1;
    return { box: box, due: dayString(today + INTERVALS[box - 1]) };
  }

  /* The ids of `ids` due on `today`, in the order given; `boxes` maps an id to its state. */
  function due(boxes, ids, today) {
    return ids.filter(function (id) { return isDue(boxes ? boxes[id] : null, today); });
  }

  return { INTERVALS: INTERVALS, dayNumber: dayNumber, dayString: dayString, isDue: isDue, mark: mark, due: due };
});
