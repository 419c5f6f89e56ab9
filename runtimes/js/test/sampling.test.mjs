// Loop sampling: the recorder keeps the passes the Python tracer keeps (sampling.py), counts
// the steps it leaves out on the next recorded step, and keeps loop contexts' pass numbers true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRecorder } from '../recorder.mjs';
import { createSampler, isRound, countingLength, FIRST_PASSES, LAST_PASSES } from '../sampling.mjs';
import { decode } from './wire.mjs';

async function record(body, options = {}) {
  const records = [];
  const rec = createRecorder({ ...options, onRecord: (r) => records.push(r) });
  const g = rec.globals();
  await rec.run(() => body(g.__as, g), () => new Promise((r) => setImmediate(r)));
  return { records, ...decode(records) };
}

/** `for (let i = 0; i < n; i++) { body line }` as crates/instrument-js writes it, with a length. */
function countingLoop(as, f, n, { known = true, body = () => {} } = {}) {
  as.loopEnter(f, 0, 0, () => undefined);
  try {
    for (let i = 0; i < n; i++) {
      if (as.loopIter(f, 0) && known) as.loopCount(f, 0, i, n, 1, 0);
      const get = (k) => [i][k];
      as.line(f, 3, 1, get);
      body(i);
      as.tail(f, 0, 1, get);
    }
  } finally {
    as.loopExit(f, 0);
  }
}

const meta = { fns: [], scopes: [[], ['i']], loops: [['L2', 2, 2]] };

/** Pass numbers of the recorded steps inside the loop, once each. */
const passes = (steps) => [...new Set(steps.filter((s) => s.loops.length > 0).map((s) => s.loops[0][3]))];

test('round numbers', () => {
  assert.deepEqual([5, 9, 10, 11, 20, 90, 100, 110, 200, 1000, 3000, 3001].filter(isRound), [10, 20, 90, 100, 200, 1000, 3000]);
  assert.equal(FIRST_PASSES, 5);
  assert.equal(LAST_PASSES, 5);
});

test('counting loop lengths from their values as the first pass starts', () => {
  assert.equal(countingLength(0, 10, 1, false), 10);
  assert.equal(countingLength(0, 10, 1, true), 11);
  assert.equal(countingLength(0, 9.5, 2, false), 5);
  assert.equal(countingLength(10, 0, -3, true), 4);
  assert.equal(countingLength(5, 1, 1, false), 0);
  assert.equal(countingLength(0, NaN, 1, false), null);
  assert.equal(countingLength(0, '10', 1, false), null);
  assert.equal(countingLength(0, Infinity, 1, false), null);
});

test('the sampler decides as the Python tracer does', () => {
  // A loop of known length costing 2 steps a pass, with the whole budget of 1000 left.
  const s = createSampler(1000);
  const state = s.startLoop(10000);
  const kept = [];
  for (let n = 1; n <= 10000; n++) {
    if (s.startPass(state, n)) {
      kept.push(n);
      s.steps += 2;
    }
  }
  assert.equal(s.sampled, true);
  assert.deepEqual(kept.slice(0, 7), [1, 2, 3, 4, 5, 10, 20]);
  assert.deepEqual(kept.slice(-6), [9000, 9996, 9997, 9998, 9999, 10000]);
  // A short loop is never sampled.
  const short = s.startLoop(20);
  for (let n = 1; n <= 20; n++) assert.equal(s.startPass(short, n), true);
});

test('a long counting loop keeps first, round and last passes; skipped steps are counted', async () => {
  const { steps, end } = await record((as) => {
    as.meta(meta);
    const f = as.main(0, () => undefined);
    countingLoop(as, f, 1000);
    as.line(f, 5, 0, () => undefined);
  }, { maxSteps: 300 });
  assert.equal(end.sampled, true);
  const kept = passes(steps);
  assert.deepEqual(kept.slice(0, 8), [0, 1, 2, 3, 4, 5, 10, 20]);
  assert.deepEqual(kept.slice(-5), [996, 997, 998, 999, 1000]);
  const skipped = records(steps);
  // Passes 6 to 9 are left out: two steps each (the body line and the end of the pass).
  assert.equal(skipped.find((s) => s.pass === 10).skipped, 8);
  const recordedInLoop = steps.filter((s) => s.loops.length > 0).length;
  const total = skipped.reduce((sum, s) => sum + s.skipped, 0);
  assert.equal(recordedInLoop - 1 + total, 2 * 1000, 'every pass step is recorded or counted');
  // The line in the body sees `i` equal to its pass number minus one: contexts stay true.
  for (const s of steps.filter((x) => x.line === 3)) {
    assert.deepEqual(s.stack[0].locals, [['i', ['number', String(s.loops[0][3] - 1)]]]);
  }
});

/** `{pass, skipped}` of recorded steps that carry a skipped count. */
function records(steps) {
  return steps.filter((s) => s.skipped).map((s) => ({ pass: s.loops.length ? s.loops[0][3] : null, skipped: s.skipped }));
}

test('a loop of unknown length keeps first, round and last passes (held back until it ends)', async () => {
  const { steps, end } = await record((as) => {
    as.meta(meta);
    const f = as.main(0, () => undefined);
    countingLoop(as, f, 1234, { known: false });
    as.line(f, 5, 0, () => undefined);
  }, { maxSteps: 300 });
  assert.equal(end.sampled, true);
  assert.equal(end.truncated, undefined, 'held passes folded away do not use the budget');
  const kept = passes(steps);
  // Sampled once it used a quarter of its share (pass 39 here): round numbers from then on.
  assert.deepEqual(kept.slice(37, 42), [37, 38, 40, 50, 60]);
  assert.deepEqual(kept.slice(-6), [1000, 1230, 1231, 1232, 1233, 1234]);
  const recordedInLoop = steps.filter((s) => s.loops.length > 0).length;
  const total = steps.reduce((sum, s) => sum + (s.skipped || 0), 0);
  assert.equal(recordedInLoop - 1 + total, 2 * 1234, 'every pass step is recorded or counted');
  // Folded passes still leave `i` true: the first held pass kept sees i = 1229.
  for (const s of steps.filter((x) => x.line === 3)) {
    assert.deepEqual(s.stack[0].locals, [['i', ['number', String(s.loops[0][3] - 1)]]]);
  }
});

