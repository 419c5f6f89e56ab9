// algoscope's JavaScript recorder: plain ES modules with no dependencies, shared by the CLI
// (under Node), the Node binding and the browser. Instrumented programs (crates/instrument-js)
// call its API as the global `__as` (runtimes/PROTOCOL.md, "The recorder API that
// instrumented code calls"); it builds the steps of the record stream as they happen.
//
// This module runs a program and keeps its frames, loops, budgets and errors; the rest is in
// modules with one job each:
// - introspect.mjs: the built-ins read through (captured at load, before any program runs)
//   and what a value is, read without running the program's code;
// - defines.mjs: the hook on the define functions, so plain objects can be read fast;
// - inspect.mjs: values formatted as Node's util.inspect / util.format do (console output);
// - heap.mjs: values in the wire form, and the objects a step reaches, re-sent when changed;
// - steps.mjs: a step record, as what changed since the step before it;
// - sampling.mjs and holdback.mjs: which passes of long loops are recorded, and holding back
//   the last passes of a loop of unknown length;
// - generators.mjs: generator objects and the frames their bodies run in;
// - console.mjs and timers.mjs: the program's console and its virtual timers.

import { createConsole } from './console.mjs';
import { installDefineHook } from './defines.mjs';
import { createGenerators } from './generators.mjs';
import { createHeap } from './heap.mjs';
import { createHoldback } from './holdback.mjs';
import { codePoints, errorInfo, functionName, kindOf, numberAt, ownData, sizeOf } from './introspect.mjs';
import { MAX_STEPS, TIME_BUDGET_MS } from './policy.mjs';
import { countingLength, createSampler, FIRST_PASSES, LAST_PASSES, OBJECT_COST } from './sampling.mjs';
import { createStepEncoder } from './steps.mjs';
import { createTimers } from './timers.mjs';

const MAX_DEPTH = 250;
const MAX_TURNS = 10000;
/** What `prompt()` throws with when no input line is left (runtimes/python: `input()`'s). */
export const DEFAULT_INPUT_HINT = "prompt() found no more input: give the program's standard input with --stdin FILE";

/** Thrown at every recorder call once a budget has run out; user code cannot get past it. */
class BudgetExhausted {
  constructor(reason) {
    this.reason = reason;
  }
}

/**
 * Creates a recorder.
 *
 * @param {object} [options]
 * @param {number} [options.maxSteps] steps recorded before the run is stopped (policy.mjs MAX_STEPS)
 * @param {number} [options.timeBudgetMs] wall-clock budget in ms (policy.mjs TIME_BUDGET_MS)
 * @param {number} [options.maxOutputBytes] most UTF-8 bytes the program may print; the print
 *   that passes it keeps what fits and stops the run (`stoppedBy: "output"`); none by default
 * @param {(record: object) => void} [options.onRecord] receives each record as it is made, in
 *   the wire protocol the Python tracer also writes (runtimes/PROTOCOL.md; crates/run's
 *   records.rs and assemble.rs read both): a
 *   step record says only what changed since the previous one (`e` event, `l` line, `fp`/`fa`
 *   frame order, `f` frame updates, `h` changed objects, `ha`/`hr` ids now alive / gone, `lp`
 *   loops, `n` output length, `o` output, `r` value, `x` exception, `sk` steps left out
 *   just before by loop sampling); values are `[type, repr(, length)]`, `"o12"` for a
 *   reference or `{u: reason}`; then `{out: text}` as text is printed and last
 *   `{end: {counts, sampled, error?, truncated?, stoppedBy?}}`. While a sampled loop of
 *   unknown length runs, the records of its latest passes are held back and older ones
 *   folded into the next record given (`createHoldback`), so records can come later than
 *   they are made, never out of order
 * @param {string} [options.stdin] text `prompt()` reads line by line
 * @param {string} [options.inputHint] the message of the error `prompt()` throws when no line
 *   is left (as Python's `input()` raises EOFError); by default it says to give input with
 *   the command line's `--stdin FILE`
 * @param {() => number} [options.clock] milliseconds (performance.now or Date.now)
 */
