#!/usr/bin/env node
// Runs the insights vectors against the site's rule (`report` in
// Sources/FolioSite/Assets/insights.js), as Tests/FolioQuizTests/InsightsVectorsTests.swift
// runs them against InsightsRule.
//
//   node Tests/Conformance/run_insights_vectors.js
//
// Prints one line per failing case, then "N cases, M failed"; exits 1 when one fails.
'use strict';

const fs = require('fs');
const path = require('path');
const assets = path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets');
const { SeededGenerator } = require(path.join(assets, 'quiz-engine.js'));
const { report: insightsReport } = require(path.join(assets, 'insights.js'));

// Seeds are 64-bit: keep their digits as strings so that no precision is lost.
const text = fs.readFileSync(path.join(__dirname, 'insights-vectors.json'), 'utf8').replace(/"seed"\s*:\s*(\d+)/g, '"seed": "$1"');
const vectors = JSON.parse(text);
let failed = 0;
for (const c of vectors.cases) {
  const generator = new SeededGenerator(BigInt(c.seed));
  const got = insightsReport(c.result, 'program', '2026-11-28', c.randomize, generator);
  const want = { program: 'program', quiz: c.result.quiz, day: '2026-11-28', randomize: c.randomize, ...c.report };
  const keys = ['program', 'quiz', 'question', 'day', 'randomize', 'missed', 'workedOut', 'passed'];
  if (!got || keys.some((k) => got[k] !== want[k]) || Object.keys(got).length !== keys.length) {
    failed += 1;
    console.log(`${c.why}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
  }
}
console.log(`${vectors.cases.length} cases, ${failed} failed`);
process.exit(failed || vectors.cases.length < 100 ? 1 : 0);
