// Holding back the last passes of a loop of unknown length, as the Python tracer does
// (sampling.py `Holdback`; runtimes/PROTOCOL.md, "The record stream"): while a loop of
// unknown length is sampled, the records of its most recent LAST_PASSES passes are held here
// instead of sent. A pass that falls out of the window is folded: its records are merged into
// one pending delta, which goes out merged into the next record sent (so every record still
// reads as a change from the one before it, and the folded steps count as `sk`). When the
// loop ends (exit, `break`, `return`, an exception, a budget), the held passes go out in
// order. Only step records and `{out: text}` records go through here; `end` goes out
// directly. Which passes are held is the sampler's decision (sampling.mjs).

const idOrder = (a, b) => Number(a.slice(1)) - Number(b.slice(1));

/**
 * Step records folded into one: what a reader that missed them needs to catch up, as the
 * last of them would read after the step before the first.
 * @param {number} maxFrames most frames a step lists (more are hidden)
 */
function createPending(maxFrames) {
  /** Frame id → its merged update (`v`: variables changed, `all`: an `lv` came). */
  const frames = new Map();
  const added = new Set();
  const removed = new Set();
  const transient = new Set();
  /** Heap id → its latest wire. */
  const objects = new Map();
  const out = [];
  let order = null;
  let loops = null;
  let length = null;
  let skipped = 0;
  let last = null;

  function foldFrame(merged, update) {
    for (const key of Object.keys(update)) {
      const value = update[key];
      if (key === 'ls') {
        if (merged.v === undefined) {
          merged.v = new Map(value);
          merged.all = false;
        } else {
          for (const [name, v] of value) merged.v.set(name, v);
        }
      } else if (key === 'lv') {
        merged.v = new Map(value);
        merged.all = true;
      } else if (key !== 'i') {
        merged[key] = value;
      }
    }
  }

  function frameRecord(merged) {
    const update = {};
    for (const key of Object.keys(merged)) {
      if (key === 'v') update[merged.all ? 'lv' : 'ls'] = [...merged.v];
      else if (key !== 'all') update[key] = merged[key];
    }
    return update;
  }

  return {
    /** Step records folded. */
    steps: 0,
    /** Adds one record (a step or `{out: text}`). */
    fold(rec) {
      if ('out' in rec) {
        out.push(rec.out);
        return;
      }
      this.steps++;
      last = rec;
      if (rec.f) {
        for (const update of rec.f) {
          let merged = frames.get(update.i);
          if (merged === undefined) frames.set(update.i, (merged = { i: update.i }));
          foldFrame(merged, update);
        }
      }
      if (rec.lp) loops = rec.lp;
      if (rec.sk) skipped += rec.sk;
      if ('fp' in rec) {
        if (order === null || rec.fp <= order[0]) order = [rec.fp, [...rec.fa]];
        else order = [order[0], [...order[1].slice(0, rec.fp - order[0]), ...rec.fa]];
      }
      if (rec.h) for (const id of Object.keys(rec.h)) objects.set(id, rec.h[id]);
      if (rec.hr) {
        for (const id of rec.hr) {
          if (added.delete(id)) transient.add(id);
          else removed.add(id);
        }
      }
      if (rec.ha) {
        for (const id of rec.ha) {
          if (!removed.delete(id)) {
            added.add(id);
            transient.delete(id);
          }
        }
      }
      if ('n' in rec) length = rec.n;
    },
    /** `[out text or null, the step record]` of everything folded (at least one step). */
    record() {
      const rec = {};
      if ('e' in last) rec.e = last.e;
      rec.l = last.l;
      if (order !== null) {
        rec.fp = order[0];
        rec.fa = order[1];
      }
      let merged = [...frames.values()];
      if (order !== null && order[0] + order[1].length < maxFrames) {
        // Nothing is hidden: a frame that came and went within the folded steps is gone for
        // good, and the reader never needs it.
        const listed = new Set(order[1]);
        merged = merged.filter((m) => !('fn' in m) || listed.has(m.i));
      }
      if (merged.length > 0) rec.f = merged.map(frameRecord);
      if ('r' in last) rec.r = last.r;
      if ('x' in last) rec.x = last.x;
      if (added.size > 0) rec.ha = [...added].sort(idOrder);
      if (removed.size > 0) rec.hr = [...removed].sort(idOrder);
      let h = null;
      for (const [id, wire] of objects) {
        if (removed.has(id) || transient.has(id)) continue;
        if (h === null) h = {};
        h[id] = wire;
      }
      if (h !== null) rec.h = h;
      if (loops !== null) rec.lp = loops;
      if (length !== null) rec.n = length;
      if ('o' in last) rec.o = last.o;
      const sk = skipped + this.steps - 1;
      if (sk > 0) rec.sk = sk;
      return [out.length > 0 ? out.join('') : null, rec];
    },
  };
}

const stepCount = (records) => records.reduce((n, rec) => n + ('out' in rec ? 0 : 1), 0);

/**
 * The held passes of the one loop instance holding back, and the pending folded delta.
 * @param {(record: object) => void} emit sends a record on
 * @param {number} limit passes held (the last passes kept of a sampled loop)
 * @param {number} maxFrames most frames a step lists
 */
export function createHoldback(emit, limit, maxFrames) {
  /** Held passes, oldest first: `{kept, records}`; a kept pass (a round number) goes out when it leaves the window, the others are folded. */
  let passes = [];
  let pending = null;

  return {
    /** The list the running held pass's records go to, or null (records go out). */
    current: null,
    /** Records go through `send` (something is held or pending). */
    busy: false,
    /** Step records held (not yet sent or folded). */
    heldSteps: 0,
    /**
     * A held pass starts (`kept`: a round number, sent whatever follows); returns the steps
     * folded away (the oldest pass, when more than `limit` are held).
     */
    newPass(kept) {
      this.current = [];
      passes.push({ kept, records: this.current });
      this.busy = true;
      let folded = 0;
      while (passes.length > limit) {
        const { kept: wasKept, records } = passes.shift();
        const steps = stepCount(records);
        if (wasKept) {
          for (const rec of records) this.out(rec);
        } else {
          if (pending === null) pending = createPending(maxFrames);
          for (const rec of records) pending.fold(rec);
          folded += steps;
        }
        this.heldSteps -= steps;
      }
      return folded;
    },
    /** The holding loop ended: its held passes (the last ones) go out. */
    flush() {
      this.current = null;
      const held = passes;
      passes = [];
      this.heldSteps = 0;
      for (const { records } of held) for (const rec of records) this.out(rec);
      this.busy = pending !== null;
    },
    /** The run ends: everything held or pending goes out (the last folded step on its own when no record followed it). */
    finish() {
      this.flush();
      if (pending !== null) {
        const p = pending;
        pending = null;
        this.busy = false;
        const [text, rec] = p.record();
        if (text !== null) emit({ out: text });
        if (p.steps > 0) emit(rec);
      }
    },
    /** Holds, merges or sends one record (a step or `{out: text}`). */
    send(rec) {
      if (this.current !== null) {
        this.current.push(rec);
        if (!('out' in rec)) this.heldSteps++;
      } else {
        this.out(rec);
      }
    },
    /** Sends `rec`, merged with the pending delta when there is one. */
    out(rec) {
      if (pending !== null) {
        pending.fold(rec);
        if ('out' in rec) return;
        const p = pending;
        pending = null;
        this.busy = this.current !== null;
        const [text, merged] = p.record();
        if (text !== null) emit({ out: text });
        emit(merged);
        return;
      }
      emit(rec);
    },
  };
}
