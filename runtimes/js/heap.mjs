// The heap a step shows: values in the wire form and the objects they reach, described once
// and re-sent only when they change.
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

import { defineSerial, neverDefinedOn, stillPlain } from './defines.mjs';
import { quote } from './inspect.mjs';
import {
  apply,
  ArrayProto,
  codePoints,
  constructorName,
  dateGetTime,
  dateText,
  errorInfo,
  functionName,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  hasOwn,
  kindOf,
  mapEntries,
  mapEntryList,
  mapSize,
  ObjectProto,
  ownData,
  ownKeys,
  regexpFlags,
  regexpSource,
  regexpText,
  setSize,
  setValueList,
  setValues,
  symbolText,
  typedArrayInfo,
  typedArrayLength,
  typedArrayTag,
} from './introspect.mjs';

/** Items of a list, dict or set shown (the rest only counted). */
const MAX_ITEMS = 60;
/** Code points of a string shown (the rest only counted). */
const MAX_CHARS = 48;

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

/** Whether two wire values are the same. */
export function sameWire(a, b) {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return false;
  return a.length === b.length && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

const idNumber = (id) => Number(id.slice(1));
const byIdNumber = (a, b) => idNumber(a) - idNumber(b);

/**
 * The heap of one recorder: a cache entry per object seen (its id, its last description and
 * the slots it was made from) and what the last step sent.
 * @param {WeakSet<object>} proxies the Proxies the program made
 * @param {ReturnType<import('./generators.mjs').createGenerators>} generators the program's
 *   generators (their names and states)
 * @param {(fid: number) => [string, number, string[], string[]]} functionMeta function `fid`
 *   of the program's `__as.meta`: name, line, parameters, captured names
 */
export function createHeap(proxies, generators, functionMeta) {
  /** Function → `{fid, capt}` (`__as.fn`: its function index and the reader of what it captured). */
  const fnInfo = new WeakMap();
  /** Class → `{names, reader}`, the reader of its private fields (`__as.privates`). */
  const privateReaders = new WeakMap();
  let idSeq = 0;

  const HOLE = { slot: 'hole' };
  const GETTER = { slot: 'getter' };
  const SETTER = { slot: 'setter' };
  const THROWS = { slot: 'throws' };
  /** Object → its cached serialisation (see `entryOf`). */
  const entries = new WeakMap();
  /** Counts steps (`begin`); an entry's `seen` is the last one that reached it. */
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
      const [name, line, params, captured] = functionMeta(info.fid);
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
          name: generators.name(o),
          ...generators.state(o),
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
        out[n++] = generators.name(o);
        const { state, frame } = generators.state(o);
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
          const captured = functionMeta(info.fid)[3];
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

  return {
    value,
    reach,
    /** A step starts: every object is reached afresh from the values it shows. */
    begin() {
      stamp++;
      queue = [];
    },
    /**
     * Brings every object reached in this step up to date (reaching what they refer to in
     * turn) and says what changed since the last step sent: `added` and `removed`, ids now
     * alive and gone (in id order), and `changed`, id → description of each object new or
     * changed (null for none).
     */
    changes() {
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
      return { added: added.sort(byIdNumber), removed: removed.sort(byIdNumber), changed };
    },
    /** The step is sent: what it reached is what the next step is compared with. */
    commit() {
      sentLive = queue;
      sentStamp = stamp;
    },
    /** A step failed half-way: the next one sends every object it reaches again. */
    forget() {
      kids = null;
      sentStamp = -1;
    },
    /** Function `fn` is function `fid` of the program; `capt(i)` reads its captured name `i`. */
    noteFunction(fn, fid, capt) {
      fnInfo.set(fn, { fid, capt: capt || null });
    },
    /** Class `cls` declares private fields `names`; `reader(o, i)` reads field `i` of `o`. */
    notePrivates(cls, names, reader) {
      privateReaders.set(cls, { names, reader });
    },
  };
}
