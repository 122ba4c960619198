#!/usr/bin/env node
// Runs the duration vectors against the site's Folio.duration (Sources/FolioSite/Assets/site.js),
// as Tests/FolioSiteTests/DurationVectorsTests.swift runs them against DurationText.
//
//   node Tests/Conformance/run_duration_vectors.js
//
// site.js is a page's script: it is run here with a page that has nothing in it (no
// storage, no attributes), which is all its first lines ask of one.
// Prints one line per failing case, then "N cases, M failed"; exits 1 when one fails.
'use strict';

const fs = require('fs');
const path = require('path');
const vm = require('vm');

const source = fs.readFileSync(path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets', 'site.js'), 'utf8');
const element = { getAttribute: () => null, setAttribute() {}, removeAttribute() {} };
const window = { location: { protocol: 'file:', search: '' }, navigator: {}, scrollY: 0 };
const page = {
  window,
  document: { documentElement: element, addEventListener() {}, getElementById: () => null, querySelectorAll: () => [] },
  navigator: window.navigator, location: window.location, Promise, JSON, Math, Date, Object, Array, String, Number, console,
};
vm.runInNewContext(source, page);
const duration = window.Folio.duration;

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, 'duration-vectors.json'), 'utf8'));
let failed = 0;
for (const c of vectors.cases) {
  const text = duration(c.seconds);
  if (text !== c.text) {
    failed += 1;
    console.log(`${c.seconds} s: got "${text}", expected "${c.text}" (${c.why})`);
  }
}
console.log(`${vectors.cases.length} cases, ${failed} failed`);
process.exit(failed ? 1 : 0);
