// console.table prints what Node's console.table prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { createRecorder } from '../recorder.mjs';

const cases = [
  [[1, 2, 3]],
  [[{ a: 1, b: 'x' }, { a: 2, c: true }]],
  [{ r1: { x: 1 }, r2: { y: [1, 2] } }],
  [new Map([['k', 1], ['j', [2]]])],
  [new Set(['s', 't'])],
  [[[1, 2], [3, 4]]],
  [[{ a: 1, b: 2 }], ['a']],
];

for (const args of cases) {
  test(`table ${JSON.stringify(args, (k, v) => (v instanceof Map || v instanceof Set ? [...v] : v))}`, async () => {
    let ours = '';
    const rec = createRecorder({ onRecord: (r) => { if ('out' in r) ours += r.out; } });
    rec.console.table(...args);
    let node = '';
    const sink = new Writable({ write(chunk, _enc, done) { node += chunk; done(); } });
    new Console({ stdout: sink, colorMode: false }).table(...args);
    await new Promise((r) => setImmediate(r));
    assert.equal(ours, node);
  });
}
