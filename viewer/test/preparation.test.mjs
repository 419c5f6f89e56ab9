// The player's work ahead (far-jump catch-up, neighbours, background layout) without a page:
// a fake wasm viewer that takes a set time per step laid out, on a fake clock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAR_MS, PREPARE_SLICE, SLICE_MS, createPreparation } from '../src/preparation.js';
import { createDrawings } from '../src/drawings.js';
import { fakeClock } from './fake-clock.mjs';

/** A wasm viewer's stand-in: laying out a step costs `ms` on `clock`; `failAt` cannot be laid out. */
function fakeViewer(clock, { ms = 1, failAt = null } = {}) {
  const viewer = {
    laid: -1,
    drawn: [],
    prepared: [],
    freed: false,
    layOut(i) {
      for (let k = viewer.laid + 1; k <= i; k++) {
        if (k === failAt) throw new Error('step ' + k + ' cannot be laid out');
        clock.spend(ms);
        viewer.laid = k;
      }
    },
    prepare(i) {
      viewer.prepared.push(i);
      viewer.layOut(i);
    },
    memorySvg(i) {
      viewer.layOut(i);
      viewer.drawn.push(['memory', i]);
      return '<svg>' + i + '</svg>';
    },
    loopSvg(i) {
      viewer.drawn.push(['loop', i]);
      return '<svg>loop ' + i + '</svg>';
    },
    free() {
      viewer.freed = true;
    },
  };
  return viewer;
}

function setUp(total, viewerOptions) {
  const clock = fakeClock();
  const viewer = fakeViewer(clock, viewerOptions);
  const drawings = createDrawings(viewer, { root: null, timeline: { steps: { inLoop: new Array(total).fill(true) } }, cleanups: [] });
  const state = { target: 0, arrived: [], waits: [] };
  const ahead = createPreparation({
    drawings,
    total,
    target: () => state.target,
    arrive: (options) => state.arrived.push({ at: state.target, laidOut: drawings.laidOut, options }),
    waiting: (to, laidOut) => state.waits.push([to, laidOut]),
    clock,
  });
  return { clock, viewer, drawings, ahead, state };
}

test('a jump is far past about FAR_MS of layout, never within 4 steps', () => {
  const { ahead, drawings } = setUp(1000);
  // Before any measure a step counts as 1 ms.
  assert.equal(ahead.isFar(-1 + FAR_MS), false);
  assert.equal(ahead.isFar(-1 + FAR_MS + 1), true);
  drawings.prepare(100);
  assert.equal(ahead.isFar(100 + FAR_MS), false);
  assert.equal(ahead.isFar(100 + FAR_MS + 1), true);
});

test('however slow the layout, a jump within 4 steps is near', () => {
  const { clock, drawings, ahead, state } = setUp(1000, { ms: 500 });
  state.target = 10;
  ahead.catchUp({});
  for (let k = 0; k < 20 && state.arrived.length === 0; k++) clock.advance(0);
  assert.equal(state.arrived.length, 1);
  assert.equal(ahead.isFar(drawings.laidOut + 4), false);
  assert.equal(ahead.isFar(drawings.laidOut + 5), true);
});

test('a far jump is laid out in slices of SLICE_MS, then arrives once with its options', () => {
  const { clock, viewer, drawings, ahead, state } = setUp(1000, { ms: 2 });
  state.target = 500;
  ahead.catchUp({ fromHash: true });
  assert.deepEqual(state.waits, [[500, -1]], 'it says so at once');
  assert.equal(drawings.laidOut, -1, 'nothing laid out before the page gets a turn');
  clock.advance(0);
  // One slice: steps of 2 ms until SLICE_MS has passed.
  assert.equal(drawings.laidOut, SLICE_MS / 2 - 1);
  assert.deepEqual(state.waits.at(-1), [500, SLICE_MS / 2 - 1]);
  assert.deepEqual(state.arrived, []);
  for (let k = 0; k < 100 && state.arrived.length === 0; k++) clock.advance(0);
  assert.deepEqual(state.arrived, [{ at: 500, laidOut: 499, options: { fromHash: true } }]);
  assert.equal(viewer.laid, 499, 'the step itself is laid out when its pictures are drawn');
  assert.equal(clock.pending.timers, 0);
  // It measured 2 ms a step: a far jump is now past 25 steps.
  assert.equal(ahead.isFar(499 + FAR_MS / 2), false);
  assert.equal(ahead.isFar(499 + FAR_MS / 2 + 1), true);
});

