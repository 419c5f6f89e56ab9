// algoscope's JavaScript recorder: plain ES modules with no dependencies, shared by the CLI
// (under Node), the Node binding and the browser. Instrumented programs (crates/instrument-js)
// call its API as the global `__as`; it builds trace format v1 steps as they happen.
//
// The module-level parts are in modules of their own: introspect.mjs (the built-ins read
// through, captured at load, and what a value is), defines.mjs (the define hook),
// inspect.mjs (Node's util.inspect / util.format), sampling.mjs and holdback.mjs (loop
// sampling and holding back the last passes of a loop of unknown length).

import { defineSerial, installDefineHook, neverDefinedOn, stillPlain } from './defines.mjs';
import { format, inspect, quote } from './inspect.mjs';
import {
  apply,
  ArrayProto,
  asyncGeneratorProto,
  codePoints,
  constructorName,
  dateGetTime,
  dateText,
  errorInfo,
  functionName,
  generatorProto,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  hasOwn,
  kindOf,
  mapEntries,
  mapEntryList,
  mapSize,
  numberAt,
  ObjectProto,
  ownData,
  ownKeys,
  regexpFlags,
  regexpSource,
  regexpText,
  setSize,
  setValueList,
  setValues,
  sizeOf,
  symbolText,
  typedArrayInfo,
  typedArrayLength,
  typedArrayTag,
} from './introspect.mjs';
import { createHoldback } from './holdback.mjs';
import { countingLength, createSampler, FIRST_PASSES, LAST_PASSES, OBJECT_COST } from './sampling.mjs';

/** The built-in `next`/`return`/`throw` of both generator prototypes, before any hook. */
const generatorMethods = [generatorProto, asyncGeneratorProto].flatMap((proto) =>
  ['next', 'return', 'throw'].map((key) => ({ proto, key, original: proto[key] })),
);

const RESERVED = '__as';
const MAX_ITEMS = 60;
const MAX_CHARS = 48;
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

function cutString(s) {
  const n = codePoints(s);
  if (n <= MAX_CHARS) return { repr: quote(s) };
  let out = '';
  let k = 0;
  for (const ch of s) {
    if (k++ >= MAX_CHARS) break;
    out += ch;
  }
  return { repr: quote(out), length: n };
}

