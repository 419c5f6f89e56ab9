// The recorder on small hand-instrumented programs (the shapes crates/instrument-js emits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRecorder, DEFAULT_INPUT_HINT } from '../recorder.mjs';
import { decode } from './wire.mjs';

/** Runs `body(__as, globals)` under a fresh recorder; returns the records. */
async function record(body, options = {}) {
  const records = [];
  const rec = createRecorder({ ...options, onRecord: (r) => records.push(r) });
  const g = rec.globals();
  await rec.run(() => body(g.__as, g), () => new Promise((r) => setImmediate(r)));
  return { records, ...decode(records) };
}

const meta = (fns = [], scopes = [[]], loops = []) => ({ fns, scopes, loops });

test('getters are never called and show as getters', async () => {
  let calls = 0;
  const obj = {
    get boom() {
      calls++;
      throw new Error('called');
    },
    plain: 1,
  };
  const { steps } = await record((as) => {
    as.meta(meta([], [['obj']]));
    const f = as.main(0, (i) => [obj][i]);
    as.line(f, 1, 0, (i) => [obj][i]);
  });
  assert.equal(calls, 0);
  const heap = steps[0].heap;
  const entries = Object.values(heap)[0].e;
  assert.deepEqual(entries[0][1], { u: 'getter' });
});

test('names in their temporal dead zone are left out', async () => {
  const { steps } = await record((as) => {
    as.meta(meta([], [['a', 'b']]));
    const get = (i) => {
      if (i === 1) throw new ReferenceError('tdz');
      return 1;
    };
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
  });
  assert.deepEqual(steps[0].stack[0].locals.map(([n]) => n), ['a']);
});

test('proxies are shown without running their traps', async () => {
  let trapped = 0;
  const { steps } = await record((as, g) => {
    const p = new g.Proxy({}, { ownKeys: () => (trapped++, []), getPrototypeOf: () => (trapped++, null) });
    as.meta(meta([], [['p']]));
    const f = as.main(0, () => p);
    as.line(f, 1, 0, () => p);
  });
  assert.equal(trapped, 0);
  assert.equal(Object.values(steps[0].heap)[0].t, 'Proxy');
});

test('object ids are stable and in first-seen order; heaps are deltas', async () => {
  const a = [1];
  const b = { x: a };
  const { steps } = await record((as) => {
    as.meta(meta([], [['b', 'a']]));
    const get = (i) => [b, a][i];
    const f = as.main(0, get);
    as.line(f, 1, 0, get);
    a.push(2);
    as.line(f, 2, 0, get);
    as.line(f, 3, 0, get);
  });
  assert.deepEqual(Object.keys(steps[0].heap), ['o1', 'o2']);
  assert.deepEqual(steps[1].changed, ['o2']);
  assert.deepEqual(steps[2].changed, []);
});

test('after the step budget every recorder call throws again', async () => {
  let caught = 0;
  const { steps, end } = await record(
    (as) => {
      as.meta(meta([], [[]]));
      const f = as.main(0, () => undefined);
      for (let i = 0; i < 100; i++) {
        try {
          as.line(f, 1, 0, () => undefined);
        } catch (e) {
          caught++;
          as.caught(f, e);
        }
      }
    },
    { maxSteps: 5 },
  );
  assert.equal(steps.length, 5);
  assert.equal(caught, 1);
  assert.equal(end.truncated, true);
  assert.equal(end.stoppedBy, 'steps');
});

test('call depth over 250 throws a RangeError naming the base case', async () => {
  let message = '';
  await record((as) => {
    as.meta(meta([['down', 1, ['n'], [], false]], [[], ['n']]));
    const main = as.main(0, () => undefined);
    function down(n) {
      const f = as.enter(0);
      try {
        return down(n + 1);
      } finally {
        as.exit(f);
      }
    }
    try {
      down(0);
    } catch (e) {
      message = e instanceof RangeError ? e.message : '';
    }
    as.line(main, 2, 0, () => undefined);
  }, { maxSteps: 100000 });
  assert.match(message, /base case/);
});

