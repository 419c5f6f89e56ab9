// A clock for the player's timing logic under test: timers, intervals and idle callbacks run
// only when the test moves time on (`advance`) or lets the page idle (`runIdle`).

export function fakeClock() {
  let time = 0;
  let nextId = 1;
  const timers = new Map(); // id → {at, f, every}
  const idles = new Map(); // id → f
  const clock = {
    now: () => time,
    setTimeout(f, ms = 0) {
      const id = nextId++;
      timers.set(id, { at: time + ms, f, every: null });
      return id;
    },
    clearTimeout: (id) => timers.delete(id),
    setInterval(f, ms) {
      const id = nextId++;
      timers.set(id, { at: time + ms, f, every: ms });
      return id;
    },
    clearInterval: (id) => timers.delete(id),
    idle(f) {
      const id = nextId++;
      idles.set(id, f);
      return id;
    },
    cancelIdle: (id) => idles.delete(id),
    /** Moves time on by `ms`, running each timer due on the way, in order (not those the
     * callbacks set for after `ms`, such as a timeout of 0 set after spending time). */
    advance(ms) {
      const end = time + ms;
      for (;;) {
        let due = null;
        for (const [id, t] of timers) if (t.at <= end && (due === null || t.at < due[1].at)) due = [id, t];
        if (due === null) break;
        const [id, t] = due;
        time = t.at;
        if (t.every === null) timers.delete(id);
        else t.at += t.every;
        t.f();
      }
      time = Math.max(time, end);
    },
    /** Spends `ms` without any timer running (work done inside a callback). */
    spend(ms) {
      time += ms;
    },
    /** Runs the idle callbacks requested so far (not those they request, nor those cancelled
     * meanwhile); returns how many ran. */
    runIdle() {
      let ran = 0;
      for (const id of [...idles.keys()]) {
        const f = idles.get(id);
        if (!f) continue;
        idles.delete(id);
        f();
        ran += 1;
      }
      return ran;
    },
    get pending() {
      return { timers: timers.size, idles: idles.size };
    },
    /** The interval (ms) of the only interval timer running, or null. */
    get interval() {
      const every = [...timers.values()].filter((t) => t.every !== null).map((t) => t.every);
      return every.length === 1 ? every[0] : every.length === 0 ? null : every;
    },
  };
  return clock;
}