test('without a holdback a loop of unknown length keeps first passes and round numbers only', () => {
  const s = createSampler(300);
  const state = s.startLoop(null);
  const kept = [];
  for (let n = 1; n <= 1234; n++) {
    if (s.startPass(state, n)) {
      kept.push(n);
      s.steps += 2;
    }
  }
  assert.ok(kept.includes(10) && !kept.includes(1234), `${kept}`);
});

test('the held passes go out however the loop ends: exit, break, return, throw, budget', async () => {
  const ends = {
    exit: (i) => (i === 3000 ? 'exit' : null),
    break: (i) => (i === 3000 ? 'break' : null),
    return: (i) => (i === 3000 ? 'return' : null),
    throw: (i) => (i === 3000 ? 'throw' : null),
  };
  for (const [name, how] of Object.entries(ends)) {
    const { steps, end } = await record((as) => {
      as.meta(meta);
      const f = as.main(0, () => undefined);
      as.loopEnter(f, 0, 0, () => undefined);
      try {
        for (let i = 1; ; i++) {
          as.loopIter(f, 0);
          const get = (k) => [i][k];
          as.line(f, 3, 1, get);
          const h = how(i);
          if (h === 'break' || h === 'exit') break;
          if (h === 'return') return;
          if (h === 'throw') throw new Error('stop');
          as.tail(f, 0, 1, get);
        }
      } finally {
        as.loopExit(f, 0);
      }
    }, { maxSteps: 1000 });
    const kept = passes(steps);
    assert.deepEqual(kept.slice(-6), [2000, 2996, 2997, 2998, 2999, 3000], name);
    assert.equal(end.truncated, undefined, name);
  }
  // A budget stop: a clock going 1 ms a reading stops the run after 64,000 events.
  let now = 0;
  const { steps, end } = await record((as) => {
    as.meta(meta);
    const f = as.main(0, () => undefined);
    countingLoop(as, f, 1e9, { known: false });
  }, { maxSteps: 5000, timeBudgetMs: 1000, clock: () => now++ });
  assert.equal(end.stoppedBy, 'time');
  const kept = passes(steps);
  const last = kept[kept.length - 1];
  // The stop came as a pass started (it is held, with no step): four passes with steps.
  assert.deepEqual(kept.slice(-5), [10000, last - 3, last - 2, last - 1, last]);
  assert.ok(last > 12000, `${last}`);
});

test('calls made from a skipped pass are skipped with it', async () => {
  const fns = [['work', 10, [], [], false]];
  const { steps, end } = await record((as) => {
    as.meta({ ...meta, fns });
    const main = as.main(0, () => undefined);
    const work = () => {
      const f = as.enter(0);
      try {
        as.call(f, 0, () => undefined);
        as.line(f, 11, 0, () => undefined);
        return as.ret(f, 1);
      } finally {
        as.exit(f);
      }
    };
    countingLoop(as, main, 2000, { body: work });
  }, { maxSteps: 500 });
  const inWork = steps.filter((s) => s.stack.length > 1).map((s) => s.loops[0][3]);
  assert.ok(inWork.includes(5) && !inWork.includes(6), 'no call of an unrecorded pass');
  assert.equal(end.counts.functions.work[0], 2000, 'every call is still counted');
  const skippedTotal = steps.reduce((sum, s) => sum + (s.skipped || 0), 0);
  const recordedPasses = passes(steps).length - 1;
  assert.equal(skippedTotal, (2000 - recordedPasses) * 5, 'five steps a pass: line, call, line, return, tail');
});

test('for…of over an array knows its length; a growing array stops counting as known', async () => {
  const run = (grow) =>
    record((as) => {
      as.meta(meta);
      const f = as.main(0, () => undefined);
      const items = new Array(400).fill(1);
      as.loopEnter(f, 0, 0, () => undefined);
      try {
        for (const x of as.sized(f, 0, items)) {
          as.loopIter(f, 0);
          as.line(f, 3, 1, () => x);
          if (grow && items.length < 4000) items.push(1);
          as.tail(f, 0, 1, () => x);
        }
      } finally {
        as.loopExit(f, 0);
      }
    }, { maxSteps: 200 });
  const fixed = passes((await run(false)).steps);
  assert.deepEqual(fixed.slice(-5), [396, 397, 398, 399, 400]);
  const grown = await run(true);
  const kept = passes(grown.steps);
  assert.ok(!kept.includes(3999), 'past its length a loop keeps round numbers only');
  assert.equal(grown.end.truncated, undefined, 'the budget is not used up by the extra passes');
});

test('__as.num reads numbers through own data properties only', async () => {
  let calls = 0;
  await record((as) => {
    const obj = { items: [1, 2, 3], get n() { calls++; return 3; }, m: new Map([[1, 2]]) };
    assert.equal(as.num(obj, 'items', 'length'), 3);
    assert.equal(as.num('héllo', 'length'), 5);
    assert.equal(as.num(obj, 'm', 'size'), 1);
    assert.ok(Number.isNaN(as.num(obj, 'n')));
    assert.ok(Number.isNaN(as.num({ valueOf: () => { calls++; return 1; } })));
    assert.equal(calls, 0);
  });
});
