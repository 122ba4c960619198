#!/usr/bin/env node
// Runs the scheduling vectors against the site's scheduler (Sources/FolioSite/Assets/scheduler.js),
// as Tests/FolioQuizTests/SchedulingVectorsTests.swift runs them against LeitnerSchedule.
//
//   node Tests/Conformance/run_scheduling_vectors.js
//
// Prints one line per failing case, then "N cases, M failed"; exits 1 when one fails.
'use strict';

const fs = require('fs');
const path = require('path');
const scheduler = require(path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets', 'scheduler.js'));

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, 'scheduling-vectors.json'), 'utf8'));
let failed = 0;
for (const c of vectors.cases) {
  const boxes = {};
  const problems = [];
  c.marks.forEach((m, index) => {
    boxes[m.card] = scheduler.mark(boxes[m.card] || null, m.known, m.day);
    const got = boxes[m.card] || {};
    if (got.box !== m.box || got.due !== m.due) {
      problems.push(`mark ${index + 1}: got box ${got.box} due ${got.due}, expected box ${m.box} due ${m.due}`);
    }
  });
  const due = scheduler.due(boxes, c.cards, c.today);
  if (JSON.stringify(due) !== JSON.stringify(c.dueToday)) {
    problems.push(`due on ${c.today}: got ${JSON.stringify(due)}, expected ${JSON.stringify(c.dueToday)}`);
  }
  if (problems.length) {
    failed += 1;
    console.log(`${c.why}: ${problems.join('; ')}`);
  }
}
console.log(`${vectors.cases.length} cases, ${failed} failed`);
process.exit(failed ? 1 : 0);
