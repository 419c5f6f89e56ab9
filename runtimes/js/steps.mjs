// Step records: each says only what changed since the step sent before it (runtimes/
// PROTOCOL.md, "Step fields"): the frame order (`fp`/`fa`), each frame's line, state and
// changed locals (`f`), the value returned or yielded (`r`), the exception (`x`), the heap's
// changes (`ha`/`hr`/`h`, from heap.mjs), the running loops (`lp`), the output's length (`n`)
// and what the step printed (`o`).

import { sameWire } from './heap.mjs';

/** Names starting with it are the instrumenter's (`__asf`, `__asv0` …): never shown. */
const RESERVED = '__as';

/**
 * The encoder of one recorder's steps, and what the last step sent.
 * @param {ReturnType<import('./heap.mjs').createHeap>} heap
 * @param {() => {scopes: string[][], loops: unknown[][]}} meta the program's `__as.meta`
 */
export function createStepEncoder(heap, meta) {
  const { value, reach } = heap;

  // What the previous step record left, so each record only says what changed.
  let sentOrder = [];
  /** Bumped to make every frame send its locals again (`frame.sent` of another generation). */
  let sentGen = 0;
  const NO_NAMES = [];
  let sentLoops = [];
  let sentLength = 0;

  /** The visible locals of frame `f` as `[names, values]`, reaching the objects among them. */
  function readLocals(f) {
    const names = [];
    const vals = [];
    const scope = f.getter ? meta().scopes[f.sid] || [] : [];
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
    const scope = f.getter ? meta().scopes[f.sid] || NO_NAMES : NO_NAMES;
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

  return {
    /**
     * The record of step `event` at `line` with `frames` on the stack (running ones first,
     * then suspended ones); `extra`: `{returnValue}` or `{exception}`; `output`: what was
     * printed since the last step (`{line, objects}`) or null; `outputLength`: the output's
     * length so far in code points.
     */
    encode(frames, event, line, extra, output, outputLength) {
      heap.begin();
      const rec = {};
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
      if (output) printed = output.objects.map(value);
      const { added, removed, changed } = heap.changes();
      if (added.length > 0) rec.ha = added;
      if (removed.length > 0) rec.hr = removed;
      if (changed !== null) rec.h = changed;
      let loopCount = 0;
      let sameLoops = true;
      for (let k = 0; k < frames.length; k++) {
        const f = frames[k];
        for (let j = 0; j < f.loops.length; j++) {
          const l = f.loops[j];
          const s = sentLoops[loopCount++];
          if (sameLoops && !(s && s[0] === f.id && s[1] === meta().loops[l.idx][0] && s[2] === l.instance && s[3] === l.iteration)) sameLoops = false;
        }
      }
      if (!sameLoops || loopCount !== sentLoops.length) {
        const loops = [];
        for (const f of frames) {
          for (const l of f.loops) loops.push([f.id, meta().loops[l.idx][0], l.instance, l.iteration]);
        }
        rec.lp = loops;
        sentLoops = loops;
      }
      if (outputLength !== sentLength) {
        rec.n = outputLength;
        sentLength = outputLength;
      }
      if (output) {
        const refs = [];
        for (const v of printed) if (typeof v === 'string' && !refs.includes(v)) refs.push(v);
        rec.o = [output.line, refs];
      }
      heap.commit();
      return rec;
    },
    /** Forgets what was sent, so a step that failed half-way cannot leave stale caches. */
    forget() {
      heap.forget();
      sentGen++;
      sentOrder = [];
      sentLoops = [];
    },
  };
}