export function createRecorder(options = {}) {
  installDefineHook();
  const maxSteps = options.maxSteps ?? MAX_STEPS;
  const timeBudgetMs = options.timeBudgetMs ?? TIME_BUDGET_MS;
  const maxOutputBytes = options.maxOutputBytes ?? null;
  const emitRecord = options.onRecord ?? (() => {});
  /** Held back passes of a sampled loop of unknown length (the recorder lists every frame). */
  const holdback = createHoldback(emitRecord, LAST_PASSES, Infinity);
  /** Sends a step or `{out}` record on, through the holdback while it holds or merges. */
  const emit = (rec) => (holdback.busy ? holdback.send(rec) : emitRecord(rec));
  const clock = options.clock ?? (() => Date.now());
  const stdinLines = options.stdin == null ? [] : String(options.stdin).split(/\r?\n/);
  if (stdinLines.length > 0 && stdinLines[stdinLines.length - 1] === '') stdinLines.pop();
  const inputHint = options.inputHint ?? DEFAULT_INPUT_HINT;

  let meta = { fns: [], scopes: [], loops: [] };
  const stack = [];
  const suspended = [];
  let frameSeq = 0;
  let steps = 0;
  let events = 0;
  let stopped = null;
  let startedAt = clock();
  let stdoutLength = 0;
  /** UTF-8 bytes printed so far (for the output limit). */
  let outputBytes = 0;
  let pendingOutput = null;
  let error = null;
  let mainFrame = null;
  /**
   * True once the program's top level has run to its end (a module's after its last
   * top-level `await`): an error escaping later (an unhandled rejection, a throwing timer
   * callback) never passed through the top level, so no step is recorded there for it.
   */
  let mainDone = false;
  let serializing = false;
  const functionCounts = new Map();
  const errorLines = new WeakMap();
  /** The Proxies the program made (`globals` gives it a `Proxy` that notes them). */
  const proxies = new WeakSet();
  const generators = createGenerators(proxies);
  const heap = createHeap(proxies, generators, (fid) => meta.fns[fid]);
  const encoder = createStepEncoder(heap, () => meta);
  const timers = createTimers();
  const sampler = createSampler(maxSteps, holdback);
  /** Loops of frames on the stack that are in a pass not recorded (see `createSampler`). */
  let unkept = 0;

  // ----- budgets ----------------------------------------------------------------------

  function stop(reason) {
    if (!stopped) stopped = reason;
    throw new BudgetExhausted(stopped);
  }

  function check() {
    if (stopped) throw new BudgetExhausted(stopped);
    if (serializing) throw new BudgetExhausted('steps');
    events++;
    if ((events & 63) === 0 && clock() - startedAt > timeBudgetMs) stop('time');
  }

  // ----- frames -----------------------------------------------------------------------

  function newFrame(fid, func, line) {
    return {
      id: `f${++frameSeq}`,
      fid,
      func,
      line,
      sid: 0,
      getter: null,
      loops: [],
      loopRuns: new Map(),
      unkept: 0,
      sent: null,
      state: 'active',
      returned: false,
      raised: false,
      exited: false,
    };
  }

  function suspend(f) {
    const i = stack.lastIndexOf(f);
    if (i >= 0) stack.splice(i, 1);
    if (f.state === 'active') unkept -= f.unkept;
    f.state = 'suspended';
    if (!suspended.includes(f)) suspended.push(f);
  }

  function resume(f) {
    const i = suspended.indexOf(f);
    if (i >= 0) suspended.splice(i, 1);
    f.state = 'active';
    unkept += f.unkept;
    stack.push(f);
    record('resume', f.line);
  }

  function ensureActive(f) {
    if (f.state === 'suspended') resume(f);
  }

  // ----- loops ------------------------------------------------------------------------

  /** The innermost running instance of loop `idx` in frame `f`, or undefined. */
  function loopOf(f, idx) {
    const loops = f.loops;
    for (let i = loops.length - 1; i >= 0; i--) if (loops[i].idx === idx) return loops[i];
    return undefined;
  }

  /** Adds `d` to the loops of `f` in an unrecorded pass (and to `unkept` while `f` runs). */
  function countUnkept(f, d) {
    f.unkept += d;
    if (f.state === 'active') unkept += d;
  }

  /** A pass of loop instance `l` of `f` starts: the sampler decides whether it is recorded. */
  function passStarts(f, l) {
    const s = l.sampling;
    // Past its length (the array grew, the bound moved) a loop counts as one of unknown
    // length, so it cannot keep every later pass as one of its "last" passes.
    if (s.length !== null && l.iteration > s.length && l.iteration > FIRST_PASSES) s.length = null;
    const was = s.kept;
    const kept = sampler.startPass(s, l.iteration);
    steps = sampler.steps; // less the steps of held passes folded away
    if (kept !== was) countUnkept(f, kept ? -1 : 1);
  }

  /** Drops the loop instances of `f` from index `from` on (they ended). */
  function dropLoops(f, from) {
    const loops = f.loops;
    for (let i = loops.length - 1; i >= from; i--) {
      if (!loops[i].sampling.kept) countUnkept(f, -1);
      sampler.endLoop(loops[i].sampling);
    }
    loops.length = from;
  }

  // ----- steps ------------------------------------------------------------------------

  /**
   * Records one step (`event` at `line`; `extra`: `{returnValue}` or `{exception}`) unless it
   * falls in a loop pass the sampler skips. Stops the run when a budget has run out.
   */
  function record(event, line, extra) {
    check();
    if (steps >= maxSteps) stop('steps');
    if (unkept > 0) {
      sampler.skipped++;
      return;
    }
    serializing = true;
    let rec;
    try {
      const frames = suspended.length === 0 ? stack : [...stack, ...suspended];
      rec = encoder.encode(frames, event, line, extra, pendingOutput, stdoutLength);
      pendingOutput = null;
      if (holdback.current !== null) sampler.heldCost += 1 + OBJECT_COST * (rec.h === undefined ? 0 : Object.keys(rec.h).length);
      const skipped = sampler.takeSkipped();
      if (skipped > 0) rec.sk = skipped;
    } catch (e) {
      encoder.forget();
      throw e;
    } finally {
      serializing = false;
    }
    steps++;
    sampler.steps = steps;
    emit(rec);
  }

  // ----- output -----------------------------------------------------------------------

  function print(text, objects) {
    if (maxOutputBytes != null) {
      const size = utf8Length(text);
      if (outputBytes + size > maxOutputBytes) {
        const kept = utf8Prefix(text, maxOutputBytes - outputBytes);
        outputBytes = maxOutputBytes;
        if (kept) {
          stdoutLength += codePoints(kept);
          emit({ out: kept });
        }
        stop('output');
      }
      outputBytes += size;
    }
    stdoutLength += codePoints(text);
    const top = stack[stack.length - 1];
    const line = top ? top.line : 1;
    if (pendingOutput) {
      pendingOutput.objects.push(...objects);
    } else {
      pendingOutput = { line, objects: [...objects] };
    }
    emit({ out: text });
  }

  const programConsole = createConsole(print, proxies, timers.now);

  // ----- the API instrumented code calls ----------------------------------------------

  const api = {
    meta(m) {
      meta = m;
    },
    main(sid, getter) {
      mainFrame = newFrame(-1, '<main>', 1);
      mainFrame.sid = sid;
      mainFrame.getter = getter;
      stack.push(mainFrame);
      return mainFrame;
    },
    enter(fid) {
      check();
      if (stack.length > MAX_DEPTH) {
        const name = meta.fns[fid] ? meta.fns[fid][0] : 'function';
        throw new RangeError(
          `call depth over ${MAX_DEPTH} in ${name}(): a recursive function may be missing its base case`,
        );
      }
      const [name, line] = meta.fns[fid];
      const f = newFrame(fid, name, line);
      stack.push(f);
      generators.entered(f);
      let c = functionCounts.get(name);
      if (!c) functionCounts.set(name, (c = { calls: 0, maxDepth: 0 }));
      c.calls++;
      let depth = 0;
      for (const g of stack) if (g.fid === fid) depth++;
      if (depth > c.maxDepth) c.maxDepth = depth;
      return f;
    },
    call(f, sid, getter) {
      f.sid = sid;
      f.getter = getter;
      record('call', f.line);
    },
    line(f, line, sid, getter) {
      check();
      ensureActive(f);
      f.line = line;
      f.sid = sid;
      f.getter = getter;
      record('line', line);
    },
    ret(f, v) {
      check();
      ensureActive(f);
      f.returned = true;
      record('return', f.line, { returnValue: v });
      return v;
    },
    exit(f) {
      if (f.loops.length > 0) dropLoops(f, 0);
      const i = stack.lastIndexOf(f);
      if (i >= 0) stack.splice(i, 1);
      const j = suspended.indexOf(f);
      if (j >= 0) suspended.splice(j, 1);
      if (stopped) {
        f.exited = true;
        throw new BudgetExhausted(stopped);
      }
      if (!f.returned && !f.raised) {
        f.returned = true;
        stack.push(f);
        try {
          record('return', f.line, { returnValue: undefined });
        } finally {
          stack.splice(stack.lastIndexOf(f), 1);
          f.exited = true;
        }
      }
      f.exited = true;
    },
    raise(f, e) {
      if (e instanceof BudgetExhausted || stopped) throw e instanceof BudgetExhausted ? e : new BudgetExhausted(stopped);
      ensureActive(f);
      f.raised = true;
      noteError(f, e);
      record('exception', f.line, { exception: errorInfo(e) });
    },
    caught(f, e) {
      if (e instanceof BudgetExhausted || stopped) throw e instanceof BudgetExhausted ? e : new BudgetExhausted(stopped);
      ensureActive(f);
      f.raised = false;
      noteError(f, e);
      record('exception', f.line, { exception: errorInfo(e) });
    },
    loopEnter(f, idx, sid, getter) {
      check();
      ensureActive(f);
      const run = (f.loopRuns.get(idx) || 0) + 1;
      f.loopRuns.set(idx, run);
      f.loops.push({ idx, instance: run, iteration: 0, sampling: sampler.startLoop(null) });
      f.line = meta.loops[idx][1];
      f.sid = sid;
      f.getter = getter;
      record('line', f.line);
    },
    /** A pass of loop `idx` starts; true for the first pass (`loopCount` may follow). */
    loopIter(f, idx) {
      check();
      ensureActive(f);
      const l = loopOf(f, idx);
      if (l === undefined) return false;
      l.iteration++;
      passStarts(f, l);
      return l.iteration === 1;
    },
    /** A counting loop's length from its values as its first pass starts (crates/instrument-js sizing.rs). */
    loopCount(f, idx, start, bound, step, inclusive) {
      const l = loopOf(f, idx);
      if (l !== undefined && l.iteration === 1) l.sampling.length = countingLength(start, bound, step, inclusive === 1);
      return true;
    },
    /** Notes the length of what a `for … of` iterates over, and returns it unchanged. */
    sized(f, idx, iterable) {
      const l = loopOf(f, idx);
      if (l !== undefined && l.iteration === 0) l.sampling.length = sizeOf(iterable, proxies);
      return iterable;
    },
    /** A number read through own data properties only (`__as.num(grid, 0, 'length')`), or NaN. */
    num(v, ...keys) {
      return numberAt(v, keys, proxies);
    },
    tail(f, idx, sid, getter) {
      check();
      ensureActive(f);
      for (let i = f.loops.length - 1; i >= 0; i--) {
        if (f.loops[i].idx === idx) {
          dropLoops(f, i + 1);
          break;
        }
      }
      f.line = meta.loops[idx][2];
      f.sid = sid;
      f.getter = getter;
      record('line', f.line);
    },
    loopExit(f, idx) {
      for (let i = f.loops.length - 1; i >= 0; i--) {
        if (f.loops[i].idx === idx) {
          dropLoops(f, i);
          break;
        }
      }
      if (stopped) throw new BudgetExhausted(stopped);
      ensureActive(f);
    },
    yielding(f, v) {
      check();
      ensureActive(f);
      record('yield', f.line, { returnValue: v });
      suspend(f);
      return v;
    },
    delegating(f, it) {
      check();
      ensureActive(f);
      suspend(f);
      return it;
    },
    awaiting(f, v) {
      check();
      ensureActive(f);
      record('await', f.line, { returnValue: v });
      suspend(f);
      return v;
    },
    resumed(f, v) {
      check();
      ensureActive(f);
      return v;
    },
    asyncIter(f, src) {
      const rec = api;
      return {
        [Symbol.asyncIterator]() {
          const am = src[Symbol.asyncIterator];
          const isAsync = am != null;
          const inner = isAsync ? am.call(src) : src[Symbol.iterator]();
          const wrap = (r) => (isAsync ? r : Promise.resolve(r.value).then((value) => ({ value, done: r.done })));
          return {
            next(v) {
              rec.awaiting(f, undefined);
              return wrap(inner.next(v));
            },
            return(v) {
              if (typeof inner.return !== 'function') return Promise.resolve({ value: v, done: true });
              return wrap(inner.return(v));
            },
          };
        },
      };
    },
    privates(cls, names, reader) {
      heap.notePrivates(cls, names, reader);
    },
    fn(fid, fn, capt) {
      if (typeof fn !== 'function') return fn;
      heap.noteFunction(fn, fid, capt);
      const name = meta.fns[fid] ? meta.fns[fid][0] : '';
      if (functionName(fn) === '' && name && name !== 'anonymous') {
        try {
          Object.defineProperty(fn, 'name', { value: name, configurable: true });
        } catch {
          // a frozen function keeps its empty name
        }
      }
      const proto = ownData(fn, 'prototype');
      if (proto && kindOf(fn, proxies) === 'function' && name) generators.nameGenerators(proto, name);
      return fn;
    },
  };

  function noteError(f, e) {
    if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
      if (!errorLines.has(e)) errorLines.set(e, f.line);
    } else if (!(lastPrimitiveError && Object.is(lastPrimitiveError.value, e))) {
      lastPrimitiveError = { value: e, line: f.line };
    }
  }
  /** The latest primitive thrown (a primitive has no identity to key a map by) and its line. */
  let lastPrimitiveError = null;

  const promiseLines = new WeakMap();
  /**
   * Remembers the line running when `promise` was made: an unhandled rejection whose reason
   * never passed through a traced frame (`Promise.reject(e)`, `reject(e)` in an executor) is
   * reported there, not at whatever line the program reached since. The runner calls this
   * for every promise (node: an async hook); promises made outside the program are ignored.
   * @param {Promise<unknown>} promise
   */
  function promiseMade(promise) {
    const top = stack[stack.length - 1];
    if (top && typeof top.line === 'number' && !promiseLines.has(promise)) promiseLines.set(promise, top.line);
  }

  /**
   * Records an error that escaped the program (or a callback/timer) and ends the run.
   * @param {unknown} e what was thrown or the rejection reason
   * @param {Promise<unknown>} [promise] the rejected promise, for an unhandled rejection
   */
  function uncaught(e, promise) {
    if (e instanceof BudgetExhausted) {
      stopped = stopped || e.reason;
      return;
    }
    if (error) return;
    const info = errorInfo(e);
    let line = null;
    const madeAt = promise !== undefined ? promiseLines.get(promise) ?? null : null;
    if (e !== null && (typeof e === 'object' || typeof e === 'function')) line = errorLines.get(e) ?? madeAt;
    else if (lastPrimitiveError && Object.is(lastPrimitiveError.value, e)) line = lastPrimitiveError.line;
    else line = madeAt;
    if (line === null && mainFrame) line = mainFrame.line;
    if (mainFrame && !mainDone && stack[stack.length - 1] === mainFrame && !stopped) {
      try {
        record('exception', mainFrame.line, { exception: info });
      } catch {
        // budget ran out exactly here: the error still ends the trace
      }
    }
    error = { type: info.type, message: info.message, line };
  }

  function counts() {
    const functions = {};
    for (const [name, c] of [...functionCounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      functions[name] = [c.calls, c.maxDepth];
    }
    return { events, functions };
  }

  /**
   * Runs a program: `start()` runs the instrumented code (it may return a promise, as a
   * module import does). Then drains microtasks and runs virtual timers until nothing is
   * pending, a budget runs out or an error escapes. Resolves when the `end` record is out.
   * @param {() => unknown} start
   * @param {() => Promise<void>} macrotask waits one real macrotask (all microtasks run)
   */
  async function run(start, macrotask) {
    startedAt = clock();
    try {
      await start();
    } catch (e) {
      uncaught(e);
    }
    mainDone = true;
    let turns = 0;
    for (;;) {
      await macrotask();
      if (stopped || error) break;
      const t = timers.next();
      if (!t) break;
      if (++turns > MAX_TURNS || clock() - startedAt > timeBudgetMs) {
        stopped = stopped || 'time';
        break;
      }
      try {
        if (typeof t.fn === 'function') t.fn(...t.args);
      } catch (e) {
        uncaught(e);
      }
    }
    finish();
  }

  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    if (!stopped && !error && mainFrame) {
      try {
        if (mainFrame.state === 'suspended') {
          const i = suspended.indexOf(mainFrame);
          if (i >= 0) suspended.splice(i, 1);
          mainFrame.state = 'active';
          stack.unshift(mainFrame);
        }
        mainFrame.returned = true;
        record('return', mainFrame.line, { returnValue: undefined });
      } catch (e) {
        if (!(e instanceof BudgetExhausted)) throw e;
      }
    }
    sampler.finish();
    const end = { counts: counts(), sampled: sampler.sampled };
    if (stopped) {
      end.truncated = true;
      end.stoppedBy = stopped;
    } else if (error) {
      end.error = error;
    }
    emitRecord({ end });
  }

  /**
   * Everything a program sees as globals: the recorder, console, timers, prompt, Proxy.
   * Also hooks the generator prototypes' methods (see generators.mjs).
   */
  function globals() {
    generators.hook();
    const RealProxy = Proxy;
    const TrackedProxy = new RealProxy(RealProxy, {
      construct(target, args, newTarget) {
        const p = Reflect.construct(target, args, newTarget);
        proxies.add(p);
        return p;
      },
      get(target, key, receiver) {
        if (key === 'revocable') {
          return (t, h) => {
            const r = RealProxy.revocable(t, h);
            proxies.add(r.proxy);
            return r;
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    return {
      __as: api,
      console: programConsole,
      ...timers.globals,
      Proxy: TrackedProxy,
      prompt: (message) => {
        if (message !== undefined) print(String(message), []);
        if (stdinLines.length === 0) throw new Error(inputHint);
        return stdinLines.shift();
      },
    };
  }

  /** Prints raw text into the trace's output (a host's `process.stdout.write`). */
  function write(text) {
    print(String(text), []);
    return true;
  }

  /** The next line of the run's standard input (as `prompt()` reads it), or null. */
  function readLine() {
    return stdinLines.length === 0 ? null : stdinLines.shift();
  }

  /** Runs `fn` on the virtual clock, as the program's `setImmediate` does. */
  function later(fn) {
    timers.globals.setImmediate(fn);
  }

  return { api, globals, run, uncaught, promiseMade, finish, write, readLine, later, console: programConsole };
}

/** The length of `text` in UTF-8 bytes. */
function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** The longest start of `text` (whole characters) of at most `bytes` UTF-8 bytes. */
function utf8Prefix(text, bytes) {
  let n = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < text.length;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (n + size > bytes) break;
    n += size;
    i += pair ? 2 : 1;
  }
  return text.slice(0, i);
}
