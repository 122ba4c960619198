/* Folio quiz engine: grades like Sources/FolioQuiz (checked by Tests/Conformance/run_vectors.js).
 * Pure, no DOM. A classic script, since pages open from file:// where modules are blocked. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.FolioQuizEngine = factory();
})(typeof self !== 'undefined' ? self : this, function () {
'use strict';

const u64 = (x) => BigInt.asUintN(64, x);

// SplitMix64 in BigInt, so a seed draws and shuffles as in Swift.
class SeededGenerator {
  constructor(seed) { this.state = u64(BigInt(seed ?? 0)); }

  // The next 64-bit value (a BigInt).
  next() {
    let z = (this.state = u64(this.state + 0x9e3779b97f4a7c15n));
    z = u64((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = u64((z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return z ^ (z >> 31n);
  }

  // A number in 0..<bound.
  below(bound) { return Number((this.next() >> 11n) % BigInt(bound)); }

  // A shuffled copy: Fisher-Yates from the last element down.
  shuffled(items) {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  }
}

const NEEDS = { single: '`choices` with one choice id', multiple: '`choices` with choice ids',
  'true-false': '`answer` true or false', text: '`text`', number: '`number`' };
const MESSAGES = {
  unknownQuestion: (q) => `there is no question \`${q}\` in this quiz: it no longer exists (removed, or its prompt changed and it states no id), so this answer is not graded`,
  wrongResponseType: (q, t) => `question \`${q}\` is a ${t} question and needs ${NEEDS[t]}`,
  unknownChoice: (q, c) => `question \`${q}\` has no choice \`${c}\`: this choice no longer exists (removed, or its text changed and it states no id), so the answer is not graded as another`,
  oneChoiceOnly: (q) => `question \`${q}\` takes exactly one choice`,
  questionClosed: (q) => `question \`${q}\` is already answered`,
  revealNotAllowed: (q) => `question \`${q}\` cannot be revealed yet: use every hint first (practice mode only)`,
  timeUp: () => 'the time limit is over',
};

// A response that cannot be graded: `code` is the Swift case, the message its description.
class GradingError extends Error {
  constructor(code, question, detail) {
    super(MESSAGES[code](question, detail));
    this.name = 'GradingError';
    this.code = code;
  }
}

// Latin letters without a decomposition, spelled plainly (l o ae oe d d th h t); sharp s
// as ss (only capital sharp s, whose upper case is itself, leaves one); final sigma as
// sigma, since toLowerCase turns a capital sigma that ends a word into it.
const PLAIN = { '\u0142': 'l', '\u00f8': 'o', '\u00e6': 'ae', '\u0153': 'oe', '\u0111': 'd', '\u00f0': 'd',
  '\u00fe': 'th', '\u0127': 'h', '\u0167': 't', '\u00df': 'ss', '\u03c2': '\u03c3' };
const UNPLAIN = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');

// A typed answer as compared (docs/commands.md, "Grading"): NFKD, upper then lower case, NFKD,
// Mn and Me marks dropped, PLAIN, then words of letters, numbers and Mc marks split at
// White_Space (anything else is dropped), joined by one space.
function normalizeText(text) {
  return String(text).normalize('NFKD').toUpperCase().toLowerCase().normalize('NFKD')
    .replace(/[\p{Mn}\p{Me}]/gu, '').replace(UNPLAIN, (c) => PLAIN[c])
    .replace(/[^\p{L}\p{N}\p{Mc}\p{White_Space}]/gu, '')
    .split(/\p{White_Space}+/u).filter(Boolean).join(' ');
}

// Whether a typed answer matches an accepted one; an empty answer never does.
function textMatches(text, accept) {
  const given = normalizeText(text);
  return given !== '' && (accept || []).some((a) => normalizeText(a) === given);
}

const list = (x) => x || [];
const md = (rich) => (rich ? rich.markdown : null);
const markdowns = (choices, key) => choices.filter((c) => c[key]).map((c) => c[key].markdown);
const htmls = (choices, key) => choices.filter((c) => c[key]).map((c) => c[key].html);

// A response's form as Response.swift decodes it: the first key present decides.
function kindOf(r) {
  r = r || {};
  if (r.choices != null) return Array.isArray(r.choices) && r.choices.every((id) => typeof id === 'string') && 'choices';
  if (r.answer != null) return typeof r.answer === 'boolean' && 'true-false';
  if (r.text != null) return typeof r.text === 'string' && 'text';
  return typeof r.number === 'number' && 'number';
}

// Grades one response: {correct, fraction, wrongChoices, rightChoices}, or throws GradingError.
function gradeQuestion(question, response) {
  const type = question.type, kind = kindOf(response), id = question.id;
  let correct;
  if (kind === 'choices' && (type === 'single' || type === 'multiple')) {
    const choices = list(question.choices), picked = new Set();
    for (const c of response.choices) {
      if (!choices.some((x) => x.id === c)) throw new GradingError('unknownChoice', id, c);
      picked.add(c);
    }
    if (type === 'single' && picked.size !== 1) throw new GradingError('oneChoiceOnly', id);
    const chosen = choices.filter((c) => picked.has(c.id)); // in the order shown
    const wrong = chosen.filter((c) => !c.correct), right = chosen.filter((c) => c.correct);
    const count = choices.filter((c) => c.correct).length;
    correct = !wrong.length && right.length === count;
    // Partial credit: a share per right pick, minus one per wrong pick, never below 0.
    const fraction = type === 'multiple' && question.partial && !correct && count > 0
      ? Math.max(0, (right.length - wrong.length) / count) : +correct;
    return { correct, fraction, wrongChoices: wrong, rightChoices: right };
  }
  if (kind !== type) throw new GradingError('wrongResponseType', id, type);
  const v = response.number;
  if (type === 'true-false') correct = response.answer === question.answer;
  else if (type === 'text') correct = textMatches(response.text, question.accept);
  else correct = Number.isFinite(v) && Math.abs(v - (question.number ?? NaN)) <= (question.tolerance ?? 0) + 1e-9;
  return { correct, fraction: +correct, wrongChoices: [], rightChoices: [] };
}

// Swift's rounded(): halves away from zero (Math.round takes -2.5 to -2).
const rounded = (x) => (x < 0 || Object.is(x, -0) ? -1 : 1) * Math.round(Math.abs(x));

// One learner's attempt at a bundle quiz: questions drawn and shuffled by seed.
class QuizAttempt {
  constructor(quiz, seed) {
    const random = new SeededGenerator(seed), shuffle = quiz.shuffle;
    let pool = list(quiz.questions).slice();
    if (typeof quiz.draw === 'number' && quiz.draw < pool.length) {
      // The drawn questions keep the written order unless questions are shuffled.
      const picked = new Set(random.shuffled(pool.map((_, i) => i)).slice(0, Math.max(0, quiz.draw)));
      pool = pool.filter((_, i) => picked.has(i));
    }
    if (shuffle === 'questions' || shuffle === 'both') pool = random.shuffled(pool);
    if (shuffle === 'choices' || shuffle === 'both') pool = pool.map((q) => ({ ...q, choices: random.shuffled(list(q.choices)) }));
    this.quiz = quiz;
    this.questions = pool;
    this.states = Object.create(null);
    for (const q of pool) {
      this.states[q.id] = { wrongTries: 0, correct: false, revealed: false, submitted: false, earned: 0,
        get closed() { return this.correct || this.revealed || this.submitted; } };
    }
  }

  // The question asked with this id (choices in the order shown), or undefined.
  question(id) { return this.questions.find((q) => q.id === id); }

  // The question and its state, or GradingError unknownQuestion.
  find(id) {
    const q = this.question(id);
    if (!q) throw new GradingError('unknownQuestion', id);
    return [q, this.states[id]];
  }

  // Grades a try made elapsedSeconds after the start; returns what the learner is shown.
  answer(id, response, elapsedSeconds = 0) {
    const [q, state] = this.find(id), limit = this.quiz.timeLimitSeconds;
    if (limit != null && elapsedSeconds > limit) throw new GradingError('timeUp');
    if (state.closed) throw new GradingError('questionClosed', id);
    const grade = gradeQuestion(q, response), hints = list(q.hints);
    const shown = { correct: grade.correct, hints: [], feedback: [], explanation: null, canRetry: false, canReveal: false };
    // The first try decides the points, in both modes; a retry only closes the question.
    if (!state.wrongTries) state.earned = q.points * grade.fraction;
    if (this.quiz.mode === 'assessment') {
      state.submitted = true; // one submission, right or wrong
      state.correct = grade.correct;
    } else if (grade.correct) {
      state.correct = true;
    } else {
      shown.canRetry = true;
      shown.canReveal = revealAllowed(++state.wrongTries, hints.length);
    }
    // `html` holds the same texts as HTML, for pages.
    shown.html = { hints: [], feedback: [], explanation: null };
    if (grade.correct) {
      shown.feedback = markdowns(grade.rightChoices, 'feedback');
      shown.explanation = md(q.explanation);
      shown.html.feedback = htmls(grade.rightChoices, 'feedback');
      shown.html.explanation = q.explanation ? q.explanation.html : null;
    } else {
      // The wrong choices' hints, then the question's hint for this wrong try.
      state.wrongTries = state.wrongTries || 1;
      shown.hints = markdowns(grade.wrongChoices, 'hint');
      shown.html.hints = htmls(grade.wrongChoices, 'hint');
      if (state.wrongTries <= hints.length) {
        shown.hints.push(hints[state.wrongTries - 1].markdown);
        shown.html.hints.push(hints[state.wrongTries - 1].html);
      }
    }
    shown.points = state.earned;
    return shown;
  }

  // Practice mode, once revealAllowed: the right answer; the question keeps what its first try earned.
  reveal(id) {
    const [q, state] = this.find(id);
    if (this.quiz.mode === 'assessment' || state.closed || !revealAllowed(state.wrongTries, list(q.hints).length)) {
      throw new GradingError('revealNotAllowed', id);
    }
    state.revealed = true;
    return answerKey(q);
  }

  // An assessment, once over: each question not right, in the order asked, with its right
  // answer and explanation unless the quiz has showAnswers false (answer null). Practice: none.
  review() {
    if (this.quiz.mode !== 'assessment') return [];
    return this.questions.filter((q) => !this.states[q.id].correct)
      .map((q) => ({ question: q.id, answer: this.quiz.showAnswers === false ? null : answerKey(q) }));
  }

  // How the attempt ended, per question and in total; percent has two decimals.
  result(elapsedSeconds = 0) {
    let score = 0, total = 0;
    const questions = this.questions.map((q) => {
      const s = this.states[q.id];
      score += s.earned;
      total += q.points;
      const outcome = s.revealed ? 'revealed' : s.correct ? 'correct' : s.submitted || s.wrongTries ? 'incorrect' : 'unanswered';
      return { question: q.id, outcome, points: s.earned, possible: q.points, tries: s.wrongTries + s.correct,
        firstTry: s.correct && !s.wrongTries };
    });
    const percent = total > 0 ? rounded(score / total * 100 * 100) / 100 : 0;
    const { timeLimitSeconds: limit, passPercent: pass } = this.quiz;
    return { quiz: this.quiz.id, questions, score, total, percent, passed: pass == null ? null : percent + 1e-9 >= pass,
      timedOut: limit != null && elapsedSeconds > limit, elapsedSeconds };
  }
}

// The right answer of a question and its explanation, as reveal and review show them.
function answerKey(q) {
  const choice = q.type === 'single' || q.type === 'multiple';
  return { choices: choice ? list(q.choices).filter((c) => c.correct).map((c) => c.id) : null,
    answer: q.answer ?? null, accept: q.accept ?? null, number: q.number ?? null, explanation: md(q.explanation),
    html: { explanation: q.explanation ? q.explanation.html : null } };
}

// Whether a practice question may show its answer: after two wrong tries at least, and
// not before each of its hints was shown (one per wrong try), whichever comes later.
const revealAllowed = (wrongTries, hints) => wrongTries >= Math.max(2, hints);

// Whether a result passes its quiz: the pass mark, or without one every question right the first time.
const passesQuiz = (result) => (result.passed != null ? result.passed : result.questions.every((q) => q.firstTry));

// The questions of a result not right on the first try, in the order asked.
const missed = (result) => result.questions.filter((q) => !q.firstTry).map((q) => q.question);

// The quiz again with only the questions `ids`, in that order ("try the ones I missed"):
// its mode and choice shuffling, but no draw, question shuffling, time limit or pass mark.
function retrying(quiz, ids) {
  const questions = ids.map((id) => list(quiz.questions).find((q) => q.id === id)).filter(Boolean);
  const shuffle = quiz.shuffle === 'choices' || quiz.shuffle === 'both' ? 'choices' : 'none';
  const copy = { ...quiz, questions, shuffle };
  delete copy.draw;
  delete copy.timeLimitSeconds;
  delete copy.passPercent;
  return copy;
}

return { QuizAttempt, SeededGenerator, GradingError, gradeQuestion, normalizeText, textMatches, revealAllowed, passesQuiz, missed, retrying };
});