test('a new far jump retargets the catch-up running; a near move cancels it', () => {
  const { clock, drawings, ahead, state } = setUp(1000, { ms: 2 });
  state.target = 300;
  ahead.catchUp({ first: true });
  clock.advance(0);
  state.target = 200;
  ahead.catchUp({ second: true });
  assert.equal(clock.pending.timers, 1, 'one catch-up at a time');
  for (let k = 0; k < 100 && state.arrived.length === 0; k++) clock.advance(0);
  assert.deepEqual(state.arrived, [{ at: 200, laidOut: 199, options: { first: true } }]);

  state.target = 900;
  ahead.catchUp({});
  clock.advance(0);
  const before = drawings.laidOut;
  ahead.cancelCatchUp();
  assert.equal(clock.pending.timers, 0);
  clock.advance(1000);
  assert.equal(drawings.laidOut, before);
  assert.equal(state.arrived.length, 1);
});

test('a step that cannot be laid out ends the catch-up: drawing it reports it', () => {
  const { clock, viewer, drawings, ahead, state } = setUp(1000, { failAt: 120 });
  state.target = 400;
  ahead.catchUp({});
  // Slices of 24 steps at 1 ms: 0-23, …, 96-119; the sixth fails at once.
  let slices = 0;
  for (; slices < 100 && state.arrived.length === 0; slices++) clock.advance(0);
  assert.equal(slices, 6);
  assert.equal(viewer.laid, 119);
  assert.equal(drawings.laidOut, 399);
  assert.equal(state.arrived.length, 1);
});

test('the background lays out every step, PREPARE_SLICE at a time while idle, and starts over', () => {
  const total = 3 * PREPARE_SLICE + 10;
  const { clock, viewer, drawings, ahead } = setUp(total);
  ahead.inBackground();
  assert.deepEqual(viewer.prepared, []);
  clock.runIdle();
  assert.deepEqual(viewer.prepared, [PREPARE_SLICE]);
  // A step drawn meanwhile moves it on past what is laid out.
  drawings.memorySvg(2 * PREPARE_SLICE);
  clock.runIdle();
  assert.deepEqual(viewer.prepared, [PREPARE_SLICE, 3 * PREPARE_SLICE + 1]);
  clock.runIdle();
  assert.deepEqual(viewer.prepared, [PREPARE_SLICE, 3 * PREPARE_SLICE + 1, total - 1]);
  clock.runIdle();
  assert.equal(viewer.prepared.length, 3, 'done at the last step');
  assert.equal(clock.pending.idles, 0);

  // Started again (a new viewer), the earlier run stops.
  viewer.prepared.length = 0;
  drawings.replace(fakeViewer(clock));
  ahead.inBackground();
  ahead.inBackground();
  clock.runIdle();
  assert.equal(drawings.laidOut, PREPARE_SLICE);
  clock.runIdle();
  assert.equal(drawings.laidOut, 2 * PREPARE_SLICE + 1);
  assert.equal(clock.pending.idles, 1, 'one run goes on');
});

test('the steps beside the one shown are drawn when idle, the latest request only', () => {
  const { clock, viewer, ahead } = setUp(10);
  ahead.neighbours(0);
  ahead.neighbours(4);
  assert.equal(clock.pending.idles, 1);
  clock.runIdle();
  assert.deepEqual(viewer.drawn, [['memory', 5], ['loop', 5], ['memory', 3], ['loop', 3]]);
  viewer.drawn.length = 0;
  ahead.neighbours(9);
  clock.runIdle();
  assert.deepEqual(viewer.drawn, [['memory', 8], ['loop', 8]], 'no step past the run');
});

test('stop drops everything pending', () => {
  const { clock, viewer, drawings, ahead, state } = setUp(1000);
  state.target = 500;
  ahead.catchUp({});
  ahead.neighbours(3);
  ahead.inBackground();
  ahead.stop();
  clock.advance(1000);
  clock.runIdle();
  clock.runIdle();
  assert.equal(drawings.laidOut, -1);
  assert.deepEqual(viewer.drawn, []);
  assert.deepEqual(state.arrived, []);
});
