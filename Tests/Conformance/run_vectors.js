#!/usr/bin/env node
// Runs the grading conformance vectors against the browser's grading engine
// (Sources/FolioSite/Assets/quiz-engine.js), reading each case exactly as
// Tests/FolioQuizTests/ConformanceTests.swift does for the Swift engine.
//
//   node Tests/Conformance/run_vectors.js [vectors.json]
//
// Prints one line per failing check, then "N cases, M failed". Exits 0 when every case
// passes, 1 when one fails (or there are fewer than 60 cases), 2 on a usage or read error.
'use strict';

const fs = require('fs');
const path = require('path');
// FOLIO_QUIZ_ENGINE names another copy of the engine, such as the compacted one a site ships.
const enginePath = process.env.FOLIO_QUIZ_ENGINE || path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets', 'quiz-engine.js');
const { QuizAttempt, GradingError, passesQuiz, missed, retrying } = require(path.resolve(enginePath));

const MINIMUM_CASES = 60;
// Every grading rule must have a case, as in testTheVectorsCoverEveryGradingRule.
const RULES = [
  'single', 'multiple', 'true-false', 'text', 'number', 'choice hint first', 'hints one per wrong try', 'feedback',
  'explanation', 'practice retry', 'reveal', 'assessment', 'points', 'partial', 'all-or-nothing', 'pass mark',
  'shuffle', 'draw', 'time_limit', 'first try', 'worked out', 'retry missed', 'review',
];

function readVectors(args) {
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error('usage: node Tests/Conformance/run_vectors.js [vectors.json]');
    process.exit(2);
  }
  const file = args[0] || path.join(__dirname, 'grading-vectors.json');
  try {
    // Seeds are 64-bit: keep their digits as strings so that no precision is lost.
    const text = fs.readFileSync(file, 'utf8').replace(/"seed"\s*:\s*(\d+)/g, '"seed": "$1"');
    const vectors = JSON.parse(text);
    if (!vectors || !Array.isArray(vectors.cases)) throw new Error('no `cases` array');
    return vectors;
  } catch (error) {
    console.error(`run_vectors: cannot read ${file}: ${error.message}`);
    process.exit(2);
  }
}

// JSON-like equality: same numbers (0 and -0 alike, as Swift's ==), strings, arrays, keys.
function same(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same(a[k], b[k]));
}

const show = (value) => (value === undefined ? 'nothing' : JSON.stringify(value));

// Runs one case; returns the failing checks as lines.
function run(c) {
  const failures = [];
  const check = (label, actual, expected) => {
    if (!same(actual, expected)) failures.push(`${label}: got ${show(actual)}, expected ${show(expected)}`);
  };
  const name = c.name;
  let attempt;
  try {
    attempt = new QuizAttempt(c.retry != null ? retrying(c.quiz, c.retry) : c.quiz, c.seed);
  } catch (error) {
    return [`${name}: the attempt cannot start: ${error.message}`];
  }
  if (c.order != null) check(`${name}: order`, attempt.questions.map((q) => q.id), c.order);
  for (const [question, order] of Object.entries(c.choiceOrder || {})) {
    const asked = attempt.question(question);
    check(`${name}: choices of ${question}`, asked ? asked.choices.map((choice) => choice.id) : null, order);
  }
  (c.steps || []).forEach((step, index) => {
    const label = `${name}, step ${index + 1}`;
    const expect = step.expect;
    try {
      if (step.reveal === true) {
        const shown = attempt.reveal(step.question);
        if (step.error != null) failures.push(`${label}: expected ${step.error}`);
        // Reveal keys are optional: only those given (and not null) are checked.
        for (const key of ['choices', 'answer', 'accept', 'number', 'explanation']) {
          if (expect && expect[key] != null) check(`${label}: ${key}`, shown[key], expect[key]);
        }
      } else if (step.response != null) {
        const shown = attempt.answer(step.question, step.response, step.elapsed ?? 0);
        if (step.error != null) failures.push(`${label}: expected ${step.error}`);
        if (!expect) return;
        for (const key of ['correct', 'hints', 'feedback', 'explanation', 'canRetry', 'canReveal', 'points']) {
          check(`${label}: ${key}`, shown[key], expect[key] ?? null);
        }
      }
    } catch (error) {
      if (!(error instanceof GradingError)) failures.push(`${label}: ${error.stack || error}`);
      else if (error.code !== step.error) failures.push(`${label}: ${error.code} (${error.message}), expected ${step.error ?? 'no error'}`);
    }
  });
  const expected = c.result || {};
  const result = attempt.result(expected.elapsed ?? 0);
  for (const key of ['score', 'total', 'percent', 'passed', 'timedOut']) {
    check(`${name}: ${key}`, result[key], expected[key] ?? null);
  }
  const outcomes = {};
  for (const q of result.questions) outcomes[q.question] = q.outcome;
  check(`${name}: outcomes`, outcomes, expected.outcomes);
  // Optional: the questions right on the first try, those missed, and whether the quiz is passed.
  if (expected.firstTry != null) check(`${name}: firstTry`, result.questions.filter((q) => q.firstTry).map((q) => q.question), expected.firstTry);
  if (expected.missed != null) check(`${name}: missed`, missed(result), expected.missed);
  if (expected.passesQuiz != null) check(`${name}: passesQuiz`, passesQuiz(result), expected.passesQuiz);
  // Optional: the review of an assessment, as question ids, each with the keys of its answer given.
  if (expected.review != null) {
    const review = attempt.review();
    check(`${name}: review`, review.map((m) => m.question), expected.review.map((m) => m.question));
    expected.review.forEach((m, index) => {
      const got = review[index];
      if (!got) return;
      if (m.hidden) { check(`${name}: review ${m.question} hidden`, got.answer, null); return; }
      for (const key of ['choices', 'answer', 'accept', 'number', 'explanation']) {
        if (m[key] != null) check(`${name}: review ${m.question} ${key}`, got.answer && got.answer[key], m[key]);
      }
    });
  }
  return failures;
}

function main() {
  const vectors = readVectors(process.argv.slice(2));
  const cases = vectors.cases;
  let failed = 0;
  if (cases.length < MINIMUM_CASES) {
    console.log(`only ${cases.length} cases: the vectors need at least ${MINIMUM_CASES}`);
    failed += 1;
  }
  const rules = cases.map((c) => c.rule).join('; ');
  for (const rule of RULES) {
    if (!rules.includes(rule)) {
      console.log(`no case for ${rule}`);
      failed += 1;
    }
  }
  let failedCases = 0;
  for (const c of cases) {
    const failures = run(c);
    if (failures.length) failedCases += 1;
    for (const line of failures) console.log(line);
  }
  console.log(`${cases.length} cases, ${failedCases} failed`);
  process.exit(failed + failedCases ? 1 : 0);
}

main();
