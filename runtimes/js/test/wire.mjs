// Test helper: rebuilds whole steps from the recorder's wire records (the same rules as
// crates/run/src/assemble.rs), so tests can look at complete frames and heaps.
export function decode(records) {
  const frames = new Map();
  let order = [];
  const live = new Set();
  let heap = new Map();
  let loops = [];
  let length = 0;
  const steps = [];
  let stdout = '';
  let end = null;
  for (const r of records) {
    if ('out' in r) {
      stdout += r.out;
      continue;
    }
    if ('end' in r) {
      end = r.end;
      continue;
    }
    if (r.fa) order = [...order.slice(0, r.fp), ...r.fa];
    for (const u of r.f || []) {
      const f = frames.get(u.i) || { id: u.i, func: u.fn, line: u.ln ?? 1, locals: [], state: 'active' };
      if (u.ln !== undefined) f.line = u.ln;
      if (u.lv) f.locals = u.lv;
      for (const [name, v] of u.ls || []) f.locals.find((l) => l[0] === name)[1] = v;
      if (u.st) f.state = u.st;
      frames.set(u.i, f);
    }
    for (const id of r.hr || []) live.delete(id);
    for (const id of r.ha || []) live.add(id);
    heap = new Map([...heap].filter(([id]) => live.has(id)));
    for (const [id, o] of Object.entries(r.h || {})) heap.set(id, o);
    if (r.lp) loops = r.lp;
    if (r.n !== undefined) length = r.n;
    steps.push({
      event: r.e || 'line',
      line: r.l,
      stack: order.map((id) => structuredClone(frames.get(id))),
      heap: Object.fromEntries(heap),
      changed: Object.keys(r.h || {}),
      stdoutLength: length,
      output: r.o,
      loops,
      returnValue: r.r,
      exception: r.x,
      skipped: r.sk,
    });
  }
  return { steps, stdout, end };
}
