// Measure's `__as`: the recorder API of runtimes/PROTOCOL.md with nothing recorded, only
// counted: statements per line (`line`), passes per loop (`loopIter`), calls per function
// (`enter`). Every call returns what the recorder's returns, so the instrumented program
// runs as it would under the tracer, at a fraction of the cost.

/** A counting `__as` and the counts so far (`snapshot()`), by loop id and function name. */
export function createCounter({ stdin } = {}) {
  let meta = { fns: [], loops: [] };
  const lines = new Map();
  let passes = [];
  let calls = [];
  const stdinLines = stdin === undefined || stdin === null ? [] : String(stdin).split('\n');
  const frame = { fid: -1 };
  const same = (_f, v) => v;
  const nothing = () => {};
  const api = {
    meta(m) {
      meta = m;
      passes = new Array(m.loops.length).fill(0);
      calls = new Array(m.fns.length).fill(0);
    },
    main: () => frame,
    enter(fid) {
      calls[fid] += 1;
      return frame;
    },
    call: nothing,
    line(_f, line) {
      lines.set(line, (lines.get(line) ?? 0) + 1);
    },
    ret: same,
    exit: nothing,
    raise: nothing,
    caught: nothing,
    loopEnter: nothing,
    loopIter(_f, idx) {
      passes[idx] += 1;
      return false;
    },
    loopCount: () => true,
    sized: (_f, _idx, iterable) => iterable,
    num: () => NaN,
    tail: nothing,
    loopExit: nothing,
    yielding: same,
    delegating: same,
    awaiting: same,
    resumed: same,
    asyncIter: (_f, src) => src,
    privates: nothing,
    fn: (_fid, fn) => fn,
  };
  function prompt(message) {
    if (message !== undefined) process.stdout.write(`${message}`);
    return stdinLines.length > 0 ? stdinLines.shift() : null;
  }
  function snapshot() {
    // No prototype: a function named `constructor` or `toString` is a plain key.
    const loops = Object.create(null);
    meta.loops.forEach((loop, i) => {
      if (passes[i]) loops[loop[0]] = (loops[loop[0]] ?? 0) + passes[i];
    });
    const fns = Object.create(null);
    meta.fns.forEach((fn, i) => {
      if (calls[i]) fns[fn[0]] = (fns[fn[0]] ?? 0) + calls[i];
    });
    return { lines: Object.fromEntries(lines), loops, calls: fns };
  }
  return { api, prompt, snapshot };
}
