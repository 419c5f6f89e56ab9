// The pure parts of the player's panes and drawings, without a page: where the code and loop
// panes scroll, what output is new at a step, the session's draw options, and the pictures
// kept per step.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineScrollTop } from '../src/code-pane.js';
import { KEEP, keep, splitStyle } from '../src/drawings.js';
import { rowScrollTop } from '../src/loop-pane.js';
import { printedAt } from '../src/output-pane.js';
import { sessionChanges } from '../src/view-options.js';

test('the code pane scrolls only for a line out of view, putting it a third down', () => {
  const view = { scrollTop: 100, clientHeight: 300 };
  assert.equal(lineScrollTop(100, 120, view), null);
  assert.equal(lineScrollTop(380, 400, view), null);
  assert.equal(lineScrollTop(390, 410, view), 290);
  assert.equal(lineScrollTop(90, 110, view), 0);
  assert.equal(lineScrollTop(700, 720, view), 600);
  assert.equal(lineScrollTop(1000, 1020, view), 900);
});

test('the loop pane scrolls the current row into view below the pinned heads', () => {
  const at = { top: 100, height: 200 };
  // At scale 1: rows from y = 100 + 30 (the heads) to y = 300 show.
  assert.equal(rowScrollTop({ y: 150, h: 20 }, 1, at, 30), null);
  assert.equal(rowScrollTop({ y: 130, h: 20 }, 1, at, 30), null);
  // Under the heads: scrolled up (to the top here); past the bottom: its bottom 24 px up.
  assert.equal(rowScrollTop({ y: 120, h: 20 }, 1, at, 30), 0);
  assert.equal(rowScrollTop({ y: 290, h: 20 }, 1, at, 30), 134);
  assert.equal(rowScrollTop({ y: 180, h: 20 }, 1, { top: 200, height: 200 }, 30), 24);
  // The row's place and the heads scale with the picture.
  assert.equal(rowScrollTop({ y: 300, h: 20 }, 0.5, at, 30), null);
  assert.equal(rowScrollTop({ y: 560, h: 40 }, 0.5, at, 30), null);
  assert.equal(rowScrollTop({ y: 580, h: 40 }, 0.5, at, 30), 134);
  assert.equal(rowScrollTop({ y: 220, h: 20 }, 0.5, at, 30), 0, 'under the heads at half scale');
  assert.equal(rowScrollTop({ y: 240, h: 20 }, 0.5, at, 30), null, 'below the heads at half scale');
  assert.equal(rowScrollTop({ y: 10, h: 20 }, 1, { top: 0, height: 200 }, 0), null);
});

test('the output new at a step is what it printed since the step before', () => {
  const out = [0, 0, 3, 3, 8, 5];
  assert.deepEqual(printedAt(out, 0), { start: 0, end: 0 });
  assert.deepEqual(printedAt(out, 2), { start: 0, end: 3 });
  assert.deepEqual(printedAt(out, 3), { start: 3, end: 3 });
  assert.deepEqual(printedAt(out, 4), { start: 3, end: 8 });
  // Output that shrank (a step back in a replayed run) is all old.
  assert.deepEqual(printedAt(out, 5), { start: 5, end: 5 });
  assert.deepEqual(printedAt([4], 0), { start: 0, end: 4 });
});

test('the session\'s draw options apply when they differ and fit the language', () => {
  const models = ['python', 'textbook'];
  const none = { nested: null, sizes: null };
  assert.deepEqual(sessionChanges(none, {}, models), {});
  assert.deepEqual(sessionChanges({ nested: 'on', sizes: null }, {}, models), { nested: true });
  assert.deepEqual(sessionChanges({ nested: 'on', sizes: null }, { nested: true }, models), {});
  assert.deepEqual(sessionChanges({ nested: 'off', sizes: null }, { nested: true }, models), { nested: false });
  assert.deepEqual(sessionChanges({ nested: 'off', sizes: null }, {}, models), {});
  assert.deepEqual(sessionChanges({ nested: null, sizes: 'python' }, {}, models), { sizes: 'python' });
  assert.deepEqual(sessionChanges({ nested: null, sizes: 'python' }, { sizes: 'python' }, models), {});
  assert.deepEqual(sessionChanges({ nested: null, sizes: '' }, { sizes: 'python' }, models), { sizes: null });
  assert.deepEqual(sessionChanges({ nested: null, sizes: '' }, { sizes: null }, models), {});
  assert.deepEqual(sessionChanges({ nested: null, sizes: 'v8' }, {}, models), {}, 'V8 sizes do not fit a Python run');
  assert.deepEqual(sessionChanges({ nested: 'on', sizes: 'textbook' }, { sizes: 'python' }, models), { nested: true, sizes: 'textbook' });
});

test('pictures are drawn once per step and the latest KEEP kept', () => {
  const calls = [];
  const get = keep((i) => {
    calls.push(i);
    return 'svg ' + i;
  }, 3);
  assert.equal(get(1), 'svg 1');
  assert.equal(get(1), 'svg 1');
  get(2);
  get(3);
  assert.deepEqual(calls, [1, 2, 3]);
  get(4); // 1 is forgotten
  get(2);
  get(1);
  assert.deepEqual(calls, [1, 2, 3, 4, 1]);
  get.clear();
  get(4);
  assert.deepEqual(calls, [1, 2, 3, 4, 1, 4]);
  assert.equal(KEEP, 400);
});

test('a picture\'s stylesheet is taken out of it whole', () => {
  const svg = '<svg class="x">\n<style>.a { fill: red }\n.b {}</style>\n <g></g>\n</svg>';
  assert.deepEqual(splitStyle(svg), { sheet: '.a { fill: red }\n.b {}', svg: '<svg class="x">\n\n <g></g>\n</svg>' });
  assert.equal(splitStyle('<svg></svg>'), null);
  // Only the first sheet.
  assert.deepEqual(splitStyle('<style>a</style><style>b</style>'), { sheet: 'a', svg: '<style>b</style>' });
});
