// The cached heap serialisation: objects are re-sent only when they changed, and the fast
// reads (direct element and key reads of objects free of accessors) never call a getter, even
// when a getter is defined on an object after it was first read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRecorder } from '../recorder.mjs';
import { decode } from './wire.mjs';

async function record(body, options = {}) {
  const records = [];
  const rec = createRecorder({ ...options, onRecord: (r) => records.push(r) });
  const g = rec.globals();
  await rec.run(() => body(g.__as, g), () => new Promise((r) => setImmediate(r)));
  return { records, ...decode(records) };
}

const meta = (names) => ({ fns: [], scopes: [names], loops: [] });

test('an array element turned into a getter later shows as a getter and is never called', async () => {
  let calls = 0;
  const arr = [1, 2, 3];
  const { steps } = await record((as) => {
    as.meta(meta(['arr']));
    const get = () => arr;
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    as.line(f, 2, 0, get);
    Object.defineProperty(arr, 1, { get: () => (calls++, 9), enumerable: true, configurable: true });
    as.line(f, 3, 0, get);
    arr[0] = 5;
    as.line(f, 4, 0, get);
  });
  assert.equal(calls, 0);
  const items = (s) => Object.values(s.heap)[0].i;
  assert.deepEqual(items(steps[1]), [['number', '1'], ['number', '2'], ['number', '3']]);
  assert.deepEqual(items(steps[2])[1], { u: 'getter' });
  assert.deepEqual(items(steps[3])[0], ['number', '5']);
  assert.deepEqual(steps[1].changed, []);
  assert.deepEqual(steps[2].changed, ['o1']);
});

test('a property turned into a getter with __defineGetter__ is never called', async () => {
  let calls = 0;
  const obj = { a: 1, b: 2 };
  const { steps } = await record((as) => {
    as.meta(meta(['obj']));
    const get = () => obj;
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    obj.__defineGetter__('b', () => (calls++, 7));
    as.line(f, 2, 0, get);
    Reflect.defineProperty(obj, 'a', { value: 1, enumerable: false, configurable: true });
    as.line(f, 3, 0, get);
  });
  assert.equal(calls, 0);
  const entries = (s) => Object.values(s.heap)[0].e;
  assert.deepEqual(entries(steps[1])[1][1], { u: 'getter' });
  assert.deepEqual(entries(steps[2]).map(([k]) => k[1]), ["'b'"], 'a non-enumerable property is left out');
});

test('holes stay holes even when Array.prototype has that index', async () => {
  const arr = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const { steps } = await record((as) => {
    as.meta(meta(['arr']));
    const get = () => arr;
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    Array.prototype[1] = 'inherited'; // eslint-disable-line no-extend-native
    try {
      arr[2] = 4;
      as.line(f, 2, 0, get);
    } finally {
      delete Array.prototype[1];
    }
  });
  assert.deepEqual(Object.values(steps[1].heap)[0].i, [['number', '1'], ['undefined', 'empty'], ['number', '4']]);
});

test('only changed objects are re-sent; an object coming back into view is sent again', async () => {
  const inner = { v: 1 };
  const outer = { inner, n: 0 };
  let shown = outer;
  const { steps } = await record((as) => {
    as.meta(meta(['x']));
    const get = () => shown;
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    outer.n = 1;
    as.line(f, 2, 0, get);
    inner.v = 2;
    as.line(f, 3, 0, get);
    shown = null;
    as.line(f, 4, 0, get);
    shown = outer;
    as.line(f, 5, 0, get);
  });
  assert.deepEqual(steps[0].changed, ['o1', 'o2']);
  assert.deepEqual(steps[1].changed, ['o1']);
  assert.deepEqual(steps[2].changed, ['o2']);
  assert.deepEqual(Object.keys(steps[3].heap), []);
  assert.deepEqual(steps[4].changed, ['o1', 'o2']);
  assert.deepEqual(steps[4].heap.o2.e, [[['string', "'v'"], ['number', '2']]]);
});

test('a changed string past the shown 48 characters is not a change', async () => {
  const obj = { s: `${'a'.repeat(60)}1` };
  const { records } = await record((as) => {
    as.meta(meta(['obj']));
    const get = () => obj;
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    obj.s = `${'a'.repeat(60)}2`;
    as.line(f, 2, 0, get);
  });
  const steps = records.filter((r) => 'l' in r);
  assert.equal(steps[1].h, undefined);
});

test('private fields come from every class along the chain, nearest first; unreadable ones are left out', async () => {
  // `class A { #x }` and `class B extends A { #y }` as crates/instrument-js registers them.
  const x = new WeakMap();
  const y = new WeakMap();
  const brand = (map) => (o) => {
    if (!map.has(o)) throw new TypeError('Cannot read private member from an object whose class did not declare it');
    return map.get(o);
  };
  class A {}
  class B extends A {}
  const b = new B();
  x.set(b, 1);
  y.set(b, 2);
  const bare = Object.create(B.prototype); // no private fields: every reader throws
  const { steps } = await record((as) => {
    as.privates(A, ['#x'], (o, i) => [brand(x)][i](o));
    as.privates(B, ['#y'], (o, i) => [brand(y)][i](o));
    as.meta(meta(['b', 'bare']));
    const get = (i) => [b, bare][i];
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    x.set(b, 10);
    as.line(f, 2, 0, get);
  });
  const fields = (s, name) => {
    const id = s.stack[0].locals.find(([n]) => n === name)[1];
    return s.heap[id].f;
  };
  assert.deepEqual(fields(steps[0], 'b'), [['#y', ['number', '2']], ['#x', ['number', '1']]]);
  assert.deepEqual(fields(steps[0], 'bare'), []);
  assert.deepEqual(fields(steps[1], 'b'), [['#y', ['number', '2']], ['#x', ['number', '10']]]);
  assert.equal(steps[1].changed.length, 1, 'a changed private field is a change of its object');
});