test('virtual timers run by due time then insertion; intervals can be cleared', async () => {
  const { stdout } = await record((as, g) => {
    as.meta(meta());
    as.main(0, () => undefined);
    g.setTimeout(() => g.console.log('b 20'), 20);
    g.setTimeout(() => g.console.log('a 10'), 10);
    g.setTimeout(() => g.console.log('c 10'), 10);
    let n = 0;
    const id = g.setInterval(() => {
      g.console.log(`tick ${++n}`);
      if (n === 2) g.clearInterval(id);
    }, 7);
    Promise.resolve().then(() => g.console.log('micro'));
    g.console.log('sync');
  });
  assert.equal(stdout, 'sync\nmicro\ntick 1\na 10\nc 10\ntick 2\nb 20\n');
});

test('an uncaught error ends the trace with its type, message and line', async () => {
  const { end } = await record((as) => {
    as.meta(meta());
    const f = as.main(0, () => undefined);
    as.line(f, 7, 0, () => undefined);
    throw new TypeError('bad');
  });
  assert.deepEqual(end.error, { type: 'TypeError', message: 'bad', line: 7 });
});

test('console output is counted in characters and attached to the next step', async () => {
  const { steps, stdout } = await record((as, g) => {
    as.meta(meta());
    const f = as.main(0, () => undefined);
    as.line(f, 1, 0, () => undefined);
    g.console.log('héllo 😀');
    as.line(f, 2, 0, () => undefined);
  });
  assert.equal(stdout, 'héllo 😀\n');
  assert.equal(steps[1].stdoutLength, 8);
  assert.deepEqual(steps[1].output, [1, []]);
});

test('a generator shows created, running, suspended and closed, with its frame', async () => {
  const { steps } = await record((as) => {
    as.meta(meta([['gen', 1, [], [], false]], [['g'], []]));
    const none = () => undefined;
    function* gen() {
      const f = as.enter(0);
      try {
        as.call(f, 1, none);
        as.line(f, 2, 1, none);
        as.resumed(f, yield as.yielding(f, 1));
        as.line(f, 3, 1, none);
      } finally {
        as.exit(f);
      }
    }
    const g = gen();
    const get = (i) => [g][i];
    const m = as.main(0, get);
    as.line(m, 4, 0, get);
    g.next();
    as.line(m, 5, 0, get);
    g.next();
    as.line(m, 6, 0, get);
  });
  const seen = [];
  for (const step of steps) {
    const gen = Object.values(step.heap).find((o) => o.k === 'generator');
    const frameIds = step.stack.map((f) => f.id);
    if (gen) seen.push([step.line, gen.state, gen.frame === undefined ? null : frameIds.includes(gen.frame)]);
  }
  assert.deepEqual(seen, [
    [4, 'created', null],
    [1, 'running', true],
    [2, 'running', true],
    [2, 'running', true],
    [5, 'suspended', true],
    [2, 'running', true],
    [3, 'running', true],
    [3, 'running', true],
    [6, 'closed', null],
    [6, 'closed', null],
  ]);
});

test('prompt() reads the stdin lines, then throws saying how to give input', async () => {
  const seen = [];
  const { stdout } = await record((as, g) => {
    as.meta(meta());
    as.main(0, () => undefined);
    seen.push(g.prompt('a? '), g.prompt());
    assert.throws(() => g.prompt('c? '), { message: DEFAULT_INPUT_HINT });
  }, { stdin: 'one\r\ntwo\n' });
  assert.deepEqual(seen, ['one', 'two']);
  assert.equal(stdout, 'a? c? ');
  assert.match(DEFAULT_INPUT_HINT, /--stdin FILE/);
  await record((as, g) => {
    assert.throws(() => g.prompt(), { message: 'no input here' });
  }, { inputHint: 'no input here' });
});
