#!/usr/bin/env node
// Prints how the web engine (Sources/FolioSite/Assets/quiz-engine.js) normalizes typed
// answers for a fixed list of inputs, made here; Tests/FolioQuizTests/TextFoldingTests.swift
// runs this script and compares every line with FolioQuiz's TextAnswer.normalized.
//
//   node Tests/Conformance/text_folding_check.js
//
// The first line is "folio-text-folding unicode <node's Unicode version> <number of inputs>".
// Then one line per input, four fields separated by tabs, each a list of code points in
// hex separated by spaces: the input, its normalized form, and, of the input's code
// points, those unassigned (General_Category Cn) in node's Unicode data and those that
// NFKD changes there (which have a decomposition).
//
// The inputs, always the same and in the same order for a given Unicode version of node:
//   - every code point from U+0000 to U+FFFF on its own, except the surrogates (which are
//     not characters and cannot be in a Swift string);
//   - every other code point that node's Unicode data assigns, on its own, but for private
//     use and ideographs (except the compatibility ideographs);
//   - every combining mark (General_Category M) of any plane after each of a few letters;
//   - 4,000 mixed strings drawn with SplitMix64 from seed 2024 out of characters that
//     test each step: spaces, punctuation, cased letters with special mappings, marks,
//     ligatures, full-width forms, the letters spelled plainly, emoji and joiners.
'use strict';

const path = require('path');
const { normalizeText, SeededGenerator } = require(path.join(__dirname, '..', '..', 'Sources', 'FolioSite', 'Assets', 'quiz-engine.js'));

const inputs = [];
const range = (first, last) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const char = (c) => String.fromCodePoint(c);

for (const c of range(0x0000, 0xffff)) if (c < 0xd800 || c > 0xdfff) inputs.push(char(c));

// Outside the first plane: what node's Unicode data assigns, but for private use and
// ideographs (tens of thousands of letters alike), except the compatibility ideographs,
// which decompose.
const ELSEWHERE = /[\p{Cn}\p{Co}\p{Ideographic}]/u;
for (const c of range(0x10000, 0x10ffff)) {
  if (!ELSEWHERE.test(char(c)) || (c >= 0x2f800 && c <= 0x2fa1f)) inputs.push(char(c));
}

const MARK = /\p{M}/u;
const marks = range(0, 0x10ffff).filter((c) => (c < 0xd800 || c > 0xdfff) && MARK.test(char(c)));
for (const base of ['a', 'I', '\u0131', '\u00f8', '\u03c3', '\u0438', '\u0915', '\u1100']) {
  for (const m of marks) inputs.push(base + char(m));
}

// Pieces of the mixed strings: [first, last] code point ranges, drawn with equal chance.
const PIECES = [
  [0x20, 0x7e], [0x20, 0x20], [0x41, 0x5a], [0x61, 0x7a], [0x30, 0x39], // ASCII
  [0x09, 0x0d], [0x85, 0x85], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], // White_Space
  [0x200b, 0x200d], [0x2060, 0x2060], [0xfeff, 0xfeff], [0xad, 0xad], [0x1c, 0x1f], // format, separators
  [0x2018, 0x201f], [0x2010, 0x2015], [0xab, 0xab], [0xbb, 0xbb], [0x2026, 0x2026], [0x2c, 0x2f], [0x27, 0x27],
  [0xc0, 0xff], [0x100, 0x17f], [0x180, 0x24f], [0x1e00, 0x1eff], // Latin
  [0x141, 0x142], [0xd8, 0xd8], [0xf8, 0xf8], [0xc6, 0xc6], [0xe6, 0xe6], [0x152, 0x153], [0x110, 0x111],
  [0xd0, 0xd0], [0xf0, 0xf0], [0xde, 0xde], [0xfe, 0xfe], [0x126, 0x127], [0x166, 0x167], [0x13f, 0x140],
  [0x130, 0x131], [0xdf, 0xdf], [0x1e9e, 0x1e9e], [0x149, 0x149], [0x1f0, 0x1f0], [0x17f, 0x17f],
  [0x1c4, 0x1cc], [0x132, 0x133], [0xfb00, 0xfb06], // special case mappings, digraphs, ligatures
  [0x370, 0x3ff], [0x3a3, 0x3a3], [0x3c2, 0x3c2], [0x1f00, 0x1fff], // Greek
  [0x400, 0x4ff], // Cyrillic
  [0x300, 0x36f], [0x483, 0x489], [0x20d0, 0x20f0], [0xfe00, 0xfe0f], [0x1ab0, 0x1aff], // marks
  [0x900, 0x97f], [0xb80, 0xbff], [0xe00, 0xe7f], // Devanagari, Tamil, Thai
  [0x1100, 0x11ff], [0xac00, 0xd7a3], [0x3040, 0x30ff], [0x4e00, 0x9fff], // Hangul, kana, CJK
  [0xff01, 0xff5e], [0xff61, 0xffdc], [0xb2, 0xb3], [0xb9, 0xb9], [0x2070, 0x209c], [0x2150, 0x218b],
  [0x2460, 0x24ff], [0x3300, 0x33ff], [0x1d400, 0x1d7ff], // compatibility forms
  [0x1f300, 0x1f64f], [0x1f3fb, 0x1f3ff], [0x1f1e6, 0x1f1ff], [0xfe0f, 0xfe0f], [0x20e3, 0x20e3], // emoji
  [0x600, 0x6ff], [0x5d0, 0x5ea], [0x591, 0x5c7], // Arabic, Hebrew
];
const random = new SeededGenerator(2024);
for (let i = 0; i < 4000; i++) {
  let text = '';
  for (let n = 1 + random.below(12); n > 0; n--) {
    const [first, last] = PIECES[random.below(PIECES.length)];
    text += char(first + random.below(last - first + 1));
  }
  inputs.push(text);
}

const UNASSIGNED = /\p{Cn}/u;
const hex = (chars) => chars.map((c) => c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')).join(' ');
const lines = [`folio-text-folding unicode ${process.versions.unicode} ${inputs.length}`];
for (const text of inputs) {
  const chars = Array.from(text);
  const unassigned = chars.filter((c) => UNASSIGNED.test(c));
  const decomposed = chars.filter((c) => c.normalize('NFKD') !== c);
  lines.push([chars, Array.from(normalizeText(text)), unassigned, decomposed].map(hex).join('\t'));
}
process.stdout.write(lines.join('\n') + '\n');
