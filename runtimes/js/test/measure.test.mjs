// Measure's counting `__as`: counts by loop id and function name, returns what the recorder
// returns, and keeps names such as `constructor` as plain keys.
import assert from 'node:assert/strict';
import test from 'node:test';
import { createCounter } from '../measure.mjs';

test('counts passes, calls and lines by name', () => {
  const { api, snapshot } = createCounter();
  api.meta({ fns: [['constructor', 2, [], [], true], ['f', 5, [], [], false]], scopes: [], loops: [['L3', 3, 4]] });
  const f = api.main(0, () => undefined);
  api.enter(0);
  api.enter(1);
  api.enter(1);
  for (let i = 0; i < 4; i++) assert.equal(api.loopIter(f, 0), false);
  api.line(f, 3);
  api.line(f, 3);
  assert.equal(api.ret(f, 7), 7);
  assert.equal(api.fn(1, Math.max, 0), Math.max);
  const it = [1, 2];
  assert.equal(api.sized(f, 0, it), it);
  assert.deepEqual(JSON.parse(JSON.stringify(snapshot())), {
    lines: { 3: 2 },
    loops: { L3: 4 },
    calls: { constructor: 1, f: 2 },
  });
});

test('prompt reads the standard input lines, then null', () => {
  const { prompt } = createCounter({ stdin: '3\n1 2 3' });
  assert.equal(prompt(), '3');
  assert.equal(prompt(), '1 2 3');
  assert.equal(prompt(), null);
});