/**
 * Creates a recorder.
 *
 * @param {object} [options]
 * @param {number} [options.maxSteps] steps recorded before the run is stopped (20,000)
 * @param {number} [options.timeBudgetMs] wall-clock budget in ms (6,000)
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
  const maxSteps = options.maxSteps ?? 20000;
  const timeBudgetMs = options.timeBudgetMs ?? 6000;
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
  const fnInfo = new WeakMap();
  const privateReaders = new WeakMap();
  const errorLines = new WeakMap();
  const proxies = new WeakSet();
  let idSeq = 0;
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

  // ----- values -----------------------------------------------------------------------
  //
  // Each step lists the objects reachable from its frames (`ha`/`hr`: ids now alive / gone)
  // and re-sends only the objects that changed (`h`). JavaScript has no write barrier, so
  // every reachable object is still visited at every step, but cheaply: its slots are read
  // into a flat list of raw values (`readSlots`: the values themselves, or a marker for a
  // hole, a getter or a setter) and compared with the list from its last serialisation; only
  // an object whose slots differ is described again (`describe`) and compared as JSON text.
  // An unchanged object keeps its description and the objects it refers to, which are then
  // visited in the same order as describing it would, so ids and heap order are the same as
  // serialising everything at every step.

  const HOLE = { slot: 'hole' };
  const GETTER = { slot: 'getter' };
  const SETTER = { slot: 'setter' };
  const THROWS = { slot: 'throws' };
  /** Object → its cached serialisation (see `entryOf`). */
  const entries = new WeakMap();
  /** Counts `record` calls that serialise; an entry's `seen` is the last one that reached it. */
  let stamp = 0;
  /** The stamp of the last step sent; an entry's `live` is the last step it was in. */
  let sentStamp = -1;
  /** Entries of the last step sent, in first-seen order. */
  let sentLive = [];
  /** Entries reached in this step, in first-seen order (the order of the heap). */
  let queue = [];
  /** While describing an object: the entries of the objects it refers to, in order. */
  let kids = null;
  /** Reused buffer for `readSlots`. */
  let scratch = [];

  /** The cache entry of `obj`, created (with the next id) the first time it is seen. */
  function entryOf(obj) {
    let e = entries.get(obj);
    if (e === undefined) {
      let kind = null;
      try {
        kind = kindOf(obj, proxies);
      } catch {
        kind = null;
      }
      e = { id: `o${++idSeq}`, obj, kind, desc: null, text: '', raw: null, kids: [], seen: 0, live: 0, plain: false, checked: 0 };
      entries.set(obj, e);
    }
    return e;
  }

  /** Marks `obj` as reached in this step (queued once) and returns its entry. */
  function reach(obj) {
    const e = entryOf(obj);
    if (e.seen !== stamp) {
      e.seen = stamp;
      queue.push(e);
    }
    return e;
  }

  /** A value in the wire form: `[type, repr(, length)]`, or the id of a heap object. */
  function value(v) {
    switch (typeof v) {
      case 'number':
        return ['number', Object.is(v, -0) ? '-0' : String(v)];
      case 'string': {
        const c = cutString(v);
        return c.length === undefined ? ['string', c.repr] : ['string', c.repr, c.length];
      }
      case 'boolean':
        return ['boolean', v ? 'true' : 'false'];
      case 'undefined':
        return ['undefined', 'undefined'];
      case 'bigint':
        return ['bigint', `${v}n`];
      case 'symbol':
        return ['symbol', symbolText(v)];
      default: {
        if (v === null) return ['null', 'null'];
        const e = reach(v);
        if (kids !== null) kids.push(e);
        return e.id;
      }
    }
  }

  /** Whether two wire values are the same. */
  function sameWire(a, b) {
    if (a === b) return true;
    if (typeof a === 'string' || typeof b === 'string') return false;
    return a.length === b.length && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  }

  const described = (d) => {
    if (d === undefined) return ['undefined', 'undefined'];
    if ('value' in d) return value(d.value);
    return { u: d.get ? 'getter' : 'setter only' };
  };
  /** A slot as `readSlots` keeps it: the value, or a marker for a hole, getter or setter. */
  const slotOf = (d) => {
    if (d === undefined) return HOLE;
    if ('value' in d) return d.value;
    return d.get ? GETTER : SETTER;
  };
  const fields = (obj, skip) => {
    const out = [];
    for (const key of ownKeys(obj)) {
      if (typeof key !== 'string' || (skip && skip(key))) continue;
      const d = getOwnPropertyDescriptor(obj, key);
      if (!d || !d.enumerable) continue;
      out.push([key, described(d)]);
    }
    return out;
  };
  const skipClassKey = (key) => key === 'prototype' || key === 'length' || key === 'name';
  /** Prototype → `{stamp, regs}`: the private-field readers along its chain, found once a step. */
  const privateChains = new WeakMap();
  /**
   * The private-field readers (`{names, reader}`, registered by `__as.privates`) of the
   * classes along the chain of `o`, nearest first: its prototypes' constructors, or for a
   * class (`isClass`) the class and the classes it extends.
   */
  const privateRegs = (o, isClass) => {
    const walk = (start) => {
      const regs = [];
      let p = start;
      for (let depth = 0; p != null && depth < 100; depth++) {
        const cls = isClass ? p : ownData(p, 'constructor');
        const reg = typeof cls === 'function' ? privateReaders.get(cls) : undefined;
        if (reg) regs.push(reg);
        p = getPrototypeOf(p);
      }
      return regs;
    };
    if (isClass) return walk(o);
    const proto = getPrototypeOf(o);
    if (proto === null) return [];
    let c = privateChains.get(proto);
    if (c === undefined) {
      c = { stamp: -1, regs: [] };
      privateChains.set(proto, c);
    }
    if (c.stamp !== stamp) {
      c.stamp = stamp;
      c.regs = walk(proto);
    }
    return c.regs;
  };
  /** Private field `i` of `reg` read from `o`, or THROWS when its reader throws. */
  const readPrivate = (reg, o, i) => {
    try {
      return reg.reader(o, i);
    } catch {
      return THROWS;
    }
  };
  /** Private field values of `o` (a class when `isClass`) into `out` from `n`, THROWS for a field that cannot be read; returns the new `n`. */
  const privateValues = (o, isClass, out, n) => {
    const regs = privateRegs(o, isClass);
    for (let r = 0; r < regs.length; r++) {
      const reg = regs[r];
      for (let i = 0; i < reg.names.length; i++) out[n++] = readPrivate(reg, o, i);
    }
    return n;
  };
  /** `[name, wire]` of each private field of `o` that can be read, in `privateValues` order. */
  const privateFields = (o, isClass) => {
    const out = [];
    for (const reg of privateRegs(o, isClass)) {
      for (let i = 0; i < reg.names.length; i++) {
        const v = readPrivate(reg, o, i);
        if (v !== THROWS) out.push([reg.names[i], value(v)]);
      }
    }
    return out;
  };
  /** Own enumerable string-keyed slots of `obj` as `key, slot` pairs into `out` from `n`. */
  const fieldSlots = (obj, skip, out, n) => {
    const keys = ownKeys(obj);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (typeof key !== 'string' || (skip && skip(key))) continue;
      const d = getOwnPropertyDescriptor(obj, key);
      if (!d || !d.enumerable) continue;
      out[n++] = key;
      out[n++] = slotOf(d);
    }
    return n;
  };
  const single = (t, text) => {
    const n = codePoints(text);
    if (n <= MAX_CHARS) return { k: 'value', t, r: text };
    return { k: 'value', t, r: [...text].slice(0, MAX_CHARS).join(''), len: n };
  };
  const describeFunction = (fn) => {
    const info = fnInfo.get(fn);
    if (info) {
      const [name, line, params, captured] = meta.fns[info.fid];
      const c = [];
      if (info.capt) {
        for (let i = 0; i < captured.length; i++) {
          let v;
          try {
            v = info.capt(i);
          } catch {
            continue;
          }
          c.push([captured[i], value(v)]);
        }
      }
      return { k: 'function', name, p: params, c, line };
    }
    return { k: 'function', name: functionName(fn) || 'anonymous' };
  };

  /** One heap object in the wire form; the objects it refers to go through `value`. */
  function describe(o, kind) {
    switch (kind) {
      case 'proxy':
        return { k: 'value', t: 'Proxy', r: 'Proxy' };
      case 'array': {
        const length = ownData(o, 'length');
        const items = [];
        for (let i = 0; i < Math.min(length, MAX_ITEMS); i++) {
          const d = getOwnPropertyDescriptor(o, i);
          items.push(d === undefined ? ['undefined', 'empty'] : described(d));
        }
        const name = constructorName(o);
        return { k: 'list', t: name && name !== 'Object' ? name : 'Array', i: items, n: length };
      }
      case 'typedarray': {
        const { tag, length } = typedArrayInfo(o);
        const items = [];
        for (let i = 0; i < Math.min(length, MAX_ITEMS); i++) items.push(value(o[i]));
        return { k: 'list', t: tag, i: items, n: length };
      }
      case 'map': {
        const { entries: pairs, size } = mapEntryList(o, MAX_ITEMS);
        return { k: 'dict', t: constructorName(o) || 'Map', e: pairs.map(([key, v]) => [value(key), value(v)]), n: size };
      }
      case 'set': {
        const { values, size } = setValueList(o, MAX_ITEMS);
        return { k: 'set', t: constructorName(o) || 'Set', i: values.map(value), n: size };
      }
      case 'date':
        return single('Date', dateText(o));
      case 'regexp':
        return single('RegExp', regexpText(o));
      case 'error': {
        const { type, message } = errorInfo(o);
        return single(type, message ? `${type}: ${message}` : type);
      }
      case 'promise':
        return single('Promise', 'Promise');
      case 'weakmap':
        return single('WeakMap', 'WeakMap');
      case 'weakset':
        return single('WeakSet', 'WeakSet');
      case 'generator':
      case 'asyncgenerator':
        return {
          k: 'generator',
          t: kind === 'generator' ? 'generator' : 'async_generator',
          name: generatorName(o),
          ...generatorState(o),
        };
      case 'class': {
        const parent = getPrototypeOf(o);
        const bases = typeof parent === 'function' && parent !== Function.prototype ? [functionName(parent)] : [];
        return {
          k: 'class',
          name: functionName(o) || 'anonymous',
          bases,
          f: [...fields(o, skipClassKey), ...privateFields(o, true)],
        };
      }
      case 'function':
        return describeFunction(o);
      default: {
        const name = constructorName(o);
        if (name === null || name === 'Object') {
          const pairs = fields(o).map(([key, v]) => [value(key), v]);
          return { k: 'dict', t: 'Object', e: pairs.slice(0, MAX_ITEMS), n: pairs.length };
        }
        return { k: 'instance', t: name, f: [...fields(o), ...privateFields(o, false)] };
      }
    }
  }

  /** Prototype → `{stamp, name}`: `constructorName` of its objects, worked out once a step. */
  const protoNames = new WeakMap();
  /** `constructorName(o)` for any `o` whose prototype is `proto`. */
  function nameOfProto(proto, o) {
    if (proto === null) return null;
    let c = protoNames.get(proto);
    if (c === undefined) {
      c = { stamp: 0, name: '' };
      protoNames.set(proto, c);
    }
    if (c.stamp !== stamp) {
      c.name = constructorName(o);
      c.stamp = stamp;
    }
    return c.name;
  }
  /** Whether this step, no array element can be inherited from Array.prototype/Object.prototype. */
  let protoIndexFree = false;
  let protoIndexStamp = 0;
  function arrayProtosClean() {
    if (protoIndexStamp !== stamp) {
      protoIndexStamp = stamp;
      protoIndexFree =
        neverDefinedOn(ArrayProto) &&
        neverDefinedOn(ObjectProto) &&
        Object.keys(ArrayProto).length === 0 &&
        Object.keys(ObjectProto).length === 0;
    }
    return protoIndexFree;
  }

  /**
   * Reads into `out` everything `describe(o, kind)` depends on (as raw values, so reading
   * makes no strings and no wire values) and returns how many were written. Arrays and plain
   * objects that a full read found free of accessors (`e.plain`) are read directly while no
   * define function touched them since (`stillPlain`).
   */
  function readSlots(o, kind, out, e) {
    let n = 0;
    switch (kind) {
      case 'array': {
        const length = o.length;
        const proto = getPrototypeOf(o);
        out[n++] = length;
        out[n++] = nameOfProto(proto, o);
        const m = Math.min(length, MAX_ITEMS);
        if (e.plain && stillPlain(o, e.checked)) {
          e.checked = defineSerial();
          if (proto === ArrayProto && arrayProtosClean()) {
            // A missing element reads as undefined: only then is `hasOwn` needed.
            for (let i = 0; i < m; i++) {
              const v = o[i];
              out[n++] = v !== undefined || hasOwn(o, i) ? v : HOLE;
            }
          } else {
            for (let i = 0; i < m; i++) out[n++] = hasOwn(o, i) ? o[i] : HOLE;
          }
          return n;
        }
        let plain = true;
        for (let i = 0; i < m; i++) {
          const v = slotOf(getOwnPropertyDescriptor(o, i));
          if (v === GETTER || v === SETTER) plain = false;
          out[n++] = v;
        }
        e.plain = plain;
        e.checked = defineSerial();
        return n;
      }
      case 'typedarray': {
        const length = apply(typedArrayLength, o, []);
        out[n++] = apply(typedArrayTag, o, []);
        out[n++] = length;
        const m = Math.min(length, MAX_ITEMS);
        for (let i = 0; i < m; i++) out[n++] = o[i];
        return n;
      }
      case 'map': {
        out[n++] = constructorName(o);
        out[n++] = apply(mapSize, o, []);
        const it = apply(mapEntries, o, []);
        for (let k = 0, r = it.next(); !r.done && k < MAX_ITEMS; k++, r = it.next()) {
          out[n++] = r.value[0];
          out[n++] = r.value[1];
        }
        return n;
      }
      case 'set': {
        out[n++] = constructorName(o);
        out[n++] = apply(setSize, o, []);
        const it = apply(setValues, o, []);
        for (let k = 0, r = it.next(); !r.done && k < MAX_ITEMS; k++, r = it.next()) out[n++] = r.value;
        return n;
      }
      case 'date':
        out[n++] = apply(dateGetTime, o, []);
        return n;
      case 'regexp':
        out[n++] = apply(regexpSource, o, []);
        out[n++] = apply(regexpFlags, o, []);
        return n;
      case 'error': {
        const { type, message } = errorInfo(o);
        out[n++] = type;
        out[n++] = message;
        return n;
      }
      case 'generator':
      case 'asyncgenerator': {
        out[n++] = generatorName(o);
        const { state, frame } = generatorState(o);
        out[n++] = state;
        out[n++] = frame;
        return n;
      }
      case 'class': {
        const parent = getPrototypeOf(o);
        out[n++] = functionName(o);
        out[n++] = parent;
        out[n++] = typeof parent === 'function' ? functionName(parent) : '';
        n = fieldSlots(o, skipClassKey, out, n);
        out[n++] = HOLE;
        return privateValues(o, true, out, n);
      }
      case 'function': {
        const info = fnInfo.get(o);
        if (!info) {
          out[n++] = functionName(o);
          return n;
        }
        out[n++] = info.fid;
        if (info.capt) {
          const captured = meta.fns[info.fid][3];
          for (let i = 0; i < captured.length; i++) {
            let v;
            try {
              v = info.capt(i);
            } catch {
              v = THROWS;
            }
            out[n++] = v;
          }
        }
        return n;
      }
      case 'proxy':
      case 'promise':
      case 'weakmap':
      case 'weakset':
        return n;
      default: {
        const name = nameOfProto(getPrototypeOf(o), o);
        out[n++] = name;
        if (e.plain && stillPlain(o, e.checked)) {
          e.checked = defineSerial();
          const keys = Object.keys(o);
          for (let i = 0; i < keys.length; i++) {
            const key = keys[i];
            out[n++] = key;
            out[n++] = o[key];
          }
        } else {
          const from = n;
          n = fieldSlots(o, null, out, n);
          let plain = true;
          for (let i = from + 1; i < n; i += 2) if (out[i] === GETTER || out[i] === SETTER) plain = false;
          e.plain = plain;
          e.checked = defineSerial();
        }
        if (name === null || name === 'Object') return n;
        out[n++] = HOLE;
        return privateValues(o, false, out, n);
      }
    }
  }

  /**
   * Brings the entry of a reached object up to date. Returns true when its description
   * changed since it was last serialised; the objects it refers to are reached either way.
   */
  function refresh(e) {
    const o = e.obj;
    const kind = e.kind;
    let n = -1;
    if (kind !== null) {
      try {
        n = readSlots(o, kind, scratch, e);
      } catch {
        n = -1;
      }
    }
    const raw = e.raw;
    if (n >= 0 && raw !== null && raw.length === n) {
      let same = true;
      for (let i = 0; i < n; i++) {
        if (!Object.is(raw[i], scratch[i])) {
          same = false;
          break;
        }
      }
      if (same) {
        const k = e.kids;
        for (let i = 0; i < k.length; i++) {
          const kid = k[i];
          if (kid.seen !== stamp) {
            kid.seen = stamp;
            queue.push(kid);
          }
        }
        return false;
      }
    }
    e.raw = n >= 0 ? scratch.slice(0, n) : null;
    kids = [];
    let d;
    try {
      d = n >= 0 ? fromSlots(kind, e.raw) : null;
      if (d === null) d = kind === null ? describe(o, kindOf(o, proxies)) : describe(o, kind);
    } catch (err) {
      d = { k: 'value', t: 'unreadable', r: String(err && err.message) };
    }
    e.kids = kids;
    kids = null;
    const text = JSON.stringify(d);
    e.desc = d;
    if (text === e.text) return false;
    e.text = text;
    return true;
  }

  /** The wire form of a slot as `readSlots` keeps it (what `described` gives for its descriptor). */
  function slotWire(v, hole) {
    if (v === HOLE) return hole;
    if (v === GETTER) return { u: 'getter' };
    if (v === SETTER) return { u: 'setter only' };
    return value(v);
  }

  /**
   * The description of an array or of a plain object or instance without private fields built
   * from the slots just read (the same as `describe` gives, without reading them again), or
   * null for other objects.
   */
  function fromSlots(kind, raw) {
    if (kind === 'array') {
      const items = [];
      for (let i = 2; i < raw.length; i++) items.push(slotWire(raw[i], EMPTY_SLOT));
      const name = raw[1];
      return { k: 'list', t: name && name !== 'Object' ? name : 'Array', i: items, n: raw[0] };
    }
    if (kind !== 'object') return null;
    const name = raw[0];
    if (name === null || name === 'Object') {
      const pairs = [];
      for (let i = 1; i < raw.length; i += 2) {
        const v = slotWire(raw[i + 1], UNDEFINED_SLOT);
        pairs.push([value(raw[i]), v]);
      }
      return { k: 'dict', t: 'Object', e: pairs.slice(0, MAX_ITEMS), n: pairs.length };
    }
    if (raw[raw.length - 1] !== HOLE) return null; // private fields: `describe` names them
    const f = [];
    for (let i = 1; i < raw.length - 1; i += 2) f.push([raw[i], slotWire(raw[i + 1], UNDEFINED_SLOT)]);
    return { k: 'instance', t: name, f };
  }
  const EMPTY_SLOT = ['undefined', 'empty'];
  const UNDEFINED_SLOT = ['undefined', 'undefined'];

  /** The visible locals of frame `f` as `[names, values]`, reaching the objects among them. */
  function readLocals(f) {
    const names = [];
    const vals = [];
    const scope = f.getter ? meta.scopes[f.sid] || [] : [];
    for (let i = 0; i < scope.length; i++) {
      const name = scope[i];
      if (name.startsWith(RESERVED)) continue;
      let v;
      try {
        v = f.getter(i);
      } catch {
        continue;
      }
      names.push(name);
      vals.push(v);
      if (v !== null && (typeof v === 'object' || typeof v === 'function')) reach(v);
    }
    return [names, vals];
  }

  function generatorName(g) {
    const proto = getPrototypeOf(g);
    return (proto && generatorNames.get(proto)) || 'generator';
  }
  const generatorNames = new WeakMap();

  // Generator objects and their frames. A generator's body runs first inside a call of its
  // `next` (or `return`/`throw`), so the hooked methods (`hookGenerators`) note which
  // generator is starting and the `enter` that follows ties the new frame to it.
  /** Generator object → the frame its body runs in (from its first resume on). */
  const generatorFrames = new WeakMap();
  /** Generators finished without ever running their body (`return()` before `next()`). */
  const generatorsClosedEarly = new WeakSet();
  /** The generator whose body is about to start, for the next `enter`. */
  let startingGenerator = null;

  /**
   * `{state, frame}` of a generator object, as Python reports its generators: `created`
   * before its body ran, `running` while it runs, `suspended` at a `yield`/`await` (with the
   * id of its frame, which holds its line), `closed` once finished.
   */
  function generatorState(g) {
    const f = generatorFrames.get(g);
    if (f === undefined) return { state: generatorsClosedEarly.has(g) ? 'closed' : 'created' };
    if (f.exited) return { state: 'closed' };
    return { state: f.state === 'active' ? 'running' : 'suspended', frame: f.id };
  }

  /**
   * Replaces `next`, `return` and `throw` of both generator prototypes with versions that
   * note the generator they run (see `generatorFrames`) and then call the built-in one.
   */
  function isGenerator(v) {
    if (v === null || typeof v !== 'object') return false;
    const kind = kindOf(v, proxies);
    return kind === 'generator' || kind === 'asyncgenerator';
  }

  function hookGenerators() {
    for (const { proto, key, original } of generatorMethods) {
      const hooked = {
        [key](...args) {
          const fresh = !generatorFrames.has(this);
          const outer = startingGenerator;
          startingGenerator = fresh ? this : null;
          try {
            return apply(original, this, args);
          } finally {
            startingGenerator = outer;
            // `return`/`throw` before the body ever ran finish the generator on the spot.
            if (fresh && key !== 'next' && isGenerator(this) && !generatorFrames.has(this)) {
              generatorsClosedEarly.add(this);
            }
          }
        },
      }[key];
      Object.defineProperty(proto, key, { value: hooked, writable: true, configurable: true, enumerable: false });
    }
  }

  // What the previous step record left, so each record only says what changed.
  let sentOrder = [];
  /** Bumped to make every frame send its locals again (`frame.sent` of another generation). */
  let sentGen = 0;
  const NO_NAMES = [];
  let sentLoops = [];
  let sentLength = 0;

  const idNumber = (id) => Number(id.slice(1));
  const byIdNumber = (a, b) => idNumber(a) - idNumber(b);

  /**
   * What changed in frame `f` since the last step sent (null for nothing). Its locals are read
   * and compared with what was sent in one pass, allocating nothing while they are the same.
   */
  function frameUpdate(f) {
    const prev = f.sent;
    if (prev === null || prev.gen !== sentGen) {
      const [names, vals] = readLocals(f);
      const wires = vals.map(value);
      f.sent = { gen: sentGen, ln: f.line, names, vals, wires, st: f.state };
      const update = { i: f.id, fn: f.func, ln: f.line, lv: names.map((name, k) => [name, wires[k]]) };
      if (f.state !== 'active') update.st = f.state;
      return update;
    }
    let update = null;
    if (prev.ln !== f.line) {
      update = { i: f.id, ln: f.line };
      prev.ln = f.line;
    }
    const scope = f.getter ? meta.scopes[f.sid] || NO_NAMES : NO_NAMES;
    const names = prev.names;
    const vals = prev.vals;
    let k = 0;
    let sameNames = true;
    let ls = null;
    for (let i = 0; i < scope.length; i++) {
      const name = scope[i];
      if (name.startsWith(RESERVED)) continue;
      let v;
      try {
        v = f.getter(i);
      } catch {
        continue;
      }
      if (k >= names.length || names[k] !== name) {
        sameNames = false;
        break;
      }
      if (v !== null && (typeof v === 'object' || typeof v === 'function')) reach(v);
      if (!Object.is(v, vals[k])) {
        vals[k] = v;
        const w = value(v);
        if (!sameWire(w, prev.wires[k])) {
          prev.wires[k] = w;
          if (ls === null) ls = [];
          ls.push([name, w]);
        }
      }
      k++;
    }
    if (sameNames && k !== names.length) sameNames = false;
    if (!sameNames) {
      const [allNames, allVals] = readLocals(f);
      const wires = allVals.map(value);
      if (update === null) update = { i: f.id };
      update.lv = allNames.map((name, j) => [name, wires[j]]);
      prev.names = allNames;
      prev.vals = allVals;
      prev.wires = wires;
    } else if (ls !== null) {
      if (update === null) update = { i: f.id };
      update.ls = ls;
    }
    if (prev.st !== f.state) {
      if (update === null) update = { i: f.id };
      update.st = f.state;
      prev.st = f.state;
    }
    return update;
  }

  /** Forgets what was sent, so a step that failed half-way cannot leave stale caches. */
  function forgetSent() {
    sentGen++;
    sentOrder = [];
    sentStamp = -1;
    sentLoops = [];
  }

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
      stamp++;
      queue = [];
      const frames = suspended.length === 0 ? stack : [...stack, ...suspended];
      rec = {};
      if (event !== 'line') rec.e = event;
      rec.l = line;
      const updates = [];
      for (let k = 0; k < frames.length; k++) {
        const u = frameUpdate(frames[k]);
        if (u) updates.push(u);
      }
      let sameOrder = frames.length === sentOrder.length;
      for (let k = 0; sameOrder && k < frames.length; k++) sameOrder = frames[k].id === sentOrder[k];
      if (!sameOrder) {
        const order = frames.map((f) => f.id);
        let keep = 0;
        while (keep < order.length && keep < sentOrder.length && order[keep] === sentOrder[keep]) keep++;
        rec.fp = keep;
        rec.fa = order.slice(keep);
        sentOrder = order;
      }
      if (updates.length > 0) rec.f = updates;
      if (extra && 'returnValue' in extra) rec.r = value(extra.returnValue);
      if (extra && extra.exception) rec.x = extra.exception;
      let printed = null;
      if (pendingOutput) printed = pendingOutput.objects.map(value);
      const added = [];
      let changed = null;
      for (let q = 0; q < queue.length; q++) {
        const e = queue[q];
        const fresh = e.live !== sentStamp;
        if (refresh(e) || fresh) {
          if (changed === null) changed = {};
          changed[e.id] = e.desc;
        }
        if (fresh) added.push(e.id);
        e.live = stamp;
      }
      const removed = [];
      for (let q = 0; q < sentLive.length; q++) if (sentLive[q].live !== stamp) removed.push(sentLive[q].id);
      if (added.length > 0) rec.ha = added.sort(byIdNumber);
      if (removed.length > 0) rec.hr = removed.sort(byIdNumber);
      if (changed !== null) rec.h = changed;
      if (holdback.current !== null) sampler.heldCost += 1 + OBJECT_COST * (changed === null ? 0 : Object.keys(changed).length);
      let loopCount = 0;
      let sameLoops = true;
      for (let k = 0; k < frames.length; k++) {
        const f = frames[k];
        for (let j = 0; j < f.loops.length; j++) {
          const l = f.loops[j];
          const s = sentLoops[loopCount++];
          if (sameLoops && !(s && s[0] === f.id && s[1] === meta.loops[l.idx][0] && s[2] === l.instance && s[3] === l.iteration)) sameLoops = false;
        }
      }
      if (!sameLoops || loopCount !== sentLoops.length) {
        const loops = [];
        for (const f of frames) {
          for (const l of f.loops) loops.push([f.id, meta.loops[l.idx][0], l.instance, l.iteration]);
        }
        rec.lp = loops;
        sentLoops = loops;
      }
      if (stdoutLength !== sentLength) {
        rec.n = stdoutLength;
        sentLength = stdoutLength;
      }
      if (pendingOutput) {
        const refs = [];
        for (const v of printed) if (typeof v === 'string' && !refs.includes(v)) refs.push(v);
        rec.o = [pendingOutput.line, refs];
        pendingOutput = null;
      }
      const skipped = sampler.takeSkipped();
      if (skipped > 0) rec.sk = skipped;
      sentLive = queue;
      sentStamp = stamp;
    } catch (e) {
      kids = null;
      forgetSent();
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

  function printArgs(args) {
    const objects = args.filter((a) => a !== null && (typeof a === 'object' || typeof a === 'function'));
    print(`${format(args, { proxies })}\n`, objects);
  }

  const counters = new Map();
  const timersByLabel = new Map();
  const programConsole = {
    log: (...args) => printArgs(args),
    info: (...args) => printArgs(args),
    debug: (...args) => printArgs(args),
    warn: (...args) => printArgs(args),
    error: (...args) => printArgs(args),
    trace: (...args) => printArgs(['Trace:', ...args]),
    dir: (v) => print(`${inspect(v, { proxies })}\n`, v !== null && typeof v === 'object' ? [v] : []),
    table: (data, columns) => print(table(data, columns), data !== null && typeof data === 'object' ? [data] : []),
    assert: (cond, ...args) => {
      if (!cond) printArgs(args.length ? ['Assertion failed:', ...args] : ['Assertion failed']);
    },
    count: (label = 'default') => {
      const n = (counters.get(label) || 0) + 1;
      counters.set(label, n);
      printArgs([`${label}: ${n}`]);
    },
    countReset: (label = 'default') => counters.set(label, 0),
    time: (label = 'default') => timersByLabel.set(label, virtualNow),
    timeEnd: (label = 'default') => printArgs([`${label}: ${virtualNow - (timersByLabel.get(label) ?? virtualNow)}ms`]),
    timeLog: (label = 'default') => printArgs([`${label}: ${virtualNow - (timersByLabel.get(label) ?? virtualNow)}ms`]),
    group: (...args) => args.length && printArgs(args),
    groupEnd: () => {},
  };

  function table(data, columns) {
    if (data === null || typeof data !== 'object') return `${format([data], { proxies })}\n`;
    const cell = (v) => inspect(v, { proxies, depth: 1 }).replace(/\n\s*/g, ' ');
    const kind = kindOf(data, proxies);
    let head;
    let body;
    if (kind === 'map') {
      head = ['(iteration index)', 'Key', 'Values'];
      body = mapEntryList(data).entries.map(([k, v], i) => [String(i), cell(k), cell(v)]);
    } else if (kind === 'set') {
      head = ['(iteration index)', 'Values'];
      body = setValueList(data).values.map((v, i) => [String(i), cell(v)]);
    } else {
      const rowsIn = [];
      for (const key of Reflect.ownKeys(data)) {
        if (typeof key !== 'string') continue;
        const d = Reflect.getOwnPropertyDescriptor(data, key);
        if (!d || !d.enumerable || !('value' in d)) continue;
        rowsIn.push([key, d.value]);
      }
      const keys = [];
      let hasValues = false;
      const rows = rowsIn.map(([index, v]) => {
        const row = { index, cells: new Map() };
        if (v !== null && typeof v === 'object' && kindOf(v, proxies) !== 'proxy') {
          for (const k of Reflect.ownKeys(v)) {
            if (typeof k !== 'string') continue;
            const d = Reflect.getOwnPropertyDescriptor(v, k);
            if (!d || !d.enumerable) continue;
            if (columns && !columns.includes(k)) continue;
            if (!keys.includes(k)) keys.push(k);
            row.cells.set(k, 'value' in d ? cell(d.value) : '[Getter]');
          }
        } else {
          hasValues = true;
          row.value = cell(v);
        }
        return row;
      });
      head = ['(index)', ...keys];
      if (hasValues) head.push('Values');
      body = rows.map((r) => {
        const out = [r.index, ...keys.map((k) => (r.cells.has(k) ? r.cells.get(k) : ''))];
        if (hasValues) out.push(r.value ?? '');
        return out;
      });
    }
    const width = head.map((h, i) => Math.max(codePoints(h), ...body.map((b) => codePoints(b[i]))) + 2);
    const line = (l, m, r) => l + width.map((w) => '─'.repeat(w)).join(m) + r;
    const renderRow = (cells) =>
      `│${cells.map((c, i) => ` ${c}${' '.repeat(width[i] - codePoints(c) - 1)}`).join('│')}│`;
    const out = [line('┌', '┬', '┐'), renderRow(head), line('├', '┼', '┤'), ...body.map(renderRow), line('└', '┴', '┘')];
    return `${out.join('\n')}\n`;
  }

  // ----- timers -----------------------------------------------------------------------

  let virtualNow = 0;
  let timerSeq = 0;
  let timerIds = 0;
  const timers = [];

  function addTimer(fn, ms, args, repeat) {
    const delay = Math.max(repeat ? 1 : 0, Number(ms) > 0 ? Math.floor(Number(ms)) : 0);
    const id = ++timerIds;
    timers.push({ id, due: virtualNow + delay, seq: ++timerSeq, fn, args, repeat: repeat ? delay : 0 });
    return id;
  }

  function clearTimer(id) {
    const i = timers.findIndex((t) => t.id === id);
    if (i >= 0) timers.splice(i, 1);
  }

  const programTimers = {
    setTimeout: (fn, ms, ...args) => addTimer(fn, ms, args, false),
    setInterval: (fn, ms, ...args) => addTimer(fn, ms, args, true),
    setImmediate: (fn, ...args) => addTimer(fn, 0, args, false),
    clearTimeout: clearTimer,
    clearInterval: clearTimer,
    clearImmediate: clearTimer,
  };

  function nextTimer() {
    if (timers.length === 0) return null;
    let best = 0;
    for (let i = 1; i < timers.length; i++) {
      const t = timers[i];
      const b = timers[best];
      if (t.due < b.due || (t.due === b.due && t.seq < b.seq)) best = i;
    }
    const [t] = timers.splice(best, 1);
    virtualNow = Math.max(virtualNow, t.due);
    if (t.repeat) timers.push({ ...t, due: virtualNow + t.repeat, seq: ++timerSeq });
    return t;
  }

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
      if (startingGenerator !== null) {
        generatorFrames.set(startingGenerator, f);
        startingGenerator = null;
      }
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
      privateReaders.set(cls, { names, reader });
    },
    fn(fid, fn, capt) {
      if (typeof fn !== 'function') return fn;
      fnInfo.set(fn, { fid, capt: capt || null });
      const name = meta.fns[fid] ? meta.fns[fid][0] : '';
      if (functionName(fn) === '' && name && name !== 'anonymous') {
        try {
          Object.defineProperty(fn, 'name', { value: name, configurable: true });
        } catch {
          // a frozen function keeps its empty name
        }
      }
      const proto = ownData(fn, 'prototype');
      if (proto && kindOf(fn, proxies) === 'function' && name) generatorNames.set(proto, name);
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
      const t = nextTimer();
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
   * Also hooks the generator prototypes' methods (see `hookGenerators`).
   */
  function globals() {
    hookGenerators();
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
      ...programTimers,
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

  return { api, globals, run, uncaught, promiseMade, finish, write, console: programConsole };
}
