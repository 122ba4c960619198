#!/usr/bin/env node
// Runs the search vectors against the site's search script (Sources/FolioSite/Assets/search.js),
// as Tests/FolioQuizTests/SearchVectorsTests.swift runs them against SearchIndex.search.
//
//   node Tests/Conformance/run_search_vectors.js
//
// Prints one line per failing case, then "N cases, M failed"; exits 1 when one fails.
'use strict';

const fs = require('fs');
const path = require('path');
const { search } = require(path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets', 'search.js'));

const vectors = JSON.parse(fs.readFileSync(path.join(__dirname, 'search-vectors.json'), 'utf8'));
// The page's short keys, as SearchPageIndex writes them.
const entries = vectors.entries.map((e) => ({ k: e.kind, t: e.title, u: e.id, n: e.titleWords, w: e.words, o: e.order, id: e.id }));
let failed = 0;
for (const c of vectors.cases) {
  const found = search(entries, c.query).found.map((e) => e.id);
  if (JSON.stringify(found) !== JSON.stringify(c.found)) {
    failed += 1;
    console.log(`"${c.query}": got ${JSON.stringify(found)}, expected ${JSON.stringify(c.found)} (${c.why})`);
  }
}
console.log(`${vectors.cases.length} cases, ${failed} failed`);
process.exit(failed ? 1 : 0);
